//! 询价单 and 商机: filters, details, closing and reviewing with reasons checked against the
//! dictionary, timelines, replies only to approved opportunities, the review queue's order, racing
//! reviewers.

use std::sync::Arc;

use serde_json::{Value, json};

use crate::common::*;
use crate::operate::*;

const INQUIRIES: &str = "mtop.admin.inquiry.list";
const INQUIRY: &str = "mtop.admin.inquiry.detail";
const CLOSE_INQUIRY: &str = "mtop.admin.inquiry.close";
const OPPORTUNITIES: &str = "mtop.admin.opportunity.list";
const OPPORTUNITY: &str = "mtop.admin.opportunity.detail";
const AUDIT: &str = "mtop.admin.opportunity.audit";
const REPLY: &str = "mtop.admin.opportunity.reply";
const CLOSE: &str = "mtop.admin.opportunity.close";

fn rows(page: &Value) -> &Vec<Value> {
    page["list"].as_array().expect("list")
}

fn first_in(gw: &Gw, table: &str, state: &str) -> (i64, i64) {
    let id = number(
        gw,
        &format!("SELECT id FROM {table} WHERE state = '{state}' ORDER BY id LIMIT 1"),
    );
    let version = number(gw, &format!("SELECT version FROM {table} WHERE id = {id}"));
    (id, version)
}

fn timeline(gw: &Gw, entity: &str, id: i64) -> String {
    gw.state
        .store
        .read(|c| {
            Ok(c.query_row(
                "SELECT coalesce(group_concat(from_state || '>' || to_state || ':' || reason_code
                    || ':' || reason || ':' || operator_name, '|'), '')
                 FROM (SELECT * FROM state_history WHERE entity = ?1 AND record_id = ?2 ORDER BY id)",
                rusqlite::params![entity, id],
                |r| r.get(0),
            )?)
        })
        .expect("timeline")
}

#[tokio::test]
async fn inquiries_are_filtered_and_closed_with_a_reason() {
    let gw = Gw::new();
    let op = gw.operator().await;
    let all = gw.get(INQUIRIES, &op, json!({})).await.ok();
    assert_eq!(all["total"], number(&gw, "SELECT count(*) FROM inquiry"));
    let times: Vec<i64> = rows(&all)
        .iter()
        .map(|r| r["createdAt"].as_i64().unwrap())
        .collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]), "newest first");
    // By part of the buyer's nickname, shop, state and time.
    let nickname = all["list"][0]["buyerNickname"].as_str().unwrap().to_owned();
    let part: String = nickname.chars().take(2).collect();
    let by_buyer = gw
        .get(INQUIRIES, &op, json!({"buyer": part, "pageSize": 100}))
        .await
        .ok();
    assert!(!rows(&by_buyer).is_empty());
    assert!(
        rows(&by_buyer)
            .iter()
            .all(|r| r["buyerNickname"].as_str().unwrap().contains(&part))
    );
    let shop = all["list"][0]["shopId"].clone();
    let by_shop = gw
        .get(INQUIRIES, &op, json!({"shopId": shop, "state": "pending"}))
        .await
        .ok();
    assert!(
        rows(&by_shop)
            .iter()
            .all(|r| r["shopId"] == shop && r["state"] == "pending")
    );
    let today = gw
        .get(INQUIRIES, &op, json!({"from": TODAY, "to": START_MS}))
        .await
        .ok();
    assert_eq!(
        today["total"],
        number(
            &gw,
            &format!("SELECT count(*) FROM inquiry WHERE created_at >= {TODAY}")
        )
    );
    let env = gw
        .get(INQUIRIES, &op, json!({"state": "open"}))
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["state"]);

    let (id, version) = first_in(&gw, "inquiry", "pending");
    let detail = gw.get(INQUIRY, &op, json!({"id": id})).await.ok();
    assert!(detail["buyer"]["phone"].as_str().unwrap().contains("****"));
    assert_eq!(detail["inquiry"]["id"], id);
    gw.get(INQUIRY, &op, json!({"id": 999_999}))
        .await
        .fails("data_not_found");

    // A reason is required, from the dictionary; 其他 needs words.
    let close = |extra: Value| {
        let mut data = json!({"id": id, "version": version, "status": "closed"});
        for (k, v) in extra.as_object().unwrap() {
            data[k] = v.clone();
        }
        data
    };
    for (extra, field) in [
        (json!({}), "reasonCode"),
        (json!({"reasonCode": "counterfeit"}), "reasonCode"),
        (json!({"reasonCode": "other"}), "reason"),
        (
            json!({"reasonCode": "no_quote", "status": "quoted"}),
            "status",
        ),
    ] {
        let env = gw
            .post(CLOSE_INQUIRY, &op, close(extra.clone()))
            .await
            .fails("param_invalid");
        assert_eq!(env.fields(), [field], "{extra}");
    }
    gw.post(
        CLOSE_INQUIRY,
        &op,
        close(json!({"reasonCode": "no_quote", "version": version + 1})),
    )
    .await
    .fails("data_conflict");
    assert_eq!(timeline(&gw, "inquiry", id), "");
    let closed = gw
        .post(CLOSE_INQUIRY, &op, close(json!({"reasonCode": "no_quote"})))
        .await
        .ok();
    assert_eq!(
        (&closed["state"], &closed["version"]),
        (&json!("closed"), &json!(version + 1))
    );
    assert_eq!(
        timeline(&gw, "inquiry", id),
        "pending>closed:no_quote::运营小王"
    );
    // The timeline reads back through history.list for whoever handles inquiries.
    let entries = gw
        .get(
            "mtop.admin.history.list",
            &op,
            json!({"entity": "inquiry", "id": id}),
        )
        .await
        .ok();
    assert_eq!(
        (
            &entries[0]["toState"],
            &entries[0]["reasonLabel"],
            &entries[0]["operator"]
        ),
        (&json!("closed"), &json!("超时未报价"), &json!("运营小王"))
    );
    let guest = gw.guest().await;
    gw.get(
        "mtop.admin.history.list",
        &guest,
        json!({"entity": "inquiry", "id": id}),
    )
    .await
    .fails("permission_denied");
    gw.post(
        CLOSE_INQUIRY,
        &op,
        close(json!({"reasonCode": "no_quote", "version": version + 1})),
    )
    .await
    .fails("state_invalid");
}

