//! Answers kept for repeated reads (`mock_gateway::answers`): a read asked again after a write sees
//! the write, the session and permission checks still decide every call, and a gateway keeping
//! answers answers exactly what one without them does.

use mock_gateway::Config;
use serde_json::{Value, json};

use crate::common::*;

const DICT_LIST: &str = "mtop.admin.dict.list";
const DICT_SAVE: &str = "mtop.admin.dict.save";
const OPPORTUNITIES: &str = "mtop.admin.opportunity.list";
const MENU_ROLE: &str = "mtop.admin.user.updateMenuRole";

fn entry(key: &str) -> Value {
    json!({"type": "shop_level", "key": key, "label": format!("等级{key}"), "value": "9",
           "sort": 90, "remark": ""})
}

#[tokio::test]
async fn a_read_asked_again_sees_a_write_made_in_the_same_second() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let ask = json!({"type": "shop_level", "pageSize": 100});
    let before = gw.get(DICT_LIST, &admin, ask.clone()).await.ok();
    assert_eq!(gw.get(DICT_LIST, &admin, ask.clone()).await.ok(), before);
    // The clock does not move: only the write can tell the two answers apart.
    gw.post(DICT_SAVE, &admin, entry("level_9")).await.ok();
    let after = gw.get(DICT_LIST, &admin, ask.clone()).await.ok();
    assert_eq!(after["total"], before["total"].as_i64().unwrap() + 1);
    // A write that fails changes nothing, and the answer stays what it was.
    gw.post(DICT_SAVE, &admin, entry("level_9"))
        .await
        .fails("data_duplicate");
    assert_eq!(gw.get(DICT_LIST, &admin, ask).await.ok(), after);
}

#[tokio::test]
async fn a_kept_answer_is_never_served_past_the_session_and_permission_checks() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let id_of = menu_ids(&gw, &admin).await;
    // A user of the 访客 role who passes the access flag (dontHaveAccess does not).
    let guest_role = role_id(&gw, &admin, "访客").await;
    gw.post(
        "mtop.admin.user.create",
        &admin,
        json!({"username": "visitor", "nickname": "来访者", "password": "Visit@2026",
               "roleIds": [guest_role]}),
    )
    .await
    .ok();
    let guest = gw.login("visitor", "Visit@2026").await;
    let ask = json!({"state": "approved"});
    gw.get(OPPORTUNITIES, &guest, ask.clone())
        .await
        .fails("permission_denied");

    let grant = [id_of("home"), id_of("operate/business/reply")];
    let granted = json!({"roleId": guest_role, "menuIds": grant});
    gw.post(MENU_ROLE, &admin, granted).await.ok();
    let page = gw.get(OPPORTUNITIES, &guest, ask.clone()).await.ok();
    assert!(page["total"].as_i64().unwrap() > 0);
    assert_eq!(gw.get(OPPORTUNITIES, &guest, ask.clone()).await.ok(), page);

    // Revoked in the same second as the answer was kept: refused all the same.
    let revoked = json!({"roleId": guest_role, "menuIds": [id_of("home")]});
    gw.post(MENU_ROLE, &admin, revoked).await.ok();
    gw.get(OPPORTUNITIES, &guest, ask.clone())
        .await
        .fails("permission_denied");

    // The administrator's own answer is theirs; signed out, it is not served either.
    let mine = gw.get(OPPORTUNITIES, &admin, ask.clone()).await.ok();
    assert_eq!(mine["total"], page["total"]);
    gw.post("mtop.admin.user.logout", &admin, json!({}))
        .await
        .ok();
    gw.get(OPPORTUNITIES, &admin, ask)
        .await
        .fails("user_need_login_token_invalid");
}

/// `value` without the signatures of its file URLs (each gateway signs with a key of its own).
fn unsigned(value: Value) -> Value {
    match value {
        Value::String(s) => Value::String(match s.find("&sig=") {
            Some(at) => s[..at].to_owned(),
            None => s,
        }),
        Value::Array(items) => Value::Array(items.into_iter().map(unsigned).collect()),
        Value::Object(map) => {
            Value::Object(map.into_iter().map(|(k, v)| (k, unsigned(v))).collect())
        }
        other => other,
    }
}

/// Reads across domains, interleaved with writes, on a gateway keeping answers and on one running
/// every read: the same answers, call for call.
#[tokio::test]
async fn keeping_answers_changes_no_answer() {
    let kept = Gw::new();
    let plain = Gw::with(
        Config {
            answer_cache: false,
            ..Config::for_tests()
        },
        Vec::new(),
    );
    let (a, b) = (kept.admin().await, plain.admin().await);
    let reads = [
        (DICT_LIST, json!({"type": "shop_level"})),
        ("mtop.admin.shop.list", json!({"pageSize": 20})),
        ("mtop.admin.product.list", json!({"sortField": "priceMin"})),
        ("mtop.admin.ad.list", json!({"state": "active"})),
        (OPPORTUNITIES, json!({})),
        ("mtop.admin.user.list", json!({})),
        ("mtop.admin.dashboard.stats", json!({})),
    ];
    let compare = |round: &'static str| {
        let reads = reads.clone();
        let (kept, plain, a, b) = (&kept, &plain, &a, &b);
        async move {
            for (api, data) in reads {
                for _ in 0..2 {
                    let x = unsigned(kept.get(api, a, data.clone()).await.ok());
                    let y = unsigned(plain.get(api, b, data.clone()).await.ok());
                    assert_eq!(x, y, "{round}: {api} {data}");
                }
            }
        }
    };
    compare("as seeded").await;
    for (gw, mat) in [(&kept, &a), (&plain, &b)] {
        gw.post(DICT_SAVE, mat, entry("level_8")).await.ok();
    }
    compare("after a new dictionary entry").await;
    for (gw, mat) in [(&kept, &a), (&plain, &b)] {
        let active = gw
            .get("mtop.admin.shop.list", mat, json!({"status": "active"}))
            .await
            .ok();
        let shop = &active["list"][0];
        let freeze = json!({"id": shop["id"], "version": shop["version"], "status": "frozen",
                            "reasonCode": "complaints"});
        gw.post("mtop.admin.shop.setStatus", mat, freeze).await.ok();
    }
    compare("after a shop's freeze").await;
    // A fortnight on (signed in again: the sessions have expired), time-derived states have moved.
    for gw in [&kept, &plain] {
        gw.clock.advance(14 * 24 * 3_600_000);
    }
    let (a, b) = (kept.admin().await, plain.admin().await);
    for (api, data) in reads {
        let x = unsigned(kept.get(api, &a, data.clone()).await.ok());
        let y = unsigned(plain.get(api, &b, data.clone()).await.ok());
        assert_eq!(x, y, "a fortnight on: {api} {data}");
    }
}
