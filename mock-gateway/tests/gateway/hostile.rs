//! Hostile inputs (issue 11, item 4), as data: wrong types, missing and extra fields, numbers out
//! of range, 100 KB strings, NUL and control characters, unpaired surrogates, right-to-left
//! overrides, SQL and HTML metacharacters, path traversal in file keys and signed URLs, forged
//! signatures, huge and negative paging, a body over the limit, images that lie about their type.
//!
//! Every refused case must answer HTTP 200 with its code (`param_invalid` …), the named field in
//! `data.fields`, and a Chinese message naming the field (its wire name or the label the core's
//! rule tables give it) that neither echoes the input nor carries serde's English; the database
//! (row counts and a checksum of every table) and the image folder must be unchanged afterwards.
//! The cases at the HTTP edge answer the status the protocol gives them (403, 404, 413), never a
//! 500. Metacharacters that are valid text are stored literally and read back unchanged; extra
//! fields are ignored and write nothing of their own.

use std::collections::{BTreeMap, HashSet};

use axum::body::Body;
use axum::http::{Method as HttpMethod, Request, StatusCode, header};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use core_wasm::ops::{Method, catalogue};
use core_wasm::rules::Form;
use mock_gateway::BODY_LIMIT;
use mock_gateway::files::{SEED_PRODUCT_IMAGES, sign, signed_url};
use mock_gateway::protocol::SIGN_IN_BODY_LIMIT;
use serde_json::{Value, json};

use crate::common::*;

/// How a case's `data` travels.
#[derive(Debug, Clone)]
enum Data {
    /// A JSON value, encoded by the core's client encoder.
    Json(Value),
    /// The `data` parameter's text exactly (JSON the encoder would not write, e.g. `\ud800`).
    Text(String),
}

/// One refused input: the operation, what is sent, the code and the field it must name.
#[derive(Debug, Clone)]
struct Case {
    category: &'static str,
    api: &'static str,
    data: Data,
    code: &'static str,
    field: &'static str,
}

fn case(category: &'static str, api: &'static str, data: Value, field: &'static str) -> Case {
    Case {
        category,
        api,
        data: Data::Json(data),
        code: "param_invalid",
        field,
    }
}

fn text_case(category: &'static str, api: &'static str, data: &str, field: &'static str) -> Case {
    Case {
        category,
        api,
        data: Data::Text(data.to_owned()),
        code: "param_invalid",
        field,
    }
}

/// 100 KB of text.
fn big() -> String {
    "长".repeat(100 * 1024 / 3 + 1)
}

/// A stored file's key (a seeded product picture).
fn seed_key() -> &'static str {
    SEED_PRODUCT_IMAGES[0]
}

/// Valid params of some writes, to break one field at a time.
fn user_create() -> Value {
    json!({"username": "zhangsan", "nickname": "张三", "password": "Zhang@2026", "roleIds": [1]})
}
fn dict_save() -> Value {
    json!({"type": "trade_term", "key": "fob", "label": "离岸价", "value": "FOB"})
}
fn ad_slot_save() -> Value {
    json!({"name": "新广告位", "code": "new_slot", "page": "home", "width": 750, "height": 300, "maxAds": 2})
}
fn ad_save() -> Value {
    json!({"slotId": 1, "title": "新广告", "image": seed_key(), "linkType": "url",
           "linkTarget": "https://act.adnur.example/new",
           "startAt": START_MS + 86_400_000, "endAt": START_MS + 2 * 86_400_000})
}
fn activity_save() -> Value {
    json!({"title": "新专题", "banner": "", "description": "春季上新", "startAt": START_MS,
           "endAt": START_MS + 7 * 86_400_000})
}
fn entry_save() -> Value {
    json!({"name": "新入口", "icon": "ShopOutlined", "link": "/pages/new"})
}
fn recommend_save() -> Value {
    json!({"shopId": 2, "reason": "源头工厂", "startAt": START_MS + 86_400_000,
           "endAt": START_MS + 30 * 86_400_000})
}
fn belt_save() -> Value {
    json!({"name": "湖州童装产业带", "province": "浙江", "city": "湖州", "description": "童装"})
}
fn category_save() -> Value {
    json!({"name": "新类目", "visible": 1})
}
fn menu_save() -> Value {
    json!({"parentId": 0, "alias": "新菜单", "name": "newMenu", "visible": 1, "sort": 1})
}
fn profile() -> Value {
    json!({"nickname": "运营小王", "avatar": ""})
}
fn with(mut v: Value, field: &str, bad: Value) -> Value {
    v[field] = bad;
    v
}
fn without(mut v: Value, field: &str) -> Value {
    if let Some(o) = v.as_object_mut() {
        o.remove(field);
    }
    v
}

const LOGIN: &str = "mtop.admin.user.login";
const CHANGE_PASSWORD: &str = "mtop.admin.user.changePassword";
const PROFILE: &str = "mtop.admin.user.updateProfile";
const USER_CREATE: &str = "mtop.admin.user.create";
const USER_UPDATE: &str = "mtop.admin.user.update";
const USER_DELETE: &str = "mtop.admin.user.delete";
const SAVE_ROLE: &str = "mtop.admin.user.saveRole";
const QRY_MENU_TREE: &str = "mtop.admin.user.qryMenuTree";
const UPDATE_MENU_ROLE: &str = "mtop.admin.user.updateMenuRole";
const SAVE_MENU: &str = "mtop.admin.user.saveMenu";
const DICT_SAVE: &str = "mtop.admin.dict.save";
const DICT_DELETE: &str = "mtop.admin.dict.delete";
const SHOP_DETAIL: &str = "mtop.admin.shop.detail";
const SHOP_STATS: &str = "mtop.admin.shop.stats";
const SHOP_AUDIT: &str = "mtop.admin.shop.audit";
const SHOP_SET_STATUS: &str = "mtop.admin.shop.setStatus";
const SHOP_IMPACT: &str = "mtop.admin.shop.impact";
const MEMBER_DETAIL: &str = "mtop.admin.member.detail";
const REVEAL: &str = "mtop.admin.contact.reveal";
const INQUIRY_SHOPS: &str = "mtop.admin.inquiry.shops";
const MEMBER_SET_STATUS: &str = "mtop.admin.member.setStatus";
const PRODUCT_LIST: &str = "mtop.admin.product.list";
const PRODUCT_DETAIL: &str = "mtop.admin.product.detail";
const PRODUCT_SET_STATUS: &str = "mtop.admin.product.setStatus";
const CATEGORY_SAVE: &str = "mtop.admin.category.save";
const CATEGORY_SORT: &str = "mtop.admin.category.sort";
const CATEGORY_DELETE: &str = "mtop.admin.category.delete";
const HISTORY: &str = "mtop.admin.history.list";
const REASON: &str = "mtop.admin.reason.list";
const UPLOAD: &str = "mtop.admin.file.upload";
const SLOT_SAVE: &str = "mtop.admin.adSlot.save";
const SLOT_DETAIL: &str = "mtop.admin.adSlot.detail";
const SLOT_STATUS: &str = "mtop.admin.adSlot.setStatus";
const AD_SAVE: &str = "mtop.admin.ad.save";
const AD_STATUS: &str = "mtop.admin.ad.setStatus";
const AD_SORT: &str = "mtop.admin.ad.sort";
const AD_TARGETS: &str = "mtop.admin.ad.targets";
const ACTIVITY_SAVE: &str = "mtop.admin.activity.save";
const ACTIVITY_DETAIL: &str = "mtop.admin.activity.detail";
const ACTIVITY_ITEMS: &str = "mtop.admin.activity.saveItems";
const ENTRY_SAVE: &str = "mtop.admin.entry.save";
const ENTRY_SORT: &str = "mtop.admin.entry.sort";
const RECOMMEND_SAVE: &str = "mtop.admin.recommend.save";
const RECOMMEND_DELETE: &str = "mtop.admin.recommend.delete";
const RECOMMEND_SORT: &str = "mtop.admin.recommend.sort";
const DELETE_ROLE: &str = "mtop.admin.user.deleteRole";
const DELETE_MENU: &str = "mtop.admin.user.deleteMenu";
const AD_DELETE: &str = "mtop.admin.ad.delete";
const SLOT_DELETE: &str = "mtop.admin.adSlot.delete";
const ENTRY_DELETE: &str = "mtop.admin.entry.delete";
const BELT_DELETE: &str = "mtop.admin.belt.delete";
/// The deletes of issue 18: each is refused alike for a missing or mistyped id or version.
const DELETES: [&str; 6] = [
    DELETE_ROLE,
    DELETE_MENU,
    AD_DELETE,
    SLOT_DELETE,
    ENTRY_DELETE,
    BELT_DELETE,
];
const INQUIRY_DETAIL: &str = "mtop.admin.inquiry.detail";
const INQUIRY_CLOSE: &str = "mtop.admin.inquiry.close";
const OPP_DETAIL: &str = "mtop.admin.opportunity.detail";
const OPP_AUDIT: &str = "mtop.admin.opportunity.audit";
const OPP_REPLY: &str = "mtop.admin.opportunity.reply";
const OPP_CLOSE: &str = "mtop.admin.opportunity.close";
const BELT_DETAIL: &str = "mtop.admin.belt.detail";
const BELT_SAVE: &str = "mtop.admin.belt.save";
const AUDIT_LIST: &str = "mtop.admin.audit.list";
const INVITATION_LIST: &str = "mtop.admin.invitation.list";
const OPP_LIST: &str = "mtop.admin.opportunity.list";
const SHOP_LIST: &str = "mtop.admin.shop.list";
const MEMBER_LIST: &str = "mtop.admin.member.list";
const INVITERS: &str = "mtop.admin.invitation.inviters";

