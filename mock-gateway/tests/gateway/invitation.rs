//! 邀请管理: invitations with inviter, invitee, code, state and reward, and the totals under the
//! same filters.

use serde_json::{Value, json};

use crate::common::*;
use crate::data::*;

const LIST: &str = "mtop.admin.invitation.list";

fn totals(gw: &Gw, wher: &str) -> Value {
    json!({
        "count": int(gw, &format!("SELECT count(*) FROM invitation WHERE {wher}")),
        "shopOpened": int(gw, &format!("SELECT count(*) FROM invitation WHERE {wher} AND state = 'shopOpened'")),
        "rewardFen": int(gw, &format!("SELECT coalesce(sum(reward_fen), 0) FROM invitation WHERE {wher}")),
    })
}

#[tokio::test]
async fn the_totals_follow_the_filters() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let inviter = int(
        &gw,
        "SELECT inviter_id FROM invitation GROUP BY inviter_id ORDER BY count(*) DESC LIMIT 1",
    );
    let code = text(
        &gw,
        &format!("SELECT invite_code FROM member WHERE id = {inviter}"),
    );
    let nick = text(
        &gw,
        &format!("SELECT nickname FROM member WHERE id = {inviter}"),
    );
    let from = int(
        &gw,
        "SELECT created_at FROM invitation ORDER BY created_at LIMIT 1 OFFSET 20",
    );
    let to = int(
        &gw,
        "SELECT created_at FROM invitation ORDER BY created_at LIMIT 1 OFFSET 60",
    );
    for (filter, wher) in [
        (json!({}), "1".to_owned()),
        (json!({"inviterId": inviter}), format!("inviter_id = {inviter}")),
        (json!({"code": code}), format!("code = '{code}'")),
        (json!({"state": "shopOpened"}), "state = 'shopOpened'".to_owned()),
        (json!({"from": from, "to": to}), format!("created_at BETWEEN {from} AND {to}")),
        (
            json!({"keyword": nick}),
            format!(
                "(SELECT nickname FROM member m WHERE m.id = invitation.inviter_id) LIKE '%{nick}%'
                 OR (SELECT nickname FROM member m WHERE m.id = invitation.invitee_id) LIKE '%{nick}%'"
            ),
        ),
    ] {
        let page = gw.get(LIST, &admin, filter.clone()).await.ok();
        let want = totals(&gw, &format!("({wher})"));
        assert_eq!(page["totals"], want, "{filter}");
        assert_eq!(page["total"], want["count"], "{filter}");
    }
    let page = gw
        .get(LIST, &admin, json!({"inviterId": inviter}))
        .await
        .ok();
    for r in list(&page) {
        assert_eq!(r["inviterId"], inviter);
        assert_eq!(r["code"], json!(code));
        assert!(r["inviteeNickname"] != "" && r["inviterNickname"] == json!(nick));
        let reward = if r["state"] == "shopOpened" {
            6_000
        } else {
            1_000
        };
        assert_eq!(r["rewardFen"], reward, "{r}");
    }
    let all = gw.get(LIST, &admin, json!({})).await.ok();
    assert!(all["totals"]["count"].as_i64() > Some(50));
    assert!(all["totals"]["shopOpened"].as_i64() > Some(0));
}

#[tokio::test]
async fn sorting_and_refusals() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let page = gw.get(LIST, &admin, json!({})).await.ok();
    let at: Vec<i64> = column(&page, "createdAt")
        .iter()
        .filter_map(Value::as_i64)
        .collect();
    assert!(at.windows(2).all(|w| w[0] >= w[1]), "newest first");
    let by_reward = gw
        .get(
            LIST,
            &admin,
            json!({"sortField": "rewardFen", "sortOrder": "descend"}),
        )
        .await
        .ok();
    assert_eq!(by_reward["list"][0]["rewardFen"], 6_000);
    for (bad, field) in [
        (json!({"state": "paid"}), "state"),
        (json!({"from": 10, "to": 5}), "from"),
        (json!({"inviterId": "x"}), "inviterId"),
        (json!({"sortField": "code"}), "sortField"),
    ] {
        let env = gw
            .get(LIST, &admin, bad.clone())
            .await
            .fails("param_invalid");
        assert_eq!(env.fields(), [field], "{bad}");
    }
    let operator = gw.operator().await;
    gw.get(LIST, &operator, json!({}))
        .await
        .fails("permission_denied");
}
