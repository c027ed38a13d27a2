//! Pickers, not ids (issue 18, item 5): the shop list's region cascader (`shop.regions`, the
//! list's province and/or city), the invitation list's inviter picker (`invitation.inviters`), the
//! belt list's province select (`belt.regions`); and every shop state reachable by the list's
//! status filter (item 4).

use serde_json::{Value, json};

use crate::common::*;
use crate::data::*;

const SHOP_LIST: &str = "mtop.admin.shop.list";
const SHOP_REGIONS: &str = "mtop.admin.shop.regions";
const INVITATION_LIST: &str = "mtop.admin.invitation.list";
const INVITERS: &str = "mtop.admin.invitation.inviters";
const BELT_REGIONS: &str = "mtop.admin.belt.regions";
const BELT_SAVE: &str = "mtop.admin.belt.save";

/// Runs SQL on the gateway's database (the tally's triggers follow it).
fn exec(gw: &Gw, sql: &str) {
    gw.state
        .store
        .read(|c| Ok(c.execute_batch(sql)?))
        .unwrap_or_else(|e| panic!("{sql}: {e:?}"));
}

/// The regions as the store has them: `[{province, cities}]`, in name order.
fn regions_of(gw: &Gw, sql: &str) -> Value {
    let pairs: Vec<(String, String)> = gw
        .state
        .store
        .read(|c| {
            let mut stmt = c.prepare(sql)?;
            let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .unwrap_or_else(|e| panic!("{sql}: {e:?}"));
    let mut out: Vec<Value> = Vec::new();
    for (province, city) in pairs {
        match out.last_mut() {
            Some(last) if last["province"] == json!(province) => {
                if let Some(cities) = last["cities"].as_array_mut() {
                    cities.push(json!(city));
                }
            }
            _ => out.push(json!({"province": province, "cities": [city]})),
        }
    }
    Value::Array(out)
}

fn counts(page: &Value) -> [i64; 4] {
    let c = &page["counts"];
    ["all", "pending", "active", "frozen"].map(|k| c[k].as_i64().unwrap_or(-1))
}

/// What `shop.list` must answer under `wher`: the total, and the four tabs' counts (which ignore
/// the status).
fn expected(gw: &Gw, wher: &str, status: Option<&str>) -> (i64, [i64; 4]) {
    let n = |extra: &str| {
        int(
            gw,
            &format!("SELECT count(*) FROM shop WHERE {wher}{extra}"),
        )
    };
    let total = match status {
        Some(s) => n(&format!(" AND status = '{s}'")),
        None => n(""),
    };
    (
        total,
        [
            n(""),
            n(" AND status = 'pending'"),
            n(" AND status = 'active'"),
            n(" AND status = 'frozen'"),
        ],
    )
}

#[tokio::test]
async fn the_regions_are_the_shops_provinces_and_cities() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let regions = gw.get(SHOP_REGIONS, &admin, json!({})).await.ok();
    let want = regions_of(
        &gw,
        "SELECT DISTINCT province, city FROM shop ORDER BY province, city",
    );
    assert_eq!(regions, want);
    assert!(regions.as_array().is_some_and(|r| r.len() > 3), "{regions}");
    // 运营 does not own 店铺管理.
    let operator = gw.operator().await;
    gw.get(SHOP_REGIONS, &operator, json!({}))
        .await
        .fails("permission_denied");
}

#[tokio::test]
async fn a_province_without_a_city_filters_the_list_and_its_counts() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let province = text(
        &gw,
        "SELECT province FROM shop GROUP BY province ORDER BY count(*) DESC LIMIT 1",
    );
    let wher = format!("province = '{province}'");
    for (params, status) in [
        (json!({"province": province}), None),
        (
            json!({"province": province, "status": "active"}),
            Some("active"),
        ),
        // A name part counts the filtered shops instead of reading the tally: the same answer.
        (json!({"province": province, "name": "店"}), None),
    ] {
        let page = gw
            .get(SHOP_LIST, &admin, json!({"pageSize": 100}).merge(&params))
            .await
            .ok();
        let extra = if params.get("name").is_some() {
            " AND name LIKE '%店%'"
        } else {
            ""
        };
        let (total, tabs) = expected(&gw, &format!("{wher}{extra}"), status);
        assert_eq!(page["total"], total, "{params}");
        assert_eq!(counts(&page), tabs, "{params}");
        assert!(
            column(&page, "province")
                .iter()
                .all(|p| p == &json!(province)),
            "{params}"
        );
        assert!(total > 0, "{params}");
    }
}

