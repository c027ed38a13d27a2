//! 数据字典: list (filters, paging, order), save (create, update, version, duplicates), delete,
//! the audit trail, the guard, and a restart of the binary.

use core_wasm::protocol::Method;
use serde_json::{Value, json};

use crate::common::*;
use crate::server;

const LIST: &str = "mtop.admin.dict.list";
const SAVE: &str = "mtop.admin.dict.save";
const DELETE: &str = "mtop.admin.dict.delete";

/// Entries the seed writes.
fn seeded() -> i64 {
    mock_gateway::store::seed::fixtures()
        .expect("fixtures")
        .dict
        .len() as i64
}

fn level_6() -> Value {
    json!({"type": "shop_level", "key": "level_6", "label": "六星店铺", "value": "6",
           "sort": 60, "remark": "测试"})
}

fn keys(page: &Value) -> Vec<String> {
    page["list"]
        .as_array()
        .expect("list")
        .iter()
        .map(|i| {
            format!(
                "{}/{}",
                i["type"].as_str().unwrap_or(""),
                i["key"].as_str().unwrap_or("")
            )
        })
        .collect()
}

/// Every entry, in the list's default order.
async fn all(gw: &Gw, admin: &str, filter: Value) -> Vec<Value> {
    let mut out = Vec::new();
    for page in 1.. {
        let mut q = filter.clone();
        q["page"] = json!(page);
        q["pageSize"] = json!(10);
        let got = gw.get(LIST, admin, q).await.ok();
        let rows = got["list"].as_array().expect("list").clone();
        let done = rows.len() < 10;
        out.extend(rows);
        if done {
            break;
        }
    }
    out
}

