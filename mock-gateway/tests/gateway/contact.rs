//! 查看完整号码 (`contact.reveal`): the full number of a shop or a member, only for the screen of
//! that kind of record, each reveal written to 操作日志; everything else stays masked.

use std::sync::Arc;

use serde_json::{Value, json};

use crate::common::*;
use crate::data::*;

const REVEAL: &str = "mtop.admin.contact.reveal";
const SHOP_MENU: &str = core_wasm::ops::shop::MENU;
const MEMBER_MENU: &str = core_wasm::ops::member::MENU;

/// The audit rows of reveals of the `entity` record `id`: (username, summary), oldest first.
fn reveals_of(gw: &Gw, entity: &str, id: i64) -> Vec<(String, String)> {
    // A shop and a member may share an id: the summary names which.
    let noun = match entity {
        "shop" => "查看店铺「",
        _ => "查看用户「",
    };
    gw.state
        .store
        .read(|c| {
            Ok(c.prepare(
                "SELECT username, summary FROM audit_log WHERE api = ?1 AND target_id = ?2
                    AND summary LIKE ?3 || '%' ORDER BY id",
            )?
            .query_map(rusqlite::params![REVEAL, id, noun], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })?
            .collect::<Result<Vec<_>, _>>()?)
        })
        .expect("audit rows")
}

#[tokio::test]
async fn the_full_number_is_answered_and_who_saw_it_is_logged() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let shop = int(&gw, "SELECT min(id) FROM shop");
    let (name, phone) = (
        text(&gw, &format!("SELECT name FROM shop WHERE id = {shop}")),
        text(
            &gw,
            &format!("SELECT contact_phone FROM shop WHERE id = {shop}"),
        ),
    );
    // The detail and the list answer it masked.
    let detail = gw
        .get("mtop.admin.shop.detail", &admin, json!({"id": shop}))
        .await
        .ok();
    assert!(is_masked(
        detail["shop"]["contactPhone"].as_str().unwrap_or("")
    ));
    let list = gw
        .get("mtop.admin.shop.list", &admin, json!({"name": name}))
        .await
        .ok();
    assert!(
        column(&list, "contactPhone")
            .iter()
            .all(|p| is_masked(p.as_str().unwrap_or("")))
    );

    let answer = gw
        .post(REVEAL, &admin, json!({"entity": "shop", "id": shop}))
        .await
        .ok();
    assert_eq!(answer, json!({"phone": phone}));
    assert_eq!(
        reveals_of(&gw, "shop", shop),
        [("admin".to_owned(), format!("查看店铺「{name}」联系电话"))]
    );

    let member = int(&gw, "SELECT min(id) FROM member");
    let nickname = text(
        &gw,
        &format!("SELECT nickname FROM member WHERE id = {member}"),
    );
    let answer = gw
        .post(REVEAL, &admin, json!({"entity": "member", "id": member}))
        .await
        .ok();
    assert_eq!(
        answer["phone"],
        text(
            &gw,
            &format!("SELECT phone FROM member WHERE id = {member}")
        )
    );
    assert_eq!(
        reveals_of(&gw, "member", member)
            .last()
            .map(|r| r.1.clone()),
        Some(format!("查看用户「{nickname}」手机号"))
    );
    // Ids as numeric strings, like every id.
    gw.post(
        REVEAL,
        &admin,
        json!({"entity": "shop", "id": shop.to_string()}),
    )
    .await
    .ok();
    assert_eq!(reveals_of(&gw, "shop", shop).len(), 2);
    // Still masked everywhere else.
    let detail = gw
        .get("mtop.admin.member.detail", &admin, json!({"id": member}))
        .await
        .ok();
    assert!(is_masked(detail["member"]["phone"].as_str().unwrap_or("")));
}

/// 操作日志 reads a reveal as 查看完整号码 of the shop or the member whose number it was (the
/// handler names the kind: the operation's own domain has none), and changes nothing of it.
#[tokio::test]
async fn the_log_names_whose_number_was_seen() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let shop = int(&gw, "SELECT min(id) FROM shop");
    let member = int(&gw, "SELECT max(id) FROM member");
    gw.post(REVEAL, &admin, json!({"entity": "shop", "id": shop}))
        .await
        .ok();
    gw.post(REVEAL, &admin, json!({"entity": "member", "id": member}))
        .await
        .ok();
    let log = gw
        .get(
            "mtop.admin.audit.list",
            &admin,
            json!({"api": "contact.reveal"}),
        )
        .await
        .ok();
    let rows = list(&log);
    assert_eq!(rows.len(), 2, "{log}");
    // Newest first: the member's, then the shop's.
    for (row, (kind, id, name)) in rows.iter().zip([
        (
            "member",
            member,
            text(
                &gw,
                &format!("SELECT nickname FROM member WHERE id = {member}"),
            ),
        ),
        (
            "shop",
            shop,
            text(&gw, &format!("SELECT name FROM shop WHERE id = {shop}")),
        ),
    ]) {
        assert_eq!(row["label"], "查看完整号码", "{row}");
        assert_eq!(row["targetType"], kind, "{row}");
        assert_eq!(row["targetId"], id, "{row}");
        assert_eq!(row["targetName"], name, "{row}");
        assert_eq!(row["changes"], json!([]), "a look changes nothing: {row}");
        assert_eq!(row["username"], "admin");
    }
}