/// The hand-written cases.
fn cases() -> Vec<Case> {
    let b = big();
    let png = mock_gateway::store::pictures::product(1).expect("a png");
    let mut lying_png = png.clone();
    lying_png.truncate(4); // the first bytes of a PNG's signature, nothing more
    let exe = b"MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00This program cannot be run in DOS mode.".to_vec();
    let text = "just some text, not an image".as_bytes().to_vec();
    let html = b"<html><script>alert(document.cookie)</script></html>".to_vec();
    let svg = b"<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>".to_vec();
    let pdf = b"%PDF-1.7\n1 0 obj<<>>endobj\n".to_vec();
    let zip = b"PK\x03\x04\x14\x00\x00\x00\x08\x00".to_vec();
    let up = |name: &str, bytes: &[u8]| json!({"name": name, "content": STANDARD.encode(bytes)});
    // Seeded records (role 1, menu 1, slot 1, ad 1, entry 1, belt 1): nothing may go. Grouped
    // by category, as the database is compared in full after each.
    let mut deletes = Vec::new();
    for api in DELETES {
        deletes.extend([
            case(
                "wrong type",
                api,
                json!({"id": "1 OR 1=1", "version": 1}),
                "id",
            ),
            case("wrong type", api, json!({"id": [1], "version": 1}), "id"),
            case("wrong type", api, json!({"id": 1.5}), "id"),
            case(
                "wrong type",
                api,
                json!({"id": 1, "version": "latest"}),
                "version",
            ),
            case(
                "wrong type",
                api,
                json!({"id": 1, "version": {"$gt": 0}}),
                "version",
            ),
        ]);
    }
    for api in DELETES {
        deletes.extend([
            case("missing field", api, json!({}), "id"),
            case("missing field", api, json!({"version": 1}), "id"),
        ]);
    }
    let mut all = vec![
        // ---- wrong types --------------------------------------------------------------------
        case("wrong type", DICT_DELETE, json!({"id": "abc"}), "id"),
        case("wrong type", DICT_DELETE, json!({"id": 1.5}), "id"),
        case("wrong type", DICT_DELETE, json!({"id": [1]}), "id"),
        case("wrong type", DICT_DELETE, json!({"id": {"$gt": 0}}), "id"),
        case("wrong type", DICT_DELETE, json!({"id": true}), "id"),
        case(
            "wrong type",
            USER_UPDATE,
            json!({"id": "1 OR 1=1", "version": 1}),
            "id",
        ),
        case(
            "wrong type",
            USER_UPDATE,
            json!({"id": 1, "version": 1, "roleIds": "1,2"}),
            "roleIds",
        ),
        case(
            "wrong type",
            USER_UPDATE,
            json!({"id": 1, "version": 1, "roleIds": [1.5]}),
            "roleIds",
        ),
        case(
            "wrong type",
            USER_UPDATE,
            json!({"id": 1, "version": 1, "roleIds": [[1]]}),
            "roleIds",
        ),
        case(
            "wrong type",
            USER_CREATE,
            with(user_create(), "username", json!(123)),
            "username",
        ),
        case(
            "wrong type",
            USER_CREATE,
            with(user_create(), "nickname", json!({})),
            "nickname",
        ),
        case(
            "wrong type",
            USER_CREATE,
            with(user_create(), "password", json!(["x"])),
            "password",
        ),
        case("wrong type", SAVE_ROLE, json!({"name": 5}), "name"),
        case(
            "wrong type",
            SAVE_ROLE,
            json!({"name": "角色", "parentId": "root"}),
            "parentId",
        ),
        case(
            "wrong type",
            UPDATE_MENU_ROLE,
            json!({"roleId": 3, "menuIds": "all"}),
            "menuIds",
        ),
        case(
            "wrong type",
            SAVE_MENU,
            with(menu_save(), "visible", json!("yes")),
            "visible",
        ),
        case(
            "wrong type",
            SAVE_MENU,
            with(menu_save(), "sort", json!(1e300)),
            "sort",
        ),
        case(
            "wrong type",
            DICT_SAVE,
            with(dict_save(), "sort", json!("first")),
            "sort",
        ),
        case(
            "wrong type",
            SHOP_AUDIT,
            json!({"id": 180, "version": 1, "approve": "yes"}),
            "approve",
        ),
        case(
            "wrong type",
            SHOP_AUDIT,
            json!({"id": 180, "version": 1, "approve": 1}),
            "approve",
        ),
        case(
            "wrong type",
            SHOP_SET_STATUS,
            json!({"id": 2, "version": 1, "status": 3}),
            "status",
        ),
        case(
            "wrong type",
            MEMBER_SET_STATUS,
            json!({"id": {}, "version": 1, "status": "banned"}),
            "id",
        ),
        case(
            "wrong type",
            PRODUCT_SET_STATUS,
            json!({"ids": 1, "status": "offSale"}),
            "ids",
        ),
        case(
            "wrong type",
            PRODUCT_SET_STATUS,
            json!({"ids": ["a"], "status": "offSale"}),
            "ids",
        ),
        case(
            "wrong type",
            CATEGORY_SAVE,
            with(category_save(), "parentId", json!("x")),
            "parentId",
        ),
        case("wrong type", CATEGORY_SORT, json!({"ids": {"0": 1}}), "ids"),
        case(
            "wrong type",
            SLOT_SAVE,
            with(ad_slot_save(), "width", json!("wide")),
            "width",
        ),
        case(
            "wrong type",
            SLOT_SAVE,
            with(ad_slot_save(), "maxAds", json!(2.5)),
            "maxAds",
        ),
        case(
            "wrong type",
            AD_SAVE,
            with(ad_save(), "startAt", json!("tomorrow")),
            "startAt",
        ),
        case(
            "wrong type",
            AD_SAVE,
            with(ad_save(), "slotId", json!([1])),
            "slotId",
        ),
        case(
            "wrong type",
            ACTIVITY_SAVE,
            with(activity_save(), "endAt", json!(true)),
            "endAt",
        ),
        case(
            "wrong type",
            ACTIVITY_ITEMS,
            json!({"id": 7, "version": 1, "items": "all"}),
            "items",
        ),
        case(
            "wrong type",
            ACTIVITY_ITEMS,
            json!({"id": 7, "version": 1, "items": [{"kind": "shop", "targetId": "x"}]}),
            "items",
        ),
        case(
            "wrong type",
            ENTRY_SAVE,
            with(entry_save(), "visible", json!("no")),
            "visible",
        ),
        case("wrong type", ENTRY_SORT, json!({"ids": "1,2"}), "ids"),
        case(
            "wrong type",
            RECOMMEND_SAVE,
            with(recommend_save(), "shopId", json!("abc")),
            "shopId",
        ),
        case("wrong type", RECOMMEND_SORT, json!({"ids": [null]}), "ids"),
        case(
            "wrong type",
            INQUIRY_CLOSE,
            json!({"id": "x", "version": 1, "status": "closed", "reasonCode": "buyer_cancel"}),
            "id",
        ),
        case(
            "wrong type",
            OPP_AUDIT,
            json!({"id": 1, "version": 1, "approve": "no"}),
            "approve",
        ),
        case(
            "wrong type",
            OPP_REPLY,
            json!({"id": 1, "content": 5}),
            "content",
        ),
        case(
            "wrong type",
            BELT_SAVE,
            with(belt_save(), "name", json!([])),
            "name",
        ),
        case(
            "wrong type",
            UPLOAD,
            json!({"name": "a.png", "content": 5}),
            "content",
        ),
        case(
            "wrong type",
            UPLOAD,
            json!({"name": {}, "content": STANDARD.encode(&png)}),
            "name",
        ),
        case(
            "wrong type",
            LOGIN,
            json!({"username": 5, "password": "x"}),
            "username",
        ),
        case(
            "wrong type",
            CHANGE_PASSWORD,
            json!({"oldPassword": 123, "newPassword": "Matrix@2026"}),
            "oldPassword",
        ),
        case(
            "wrong type",
            PROFILE,
            with(profile(), "nickname", json!(5)),
            "nickname",
        ),
        case(
            "wrong type",
            PROFILE,
            with(profile(), "avatar", json!({})),
            "avatar",
        ),
        case("wrong type", REASON, json!({"type": 5}), "type"),
        case(
            "wrong type",
            HISTORY,
            json!({"entity": "shop", "id": "x"}),
            "id",
        ),
        case(
            "wrong type",
            HISTORY,
            json!({"entity": 5, "id": 1}),
            "entity",
        ),
        case("wrong type", SHOP_DETAIL, json!({"id": "x"}), "id"),
        case("wrong type", SHOP_STATS, json!({"days": "week"}), "days"),
        case(
            "wrong type",
            SHOP_LIST,
            json!({"province": ["浙江"]}),
            "province",
        ),
        case(
            "wrong type",
            SHOP_LIST,
            json!({"city": {"$ne": ""}}),
            "city",
        ),
        case("wrong type", INVITERS, json!({"kind": 5}), "kind"),
        case("wrong type", INVITERS, json!({"keyword": [1]}), "keyword"),
        case("wrong type", INVITERS, json!({"kind": "shop"}), "kind"),
        case(
            "wrong type",
            AUDIT_LIST,
            json!({"from": "yesterday"}),
            "from",
        ),
        case(
            "wrong type",
            AUDIT_LIST,
            json!({"operatorId": "admin"}),
            "operatorId",
        ),
        case(
            "wrong type",
            AUDIT_LIST,
            json!({"label": ["冻结店铺"]}),
            "label",
        ),
        case(
            "wrong type",
            AUDIT_LIST,
            json!({"targetType": 5}),
            "targetType",
        ),
        case(
            "wrong type",
            AUDIT_LIST,
            json!({"targetName": {"$ne": ""}}),
            "targetName",
        ),
        case(
            "metacharacters",
            AUDIT_LIST,
            json!({"label": "冻结店铺' OR '1'='1"}),
            "label",
        ),
        case(
            "metacharacters",
            AUDIT_LIST,
            json!({"targetType": "shop; DROP TABLE audit_log"}),
            "targetType",
        ),
        case(
            "wrong type",
            INVITATION_LIST,
            json!({"inviterId": "me"}),
            "inviterId",
        ),
        case("wrong type", MEMBER_LIST, json!({"type": 1}), "type"),
        case(
            "wrong type",
            PRODUCT_LIST,
            json!({"priceMin": "cheap"}),
            "priceMin",
        ),
        case(
            "wrong type",
            OPP_LIST,
            json!({"categoryId": "x"}),
            "categoryId",
        ),
        case("wrong type", SLOT_DETAIL, json!({"id": 1.5}), "id"),
        case(
            "wrong type",
            ACTIVITY_DETAIL,
            json!({"id": "1; DROP TABLE activity"}),
            "id",
        ),
        case("wrong type", BELT_DETAIL, json!({"id": "../1"}), "id"),
        case("wrong type", SHOP_IMPACT, json!({"id": "0x10"}), "id"),
        case("wrong type", PRODUCT_DETAIL, json!({"id": "1e3"}), "id"),
        case("wrong type", AD_TARGETS, json!({"kind": 5}), "kind"),
        case(
            "wrong type",
            QRY_MENU_TREE,
            json!({"roleId": "admin"}),
            "roleId",
        ),
        // ---- missing fields -----------------------------------------------------------------
        case(
            "missing field",
            USER_CREATE,
            without(user_create(), "username"),
            "username",
        ),
        case(
            "missing field",
            USER_CREATE,
            without(user_create(), "password"),
            "password",
        ),
        case(
            "missing field",
            USER_UPDATE,
            json!({"version": 1, "nickname": "x"}),
            "id",
        ),
        case("missing field", USER_DELETE, json!({}), "id"),
        case("missing field", SAVE_ROLE, json!({}), "name"),
        case(
            "missing field",
            UPDATE_MENU_ROLE,
            json!({"menuIds": [1]}),
            "roleId",
        ),
        case(
            "missing field",
            SAVE_MENU,
            without(menu_save(), "alias"),
            "alias",
        ),
        case(
            "missing field",
            DICT_SAVE,
            without(dict_save(), "type"),
            "type",
        ),
        case("missing field", DICT_DELETE, json!({}), "id"),
        case(
            "missing field",
            SHOP_AUDIT,
            json!({"version": 1, "approve": true}),
            "id",
        ),
        case(
            "missing field",
            SHOP_SET_STATUS,
            json!({"id": 2, "version": 1}),
            "status",
        ),
        case("missing field", SHOP_DETAIL, json!({}), "id"),
        case(
            "missing field",
            MEMBER_SET_STATUS,
            json!({"version": 1, "status": "banned", "reasonCode": "spam"}),
            "id",
        ),
        case(
            "missing field",
            PRODUCT_SET_STATUS,
            json!({"status": "offSale"}),
            "ids",
        ),
        case(
            "missing field",
            CATEGORY_SAVE,
            json!({"visible": 1}),
            "name",
        ),
        case(
            "missing field",
            CATEGORY_SORT,
            json!({"parentId": 3}),
            "ids",
        ),
        case("missing field", CATEGORY_DELETE, json!({}), "id"),
        case(
            "missing field",
            SLOT_SAVE,
            without(ad_slot_save(), "code"),
            "code",
        ),
        case(
            "missing field",
            SLOT_STATUS,
            json!({"id": 7, "version": 1}),
            "status",
        ),
        case(
            "missing field",
            AD_SAVE,
            without(ad_save(), "title"),
            "title",
        ),
        case(
            "missing field",
            AD_STATUS,
            json!({"version": 1, "status": "disabled"}),
            "id",
        ),
        case("missing field", AD_SORT, json!({"ids": [39, 40]}), "slotId"),
        case(
            "missing field",
            ACTIVITY_SAVE,
            without(activity_save(), "title"),
            "title",
        ),
        case(
            "missing field",
            ACTIVITY_ITEMS,
            json!({"version": 1, "items": []}),
            "id",
        ),
        case(
            "missing field",
            ENTRY_SAVE,
            without(entry_save(), "link"),
            "link",
        ),
        case("missing field", ENTRY_SORT, json!({}), "ids"),
        case(
            "missing field",
            RECOMMEND_SAVE,
            without(recommend_save(), "shopId"),
            "shopId",
        ),
        case("missing field", RECOMMEND_DELETE, json!({}), "id"),
        case(
            "missing field",
            INQUIRY_CLOSE,
            json!({"version": 1, "status": "closed", "reasonCode": "buyer_cancel"}),
            "id",
        ),
        case(
            "missing field",
            OPP_AUDIT,
            json!({"id": 1, "version": 1}),
            "approve",
        ),
        case("missing field", OPP_REPLY, json!({"id": 1}), "content"),
        case(
            "missing field",
            OPP_CLOSE,
            json!({"version": 1, "status": "closed", "reasonCode": "fulfilled"}),
            "id",
        ),
        case(
            "missing field",
            BELT_SAVE,
            without(belt_save(), "name"),
            "name",
        ),
        case("missing field", UPLOAD, json!({"name": "a.png"}), "content"),
        case("missing field", REASON, json!({}), "type"),
        case("missing field", HISTORY, json!({"id": 1}), "entity"),
        case(
            "missing field",
            LOGIN,
            json!({"username": "admin"}),
            "password",
        ),
        // The sign-in's fields are bounded: a long one is refused before any hashing.
        case(
            "oversized field",
            LOGIN,
            json!({"username": "a".repeat(65), "password": "x"}),
            "username",
        ),
        case(
            "oversized field",
            LOGIN,
            json!({"username": "admin", "password": "x".repeat(129)}),
            "password",
        ),
        case(
            "missing field",
            CHANGE_PASSWORD,
            json!({"newPassword": "Matrix@2026"}),
            "oldPassword",
        ),
        case(
            "missing field",
            PROFILE,
            without(profile(), "nickname"),
            "nickname",
        ),
        case("missing field", SLOT_DETAIL, json!({}), "id"),
        case("missing field", ACTIVITY_DETAIL, json!({}), "id"),
        case("missing field", MEMBER_DETAIL, json!({}), "id"),
        // ---- 查看完整号码, 询价单's shop picker, 用户详情's pages -----------------------------------
        case("missing field", REVEAL, json!({"id": 1}), "entity"),
        case("missing field", REVEAL, json!({"entity": "shop"}), "id"),
        case(
            "wrong type",
            REVEAL,
            json!({"entity": 5, "id": 1}),
            "entity",
        ),
        case(
            "wrong type",
            REVEAL,
            json!({"entity": {"$ne": ""}, "id": 1}),
            "entity",
        ),
        case(
            "wrong type",
            REVEAL,
            json!({"entity": "member", "id": "1 OR 1=1"}),
            "id",
        ),
        case(
            "wrong type",
            REVEAL,
            json!({"entity": "member", "id": [1, 2]}),
            "id",
        ),
        case(
            "out of range",
            REVEAL,
            json!({"entity": "shop", "id": 1e20}),
            "id",
        ),
        case(
            "path traversal",
            REVEAL,
            json!({"entity": "shop; DROP TABLE audit_log", "id": 1}),
            "entity",
        ),
        case(
            "path traversal",
            REVEAL,
            json!({"entity": "../member", "id": 1}),
            "entity",
        ),
        case(
            "100 KB string",
            REVEAL,
            json!({"entity": big(), "id": 1}),
            "entity",
        ),
        case("wrong type", INQUIRY_SHOPS, json!({"kind": 5}), "kind"),
        case(
            "wrong type",
            INQUIRY_SHOPS,
            json!({"keyword": {"a": 1}}),
            "keyword",
        ),
        case(
            "out of range",
            INQUIRY_SHOPS,
            json!({"kind": "product"}),
            "kind",
        ),
        case(
            "out of range",
            MEMBER_DETAIL,
            json!({"id": 1, "inquiryPage": 0}),
            "inquiryPage",
        ),
        case(
            "out of range",
            MEMBER_DETAIL,
            json!({"id": 1, "opportunityPage": -1}),
            "opportunityPage",
        ),
        case(
            "out of range",
            MEMBER_DETAIL,
            json!({"id": 1, "invitationPage": 1e20}),
            "invitationPage",
        ),
        case(
            "out of range",
            MEMBER_DETAIL,
            json!({"id": 1, "invitationPage": "99999999999999999999"}),
            "invitationPage",
        ),
        case(
            "out of range",
            MEMBER_DETAIL,
            json!({"id": 1, "pageSize": 1_000_000}),
            "pageSize",
        ),
        case(
            "out of range",
            MEMBER_DETAIL,
            json!({"id": 1, "pageSize": 0}),
            "pageSize",
        ),
        case("missing field", AD_TARGETS, json!({}), "kind"),
        case("missing field", INQUIRY_DETAIL, json!({}), "id"),
        case("missing field", OPP_DETAIL, json!({}), "id"),
        case("missing field", BELT_DETAIL, json!({}), "id"),
        case("missing field", SHOP_IMPACT, json!({}), "id"),
        case("missing field", PRODUCT_DETAIL, json!({}), "id"),
        case("missing field", QRY_MENU_TREE, json!({}), "roleId"),
        // ---- extra fields beside a bad one: the bad one is named, not the extra ---------------
        case(
            "extra field",
            DICT_DELETE,
            json!({"id": "x", "__proto__": {"admin": true}, "constructor": 1}),
            "id",
        ),
        case(
            "extra field",
            SAVE_ROLE,
            json!({"isAdmin": true, "permissions": "*"}),
            "name",
        ),
        case(
            "extra field",
            USER_CREATE,
            with(
                with(user_create(), "nickname", json!("")),
                "passwordHash",
                json!("$argon2id$..."),
            ),
            "nickname",
        ),
        // ---- numbers out of range -----------------------------------------------------------
        case("out of range", SHOP_LIST, json!({"level": 6}), "level"),
        case("out of range", SHOP_LIST, json!({"level": -1}), "level"),
        case("out of range", SHOP_STATS, json!({"days": 8}), "days"),
        case("out of range", SHOP_STATS, json!({"days": -7}), "days"),
        case(
            "out of range",
            SLOT_SAVE,
            with(ad_slot_save(), "width", json!(-1)),
            "width",
        ),
        case(
            "out of range",
            SLOT_SAVE,
            with(ad_slot_save(), "height", json!(1_000_000)),
            "height",
        ),
        case(
            "out of range",
            SLOT_SAVE,
            with(ad_slot_save(), "maxAds", json!(0)),
            "maxAds",
        ),
        case(
            "out of range",
            SLOT_SAVE,
            with(ad_slot_save(), "maxAds", json!(i64::MAX)),
            "maxAds",
        ),
        case(
            "out of range",
            SAVE_MENU,
            with(menu_save(), "visible", json!(5)),
            "visible",
        ),
        case(
            "out of range",
            CATEGORY_SAVE,
            with(category_save(), "visible", json!(2)),
            "visible",
        ),
        case(
            "out of range",
            PRODUCT_LIST,
            json!({"priceMin": -1}),
            "priceMin",
        ),
        case(
            "out of range",
            PRODUCT_LIST,
            json!({"priceMin": 500, "priceMax": 100}),
            "priceMin",
        ),
        case(
            "out of range",
            AD_SAVE,
            with(ad_save(), "endAt", json!(START_MS)),
            "endAt",
        ),
        case(
            "out of range",
            ACTIVITY_SAVE,
            with(activity_save(), "endAt", json!(START_MS - 1)),
            "endAt",
        ),
        case(
            "out of range",
            RECOMMEND_SAVE,
            with(recommend_save(), "endAt", json!(START_MS)),
            "endAt",
        ),
        case(
            "out of range",
            PRODUCT_SET_STATUS,
            json!({"ids": (1..=101).collect::<Vec<i64>>(), "status": "offSale"}),
            "ids",
        ),
        case(
            "out of range",
            ACTIVITY_ITEMS,
            json!({"id": 7, "version": 1, "items": (1..=101).map(|i| json!({"kind": "product", "targetId": i})).collect::<Vec<_>>()}),
            "items",
        ),
        case(
            "out of range",
            DICT_DELETE,
            json!({"id": "9223372036854775808"}),
            "id",
        ),
        case("out of range", DICT_DELETE, json!({"id": -9.3e18}), "id"),
        case(
            "out of range",
            USER_UPDATE,
            json!({"id": 1, "version": 1e20}),
            "version",
        ),
        // ---- 100 KB strings -----------------------------------------------------------------
        case(
            "100 KB string",
            USER_CREATE,
            with(user_create(), "nickname", json!(b)),
            "nickname",
        ),
        case(
            "100 KB string",
            USER_CREATE,
            with(user_create(), "username", json!(b)),
            "username",
        ),
        case(
            "100 KB string",
            USER_CREATE,
            with(user_create(), "password", json!(format!("Aa1@{b}"))),
            "password",
        ),
        case("100 KB string", SAVE_ROLE, json!({"name": b}), "name"),
        case(
            "100 KB string",
            SAVE_ROLE,
            json!({"name": "角色", "remark": b}),
            "remark",
        ),
        case(
            "100 KB string",
            DICT_SAVE,
            with(dict_save(), "label", json!(b)),
            "label",
        ),
        case(
            "100 KB string",
            DICT_SAVE,
            with(dict_save(), "remark", json!(b)),
            "remark",
        ),
        case(
            "100 KB string",
            CATEGORY_SAVE,
            with(category_save(), "name", json!(b)),
            "name",
        ),
        case(
            "100 KB string",
            SLOT_SAVE,
            with(ad_slot_save(), "name", json!(b)),
            "name",
        ),
        case(
            "100 KB string",
            SLOT_SAVE,
            with(ad_slot_save(), "code", json!("x".repeat(100 * 1024))),
            "code",
        ),
        case(
            "100 KB string",
            AD_SAVE,
            with(ad_save(), "title", json!(b)),
            "title",
        ),
        case(
            "100 KB string",
            AD_SAVE,
            with(
                ad_save(),
                "linkTarget",
                json!(format!("https://a.example/{}", "x".repeat(100 * 1024))),
            ),
            "linkTarget",
        ),
        case(
            "100 KB string",
            ACTIVITY_SAVE,
            with(activity_save(), "description", json!(b)),
            "description",
        ),
        case(
            "100 KB string",
            ENTRY_SAVE,
            with(entry_save(), "name", json!(b)),
            "name",
        ),
        case(
            "100 KB string",
            RECOMMEND_SAVE,
            with(recommend_save(), "reason", json!(b)),
            "reason",
        ),
        case(
            "100 KB string",
            BELT_SAVE,
            with(belt_save(), "description", json!(b)),
            "description",
        ),
        case(
            "100 KB string",
            OPP_REPLY,
            json!({"id": 1, "content": b}),
            "content",
        ),
        case(
            "100 KB string",
            SHOP_SET_STATUS,
            json!({"id": 2, "version": 1, "status": "frozen", "reasonCode": "other", "reason": b}),
            "reason",
        ),
        case(
            "100 KB string",
            SHOP_SET_STATUS,
            json!({"id": 2, "version": 1, "status": b}),
            "status",
        ),
        case(
            "100 KB string",
            MEMBER_SET_STATUS,
            json!({"id": 1, "version": 1, "status": "banned", "reasonCode": b}),
            "reasonCode",
        ),
        case(
            "100 KB string",
            CHANGE_PASSWORD,
            json!({"oldPassword": "Admin@123", "newPassword": format!("Aa1@{b}")}),
            "newPassword",
        ),
        case(
            "100 KB string",
            PROFILE,
            with(profile(), "nickname", json!(b)),
            "nickname",
        ),
        case(
            "100 KB string",
            PROFILE,
            with(profile(), "avatar", json!(b)),
            "avatar",
        ),
        case(
            "100 KB string",
            UPLOAD,
            json!({"name": "a.png", "content": b}),
            "content",
        ),
        // ---- NUL and control characters -----------------------------------------------------
        case(
            "control char",
            USER_CREATE,
            with(user_create(), "nickname", json!("张\u{0}三")),
            "nickname",
        ),
        case(
            "control char",
            PROFILE,
            with(profile(), "nickname", json!("运营\u{0}小王")),
            "nickname",
        ),
        case(
            "control char",
            USER_CREATE,
            with(user_create(), "username", json!("zhang\u{0}san")),
            "username",
        ),
        case(
            "control char",
            DICT_SAVE,
            with(dict_save(), "label", json!("\u{1b}[31m离岸价")),
            "label",
        ),
        case(
            "control char",
            CATEGORY_SAVE,
            with(category_save(), "name", json!("类目\u{7}")),
            "name",
        ),
        case(
            "control char",
            BELT_SAVE,
            with(belt_save(), "name", json!("产业带\u{0}")),
            "name",
        ),
        case(
            "control char",
            ENTRY_SAVE,
            with(entry_save(), "name", json!("入\r口")),
            "name",
        ),
        case(
            "control char",
            AD_SAVE,
            with(ad_save(), "title", json!("广告\u{8}\u{8}")),
            "title",
        ),
        case(
            "control char",
            SAVE_ROLE,
            json!({"name": "角色\u{0}"}),
            "name",
        ),
        case(
            "control char",
            SAVE_MENU,
            with(menu_save(), "alias", json!("菜单\u{0}")),
            "alias",
        ),
        case(
            "control char",
            SLOT_SAVE,
            with(ad_slot_save(), "name", json!("广告位\u{1f}")),
            "name",
        ),
        case(
            "control char",
            OPP_REPLY,
            json!({"id": 1, "content": "回复\u{0}"}),
            "content",
        ),
        // U+0085 is white space to `trim` as well as a C1 control: inside the text it is refused.
        case(
            "control char",
            RECOMMEND_SAVE,
            with(recommend_save(), "reason", json!("推\u{85}荐")),
            "reason",
        ),
        // ---- unpaired surrogates (JSON escapes no UTF-8 can hold) -----------------------------
        text_case(
            "unpaired surrogate",
            USER_CREATE,
            r#"{"username":"zhangsan","nickname":"\ud800","password":"Zhang@2026","roleIds":[1]}"#,
            "nickname",
        ),
        text_case(
            "unpaired surrogate",
            DICT_SAVE,
            r#"{"type":"trade_term","key":"fob","label":"\udfff","value":"FOB"}"#,
            "label",
        ),
        text_case(
            "unpaired surrogate",
            CATEGORY_SAVE,
            r#"{"name":"类目\ud83d","visible":1}"#,
            "name",
        ),
        text_case(
            "unpaired surrogate",
            BELT_SAVE,
            r#"{"name":"\ude00产业带","province":"浙江","city":"湖州"}"#,
            "name",
        ),
        text_case(
            "unpaired surrogate",
            SAVE_ROLE,
            r#"{"name":"\ud800\ud800"}"#,
            "name",
        ),
        text_case(
            "unpaired surrogate",
            LOGIN,
            r#"{"username":"adm\udc00in","password":"x"}"#,
            "username",
        ),
        text_case(
            "unpaired surrogate",
            PROFILE,
            r#"{"nickname":"小王\ud800","avatar":""}"#,
            "nickname",
        ),
        text_case(
            "unpaired surrogate",
            SHOP_LIST,
            r#"{"name":"\ud800"}"#,
            "name",
        ),
        text_case(
            "unpaired surrogate",
            SHOP_LIST,
            r#"{"province":"\udc00浙江"}"#,
            "province",
        ),
        text_case(
            "unpaired surrogate",
            INVITERS,
            r#"{"kind":"member","keyword":"\ud800"}"#,
            "keyword",
        ),
        // ---- right-to-left overrides and isolates -------------------------------------------
        case(
            "bidi override",
            USER_CREATE,
            with(user_create(), "nickname", json!("张三\u{202e}gnp.exe")),
            "nickname",
        ),
        case(
            "bidi override",
            DICT_SAVE,
            with(dict_save(), "label", json!("\u{202d}离岸价")),
            "label",
        ),
        case(
            "bidi override",
            CATEGORY_SAVE,
            with(category_save(), "name", json!("类目\u{2067}")),
            "name",
        ),
        case(
            "bidi override",
            AD_SAVE,
            with(ad_save(), "title", json!("广告\u{202b}")),
            "title",
        ),
        case(
            "bidi override",
            BELT_SAVE,
            with(belt_save(), "name", json!("\u{2066}产业带\u{2069}")),
            "name",
        ),
        case(
            "bidi override",
            ENTRY_SAVE,
            with(entry_save(), "name", json!("入口\u{202e}")),
            "name",
        ),
        case(
            "bidi override",
            PROFILE,
            with(profile(), "nickname", json!("小王\u{202e}gnp.exe")),
            "nickname",
        ),
        // ---- SQL and HTML metacharacters where the field has a shape -------------------------
        case(
            "metacharacters",
            USER_CREATE,
            with(user_create(), "username", json!("admin'--")),
            "username",
        ),
        case(
            "metacharacters",
            USER_CREATE,
            with(user_create(), "username", json!("<script>")),
            "username",
        ),
        case(
            "metacharacters",
            SLOT_SAVE,
            with(ad_slot_save(), "code", json!("x'; DROP TABLE ad;--")),
            "code",
        ),
        case(
            "metacharacters",
            ENTRY_SAVE,
            with(entry_save(), "link", json!("javascript:alert(1)")),
            "link",
        ),
        case(
            "metacharacters",
            ENTRY_SAVE,
            with(entry_save(), "icon", json!("<img src=x onerror=alert(1)>")),
            "icon",
        ),
        case(
            "metacharacters",
            AD_SAVE,
            with(
                ad_save(),
                "linkTarget",
                json!("javascript:alert(document.cookie)"),
            ),
            "linkTarget",
        ),
        case(
            "metacharacters",
            SAVE_MENU,
            with(menu_save(), "name", json!("x\" onmouseover=\"alert(1)")),
            "name",
        ),
        case(
            "metacharacters",
            SAVE_MENU,
            with(menu_save(), "name", json!("https://evil.example/")),
            "name",
        ),
        case(
            "metacharacters",
            SHOP_LIST,
            json!({"sortField": "name; DROP TABLE shop"}),
            "sortField",
        ),
        case(
            "metacharacters",
            SHOP_LIST,
            json!({"sortField": "id", "sortOrder": "desc; DELETE FROM shop"}),
            "sortOrder",
        ),
        case(
            "metacharacters",
            SHOP_SET_STATUS,
            json!({"id": 2, "version": 1, "status": "frozen' OR '1'='1"}),
            "status",
        ),
        // The phone filter takes digits only: SQL is refused before anything is searched.
        case(
            "metacharacters",
            MEMBER_LIST,
            json!({"phone": "' OR ''='"}),
            "phone",
        ),
        // ---- path traversal in file keys ----------------------------------------------------
        case(
            "path traversal",
            AD_SAVE,
            with(ad_save(), "image", json!("../../etc/passwd")),
            "image",
        ),
        case(
            "path traversal",
            PROFILE,
            with(profile(), "avatar", json!("../../etc/passwd")),
            "avatar",
        ),
        case(
            "path traversal",
            PROFILE,
            with(profile(), "avatar", json!(format!("../{}", seed_key()))),
            "avatar",
        ),
        case(
            "path traversal",
            AD_SAVE,
            with(ad_save(), "image", json!(format!("../{}", seed_key()))),
            "image",
        ),
        case(
            "path traversal",
            AD_SAVE,
            with(ad_save(), "image", json!("%2e%2e%2f%2e%2e%2fsecret.png")),
            "image",
        ),
        case(
            "path traversal",
            AD_SAVE,
            with(ad_save(), "image", json!("C:\\Windows\\win.ini")),
            "image",
        ),
        case(
            "path traversal",
            AD_SAVE,
            with(ad_save(), "image", json!(format!("/files/{}", seed_key()))),
            "image",
        ),
        case(
            "path traversal",
            ACTIVITY_SAVE,
            with(activity_save(), "banner", json!("../secret.png")),
            "banner",
        ),
        case(
            "path traversal",
            ACTIVITY_SAVE,
            with(
                activity_save(),
                "banner",
                json!(format!("{}/../../x.png", seed_key())),
            ),
            "banner",
        ),
        case(
            "path traversal",
            ACTIVITY_SAVE,
            with(activity_save(), "banner", json!("/etc/passwd")),
            "banner",
        ),
        case(
            "path traversal",
            ACTIVITY_SAVE,
            with(
                activity_save(),
                "banner",
                json!(format!("{}\u{0}.png", seed_key())),
            ),
            "banner",
        ),
        case(
            "path traversal",
            HISTORY,
            json!({"entity": "../shop", "id": 1}),
            "entity",
        ),
        case(
            "path traversal",
            HISTORY,
            json!({"entity": "shop; DROP TABLE shop", "id": 1}),
            "entity",
        ),
        case(
            "path traversal",
            SAVE_MENU,
            with(menu_save(), "name", json!("../../system/user")),
            "name",
        ),
        // ---- images that lie about their type -----------------------------------------------
        case("lying image", UPLOAD, up("a.png", &exe), "content"),
        case("lying image", UPLOAD, up("a.png", &text), "content"),
        case("lying image", UPLOAD, up("a.png", &html), "content"),
        case("lying image", UPLOAD, up("a.svg", &svg), "content"),
        case("lying image", UPLOAD, up("a.jpg", &pdf), "content"),
        case("lying image", UPLOAD, up("a.gif", &zip), "content"),
        case("lying image", UPLOAD, up("a.png", &lying_png), "content"),
        case("lying image", UPLOAD, up("a.png", b""), "content"),
        case(
            "lying image",
            UPLOAD,
            json!({"name": "a.png", "content": format!("data:image/png;base64,{}", STANDARD.encode(&png))}),
            "content",
        ),
        case(
            "lying image",
            UPLOAD,
            json!({"name": "a.png", "content": "!!!not base64!!!"}),
            "content",
        ),
        case(
            "lying image",
            UPLOAD,
            json!({"name": "../../a.png", "content": STANDARD.encode(&exe)}),
            "content",
        ),
    ];
    all.extend(deletes);
    all
}