#[tokio::test]
async fn the_seeded_dictionary_lists_by_type_then_sort_then_id() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let page = gw.get(LIST, &admin, json!({})).await.ok();
    assert_eq!(page["total"], seeded());
    assert_eq!(page["page"], 1);
    assert_eq!(page["pageSize"], 20);
    assert_eq!(page["list"].as_array().map(Vec::len), Some(20));
    let first = &page["list"][0];
    let mut fields: Vec<&str> = first
        .as_object()
        .expect("item")
        .keys()
        .map(String::as_str)
        .collect();
    fields.sort_unstable();
    assert_eq!(
        fields,
        [
            "createdAt",
            "id",
            "key",
            "label",
            "remark",
            "sort",
            "status",
            "type",
            "updatedAt",
            "value",
            "version"
        ]
    );
    assert_eq!(first["type"], "ad_link_type");
    assert_eq!(first["status"], "enabled");
    assert_eq!(first["version"], 1);

    let rows = all(&gw, &admin, json!({})).await;
    assert_eq!(rows.len() as i64, seeded());
    let order: Vec<(String, i64, i64)> = rows
        .iter()
        .map(|r| {
            (
                r["type"].as_str().unwrap_or("").to_owned(),
                r["sort"].as_i64().unwrap_or(-1),
                r["id"].as_i64().unwrap_or(-1),
            )
        })
        .collect();
    let mut sorted = order.clone();
    sorted.sort();
    assert_eq!(order, sorted);
    let levels: Vec<&str> = rows
        .iter()
        .filter(|r| r["type"] == "shop_level")
        .map(|r| r["label"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(
        levels,
        ["一星店铺", "二星店铺", "三星店铺", "四星店铺", "五星店铺"]
    );
}

#[tokio::test]
async fn create_then_filter_page_and_sort() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    gw.clock.advance(1000);
    let created = gw
        .post(
            SAVE,
            &admin,
            json!({"type": " trade_term ", "key": "fob", "label": " 离岸价 ", "value": "FOB",
                   "remark": "Free On Board"}),
        )
        .await
        .ok();
    assert_eq!(created["type"], "trade_term");
    assert_eq!(created["label"], "离岸价");
    assert_eq!(created["sort"], 0);
    assert_eq!(created["status"], "enabled");
    assert_eq!(created["version"], 1);
    assert_eq!(created["createdAt"].as_i64(), Some(START_MS + 1000));
    assert_eq!(created["updatedAt"], created["createdAt"]);
    for (key, status) in [("cif", "disabled"), ("exw", "enabled")] {
        gw.post(
            SAVE,
            &admin,
            json!({"type": "trade_term", "key": key, "label": key.to_uppercase(),
                   "value": key, "sort": "5", "status": status}),
        )
        .await
        .ok();
    }

    let page = gw.get(LIST, &admin, json!({"type": "trade"})).await.ok();
    assert_eq!(page["total"], 3);
    // sort 0 first, then the two with sort 5 by id.
    assert_eq!(
        keys(&page),
        ["trade_term/fob", "trade_term/cif", "trade_term/exw"]
    );
    let disabled = gw
        .get(
            LIST,
            &admin,
            json!({"type": "trade_term", "status": "disabled"}),
        )
        .await
        .ok();
    assert_eq!(keys(&disabled), ["trade_term/cif"]);
    // The keyword reaches the key, the label and the value.
    for (keyword, want) in [
        ("exw", vec!["trade_term/exw"]),
        ("离岸", vec!["trade_term/fob"]),
        ("FOB", vec!["trade_term/fob"]),
        ("吨", vec!["product_unit/ton"]),
        ("level_5", vec!["shop_level/level_5"]),
    ] {
        let page = gw.get(LIST, &admin, json!({"keyword": keyword})).await.ok();
        assert_eq!(keys(&page), want, "{keyword}");
    }
    // `%` and `_` are literal.
    let none = gw.get(LIST, &admin, json!({"keyword": "%"})).await.ok();
    assert_eq!(none["total"], 0);
    let underscored = gw.get(LIST, &admin, json!({"type": "_"})).await.ok();
    let total = seeded() + 3;
    assert_eq!(underscored["total"], total, "every type has an underscore");

    // The last page holds what is left over.
    let last_page = (total + 9) / 10;
    let last = gw
        .get(LIST, &admin, json!({"page": last_page, "pageSize": "10"}))
        .await
        .ok();
    assert_eq!(last["total"], total);
    let left = total - (last_page - 1) * 10;
    assert_eq!(last["list"].as_array().map(|l| l.len() as i64), Some(left));
    let beyond = gw
        .get(LIST, &admin, json!({"page": last_page + 1, "pageSize": 10}))
        .await
        .ok();
    assert_eq!(beyond["list"], json!([]));

    let by_key = gw
        .get(
            LIST,
            &admin,
            json!({"sortField": "key", "sortOrder": "descend", "pageSize": 100}),
        )
        .await
        .ok();
    let got: Vec<&str> = by_key["list"]
        .as_array()
        .expect("list")
        .iter()
        .map(|r| r["key"].as_str().unwrap_or(""))
        .collect();
    let mut want = got.clone();
    want.sort_by_key(|k| std::cmp::Reverse(k.to_lowercase()));
    assert_eq!(got, want);
    assert_eq!(got[0], "wrong_category");
    let newest = gw
        .get(
            LIST,
            &admin,
            json!({"sortField": "createdAt", "sortOrder": "desc"}),
        )
        .await
        .ok();
    assert_eq!(newest["list"][0]["key"], "exw");
    let by_id = gw
        .get(
            LIST,
            &admin,
            json!({"sortField": "id", "sortOrder": "asc", "pageSize": 100}),
        )
        .await
        .ok();
    let ids: Vec<i64> = by_id["list"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|r| r["id"].as_i64())
        .collect();
    assert!(ids.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(ids.len() as i64, total);
}

#[tokio::test]
async fn bad_parameters_name_their_fields() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    for (bad, field) in [
        (json!({"page": 0}), "page"),
        (json!({"pageSize": 5}), "pageSize"),
        (json!({"status": "gone"}), "status"),
        (json!({"sortField": "value"}), "sortField"),
        (json!({"sortOrder": "up"}), "sortOrder"),
        (json!({"type": 7}), "type"),
    ] {
        let env = gw
            .get(LIST, &admin, bad.clone())
            .await
            .fails("param_invalid");
        assert_eq!(env.fields(), [field], "{bad}");
    }
    let env = gw
        .post(SAVE, &admin, json!({}))
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["type", "key", "label", "value"]);
    assert_eq!(env.msg, "请输入字典类型");
    let env = gw
        .post(
            SAVE,
            &admin,
            json!({"type": "3d", "key": "a b", "label": "标".repeat(41), "value": "v",
                   "sort": -1, "remark": "r".repeat(201), "status": "maybe"}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(
        env.fields(),
        ["type", "key", "label", "sort", "remark", "status"]
    );
    let env = gw
        .post(
            SAVE,
            &admin,
            json!({"type": "t", "key": "k", "label": "l", "value": "v", "sort": "x"}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["sort"]);
    // An update needs the version it read.
    let env = gw
        .post(
            SAVE,
            &admin,
            json!({"id": 1, "type": "t", "key": "k", "label": "l", "value": "v"}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["version"]);
    assert_eq!(env.msg, "缺少参数 version");
    let env = gw
        .post(DELETE, &admin, json!({}))
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["id"]);
}

#[tokio::test]
async fn a_key_is_unique_within_its_type_only() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let env = gw
        .post(
            SAVE,
            &admin,
            json!({"type": "shop_level", "key": "level_3", "label": "又一个三星", "value": "3"}),
        )
        .await
        .fails("data_duplicate");
    assert_eq!(env.msg, "字典键 shop_level/level_3 已存在");
    assert_eq!(env.fields(), ["key"]);
    // Case does not make a new key.
    let env = gw
        .post(
            SAVE,
            &admin,
            json!({"type": "Shop_Level", "key": "LEVEL_3", "label": "三星", "value": "3"}),
        )
        .await
        .fails("data_duplicate");
    assert_eq!(env.msg, "字典键 Shop_Level/LEVEL_3 已存在");
    // The same key in another type is fine.
    gw.post(
        SAVE,
        &admin,
        json!({"type": "member_level", "key": "level_3", "label": "三级会员", "value": "3"}),
    )
    .await
    .ok();
    // Renaming an entry onto a taken key is refused too; keeping its own key is not a clash.
    let created = gw.post(SAVE, &admin, level_6()).await.ok();
    let mut clash = level_6();
    clash["id"] = created["id"].clone();
    clash["version"] = json!(1);
    clash["key"] = json!("level_5");
    gw.post(SAVE, &admin, clash.clone())
        .await
        .fails("data_duplicate");
    clash["key"] = json!("level_6");
    clash["label"] = json!("六星旗舰店");
    let updated = gw.post(SAVE, &admin, clash).await.ok();
    assert_eq!(updated["label"], "六星旗舰店");
    assert_eq!(updated["version"], 2);
}

#[tokio::test]
async fn update_uses_the_version_and_a_conflict_changes_nothing() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let created = gw.post(SAVE, &admin, level_6()).await.ok();
    let id = created["id"].clone();
    gw.clock.advance(5000);
    let updated = gw
        .post(
            SAVE,
            &admin,
            json!({"id": id, "version": 1, "type": "shop_level", "key": "level_6",
                   "label": "六星店铺", "value": "6", "status": "disabled"}),
        )
        .await
        .ok();
    assert_eq!(updated["version"], 2);
    assert_eq!(updated["status"], "disabled");
    // Absent sort and remark are kept.
    assert_eq!(updated["sort"], 60);
    assert_eq!(updated["remark"], "测试");
    assert_eq!(updated["createdAt"], created["createdAt"]);
    assert_eq!(updated["updatedAt"].as_i64(), Some(START_MS + 5000));

    let env = gw
        .post(
            SAVE,
            &admin,
            json!({"id": id, "version": 1, "type": "shop_level", "key": "level_7",
                   "label": "被覆盖", "value": "7", "sort": 1}),
        )
        .await
        .fails("data_conflict");
    assert_eq!(env.msg, "数据已被他人修改，请刷新后重试");
    let page = gw
        .get(LIST, &admin, json!({"keyword": "level_"}))
        .await
        .ok();
    let row = page["list"]
        .as_array()
        .expect("list")
        .iter()
        .find(|r| r["id"] == id)
        .expect("still there")
        .clone();
    assert_eq!(row, updated, "the conflicting write changed nothing");
    gw.post(DELETE, &admin, json!({"id": id, "version": 1}))
        .await
        .fails("data_conflict");
    let kept = gw
        .get(LIST, &admin, json!({"keyword": "level_6"}))
        .await
        .ok();
    assert_eq!(kept["total"], 1, "a stale delete leaves the row");

    gw.post(
        SAVE,
        &admin,
        json!({"id": 9999, "version": 1, "type": "t", "key": "k", "label": "l", "value": "v"}),
    )
    .await
    .fails("data_not_found");
    gw.post(DELETE, &admin, json!({"id": 9999}))
        .await
        .fails("data_not_found");
}

