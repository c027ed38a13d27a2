//! 产业带: belts with region and computed shop counts.

use serde_json::{Value, json};

use crate::common::*;
use crate::data::*;

const LIST: &str = "mtop.admin.belt.list";

#[tokio::test]
async fn belts_count_their_shops_and_filter_by_name_and_province() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let page = gw.get(LIST, &admin, json!({})).await.ok();
    assert_eq!(page["total"], 12);
    for b in list(&page) {
        let id = b["id"].as_i64().unwrap_or(0);
        assert_eq!(
            b["shopCount"],
            int(
                &gw,
                &format!("SELECT count(*) FROM shop WHERE belt_id = {id}")
            )
        );
        assert!(b["name"].as_str().is_some_and(|n| n.ends_with("产业带")));
    }
    let zhejiang = gw.get(LIST, &admin, json!({"province": "浙江"})).await.ok();
    assert_eq!(
        zhejiang["total"],
        int(&gw, "SELECT count(*) FROM belt WHERE province = '浙江'")
    );
    assert!(column(&zhejiang, "province").iter().all(|p| p == "浙江"));
    let yiwu = gw.get(LIST, &admin, json!({"name": "义乌"})).await.ok();
    assert_eq!(column(&yiwu, "name"), [json!("义乌小商品产业带")]);
    let busiest = gw
        .get(
            LIST,
            &admin,
            json!({"sortField": "shopCount", "sortOrder": "desc"}),
        )
        .await
        .ok();
    let counts: Vec<i64> = column(&busiest, "shopCount")
        .iter()
        .filter_map(Value::as_i64)
        .collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]));
    // Reference data: any signed-in user may read it.
    let operator = gw.operator().await;
    gw.get(LIST, &operator, json!({})).await.ok();
    let env = gw
        .get(LIST, &admin, json!({"sortField": "city"}))
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["sortField"]);
}
