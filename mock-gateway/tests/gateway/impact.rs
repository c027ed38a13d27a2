//! `shop.impact`: what freezing or closing a shop touches, counted from what points at it now.

use serde_json::json;

use crate::common::*;
use crate::operate::*;

const IMPACT: &str = "mtop.admin.shop.impact";

#[tokio::test]
async fn the_impact_counts_what_points_at_the_shop_now() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let shop = active_shop(&gw);
    let product = number(
        &gw,
        &format!("SELECT id FROM product WHERE shop_id = {shop} AND status = 'onSale' LIMIT 1"),
    );
    // Whatever the seed recommended of it goes: the count below starts from none.
    execute(
        &gw,
        &format!("DELETE FROM recommend WHERE shop_id = {shop}"),
    );
    let before = gw.get(IMPACT, &admin, json!({"id": shop})).await.ok();
    assert_eq!(before["recommendations"], 0);
    assert_eq!(
        before["productsOnSale"],
        number(
            &gw,
            &format!("SELECT count(*) FROM product WHERE shop_id = {shop} AND status = 'onSale'")
        )
    );
    assert_eq!(
        before["openInquiries"],
        number(
            &gw,
            &format!(
                "SELECT count(*) FROM inquiry WHERE shop_id = {shop} AND state IN ('pending', 'quoted')"
            )
        )
    );
    let n = |key: &str, v: &serde_json::Value| v[key].as_i64().unwrap();

    // An enabled ad to the shop and one to its product, a recommendation, an activity item.
    let slot = gw
        .post(
            "mtop.admin.adSlot.save",
            &admin,
            json!({"name": "影响", "code": "impact",
              "page": "home", "width": 10, "height": 10, "maxAds": 5}),
        )
        .await
        .ok();
    for (kind, target) in [("shop", shop), ("product", product)] {
        let ad = gw
            .post(
                "mtop.admin.ad.save",
                &admin,
                json!({"slotId": slot["id"], "title": "影响",
                  "image": picture(1), "linkType": kind, "linkTarget": target.to_string(),
                  "startAt": TODAY, "endAt": TODAY + 3 * DAY}),
            )
            .await
            .ok();
        gw.post(
            "mtop.admin.ad.setStatus",
            &admin,
            json!({"id": ad["id"], "version": 1, "status": "enabled"}),
        )
        .await
        .ok();
    }
    // A disabled one does not count.
    gw.post(
        "mtop.admin.ad.save",
        &admin,
        json!({"slotId": slot["id"], "title": "未启用",
          "image": picture(1), "linkType": "shop", "linkTarget": shop.to_string(),
          "startAt": TODAY, "endAt": TODAY + 3 * DAY}),
    )
    .await
    .ok();
    gw.post(
        "mtop.admin.recommend.save",
        &admin,
        json!({"shopId": shop, "reason": "影响",
          "startAt": TODAY, "endAt": TODAY + 2 * DAY}),
    )
    .await
    .ok();
    let activity = gw
        .post(
            "mtop.admin.activity.save",
            &admin,
            json!({"title": "影响", "banner": "",
              "startAt": TODAY, "endAt": TODAY + 5 * DAY}),
        )
        .await
        .ok();
    gw.post(
        "mtop.admin.activity.saveItems",
        &admin,
        json!({"id": activity["id"], "version": 1,
          "items": [{"kind": "shop", "targetId": shop}, {"kind": "product", "targetId": product}]}),
    )
    .await
    .ok();
    let after = gw.get(IMPACT, &admin, json!({"id": shop})).await.ok();
    assert_eq!(n("liveAds", &after), n("liveAds", &before) + 2);
    assert_eq!(n("recommendations", &after), 1);
    assert_eq!(n("activityItems", &after), n("activityItems", &before) + 2);
    // Days later the ads and the short recommendation have expired; an offline activity's items
    // no longer count.
    let offline = gw
        .post(
            "mtop.admin.activity.setStatus",
            &admin,
            json!({"id": activity["id"], "version": 2, "status": "online"}),
        )
        .await
        .ok();
    gw.post(
        "mtop.admin.activity.setStatus",
        &admin,
        json!({"id": activity["id"], "version": offline["version"], "status": "offline"}),
    )
    .await
    .ok();
    gw.clock.set(TODAY + 4 * DAY);
    let admin = gw.admin().await;
    let later = gw.get(IMPACT, &admin, json!({"id": shop})).await.ok();
    assert!(
        n("liveAds", &later) + 2 <= n("liveAds", &after),
        "{later} {after}"
    );
    assert_eq!(n("activityItems", &later), n("activityItems", &before));
    assert_eq!(n("recommendations", &later), 0);
    gw.get(IMPACT, &admin, json!({"id": 999_999}))
        .await
        .fails("data_not_found");
}
