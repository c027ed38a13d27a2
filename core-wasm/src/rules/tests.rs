use super::*;
use serde_json::json;

fn values(v: serde_json::Value) -> Values {
    serde_json::from_value(v).unwrap_or_default()
}

fn errors(form: Form, v: serde_json::Value) -> Vec<(String, String)> {
    validate(form, &values(v))
        .into_iter()
        .map(|e| (e.field, e.message))
        .collect()
}

fn fields(form: Form, v: serde_json::Value) -> Vec<String> {
    errors(form, v).into_iter().map(|(f, _)| f).collect()
}

#[test]
fn a_valid_dictionary_entry_passes_and_each_rule_names_its_field() {
    let ok =
        json!({"type": "shop_level", "key": "level_3", "label": "三级", "value": "3", "sort": 3});
    assert!(errors(Form::Dict, ok).is_empty());
    assert_eq!(
        errors(Form::Dict, json!({})),
        [
            ("type".to_owned(), "请输入字典类型".to_owned()),
            ("key".to_owned(), "请输入键".to_owned()),
            ("label".to_owned(), "请输入标签".to_owned()),
            ("value".to_owned(), "请输入值".to_owned()),
        ]
    );
    let bad = json!({"type": "1x", "key": "k k", "label": "a\u{7}", "value": "v".repeat(201),
        "sort": 100_000, "remark": "r".repeat(201), "status": "gone"});
    assert_eq!(
        fields(Form::Dict, bad),
        ["type", "key", "label", "value", "sort", "remark", "status"]
    );
}

#[test]
fn messages_are_chinese_and_name_the_field() {
    let all = errors(
        Form::Dict,
        json!({"type": 5, "key": [], "label": {}, "value": true, "sort": 1.5, "status": 3}),
    );
    let labels = ["字典类型", "键", "标签", "值", "排序", "状态"];
    assert_eq!(all.len(), labels.len(), "{all:?}");
    for ((_, message), label) in all.iter().zip(labels) {
        assert!(message.contains(label), "{message} should name {label}");
        assert!(!message.contains("invalid"), "{message}");
    }
}

#[test]
fn the_password_policy_and_its_cross_rules() {
    let create = |password: &str| {
        errors(
            Form::SysUserCreate,
            json!({"username": "alice", "nickname": "A", "password": password, "roleIds": [1]}),
        )
    };
    assert!(create("Str0ng!pass").is_empty());
    assert_eq!(create("short")[0].1, "密码长度须为8-64位");
    assert_eq!(create("has space A1!")[0].1, "密码不能包含空格");
    assert_eq!(
        create("alllowercase")[0].1,
        "密码须至少包含大写字母、小写字母、数字、符号中的三类"
    );
    assert_eq!(create("xxALICE123!")[0].1, "密码不能包含用户名");
    // Updating: a blank password keeps the old one; the stored name still counts.
    assert!(fields(Form::SysUserUpdate, json!({"password": ""})).is_empty());
    assert_eq!(
        errors(
            Form::SysUserUpdate,
            json!({"username": "alice", "password": "Alice#2026x"})
        )[0]
        .1,
        "密码不能包含用户名"
    );
    assert_eq!(
        errors(
            Form::ChangePassword,
            json!({"oldPassword": "Old#Pass1", "newPassword": "Old#Pass1",
                   "confirmPassword": "Old#Pass1", "username": "bob"})
        ),
        [(
            "newPassword".to_owned(),
            "新密码不能与原密码相同".to_owned()
        )]
    );
}

#[test]
fn the_new_password_is_confirmed_by_typing_it_twice() {
    let change = |confirm: serde_json::Value| {
        let mut v =
            json!({"oldPassword": "Old#Pass1", "newPassword": "New#Pass2", "username": "bob"});
        if !confirm.is_null() {
            v["confirmPassword"] = confirm;
        }
        errors(Form::ChangePassword, v)
    };
    assert!(change(json!("New#Pass2")).is_empty());
    assert_eq!(
        change(json!("New#Pass3")),
        [(
            "confirmPassword".to_owned(),
            "两次输入的新密码不一致".to_owned()
        )]
    );
    assert_eq!(
        change(serde_json::Value::Null),
        [("confirmPassword".to_owned(), "请输入确认新密码".to_owned())]
    );
    // A blank confirmation is missing, not a mismatch.
    assert_eq!(
        change(json!("")),
        [("confirmPassword".to_owned(), "请输入确认新密码".to_owned())]
    );
}