#[tokio::test]
async fn a_city_of_one_name_in_two_provinces_is_not_mixed_up() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    // Three shops of 杭州 move to a 杭州 of 江苏 (a namesake): the two cities are apart.
    let city = "杭州";
    let moved = ints(
        &gw,
        "SELECT id FROM shop WHERE province = '浙江' AND city = '杭州' ORDER BY id LIMIT 3",
    );
    assert_eq!(moved.len(), 3);
    let ids = moved
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(",");
    exec(
        &gw,
        &format!("UPDATE shop SET province = '江苏' WHERE id IN ({ids})"),
    );
    let regions = gw.get(SHOP_REGIONS, &admin, json!({})).await.ok();
    let cities_of = |province: &str| -> Vec<Value> {
        regions
            .as_array()
            .into_iter()
            .flatten()
            .find(|r| r["province"] == json!(province))
            .and_then(|r| r["cities"].as_array().cloned())
            .unwrap_or_default()
    };
    assert!(cities_of("浙江").contains(&json!(city)));
    assert!(cities_of("江苏").contains(&json!(city)));

    for province in ["浙江", "江苏"] {
        let wher = format!("province = '{province}' AND city = '{city}'");
        let page = gw
            .get(
                SHOP_LIST,
                &admin,
                json!({"province": province, "city": city, "pageSize": 100}),
            )
            .await
            .ok();
        let (total, tabs) = expected(&gw, &wher, None);
        assert_eq!(page["total"], total, "{province}");
        assert_eq!(counts(&page), tabs, "{province}");
        let ids: Vec<i64> = column(&page, "id")
            .iter()
            .filter_map(Value::as_i64)
            .collect();
        let in_jiangsu = ids.iter().filter(|id| moved.contains(id)).count();
        if province == "江苏" {
            assert_eq!((total, in_jiangsu), (3, 3), "only the moved shops");
        } else {
            assert_eq!(in_jiangsu, 0, "none of the moved shops");
            assert!(total > 0);
        }
    }
    // The city alone still names both (what a link of before the cascader says).
    let both = gw.get(SHOP_LIST, &admin, json!({"city": city})).await.ok();
    assert_eq!(
        both["total"],
        int(&gw, "SELECT count(*) FROM shop WHERE city = '杭州'")
    );
}

#[tokio::test]
async fn every_shop_state_is_reachable_by_the_status_filter() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    for status in ["pending", "active", "rejected", "frozen", "closed"] {
        let page = gw
            .get(SHOP_LIST, &admin, json!({"status": status}))
            .await
            .ok();
        let n = int(
            &gw,
            &format!("SELECT count(*) FROM shop WHERE status = '{status}'"),
        );
        assert!(n > 0, "the seed has {status} shops");
        assert_eq!(page["total"], n, "{status}");
        assert!(column(&page, "status").iter().all(|s| s == status));
    }
}

#[tokio::test]
async fn bad_region_filters_are_refused_naming_the_field() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    for (bad, field) in [
        (json!({"province": ["浙江"]}), "province"),
        (json!({"province": {"$ne": ""}}), "province"),
        (json!({"city": 5}), "city"),
    ] {
        let env = gw
            .get(SHOP_LIST, &admin, bad.clone())
            .await
            .fails("param_invalid");
        assert_eq!(env.fields(), [field], "{bad}");
        assert!(env.msg.contains(field), "{bad}: {}", env.msg);
        assert!(
            env.msg
                .chars()
                .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
        );
    }
    // An unknown region is no error: nothing is there.
    let none = gw
        .get(
            SHOP_LIST,
            &admin,
            json!({"province": "火星", "city": "杭州"}),
        )
        .await
        .ok();
    assert_eq!((none["total"].as_i64(), counts(&none)), (Some(0), [0; 4]));
}