#[tokio::test]
async fn each_kind_of_number_needs_its_own_screen() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let shop = int(&gw, "SELECT min(id) FROM shop");
    let member = int(&gw, "SELECT min(id) FROM member");
    let members_only = user_owning(&gw, &admin, "memberclerk", &[MEMBER_MENU]).await;
    let shops_only = user_owning(&gw, &admin, "shopclerk", &[SHOP_MENU]).await;
    let before = int(&gw, "SELECT count(*) FROM audit_log");

    // A member screen's user never sees a shop's phone, and the other way round.
    gw.post(REVEAL, &members_only, json!({"entity": "shop", "id": shop}))
        .await
        .fails("permission_denied");
    gw.post(
        REVEAL,
        &shops_only,
        json!({"entity": "member", "id": member}),
    )
    .await
    .fails("permission_denied");
    // Refused before the record is looked up: a missing one is refused alike.
    gw.post(
        REVEAL,
        &members_only,
        json!({"entity": "shop", "id": 9_999_999}),
    )
    .await
    .fails("permission_denied");
    assert_eq!(
        int(&gw, "SELECT count(*) FROM audit_log"),
        before,
        "a refusal is not a reveal"
    );
    gw.post(
        REVEAL,
        &members_only,
        json!({"entity": "member", "id": member}),
    )
    .await
    .ok();
    gw.post(REVEAL, &shops_only, json!({"entity": "shop", "id": shop}))
        .await
        .ok();
    assert_eq!(reveals_of(&gw, "member", member)[0].0, "memberclerk");
    assert_eq!(reveals_of(&gw, "shop", shop)[0].0, "shopclerk");

    // Neither menu: refused by the catalogue's guard (运营 and the 访客).
    for token in [gw.operator().await, gw.guest().await] {
        for entity in ["shop", "member"] {
            gw.post(REVEAL, &token, json!({"entity": entity, "id": 1}))
                .await
                .fails("permission_denied");
        }
    }
    // A read's method is refused: the reveal is a write.
    gw.get(REVEAL, &admin, json!({"entity": "shop", "id": shop}))
        .await
        .fails("param_invalid");
}

#[tokio::test]
async fn a_bad_entity_or_id_is_named_and_nothing_is_logged() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let before = int(&gw, "SELECT count(*) FROM audit_log");
    for (data, field) in [
        (json!({"id": 1}), "entity"),
        (json!({"entity": "", "id": 1}), "entity"),
        (json!({"entity": "product", "id": 1}), "entity"),
        (json!({"entity": "Shop", "id": 1}), "entity"),
        (json!({"entity": ["shop"], "id": 1}), "entity"),
        (json!({"entity": "shop"}), "id"),
        (json!({"entity": "member", "id": "abc"}), "id"),
        (json!({"entity": "member", "id": 1.5}), "id"),
    ] {
        let env = gw
            .post(REVEAL, &admin, data.clone())
            .await
            .fails("param_invalid");
        assert_eq!(env.fields(), [field], "{data}");
        assert!(
            env.data["fields"][0]["message"]
                .as_str()
                .is_some_and(|m| m.contains(field) && !m.is_ascii()),
            "a Chinese message naming {field}: {}",
            env.data
        );
    }
    for entity in ["shop", "member"] {
        for id in [0, -1, 9_999_999] {
            gw.post(REVEAL, &admin, json!({"entity": entity, "id": id}))
                .await
                .fails("data_not_found");
        }
    }
    assert_eq!(int(&gw, "SELECT count(*) FROM audit_log"), before);
}

/// Two operators looking at one number at once both see it, and both are logged: a reveal
/// changes no record, so there is no version to race on.
#[tokio::test]
async fn parallel_reveals_each_see_the_number_and_each_is_logged() {
    let gw = Arc::new(Gw::new());
    let admin = gw.admin().await;
    let other = gw.admin().await;
    let shop = int(&gw, "SELECT max(id) FROM shop");
    let phone = text(
        &gw,
        &format!("SELECT contact_phone FROM shop WHERE id = {shop}"),
    );
    let calls = [admin, other].map(|token| {
        let gw = Arc::clone(&gw);
        tokio::spawn(async move {
            gw.post(REVEAL, &token, json!({"entity": "shop", "id": shop}))
                .await
                .ok()
        })
    });
    let mut answers: Vec<Value> = Vec::new();
    for call in calls {
        answers.push(call.await.expect("a reveal"));
    }
    assert!(answers.iter().all(|a| a["phone"] == phone));
    assert_eq!(reveals_of(&gw, "shop", shop).len(), 2);
}
