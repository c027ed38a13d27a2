//! Reason codes: the enabled `reason_<type>` entries of the 数据字典, in order, for every role.

use serde_json::json;

use crate::common::*;

const LIST: &str = "mtop.admin.reason.list";

#[tokio::test]
async fn each_transition_type_has_choices_ending_with_other() {
    let gw = Gw::new();
    let operator = gw.operator().await;
    for kind in [
        "shop_reject",
        "shop_freeze",
        "shop_close",
        "product_violation",
        "member_ban",
        "opportunity_reject",
        "opportunity_close",
        "inquiry_close",
    ] {
        let options = gw.get(LIST, &operator, json!({"type": kind})).await.ok();
        let options = options.as_array().cloned().unwrap_or_default();
        assert!((4..=6).contains(&options.len()), "{kind}: {options:?}");
        let last = &options[options.len() - 1];
        assert_eq!(
            (&last["key"], &last["label"]),
            (&json!("other"), &json!("其他")),
            "{kind}"
        );
        assert!(options.iter().all(|o| o["value"] != ""));
    }
    let freeze = gw
        .get(LIST, &operator, json!({"type": "shop_freeze"}))
        .await
        .ok();
    assert_eq!(freeze[0]["key"], "counterfeit");
    assert_eq!(freeze[0]["label"], "售假");
    let unknown = gw
        .get(LIST, &operator, json!({"type": "nothing_here"}))
        .await
        .ok();
    assert_eq!(unknown, json!([]));
    for bad in [json!({}), json!({"type": "  "}), json!({"type": 3})] {
        let env = gw.get(LIST, &operator, bad).await.fails("param_invalid");
        assert_eq!(env.fields(), ["type"]);
    }
}

#[tokio::test]
async fn a_disabled_code_is_not_offered() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let entry = gw
        .get(
            "mtop.admin.dict.list",
            &admin,
            json!({"type": "reason_member_ban", "keyword": "spam"}),
        )
        .await
        .ok();
    let e = &entry["list"][0];
    gw.post(
        "mtop.admin.dict.save",
        &admin,
        json!({"id": e["id"], "version": e["version"], "type": e["type"], "key": e["key"],
               "label": e["label"], "value": e["value"], "status": "disabled"}),
    )
    .await
    .ok();
    let options = gw
        .get(LIST, &admin, json!({"type": "member_ban"}))
        .await
        .ok();
    let keys: Vec<_> = options
        .as_array()
        .map(|o| o.iter().map(|x| x["key"].clone()).collect())
        .unwrap_or_default();
    assert!(!keys.contains(&json!("spam")), "{keys:?}");
    assert!(keys.contains(&json!("other")));
}
