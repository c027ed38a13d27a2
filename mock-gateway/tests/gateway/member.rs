//! 用户管理: members by nickname, phone, type and status with masked phones; the detail's related
//! records; bans with reasons, their timeline, refusals and parallel writers.

use std::sync::Arc;

use serde_json::{Value, json};

use crate::common::*;
use crate::data::*;

const LIST: &str = "mtop.admin.member.list";
const DETAIL: &str = "mtop.admin.member.detail";
const STATUS: &str = "mtop.admin.member.setStatus";
const HISTORY: &str = "mtop.admin.history.list";

fn member_in(gw: &Gw, status: &str) -> (i64, i64) {
    let id = int(
        gw,
        &format!("SELECT id FROM member WHERE status = '{status}' ORDER BY id LIMIT 1"),
    );
    (
        id,
        int(gw, &format!("SELECT version FROM member WHERE id = {id}")),
    )
}

fn state(gw: &Gw, id: i64) -> String {
    text(
        gw,
        &format!(
            "SELECT status || '/' || version || '/' || (SELECT count(*) FROM state_history
                WHERE entity = 'member' AND record_id = {id}) || '/' ||
                (SELECT count(*) FROM audit_log) FROM member WHERE id = {id}"
        ),
    )
}

#[tokio::test]
async fn members_list_newest_first_with_masked_phones_and_filters() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let page = gw.get(LIST, &admin, json!({})).await.ok();
    assert_eq!(page["total"], int(&gw, "SELECT count(*) FROM member"));
    assert!(page["total"].as_i64() >= Some(300));
    for r in list(&page) {
        assert!(is_masked(r["phone"].as_str().unwrap_or("")), "{r}");
        assert!(r["type"] == "buyer" || r["type"] == "seller");
        assert_eq!(r["shopName"] == "", r["shopId"].is_null(), "{r}");
    }
    let created: Vec<i64> = column(&page, "createdAt")
        .iter()
        .filter_map(Value::as_i64)
        .collect();
    assert!(created.windows(2).all(|w| w[0] >= w[1]));

    // A phone is found by its whole number, or by the digits its mask shows; never by the hidden
    // middle, which a search extended one digit at a time would recover.
    let id = 42;
    let full = text(&gw, &format!("SELECT phone FROM member WHERE id = {id}"));
    let whole = gw
        .get(
            LIST,
            &admin,
            json!({"phone": format!("{}-{}-{}", &full[..3], &full[3..7], &full[7..])}),
        )
        .await
        .ok();
    assert_eq!(
        column(&whole, "id"),
        [json!(id)],
        "the whole number, as pasted"
    );
    let tail = &full[7..];
    let found = gw
        .get(LIST, &admin, json!({"phone": format!(" {tail} ")}))
        .await
        .ok();
    assert!(column(&found, "id").contains(&json!(id)), "{tail}");
    let shown = |digits: &str| {
        format!(
            "SELECT count(*) FROM member WHERE instr(substr(phone, 1, 3), '{digits}') > 0 \
             OR instr(substr(phone, -4), '{digits}') > 0"
        )
    };
    assert_eq!(found["total"], int(&gw, &shown(tail)));
    let middle = &full[3..7];
    let hidden = gw.get(LIST, &admin, json!({"phone": middle})).await.ok();
    assert_eq!(
        hidden["total"],
        int(&gw, &shown(middle)),
        "{middle} is searched among the shown digits only"
    );
    for masked in column(&hidden, "phone") {
        let masked = masked.as_str().unwrap_or("");
        let (head, tail) = masked.split_once("****").unwrap_or_default();
        assert!(head.contains(middle) || tail.contains(middle), "{masked}");
    }
    // Five to ten digits reach into the middle: refused, naming the field.
    let env = gw
        .get(LIST, &admin, json!({"phone": &full[..7]}))
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["phone"]);
    // A letter would match nothing: refused, naming the field, rather than dropped.
    let env = gw
        .get(LIST, &admin, json!({"phone": format!("{}a", &full[..3])}))
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["phone"]);
    assert_eq!(env.msg, "手机号只能输入数字");

    let nick = text(
        &gw,
        "SELECT substr(nickname, 1, 1) FROM member WHERE id = 5",
    );
    for (filter, wher) in [
        (
            json!({"nickname": nick}),
            format!("nickname LIKE '%{nick}%'"),
        ),
        (json!({"type": "buyer"}), "member_type = 'buyer'".to_owned()),
        (json!({"status": "banned"}), "status = 'banned'".to_owned()),
        (
            json!({"type": "seller", "status": "normal"}),
            "member_type = 'seller' AND status = 'normal'".to_owned(),
        ),
    ] {
        let page = gw.get(LIST, &admin, filter.clone()).await.ok();
        assert_eq!(
            page["total"],
            int(&gw, &format!("SELECT count(*) FROM member WHERE {wher}")),
            "{filter}"
        );
    }
    let by_login = gw
        .get(
            LIST,
            &admin,
            json!({"sortField": "lastLoginAt", "sortOrder": "desc"}),
        )
        .await
        .ok();
    let logins: Vec<i64> = column(&by_login, "lastLoginAt")
        .iter()
        .filter_map(Value::as_i64)
        .collect();
    assert!(logins.windows(2).all(|w| w[0] >= w[1]));
    for (bad, field) in [
        (json!({"type": "vip"}), "type"),
        (json!({"status": "enabled"}), "status"),
        (json!({"phone": "abc"}), "phone"),
        (json!({"sortField": "phone"}), "sortField"),
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

/// Every id of a member's related records, read a page at a time through the detail.
async fn paged_ids(
    gw: &Gw,
    admin: &str,
    member: i64,
    (key, page_param): (&str, &str),
    page_size: i64,
) -> (Vec<i64>, i64) {
    let mut ids = Vec::new();
    let mut total = 0;
    for page in 1.. {
        let d = gw
            .get(
                DETAIL,
                admin,
                json!({"id": member, page_param: page, "pageSize": page_size}),
            )
            .await
            .ok();
        let part = &d[key];
        assert_eq!(part["page"], page);
        assert_eq!(part["pageSize"], page_size);
        total = part["total"].as_i64().unwrap_or(-1);
        let rows = list(part);
        assert!(rows.len() as i64 <= page_size);
        ids.extend(rows.iter().filter_map(|r| r["id"].as_i64()));
        if rows.is_empty() || ids.len() as i64 >= total {
            break;
        }
    }
    (ids, total)
}

#[tokio::test]
async fn the_detail_pages_through_all_their_inquiries_opportunities_and_invitations() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    // The seed's regular buyer: more inquiries than the 50 the detail once stopped at.
    let buyer = int(
        &gw,
        "SELECT buyer_member_id FROM inquiry GROUP BY buyer_member_id ORDER BY count(*) DESC LIMIT 1",
    );
    let want = ints(
        &gw,
        &format!(
            "SELECT id FROM inquiry WHERE buyer_member_id = {buyer}
             ORDER BY created_at DESC, id DESC"
        ),
    );
    assert!(want.len() > 50, "the regular buyer sent {}", want.len());
    let d = gw.get(DETAIL, &admin, json!({"id": buyer})).await.ok();
    assert_eq!(d["member"]["id"], buyer);
    assert!(is_masked(d["member"]["phone"].as_str().unwrap_or("")));
    // The first page by default, ten rows, with the total.
    assert_eq!(d["inquiries"]["total"], want.len());
    assert_eq!(d["inquiries"]["page"], 1);
    assert_eq!(d["inquiries"]["pageSize"], 10);
    assert_eq!(list(&d["inquiries"]).len(), 10);
    assert!(
        list(&d["inquiries"])
            .iter()
            .all(|q| q["buyerMemberId"] == buyer && q["shopName"] != "")
    );
    // Every one of them, newest first, at ten and at fifty a page.
    for size in [10, 50] {
        let (ids, total) = paged_ids(&gw, &admin, buyer, ("inquiries", "inquiryPage"), size).await;
        assert_eq!(ids, want, "pageSize {size}");
        assert_eq!(total, want.len() as i64);
    }
    // The page past the 50th row holds the rest.
    let d = gw
        .get(
            DETAIL,
            &admin,
            json!({"id": buyer, "inquiryPage": 2, "pageSize": 50}),
        )
        .await
        .ok();
    assert_eq!(
        column(&d["inquiries"], "id"),
        want[50..].iter().map(|&i| json!(i)).collect::<Vec<_>>()
    );
    // One tab's page leaves the others' at their first.
    assert_eq!(d["opportunities"]["page"], 1);
    assert_eq!(d["invitations"]["page"], 1);

    let buyer = int(
        &gw,
        "SELECT buyer_member_id FROM opportunity GROUP BY buyer_member_id ORDER BY count(*) DESC LIMIT 1",
    );
    let want = ints(
        &gw,
        &format!(
            "SELECT id FROM opportunity WHERE buyer_member_id = {buyer}
             ORDER BY created_at DESC, id DESC"
        ),
    );
    let (ids, _) = paged_ids(&gw, &admin, buyer, ("opportunities", "opportunityPage"), 10).await;
    assert_eq!(ids, want);

    let inviter = int(
        &gw,
        "SELECT inviter_id FROM invitation GROUP BY inviter_id ORDER BY count(*) DESC LIMIT 1",
    );
    let want = ints(
        &gw,
        &format!(
            "SELECT id FROM invitation WHERE inviter_id = {inviter}
             ORDER BY created_at DESC, id DESC"
        ),
    );
    assert!(want.len() > 10, "a keen inviter fills more than a page");
    let (ids, total) = paged_ids(&gw, &admin, inviter, ("invitations", "invitationPage"), 10).await;
    assert_eq!(ids, want);
    assert_eq!(total, want.len() as i64);
    let d = gw.get(DETAIL, &admin, json!({"id": inviter})).await.ok();
    assert!(
        list(&d["invitations"])
            .iter()
            .all(|i| i["inviterId"] == inviter)
    );

    // A page past the end is empty, with the total.
    let d = gw
        .get(DETAIL, &admin, json!({"id": inviter, "invitationPage": 99}))
        .await
        .ok();
    assert_eq!(list(&d["invitations"]).len(), 0);
    assert_eq!(d["invitations"]["total"], want.len());

    // Each page names its own field when wrong; the size once.
    let bad = gw
        .get(
            DETAIL,
            &admin,
            json!({"id": inviter, "inquiryPage": 0, "invitationPage": -1, "pageSize": 5}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(bad.fields(), ["inquiryPage", "pageSize", "invitationPage"]);
    gw.get(DETAIL, &admin, json!({"id": 9_999_999}))
        .await
        .fails("data_not_found");
}

#[tokio::test]
async fn a_ban_needs_a_reason_shows_on_the_timeline_and_unbanning_reverses_it() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let (id, v) = member_in(&gw, "normal");
    let untouched = state(&gw, id);
    for (extra, field) in [
        (json!({}), "reasonCode"),
        (json!({"reasonCode": "other"}), "reason"),
        (json!({"reasonCode": "counterfeit"}), "reasonCode"),
    ] {
        let mut data = json!({"id": id, "version": v, "status": "banned"});
        if let (Some(d), Some(e)) = (data.as_object_mut(), extra.as_object()) {
            d.extend(e.clone());
        }
        let env = gw.post(STATUS, &admin, data).await.fails("param_invalid");
        assert_eq!(env.fields(), [field], "{extra}");
        assert_eq!(state(&gw, id), untouched);
    }
    let banned = gw
        .post(
            STATUS,
            &admin,
            json!({"id": id, "version": v, "status": "banned",
                                     "reasonCode": "fraud", "reason": "骗取定金"}),
        )
        .await
        .ok();
    assert_eq!(
        (&banned["status"], &banned["version"]),
        (&json!("banned"), &json!(v + 1))
    );
    assert!(is_masked(banned["phone"].as_str().unwrap_or("")));
    let timeline = gw
        .get(HISTORY, &admin, json!({"entity": "member", "id": id}))
        .await
        .ok();
    assert_eq!(timeline[0]["action"], "封禁");
    assert_eq!(timeline[0]["reasonLabel"], "欺诈行为");
    assert_eq!(timeline[0]["reason"], "骗取定金");
    assert_eq!(timeline[0]["operator"], "系统管理员");
    let banned_now = gw.get(LIST, &admin, json!({"status": "banned"})).await.ok();
    assert!(column(&banned_now, "id").contains(&json!(id)));
    // Banning twice is no move; a stale version conflicts; unknown ids are not found.
    let again = gw
        .post(
            STATUS,
            &admin,
            json!({"id": id, "version": v + 1, "status": "banned", "reasonCode": "spam"}),
        )
        .await
        .fails("state_invalid");
    assert!(again.msg.contains("已封禁"), "{}", again.msg);
    gw.post(
        STATUS,
        &admin,
        json!({"id": id, "version": v, "status": "normal"}),
    )
    .await
    .fails("data_conflict");
    gw.post(
        STATUS,
        &admin,
        json!({"id": 9_999_999, "version": 1, "status": "normal"}),
    )
    .await
    .fails("data_not_found");
    let env = gw
        .post(
            STATUS,
            &admin,
            json!({"id": id, "version": v + 1, "status": "deleted"}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["status"]);
    let normal = gw
        .post(
            STATUS,
            &admin,
            json!({"id": id, "version": v + 1, "status": "normal"}),
        )
        .await
        .ok();
    assert_eq!(normal["status"], "normal");
    let timeline = gw
        .get(HISTORY, &admin, json!({"entity": "member", "id": id}))
        .await
        .ok();
    assert_eq!(timeline[0]["action"], "解封");
    assert_eq!(timeline.as_array().map(Vec::len), Some(2));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn parallel_bans_and_unbans_of_one_version_give_one_success_each_round() {
    let gw = Arc::new(Gw::new());
    let admin = gw.admin().await;
    let (id, v) = member_in(&gw, "normal");
    let round = |version: i64, datas: Vec<Value>| {
        let gw = Arc::clone(&gw);
        let admin = admin.clone();
        async move {
            let tasks: Vec<_> = datas
                .into_iter()
                .map(|mut data| {
                    data["id"] = json!(id);
                    data["version"] = json!(version);
                    let gw = Arc::clone(&gw);
                    let admin = admin.clone();
                    tokio::spawn(async move { gw.post(STATUS, &admin, data).await.code })
                })
                .collect();
            let mut codes = Vec::new();
            for t in tasks {
                codes.push(t.await.expect("join"));
            }
            codes.sort();
            codes
        }
    };
    let ban = json!({"status": "banned", "reasonCode": "spam"});
    let codes = round(v, vec![ban.clone(); 6]).await;
    assert_eq!(
        codes.iter().filter(|c| *c == "SUCCESS").count(),
        1,
        "{codes:?}"
    );
    assert_eq!(
        codes.iter().filter(|c| *c == "data_conflict").count(),
        5,
        "{codes:?}"
    );
    // Unbans and bans racing at the new version: one of them wins, whichever it is.
    let mixed = vec![
        json!({"status": "normal"}),
        ban.clone(),
        json!({"status": "normal"}),
        ban,
    ];
    let codes = round(v + 1, mixed).await;
    assert_eq!(
        codes.iter().filter(|c| *c == "SUCCESS").count(),
        1,
        "{codes:?}"
    );
    assert!(
        codes
            .iter()
            .all(|c| c == "SUCCESS" || c == "data_conflict" || c == "state_invalid")
    );
    assert_eq!(
        int(&gw, &format!("SELECT version FROM member WHERE id = {id}")),
        v + 2
    );
    let moves = int(
        &gw,
        &format!("SELECT count(*) FROM state_history WHERE entity = 'member' AND record_id = {id}"),
    );
    assert_eq!(moves, 2, "one row per move that happened");
}