#[tokio::test]
async fn the_review_queue_oldest_first_approve_reject_reply_close() {
    let gw = Gw::new();
    let op = gw.operator().await;
    let queue = gw
        .get(
            OPPORTUNITIES,
            &op,
            json!({"state": "pending", "pageSize": 100}),
        )
        .await
        .ok();
    let times: Vec<i64> = rows(&queue)
        .iter()
        .map(|r| r["createdAt"].as_i64().unwrap())
        .collect();
    assert!(
        times.len() > 2 && times.windows(2).all(|w| w[0] <= w[1]),
        "oldest first"
    );
    let all = gw
        .get(OPPORTUNITIES, &op, json!({"pageSize": 100}))
        .await
        .ok();
    let times: Vec<i64> = rows(&all)
        .iter()
        .map(|r| r["createdAt"].as_i64().unwrap())
        .collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]), "newest first");
    let by_budget = gw
        .get(
            OPPORTUNITIES,
            &op,
            json!({"state": "pending", "sortField": "budget", "sortOrder": "desc"}),
        )
        .await
        .ok();
    let budgets: Vec<i64> = rows(&by_budget)
        .iter()
        .map(|r| r["budget"].as_i64().unwrap())
        .collect();
    assert!(budgets.windows(2).all(|w| w[0] >= w[1]));
    // A top category includes everything under it.
    let top = number(
        &gw,
        "SELECT c3.parent_id FROM opportunity o JOIN category c ON c.id = o.category_id
         JOIN category c3 ON c3.id = c.parent_id ORDER BY o.id LIMIT 1",
    );
    let under = gw
        .get(
            OPPORTUNITIES,
            &op,
            json!({"categoryId": top, "pageSize": 100}),
        )
        .await
        .ok();
    let want = number(
        &gw,
        &format!(
            "SELECT count(*) FROM opportunity o JOIN category c ON c.id = o.category_id
             LEFT JOIN category p ON p.id = c.parent_id
             WHERE o.category_id = {top} OR c.parent_id = {top} OR p.parent_id = {top}"
        ),
    );
    assert!(want > 0);
    assert_eq!(under["total"], want);
    gw.get(OPPORTUNITIES, &op, json!({"state": "done"}))
        .await
        .fails("param_invalid");

    let (pending, version) = first_in(&gw, "opportunity", "pending");
    // Replying needs an approved opportunity.
    gw.post(REPLY, &op, json!({"id": pending, "content": "可以供货"}))
        .await
        .fails("state_invalid");
    // Rejecting needs a reason; approving does not.
    let env = gw
        .post(
            AUDIT,
            &op,
            json!({"id": pending, "version": version, "approve": false}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["reasonCode"]);
    gw.post(AUDIT, &op, json!({"id": pending, "version": version}))
        .await
        .fails("param_invalid");
    let approved = gw
        .post(
            AUDIT,
            &op,
            json!({"id": pending, "version": version, "approve": true}),
        )
        .await
        .ok();
    assert_eq!(approved["state"], "approved");
    gw.post(
        AUDIT,
        &op,
        json!({"id": pending, "version": version + 1, "approve": false,
                                "reasonCode": "duplicate"}),
    )
    .await
    .fails("state_invalid");

    // The operator's reply joins the thread, last, under their nickname.
    let before = approved["replyCount"].as_i64().unwrap();
    let thread = gw
        .post(
            REPLY,
            &op,
            json!({"id": pending, "content": "  平台已为您推荐3家源头工厂，请留意询价消息。 "}),
        )
        .await
        .ok();
    let replies = thread["replies"].as_array().unwrap();
    assert_eq!(replies.len() as i64, before + 1);
    let last = replies.last().unwrap();
    assert_eq!(
        (&last["authorKind"], &last["author"], &last["content"]),
        (
            &json!("operator"),
            &json!("运营小王"),
            &json!("平台已为您推荐3家源头工厂，请留意询价消息。")
        )
    );
    let env = gw
        .post(REPLY, &op, json!({"id": pending, "content": " "}))
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["content"]);
    let detail = gw.get(OPPORTUNITY, &op, json!({"id": pending})).await.ok();
    let at: Vec<i64> = detail["replies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["at"].as_i64().unwrap())
        .collect();
    assert!(at.windows(2).all(|w| w[0] <= w[1]), "oldest first");
    assert!(!detail["description"].as_str().unwrap().is_empty());

    // Closing an approved one needs a reason of its own type.
    let v = detail["opportunity"]["version"].as_i64().unwrap();
    let env = gw
        .post(
            CLOSE,
            &op,
            json!({"id": pending, "version": v, "status": "closed", "reasonCode": "duplicate"}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["reasonCode"]);
    let closed = gw
        .post(
            CLOSE,
            &op,
            json!({"id": pending, "version": v, "status": "closed",
                                 "reasonCode": "other", "reason": "采购商电话告知已采购"}),
        )
        .await
        .ok();
    assert_eq!(closed["state"], "closed");
    assert_eq!(
        timeline(&gw, "opportunity", pending),
        "pending>approved:::运营小王|approved>closed:other:采购商电话告知已采购:运营小王"
    );

    // Rejecting another with a reason.
    let (other, version) = first_in(&gw, "opportunity", "pending");
    let rejected = gw
        .post(
            AUDIT,
            &op,
            json!({"id": other, "version": version, "approve": false,
                                 "reasonCode": "contact_info"}),
        )
        .await
        .ok();
    assert_eq!(rejected["state"], "rejected");
    assert_eq!(
        timeline(&gw, "opportunity", other),
        "pending>rejected:contact_info::运营小王"
    );
    gw.post(
        CLOSE,
        &op,
        json!({"id": other, "version": version + 1, "status": "closed",
                                "reasonCode": "fulfilled"}),
    )
    .await
    .fails("state_invalid");
    // Each write is in the audit log.
    let admin = gw.admin().await;
    let log = gw
        .get(
            "mtop.admin.audit.list",
            &admin,
            json!({"api": "opportunity", "from": START_MS}),
        )
        .await
        .ok();
    assert_eq!(log["total"], 4);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn eight_reviewers_of_one_version_one_wins() {
    let gw = Arc::new(Gw::new());
    let op = gw.operator().await;
    let (id, version) = first_in(&gw, "opportunity", "pending");
    let calls = (0..8)
        .map(|i| {
            let data = if i % 2 == 0 {
                json!({"id": id, "version": version, "approve": true})
            } else {
                json!({"id": id, "version": version, "approve": false, "reasonCode": "duplicate"})
            };
            (AUDIT.to_owned(), op.clone(), data)
        })
        .collect();
    let codes = race(&gw, calls).await;
    assert_eq!(
        (codes.get("SUCCESS"), codes.get("data_conflict")),
        (Some(&1), Some(&7)),
        "{codes:?}"
    );
    assert_eq!(
        number(
            &gw,
            &format!(
                "SELECT count(*) FROM state_history WHERE entity = 'opportunity' AND record_id = {id}"
            )
        ),
        1
    );
    let (inquiry, version) = first_in(&gw, "inquiry", "quoted");
    let calls = (0..8)
        .map(|_| {
            (
                CLOSE_INQUIRY.to_owned(),
                op.clone(),
                json!({"id": inquiry, "version": version, "status": "closed", "reasonCode": "buyer_cancel"}),
            )
        })
        .collect();
    let codes = race(&gw, calls).await;
    assert_eq!(
        (codes.get("SUCCESS"), codes.get("data_conflict")),
        (Some(&1), Some(&7)),
        "{codes:?}"
    );
}