#[test]
fn the_profile_takes_the_system_users_nickname_rule() {
    assert!(errors(Form::Profile, json!({"nickname": "运营小王", "avatar": ""})).is_empty());
    assert!(errors(Form::Profile, json!({"nickname": "运营小王"})).is_empty());
    for bad in [
        json!(""),
        json!("   "),
        json!("长".repeat(21)),
        json!("a\u{7}"),
        json!(5),
    ] {
        let found = errors(Form::Profile, json!({"nickname": bad, "avatar": ""}));
        assert_eq!(found.len(), 1, "{bad}: {found:?}");
        assert_eq!(found[0].0, "nickname");
        assert!(found[0].1.contains("昵称"), "{}", found[0].1);
    }
    assert_eq!(
        errors(Form::Profile, json!({})),
        [("nickname".to_owned(), "请输入昵称".to_owned())]
    );
    let nickname = |form: Form| {
        form.table()
            .fields
            .iter()
            .find(|f| f.name == "nickname")
            .map(|f| f.check)
    };
    assert_eq!(nickname(Form::Profile), nickname(Form::SysUserCreate));
    assert_eq!(
        fields(
            Form::Profile,
            json!({"nickname": "n", "avatar": "k".repeat(201)})
        ),
        ["avatar"]
    );
}

#[test]
fn optional_fields_may_be_absent_but_not_blank_when_they_need_text() {
    assert!(fields(Form::SysUserUpdate, json!({})).is_empty());
    assert_eq!(
        fields(Form::SysUserUpdate, json!({"nickname": "  "})),
        ["nickname"]
    );
    assert_eq!(
        errors(Form::SysUserUpdate, json!({"roleIds": []})),
        [("roleIds".to_owned(), "请至少选择一个角色".to_owned())]
    );
    assert_eq!(
        fields(Form::SysUserCreate, json!({"username": "ab"}))[0],
        "username"
    );
}

#[test]
fn menus_take_known_icons_and_access_flags_only() {
    let menu = |extra: serde_json::Value| {
        let mut v = json!({"alias": "店铺", "name": "baseMgmt/shopMgmt", "visible": 1, "sort": 0});
        if let (Some(m), Some(e)) = (v.as_object_mut(), extra.as_object()) {
            m.extend(e.clone());
        }
        fields(Form::Menu, v)
    };
    assert!(menu(json!({"icon": "ShopOutlined", "access": "canSeeAdmin"})).is_empty());
    assert_eq!(menu(json!({"icon": "EvilIcon"})), ["icon"]);
    assert_eq!(menu(json!({"access": "root"})), ["access"]);
    assert_eq!(menu(json!({"visible": 2})), ["visible"]);
    assert_eq!(menu(json!({"name": "../etc"})), ["name"]);
    assert_eq!(menu(json!({"icon": ""})), Vec::<String>::new());
}

#[test]
fn the_ui_reads_marks_lengths_options_and_hints_from_the_tables() {
    let dict = describe(Form::Dict);
    let key = dict.fields.iter().find(|f| f.field == "key");
    assert_eq!(
        key.map(|f| (f.required, f.max_length)),
        Some((true, Some(40)))
    );
    let sort = dict.fields.iter().find(|f| f.field == "sort");
    assert_eq!(
        sort.map(|f| (f.required, f.min, f.max)),
        Some((false, Some(0), Some(99_999)))
    );
    let user = describe(Form::SysUserCreate);
    let password = user.fields.iter().find(|f| f.field == "password");
    assert_eq!(password.and_then(|f| f.hint), Some(PASSWORD_POLICY));
    let menu = describe(Form::Menu);
    let icons = menu
        .fields
        .iter()
        .find(|f| f.field == "icon")
        .and_then(|f| f.options);
    assert_eq!(icons.map(|i| i.len()), Some(MENU_ICONS.len()));
    for form in Form::ALL {
        assert_eq!(describe(form).fields.len(), form.table().fields.len());
    }
}

#[test]
fn number_bounds_the_ui_reads_fit_a_js_number() {
    // An id without an upper bound (`i64::MAX`: 广告位, 推荐店铺) must still reach the UI.
    for form in Form::ALL {
        for f in describe(form).fields {
            for bound in [f.min, f.max].into_iter().flatten() {
                assert!(
                    bound.abs() <= JS_SAFE_INTEGER,
                    "{}.{}: {bound}",
                    form.name(),
                    f.field
                );
            }
        }
    }
    let shop = describe(Form::Recommend)
        .fields
        .into_iter()
        .find(|f| f.field == "shopId");
    assert_eq!(
        shop.map(|f| (f.min, f.max)),
        Some((Some(1), Some(JS_SAFE_INTEGER)))
    );
}