#[tokio::test]
async fn delete_removes_the_entry_and_every_write_is_audited() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let created = gw.post(SAVE, &admin, level_6()).await.ok();
    let id = created["id"].clone();
    let mut change = level_6();
    change["id"] = id.clone();
    change["version"] = json!(1);
    change["label"] = json!("六星");
    gw.post(SAVE, &admin, change).await.ok();
    let gone = gw
        .post(DELETE, &admin, json!({"id": id, "version": "2"}))
        .await
        .ok();
    assert_eq!(gone, json!({"id": id}));
    let page = gw
        .get(LIST, &admin, json!({"keyword": "level_6"}))
        .await
        .ok();
    assert_eq!(page["total"], 0);
    gw.post(DELETE, &admin, json!({"id": id}))
        .await
        .fails("data_not_found");

    let audit = gw
        .get(
            "mtop.admin.audit.list",
            &admin,
            json!({"api": "mtop.admin.dict."}),
        )
        .await
        .ok();
    let rows: Vec<(String, String, Value)> = audit["list"]
        .as_array()
        .expect("list")
        .iter()
        .map(|r| {
            (
                r["api"].as_str().unwrap_or("").to_owned(),
                r["summary"].as_str().unwrap_or("").to_owned(),
                r["targetId"].clone(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            (
                DELETE.to_owned(),
                "删除字典 shop_level/level_6（六星）".to_owned(),
                id.clone()
            ),
            (
                SAVE.to_owned(),
                "修改字典 shop_level/level_6（六星店铺）→ shop_level/level_6（六星）".to_owned(),
                id.clone()
            ),
            (
                SAVE.to_owned(),
                "新增字典 shop_level/level_6（六星店铺）".to_owned(),
                id.clone()
            ),
        ]
    );
    assert_eq!(audit["list"][0]["username"], "admin");
    // Refused writes leave no trace.
    gw.post(SAVE, &admin, json!({}))
        .await
        .fails("param_invalid");
    let again = gw
        .get(
            "mtop.admin.audit.list",
            &admin,
            json!({"api": "mtop.admin.dict."}),
        )
        .await
        .ok();
    assert_eq!(again["total"], 3);
}

#[tokio::test]
async fn only_owners_of_the_dictionary_menu_may_call() {
    let gw = Gw::new();
    for mat in [gw.operator().await, gw.guest().await] {
        gw.get(LIST, &mat, json!({}))
            .await
            .fails("permission_denied");
        gw.post(SAVE, &mat, level_6())
            .await
            .fails("permission_denied");
        gw.post(DELETE, &mat, json!({"id": 1}))
            .await
            .fails("permission_denied");
    }
    let admin = gw.admin().await;
    let page = gw.get(LIST, &admin, json!({})).await.ok();
    assert_eq!(page["total"], seeded(), "the refused calls wrote nothing");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_keeps_dictionary_writes_across_a_restart() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("gateway.sqlite3");
    let db = db.to_str().expect("utf-8 path").to_owned();

    let (child, addr) = server::spawn_binary(&db, &[]).await;
    let mat = server::login(addr, "admin", "Admin@123").await;
    let created = server::call(addr, Method::Post, SAVE, &mat, level_6())
        .await
        .ok();
    let seeded = server::call(addr, Method::Get, LIST, &mat, json!({"keyword": "level_1"}))
        .await
        .ok();
    let first = seeded["list"][0].clone();
    server::call(
        addr,
        Method::Post,
        DELETE,
        &mat,
        json!({"id": first["id"], "version": first["version"]}),
    )
    .await
    .ok();
    server::terminate(child).await;

    let (child, addr) = server::spawn_binary(&db, &[]).await;
    let page = server::call(addr, Method::Get, LIST, &mat, json!({"type": "shop_level"}))
        .await
        .ok();
    assert_eq!(
        keys(&page),
        [
            "shop_level/level_2",
            "shop_level/level_3",
            "shop_level/level_4",
            "shop_level/level_5",
            "shop_level/level_6"
        ],
        "the new entry is kept and the deleted seed entry is not brought back"
    );
    assert_eq!(page["list"][4], created);
    server::terminate(child).await;
}