/// Generated from the catalogue: every paged list × hostile paging and sorting.
fn paging_cases() -> Vec<Case> {
    let lists: Vec<&'static str> = catalogue()
        // `Page<…>` or a page with totals beside it (`ShopPage`).
        .filter(|op| op.answer.contains("Page"))
        .map(|op| op.api)
        .collect();
    assert!(lists.len() >= 15, "the paged lists: {lists:?}");
    let mut out = Vec::new();
    for list in lists {
        for (data, field) in [
            (json!({"page": 0}), "page"),
            (json!({"page": -1}), "page"),
            (json!({"page": 1e20}), "page"),
            (json!({"page": "99999999999999999999"}), "page"),
            (json!({"pageSize": 0}), "pageSize"),
            (json!({"pageSize": -20}), "pageSize"),
            (json!({"pageSize": 1_000_000}), "pageSize"),
            (json!({"sortField": "1; DROP TABLE audit_log"}), "sortField"),
            (json!({"sortOrder": "sideways"}), "sortOrder"),
        ] {
            out.push(case("paging", list, data, field));
        }
    }
    out
}

/// The labels the core's rule tables give each wire name (a message may name either).
fn labels() -> BTreeMap<&'static str, HashSet<&'static str>> {
    let mut out: BTreeMap<&'static str, HashSet<&'static str>> = BTreeMap::new();
    for form in Form::ALL {
        for field in form.table().fields {
            out.entry(field.name).or_default().insert(field.label);
        }
    }
    // Fields outside the forms whose messages say what they are in words.
    out.entry("content").or_default().insert("图片");
    out
}