#[tokio::test]
async fn the_inviter_picker_finds_inviters_by_nickname_or_phone() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let first = gw
        .get(INVITERS, &admin, json!({"kind": "member"}))
        .await
        .ok();
    let items = first.as_array().cloned().unwrap_or_default();
    assert!(!items.is_empty() && items.len() <= 20, "{first}");
    for item in &items {
        let id = item["id"].as_i64().unwrap_or(0);
        let invited = int(
            &gw,
            &format!("SELECT count(*) FROM invitation WHERE inviter_id = {id}"),
        );
        assert!(invited > 0, "{item} invited nobody");
        assert_eq!(item["kind"], "member");
        let extra = item["extra"].as_str().unwrap_or("");
        assert!(
            is_masked(&extra.chars().take(11).collect::<String>()),
            "{extra}"
        );
        assert!(extra.ends_with(&format!("邀请 {invited} 人")), "{extra}");
        assert_eq!(
            item["status"],
            json!(text(
                &gw,
                &format!("SELECT status FROM member WHERE id = {id}")
            ))
        );
    }

    // The busiest inviter, by part of the nickname, by the digits its masked phone shows and by
    // the whole number.
    let inviter = int(
        &gw,
        "SELECT inviter_id FROM invitation GROUP BY inviter_id ORDER BY count(*) DESC, inviter_id LIMIT 1",
    );
    let nick = text(
        &gw,
        &format!("SELECT nickname FROM member WHERE id = {inviter}"),
    );
    let phone = text(
        &gw,
        &format!("SELECT phone FROM member WHERE id = {inviter}"),
    );
    let part: String = nick.chars().skip(1).collect();
    let whole = format!("{} {} {}", &phone[..3], &phone[3..7], &phone[7..]);
    for keyword in [part.as_str(), &phone[7..], &phone[..3], whole.as_str()] {
        let found = gw
            .get(
                INVITERS,
                &admin,
                json!({"kind": "member", "keyword": keyword}),
            )
            .await
            .ok();
        let ids: Vec<i64> = found
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|i| i["id"].as_i64())
            .collect();
        assert!(ids.contains(&inviter), "{keyword}: {found}");
    }
    // The hidden middle is no search: whatever is offered shows the digits typed.
    let middle = &phone[3..7];
    let found = gw
        .get(
            INVITERS,
            &admin,
            json!({"kind": "member", "keyword": middle}),
        )
        .await
        .ok();
    for item in found.as_array().into_iter().flatten() {
        let masked: String = item["extra"]
            .as_str()
            .unwrap_or("")
            .chars()
            .take(11)
            .collect();
        let (head, tail) = masked.split_once("****").unwrap_or_default();
        assert!(
            head.contains(middle) || tail.contains(middle),
            "{middle} found {item}"
        );
    }
    // A member who invited nobody is not offered, whatever is typed.
    let idle = int(
        &gw,
        "SELECT id FROM member WHERE id NOT IN (SELECT inviter_id FROM invitation) ORDER BY id LIMIT 1",
    );
    let idle_phone = text(&gw, &format!("SELECT phone FROM member WHERE id = {idle}"));
    let found = gw
        .get(INVITERS, &admin, json!({"keyword": idle_phone}))
        .await
        .ok();
    assert_eq!(found, json!([]));
    // Wildcards are literal.
    let found = gw.get(INVITERS, &admin, json!({"keyword": "%"})).await.ok();
    assert_eq!(found, json!([]));

    // The picked inviter filters the list.
    let page = gw
        .get(INVITATION_LIST, &admin, json!({"inviterId": inviter}))
        .await
        .ok();
    assert_eq!(
        page["total"],
        int(
            &gw,
            &format!("SELECT count(*) FROM invitation WHERE inviter_id = {inviter}")
        )
    );

    for (bad, field) in [
        (json!({"kind": "shop"}), "kind"),
        (json!({"keyword": ["x"]}), "keyword"),
        (json!({"kind": 3}), "kind"),
    ] {
        let env = gw
            .get(INVITERS, &admin, bad.clone())
            .await
            .fails("param_invalid");
        assert_eq!(env.fields(), [field], "{bad}");
        assert!(env.msg.contains(field), "{bad}: {}", env.msg);
    }
    let operator = gw.operator().await;
    gw.get(INVITERS, &operator, json!({}))
        .await
        .fails("permission_denied");
}

#[tokio::test]
async fn the_code_filter_takes_part_of_a_code() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let code = text(&gw, "SELECT code FROM invitation ORDER BY id LIMIT 1");
    let part: String = code
        .chars()
        .skip(1)
        .take(code.chars().count().saturating_sub(2))
        .collect();
    let page = gw
        .get(INVITATION_LIST, &admin, json!({"code": part}))
        .await
        .ok();
    assert_eq!(
        page["total"],
        int(
            &gw,
            &format!("SELECT count(*) FROM invitation WHERE instr(code, '{part}') > 0")
        )
    );
    assert!(column(&page, "code").contains(&json!(code)));
}

#[tokio::test]
async fn the_belt_provinces_are_the_belts_own() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let regions = gw.get(BELT_REGIONS, &admin, json!({})).await.ok();
    assert_eq!(
        regions,
        regions_of(
            &gw,
            "SELECT DISTINCT province, city FROM belt ORDER BY province, city"
        )
    );
    // A new belt's province is offered at once.
    gw.post(
        BELT_SAVE,
        &admin,
        json!({"name": "临沂商贸物流产业带", "province": "山东", "city": "临沂"}),
    )
    .await
    .ok();
    let regions = gw.get(BELT_REGIONS, &admin, json!({})).await.ok();
    assert!(
        regions
            .as_array()
            .into_iter()
            .flatten()
            .any(|r| r["province"] == "山东" && r["cities"] == json!(["临沂"])),
        "{regions}"
    );
    // 运营 owns the belt screen; the 访客 does not.
    let operator = gw.operator().await;
    gw.get(BELT_REGIONS, &operator, json!({})).await.ok();
    let guest = gw.guest().await;
    gw.get(BELT_REGIONS, &guest, json!({}))
        .await
        .fails("permission_denied");
}

/// `{a: 1}.merge({b: 2})`: the two objects' fields.
trait Merge {
    fn merge(self, other: &Value) -> Value;
}

impl Merge for Value {
    fn merge(mut self, other: &Value) -> Value {
        if let (Some(a), Some(b)) = (self.as_object_mut(), other.as_object()) {
            for (k, v) in b {
                a.insert(k.clone(), v.clone());
            }
        }
        self
    }
}