#[test]
fn any_json_shape_is_read_and_answered_without_panicking() {
    for v in [
        json!(null),
        json!([1, 2]),
        json!("x"),
        json!({"type": {"a": [null]}}),
    ] {
        let vals: Values = serde_json::from_value(v).unwrap_or_default();
        for form in Form::ALL {
            let _ = validate(form, &vals);
        }
    }
}

#[test]
fn wire_names_are_serdes() {
    for form in Form::ALL {
        assert_eq!(serde_json::to_value(form).ok(), Some(json!(form.name())));
        assert_eq!(Form::named(form.name()), Some(form));
    }
    assert_eq!(Form::named("Dict"), None);
}

#[test]
fn a_reason_needs_a_code_and_other_needs_words() {
    assert_eq!(fields(Form::Reason, json!({})), ["reasonCode"]);
    assert!(fields(Form::Reason, json!({"reasonCode": "counterfeit"})).is_empty());
    assert_eq!(
        errors(Form::Reason, json!({"reasonCode": "other", "reason": "  "})),
        [(
            "reason".to_owned(),
            "选择「其他」时请填写具体原因".to_owned()
        )]
    );
    assert!(
        fields(
            Form::Reason,
            json!({"reasonCode": "other", "reason": "样品与描述不符"})
        )
        .is_empty()
    );
}

#[test]
fn a_category_has_a_name_a_sort_number_and_a_visibility() {
    assert!(
        fields(
            Form::Category,
            json!({"name": "连衣裙", "sort": 3, "visible": 1})
        )
        .is_empty()
    );
    assert_eq!(
        fields(
            Form::Category,
            json!({"name": "", "sort": -1, "visible": 2})
        ),
        ["name", "sort", "visible"]
    );
}

#[test]
fn an_ad_links_by_its_type_and_ends_after_it_starts() {
    let base = json!({"slotId": 1, "title": "双11", "image": "k.png", "linkType": "url",
        "linkTarget": "https://example.com/a", "startAt": 1_800_000_000_000_i64, "endAt": 1_800_086_400_000_i64});
    assert!(fields(Form::Ad, base.clone()).is_empty());
    let mut bad = base.clone();
    bad["linkTarget"] = json!("javascript:alert(1)");
    assert_eq!(fields(Form::Ad, bad), ["linkTarget"]);
    let mut shop = base.clone();
    shop["linkType"] = json!("shop");
    shop["linkTarget"] = json!("12");
    assert!(fields(Form::Ad, shop.clone()).is_empty());
    shop["linkTarget"] = json!("12a");
    assert_eq!(fields(Form::Ad, shop), ["linkTarget"]);
    let mut backwards = base;
    backwards["endAt"] = json!(1_700_000_000_000_i64);
    assert_eq!(
        errors(Form::Ad, backwards),
        [("endAt".to_owned(), "结束时间须晚于开始时间".to_owned())]
    );
}

#[test]
fn an_entry_leads_to_an_app_path_or_a_web_address() {
    let ok = |link: &str| {
        fields(
            Form::Entry,
            json!({"name": "找工厂", "icon": "ShopOutlined", "link": link}),
        )
        .is_empty()
    };
    assert!(ok("/pages/factory"));
    assert!(ok("https://m.example.com/x"));
    assert!(!ok("//evil.example.com"));
    assert!(!ok("javascript:alert(1)"));
    assert!(!ok("pages/factory"));
}

#[test]
fn text_refuses_direction_overrides_but_keeps_direction_marks() {
    let with =
        |label: &str| json!({"type": "shop_level", "key": "k", "label": label, "value": "v"});
    for bad in [
        "张三\u{202e}gnp.exe",
        "\u{202d}离岸价",
        "类目\u{2067}",
        "\u{2066}x\u{2069}",
    ] {
        assert_eq!(
            errors(Form::Dict, with(bad)),
            [("label".to_owned(), "标签不能包含文字方向控制符".to_owned())],
            "{bad:?}"
        );
    }
    // A right-to-left mark is part of writing Uyghur or Arabic: kept.
    assert!(errors(Form::Dict, with("ئادنۇر\u{200f}")).is_empty());
}

#[test]
fn a_refused_choice_quotes_at_most_twenty_characters_of_the_input() {
    let long = "x".repeat(100 * 1024);
    let errs = errors(
        Form::Dict,
        json!({"type": "t", "key": "k", "label": "l", "value": "v", "status": long}),
    );
    let (field, message) = &errs[0];
    assert_eq!(field, "status");
    assert!(message.len() < 100, "{message}");
    assert!(message.ends_with('…'), "{message}");
}