/// Fields whose messages name them by what they hold, on one operation.
const LABELS_OF_OP: &[(&str, &str, &str)] = &[
    (PRODUCT_SET_STATUS, "ids", "商品"),
    (ACTIVITY_ITEMS, "items", "商品或店铺"),
];

fn method_of(api: &str) -> Method {
    catalogue()
        .find(|op| op.api == api)
        .unwrap_or_else(|| panic!("{api} is not catalogued"))
        .method
}

/// Sends `data` as the `data` parameter, exactly.
async fn send_text(gw: &Gw, api: &str, mat: &str, data: &str) -> Raw {
    let enc = |s: &str| -> String {
        s.bytes()
            .map(|b| match b {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                    (b as char).to_string()
                }
                _ => format!("%{b:02X}"),
            })
            .collect()
    };
    let fields = format!(
        "v=1.0&did=0&sign=x&ttid=0.1.0_admin%40pc&mat={}&data={}",
        enc(mat),
        enc(data)
    );
    let request = match method_of(api) {
        Method::Get => Request::builder()
            .method(HttpMethod::GET)
            .uri(format!("/m?api={api}&ts=1&{fields}"))
            .body(Body::empty()),
        Method::Post => Request::builder()
            .method(HttpMethod::POST)
            .uri(format!("/m?api={api}&ts=1"))
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Body::from(fields)),
    }
    .expect("request");
    gw.send(request).await
}

fn chinese(s: &str) -> bool {
    s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

/// Checks one refused answer; the problems found.
fn judge(c: &Case, raw: &Raw, labels: &BTreeMap<&str, HashSet<&str>>) -> Vec<String> {
    let mut problems = Vec::new();
    if raw.status != StatusCode::OK {
        problems.push(format!("HTTP {}", raw.status));
        return problems;
    }
    let env = raw.env();
    if env.success || env.code != c.code {
        problems.push(format!(
            "code {} ({}), expected {}",
            env.code, env.msg, c.code
        ));
    }
    if env.fields().first().map(String::as_str) != Some(c.field) {
        problems.push(format!(
            "data.fields {:?}, expected {} first ({})",
            env.fields(),
            c.field,
            env.msg
        ));
    }
    let named = env.msg.contains(c.field)
        || labels
            .get(c.field)
            .is_some_and(|ls| ls.iter().any(|l| env.msg.contains(l)))
        || LABELS_OF_OP
            .iter()
            .any(|(a, f, l)| *a == c.api && *f == c.field && env.msg.contains(l));
    if !named {
        problems.push(format!("msg {:?} does not name {}", env.msg, c.field));
    }
    if !chinese(&env.msg) {
        problems.push(format!("msg {:?} is not Chinese", env.msg));
    }
    for serde_word in [
        "invalid type",
        "expected",
        "floating point",
        "invalid value",
        "unknown variant",
    ] {
        if env.msg.contains(serde_word) {
            problems.push(format!("msg {:?} carries serde's English", env.msg));
        }
    }
    if env.msg.len() > 300 {
        problems.push(format!("msg echoes the input ({} bytes)", env.msg.len()));
    }
    problems
}

#[tokio::test]
async fn hostile_inputs_are_refused_naming_the_field_and_change_nothing() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let labels = labels();
    let mut all = cases();
    all.extend(paging_cases());
    // The database is compared after every case whose call wrote anything (SQLite's change
    // counter moved), and in full (every table's rows and the image folder) after each category.
    let mut last = db_snapshot(&gw);
    let mut writes = write_count(&gw);
    let mut snapshots = 1;
    let mut failures = Vec::new();
    let mut by_category: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, c) in all.iter().enumerate() {
        let raw = match &c.data {
            Data::Json(v) => send_text(&gw, c.api, &admin, &v.to_string()).await,
            Data::Text(t) => send_text(&gw, c.api, &admin, t).await,
        };
        let mut problems = judge(c, &raw, &labels);
        let now_writes = write_count(&gw);
        let batch_end = all
            .get(i + 1)
            .is_none_or(|next| next.category != c.category);
        if now_writes != writes || batch_end {
            let after = db_snapshot(&gw);
            snapshots += 1;
            let changed = last.diff(&after);
            if !changed.is_empty() {
                problems.push(format!("the database changed: {changed:?}"));
            }
            last = after;
            writes = now_writes;
        }
        if problems.is_empty() {
            *by_category.entry(c.category).or_default() += 1;
        } else {
            let shown = match &c.data {
                Data::Json(v) => v.to_string(),
                Data::Text(t) => t.clone(),
            };
            let shown: String = shown.chars().take(120).collect();
            failures.push(format!(
                "[{}] {} {shown}: {}",
                c.category,
                c.api,
                problems.join("; ")
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} hostile inputs were not refused cleanly:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
    let n: usize = by_category.values().sum();
    assert!(n >= 150, "only {n} hostile inputs");
    let per: Vec<String> = by_category
        .iter()
        .map(|(c, n)| format!("{c} {n}"))
        .collect();
    eprintln!("hostile inputs: {n}, all refused with a named field, database unchanged");
    eprintln!("  by category: {}", per.join(", "));
    eprintln!(
        "  database compared in full {snapshots} times (every table's rows and checksum, the image folder)"
    );
}

/// One hostile request at the HTTP edge: signed URLs and bodies, answered by status.
struct Edge {
    category: &'static str,
    what: String,
    request: Request<Body>,
    status: StatusCode,
}

fn get(uri: &str) -> Request<Body> {
    Request::builder()
        .method(HttpMethod::GET)
        .uri(uri)
        .body(Body::empty())
        .expect("request")
}

fn post_form(uri: &str, body: Vec<u8>) -> Request<Body> {
    Request::builder()
        .method(HttpMethod::POST)
        .uri(uri)
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header(header::CONTENT_LENGTH, body.len())
        .body(Body::from(body))
        .expect("request")
}

fn edges(gw: &Gw, admin: &str) -> Vec<Edge> {
    let secret = &gw.state.file_secret;
    let key = seed_key();
    let other = SEED_PRODUCT_IMAGES[1];
    let good = signed_url(&gw.state, key);
    let (_, query) = good.split_once('?').expect("a query");
    let exp: i64 = query
        .strip_prefix("exp=")
        .and_then(|q| q.split_once('&'))
        .and_then(|(e, _)| e.parse().ok())
        .expect("exp");
    let sig = sign(secret, key, exp);
    let now = gw.clock_s();
    let mut flipped = sig.clone();
    let last = if flipped.ends_with('A') { 'B' } else { 'A' };
    flipped.pop();
    flipped.push(last);
    let signed = |k: &str| format!("/files/{k}?exp={exp}&sig={}", sign(secret, k, exp));
    let forbidden = StatusCode::FORBIDDEN;
    let mut out: Vec<Edge> = [
        // Path traversal in the key, each signed with the gateway's own secret: only the key's
        // shape stops it.
        ("/files/../../etc/passwd".to_owned(), forbidden),
        (signed("../../etc/passwd"), forbidden),
        (signed("..%2F..%2Fetc%2Fpasswd"), forbidden),
        (signed("%2e%2e%2f%2e%2e%2fsecret.png"), forbidden),
        (signed(&format!("{key}/../{other}")), forbidden),
        (signed(&format!("..%5C{key}")), forbidden),
        (signed(&format!("{key}%00.png")), forbidden),
        (signed(&key.to_uppercase()), forbidden),
        (signed("/etc/passwd"), forbidden),
    ]
    .into_iter()
    .map(|(uri, status)| Edge {
        category: "signed URL: traversal",
        what: uri.clone(),
        request: get(&uri),
        status,
    })
    .collect();
    let forged: Vec<(String, StatusCode)> = vec![
        (
            format!("/files/{key}?exp={exp}&sig={}", sign(secret, other, exp)),
            forbidden,
        ),
        (
            format!("/files/{key}?exp={exp}&sig={}", "A".repeat(43)),
            forbidden,
        ),
        (format!("/files/{key}?exp={exp}&sig="), forbidden),
        (format!("/files/{key}?exp={exp}"), forbidden),
        (format!("/files/{key}?exp={exp}&sig={flipped}"), forbidden),
        (
            format!("/files/{key}?exp={exp}&sig={sig}&sig={sig}"),
            forbidden,
        ),
        (
            format!("/files/{key}?exp={}&sig={sig}", exp + 60),
            forbidden,
        ),
        (
            format!(
                "/files/{key}?exp={}&sig={}",
                now - 1,
                sign(secret, key, now - 1)
            ),
            forbidden,
        ),
        (
            format!(
                "/files/{key}?exp={}&sig={}",
                now + 86_400,
                sign(secret, key, now + 86_400)
            ),
            forbidden,
        ),
        (
            format!("/files/{key}?exp=-1&sig={}", sign(secret, key, -1)),
            forbidden,
        ),
        (
            format!("/files/{key}?exp=99999999999999999999&sig={sig}"),
            forbidden,
        ),
        (format!("/files/{key}?exp=tomorrow&sig={sig}"), forbidden),
        (
            format!("/files/{key}?exp={exp}&sig={sig}&admin=1"),
            forbidden,
        ),
    ];
    // The signature in the standard base64 alphabet: the same text when the URL-safe one has no
    // `-` or `_` (a quarter of the secrets), which is the genuine URL, so only when it differs.
    let standard = sig.replace('-', "+").replace('_', "/");
    let mut forged = forged;
    if standard != sig {
        forged.push((format!("/files/{key}?exp={exp}&sig={standard}"), forbidden));
    }
    out.extend(forged.into_iter().map(|(uri, status)| Edge {
        category: "signed URL: forged",
        what: uri.clone(),
        request: get(&uri),
        status,
    }));
    // Bodies over the 4 MiB limit.
    let over = |what: &str, uri: &str, body: Vec<u8>| Edge {
        category: "body over the limit",
        what: what.to_owned(),
        request: post_form(uri, body),
        status: StatusCode::PAYLOAD_TOO_LARGE,
    };
    out.push(over(
        "login, 4 MiB + 1 of data",
        "/m?api=mtop.admin.user.login",
        format!("data={}", "x".repeat(BODY_LIMIT + 1)).into_bytes(),
    ));
    // A sign-in is refused past 16 KiB, before its body is read in full, let alone parsed.
    out.push(over(
        "login, 16 KiB + 1 of data",
        "/m?api=mtop.admin.user.login",
        format!("data={}", "x".repeat(SIGN_IN_BODY_LIMIT + 1)).into_bytes(),
    ));
    out.push(over(
        "an upload of 5 MB",
        "/api?api=mtop.admin.file.upload",
        format!(
            "mat={admin}&data=%7B%22name%22%3A%22a.png%22%2C%22content%22%3A%22{}%22%7D",
            "A".repeat(5 * 1024 * 1024)
        )
        .into_bytes(),
    ));
    out.push(over(
        "a dictionary entry with a 6 MB label",
        "/m?api=mtop.admin.dict.save",
        format!("mat={admin}&data={}", "%E9%95%BF".repeat(2 * 1024 * 1024)).into_bytes(),
    ));
    out
}

#[tokio::test]
async fn hostile_requests_at_the_http_edge_answer_their_status_and_change_nothing() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let stored = std::fs::read(gw.state.files.path().join(seed_key())).expect("a seed picture");
    let before = db_snapshot(&gw);
    let mut failures = Vec::new();
    let mut by_category: BTreeMap<&str, usize> = BTreeMap::new();
    let mut by_status: BTreeMap<u16, usize> = BTreeMap::new();
    let all = edges(&gw, &admin);
    let n = all.len();
    for e in all {
        let raw = gw.send(e.request).await;
        let mut problems = Vec::new();
        if raw.status != e.status {
            problems.push(format!("HTTP {}, expected {}", raw.status, e.status));
        }
        if raw.status != StatusCode::PAYLOAD_TOO_LARGE && !raw.body.is_empty() {
            problems.push(format!("a body of {} bytes", raw.body.len()));
        }
        if raw.body.as_ref() == stored.as_slice() {
            problems.push("the file was served".to_owned());
        }
        if problems.is_empty() {
            *by_category.entry(e.category).or_default() += 1;
            *by_status.entry(raw.status.as_u16()).or_default() += 1;
        } else {
            let what: String = e.what.chars().take(120).collect();
            failures.push(format!("[{}] {what}: {}", e.category, problems.join("; ")));
        }
    }
    let changed = before.diff(&db_snapshot(&gw));
    assert!(changed.is_empty(), "the database changed: {changed:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The genuine URL still serves the picture: the refusals above are not the route being down.
    let ok = gw.get_path(&signed_url(&gw.state, seed_key()), None).await;
    assert_eq!(ok.status, StatusCode::OK);
    assert_eq!(ok.body.as_ref(), stored.as_slice());
    let per: Vec<String> = by_category
        .iter()
        .map(|(c, n)| format!("{c} {n}"))
        .collect();
    let statuses: Vec<String> = by_status
        .iter()
        .map(|(s, n)| format!("{n} × {s}"))
        .collect();
    eprintln!(
        "hostile requests at the HTTP edge: {n}, answered {} with nothing served, database unchanged ({})",
        statuses.join(", "),
        per.join(", ")
    );
}

/// Valid text full of SQL and HTML metacharacters, direction marks, extra fields, an image named
/// for another type, a page past the end: stored and searched literally, never executed.
#[tokio::test]
async fn metacharacters_and_oddities_are_stored_and_searched_literally() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let mut checked = 0usize;
    let count = |gw: &Gw, table: &str| -> i64 {
        gw.state
            .store
            .read(|c| Ok(c.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))?))
            .expect("count")
    };
    let shops = count(&gw, "shop");
    let users = count(&gw, "sys_user");

    // Stored literally, read back unchanged.
    let label = "<script>alert(document.cookie)</script>";
    let value = "'; DROP TABLE sys_dict; --";
    let remark = "\" OR 1=1 -- & <b>粗体</b>";
    gw.post(
        DICT_SAVE,
        &admin,
        json!({"type": "trade_term", "key": "fob", "label": label, "value": value, "remark": remark}),
    )
    .await
    .ok();
    let listed = gw
        .get(
            "mtop.admin.dict.list",
            &admin,
            json!({"type": "trade_term"}),
        )
        .await
        .ok();
    let row = &listed["list"][0];
    assert_eq!(
        (
            row["label"].as_str(),
            row["value"].as_str(),
            row["remark"].as_str()
        ),
        (Some(label), Some(value), Some(remark))
    );
    checked += 3;
    for name in [
        "Robert'); DROP TABLE shop;--",
        "\"><img src=x onerror=alert(1)>",
        "ئادنۇر\u{200f}产业带",
    ] {
        gw.post(
            BELT_SAVE,
            &admin,
            json!({"name": name, "province": "浙江", "city": "湖州"}),
        )
        .await
        .ok();
        let found = gw
            .get("mtop.admin.belt.list", &admin, json!({"name": name}))
            .await
            .ok();
        assert_eq!(found["total"], 1, "{name}");
        assert_eq!(found["list"][0]["name"].as_str(), Some(name));
        checked += 1;
    }
    let content = "<a href=\"javascript:alert(1)\">点我</a> & ' --";
    let approved: i64 = gw
        .state
        .store
        .read(|c| {
            Ok(c.query_row(
                "SELECT id FROM opportunity WHERE state = 'approved' LIMIT 1",
                [],
                |r| r.get(0),
            )?)
        })
        .expect("an approved opportunity");
    let detail = gw
        .post(
            OPP_REPLY,
            &admin,
            json!({"id": approved, "content": content}),
        )
        .await
        .ok();
    let replies = detail["replies"].as_array().expect("replies");
    assert_eq!(
        replies.last().and_then(|r| r["content"].as_str()),
        Some(content)
    );
    checked += 1;

    // Searched literally: wildcards and quotes match only themselves.
    for (api, data) in [
        (SHOP_LIST, json!({"name": "%"})),
        (SHOP_LIST, json!({"name": "_"})),
        (SHOP_LIST, json!({"name": "' OR '1'='1"})),
        (SHOP_LIST, json!({"province": "' OR '1'='1"})),
        (INVITATION_LIST, json!({"code": "%"})),
        (PRODUCT_LIST, json!({"title": "%' --"})),
        (MEMBER_LIST, json!({"nickname": "\\%"})),
        ("mtop.admin.user.list", json!({"username": "' OR ''='"})),
    ] {
        let page = gw.get(api, &admin, data.clone()).await.ok();
        assert_eq!(page["total"], 0, "{api} {data}");
        checked += 1;
    }
    assert_eq!(count(&gw, "shop"), shops, "no shop was dropped");

    // Extra fields are ignored: they write nothing of their own.
    let operator = gw
        .get(
            "mtop.admin.user.list",
            &admin,
            json!({"username": "operator"}),
        )
        .await
        .ok();
    let op = &operator["list"][0];
    gw.post(
        USER_UPDATE,
        &admin,
        json!({"id": op["id"], "version": op["version"], "nickname": "运营小王",
               "username": "root", "passwordHash": "$argon2id$x", "createdAt": 0,
               "roleIds": op["roleIds"], "isAdmin": true}),
    )
    .await
    .ok();
    let after = gw
        .get(
            "mtop.admin.user.list",
            &admin,
            json!({"username": "operator"}),
        )
        .await
        .ok();
    assert_eq!(after["list"][0]["username"], "operator");
    assert_eq!(after["list"][0]["createdAt"], op["createdAt"]);
    gw.operator().await; // the password still works
    assert_eq!(count(&gw, "sys_user"), users);
    checked += 1;

    // An image named for another type is stored as what its bytes are.
    let gif = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/gateway/fixtures/python.gif"
    ))
    .expect("gif");
    let up = gw
        .post(
            UPLOAD,
            &admin,
            json!({"name": "photo.png", "content": STANDARD.encode(&gif)}),
        )
        .await
        .ok();
    assert!(
        up["key"].as_str().is_some_and(|k| k.ends_with(".gif")),
        "{up}"
    );
    let served = gw.get_path(up["url"].as_str().expect("url"), None).await;
    assert_eq!(served.header("content-type").as_deref(), Some("image/gif"));
    assert_eq!(
        served.header("x-content-type-options").as_deref(),
        Some("nosniff")
    );
    checked += 1;

    // A page past the end is an empty page, not a fault.
    let before = db_snapshot(&gw);
    for list in ["mtop.admin.user.list", SHOP_LIST, PRODUCT_LIST] {
        let page = gw
            .get(
                list,
                &admin,
                json!({"page": 1_000_000_000_000i64, "pageSize": 100}),
            )
            .await
            .ok();
        assert_eq!(page["list"], json!([]), "{list}");
        checked += 1;
    }
    assert!(before.diff(&db_snapshot(&gw)).is_empty());
    eprintln!(
        "valid oddities: {checked} (SQL and HTML metacharacters, a right-to-left mark, extra fields, a GIF named .png, a page past the end) stored or searched literally and read back unchanged"
    );
}