#[test]
fn a_price_filter_reads_yuan_as_typed_and_refuses_a_range_upside_down() {
    let e =
        |min: &str, max: &str| errors(Form::PriceRange, json!({"priceMin": min, "priceMax": max}));
    assert!(e("", "").is_empty(), "both blank: no filter");
    assert!(e("12.5", "").is_empty());
    assert!(e("¥1,200.00", "1200").is_empty(), "equal is a range");
    assert!(e("0.1", "0.2").is_empty());
    assert_eq!(
        e("1.234", "5"),
        [(
            "priceMin".to_owned(),
            "最低价须为金额，最多两位小数".to_owned()
        )]
    );
    // A malformed bound is reported alone: the order is not judged on it.
    assert_eq!(
        e("8", "abc"),
        [(
            "priceMax".to_owned(),
            "最高价须为金额，最多两位小数".to_owned()
        )]
    );
    assert_eq!(
        e("8", "5"),
        [("priceMax".to_owned(), "最高价不能低于最低价".to_owned())]
    );
    assert_eq!(e("10.01", "10.1"), [] as [(String, String); 0]);
    assert_eq!(e("10.10", "10.1"), [] as [(String, String); 0]);
    assert_eq!(e("10.11", "10.1").len(), 1);
    // Fen as numbers compare the same way.
    let n = errors(Form::PriceRange, json!({"priceMin": 800, "priceMax": 500}));
    assert!(
        n.iter().any(|(f, _)| f == "priceMin"),
        "a number is not yuan text: {n:?}"
    );
}

#[test]
fn a_phone_filter_takes_a_whole_number_or_what_the_mask_shows() {
    let e = |phone: &str| errors(Form::MemberFilter, json!({ "phone": phone }));
    assert!(e("").is_empty(), "blank: no filter");
    assert!(e("138").is_empty(), "the first three");
    assert!(e("0012").is_empty(), "the last four");
    assert!(e(" 0012 ").is_empty(), "spaces around are trimmed");
    assert!(
        e("138-0000 0012").is_empty(),
        "a whole number, grouped as pasted"
    );
    for typed in ["138a", "１３８", "+86138", "-", "13.8"] {
        assert_eq!(
            e(typed),
            [("phone".to_owned(), "手机号只能输入数字".to_owned())],
            "{typed}"
        );
    }
    // Five to ten digits reach into the hidden middle; twelve are no number.
    for typed in ["13800", "1380000001", "138000000012"] {
        assert_eq!(
            e(typed),
            [(
                "phone".to_owned(),
                "手机号须为完整的11位号码，或号码显示出的前3位、后4位中的数字".to_owned()
            )],
            "{typed}"
        );
    }
}

#[test]
fn a_multi_line_box_takes_line_breaks_and_a_one_line_field_does_not() {
    let reply = |content: &str| errors(Form::Reply, json!({ "content": content }));
    assert!(reply("您好：\n已为您推荐三家工厂。\n请查收。").is_empty());
    assert_eq!(
        reply("您好\u{0}"),
        [("content".to_owned(), "回复内容不能包含控制字符".to_owned())]
    );
    assert_eq!(
        reply("您好\n\u{202E}"),
        [(
            "content".to_owned(),
            "回复内容不能包含文字方向控制符".to_owned()
        )]
    );
    let reason = json!({"reasonCode": "other", "reason": "第一条\n第二条"});
    assert!(fields(Form::Reason, reason).is_empty());
    let dict = json!({"type": "shop_level", "key": "k1", "label": "一级", "value": "1",
        "sort": 1, "remark": "两行\n备注"});
    assert!(fields(Form::Dict, dict.clone()).is_empty());
    let mut one_line = dict;
    one_line["label"] = json!("一\n级");
    assert_eq!(fields(Form::Dict, one_line), ["label"]);
}

#[test]
fn a_missing_choice_asks_to_pick_and_a_missing_file_to_upload() {
    let messages = |form: Form| -> Vec<(String, String)> {
        validate(form, &Values::new())
            .into_iter()
            .map(|e| (e.field, e.message))
            .collect()
    };
    let ad = messages(Form::Ad);
    for (field, message) in [
        ("slotId", "请选择广告位"),
        ("title", "请输入广告标题"),
        ("image", "请上传广告图片"),
        ("startAt", "请选择开始时间"),
    ] {
        assert!(
            ad.contains(&(field.to_owned(), message.to_owned())),
            "{field}: {ad:?}"
        );
    }
    assert!(messages(Form::Reason).contains(&("reasonCode".to_owned(), "请选择原因".to_owned())));
}
