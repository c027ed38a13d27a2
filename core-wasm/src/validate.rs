//! Field errors, and the system forms' typed shapes checked against their rule tables
//! ([`crate::rules`]): the forms and the gateway validate with the very same tables.

use serde::{Deserialize, Serialize};

/// One field's failure: the wire name of the field and a message for people.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct FieldError {
    /// The field's wire name, e.g. `password`.
    pub field: String,
    /// What is wrong, in Chinese.
    pub message: String,
}

impl FieldError {
    /// A failure of `field`.
    pub fn new(field: &str, message: impl Into<String>) -> FieldError {
        FieldError {
            field: field.to_owned(),
            message: message.into(),
        }
    }
}

use crate::rules::{self, Form, Value, Values};

/// The password policy, as shown under the password field.
pub const PASSWORD_POLICY: &str = rules::PASSWORD_POLICY;

fn put_text(values: &mut Values, name: &str, text: Option<&str>) {
    if let Some(t) = text {
        values.insert(name.to_owned(), Value::Text(t.to_owned()));
    }
}

fn put_int(values: &mut Values, name: &str, n: Option<i64>) {
    if let Some(n) = n {
        values.insert(name.to_owned(), Value::Num(n as f64));
    }
}

/// The login form: both fields are required (the policy is not checked at login, only at creation).
#[derive(Debug, Clone, Default, Serialize, Deserialize, ts_rs::TS)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct LoginForm {
    /// 用户名.
    #[serde(default)]
    pub username: String,
    /// 密码.
    #[serde(default)]
    pub password: String,
}

/// Checks the login form.
pub fn login_form(form: &LoginForm) -> Vec<FieldError> {
    let mut v = Values::new();
    put_text(&mut v, "username", Some(&form.username));
    put_text(&mut v, "password", Some(&form.password));
    rules::validate(Form::Login, &v)
}

/// A system user as a create or update form carries it.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct SysUserForm {
    /// Present on update; absent on create.
    #[serde(default)]
    pub id: Option<i64>,
    /// Login name (create only; it cannot change).
    #[serde(default)]
    pub username: Option<String>,
    /// Display name.
    #[serde(default)]
    pub nickname: Option<String>,
    /// New password: required on create, optional on update.
    #[serde(default)]
    pub password: Option<String>,
    /// Role ids; at least one.
    #[serde(default)]
    pub role_ids: Option<Vec<i64>>,
}

/// Checks a system user form; `existing_username` is the stored name when updating.
pub fn sys_user_form(form: &SysUserForm, existing_username: Option<&str>) -> Vec<FieldError> {
    let mut v = Values::new();
    put_text(
        &mut v,
        "username",
        form.username.as_deref().or(existing_username),
    );
    put_text(&mut v, "nickname", form.nickname.as_deref());
    put_text(&mut v, "password", form.password.as_deref());
    if let Some(ids) = &form.role_ids {
        v.insert(
            "roleIds".to_owned(),
            Value::List(ids.iter().map(|&id| Value::Num(id as f64)).collect()),
        );
    }
    let table = if form.id.is_none() {
        Form::SysUserCreate
    } else {
        Form::SysUserUpdate
    };
    rules::validate(table, &v)
}

/// A role as the role form carries it.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct RoleForm {
    /// Role name, 1–20 characters.
    #[serde(default)]
    pub name: String,
    /// Optional remark, at most [`REMARK_MAX`] characters.
    #[serde(default)]
    pub remark: Option<String>,
}

/// Checks a role form.
pub fn role_form(form: &RoleForm) -> Vec<FieldError> {
    let mut v = Values::new();
    put_text(&mut v, "name", Some(&form.name));
    put_text(&mut v, "remark", form.remark.as_deref());
    rules::validate(Form::Role, &v)
}

/// A menu entry as the menu form carries it.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct MenuForm {
    /// The label shown in the menu.
    #[serde(default)]
    pub alias: String,
    /// The route name.
    #[serde(default)]
    pub name: String,
    /// Optional access key; only known flags are allowed.
    #[serde(default)]
    pub access: Option<String>,
}

/// Checks a menu form's alias, name and access flag (the fields the form carries).
pub fn menu_form(form: &MenuForm) -> Vec<FieldError> {
    let mut v = Values::new();
    put_text(&mut v, "alias", Some(&form.alias));
    put_text(&mut v, "name", Some(&form.name));
    put_text(&mut v, "access", form.access.as_deref());
    let names = ["alias", "name", "access"];
    rules::validate(Form::Menu, &v)
        .into_iter()
        .filter(|e| names.contains(&e.field.as_str()))
        .collect()
}

/// A 数据字典 entry as its form carries it.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct DictForm {
    /// The group the entry belongs to, e.g. `shop_level`.
    #[serde(default)]
    pub r#type: String,
    /// The entry's key, unique within its type.
    #[serde(default)]
    pub key: String,
    /// What people read.
    #[serde(default)]
    pub label: String,
    /// What code reads.
    #[serde(default)]
    pub value: String,
    /// Order within the type, 0–[`SORT_MAX`].
    #[serde(default)]
    pub sort: Option<i64>,
    /// Optional remark, at most [`REMARK_MAX`] characters.
    #[serde(default)]
    pub remark: Option<String>,
}

/// Checks a 数据字典 entry.
pub fn dict_form(form: &DictForm) -> Vec<FieldError> {
    let mut v = Values::new();
    put_text(&mut v, "type", Some(&form.r#type));
    put_text(&mut v, "key", Some(&form.key));
    put_text(&mut v, "label", Some(&form.label));
    put_text(&mut v, "value", Some(&form.value));
    put_int(&mut v, "sort", form.sort);
    put_text(&mut v, "remark", form.remark.as_deref());
    rules::validate(Form::Dict, &v)
}

/// Checks a new password for `username` (change password, reset).
pub fn password(value: &str, username: &str) -> Result<(), String> {
    let mut v = Values::new();
    put_text(&mut v, "username", Some(username));
    put_text(&mut v, "newPassword", Some(value));
    match rules::validate(Form::ChangePassword, &v)
        .into_iter()
        .find(|e| e.field == "newPassword")
    {
        Some(e) => Err(e.message),
        None => Ok(()),
    }
}

/// A field's length (or, for `sort`, value) bounds, inclusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Bounds {
    /// The least: 0 for an optional field.
    pub min: u32,
    /// The most: a form's `maxLength`.
    pub max: u32,
}

/// constants. Lengths count characters (a CJK character is one).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct FieldLimits {
    /// A system user's login name.
    pub username: Bounds,
    /// A password (create, or change on update).
    pub password: Bounds,
    /// A display name.
    pub nickname: Bounds,
    /// Short labels: role names, menu labels.
    pub label: Bounds,
    /// 数据字典 type and key.
    pub dict_code: Bounds,
    /// 数据字典 label.
    pub dict_label: Bounds,
    /// 数据字典 value.
    pub dict_value: Bounds,
    /// Remarks (roles, dictionary entries); optional.
    pub remark: Bounds,
    /// Sort numbers (menus, dictionary entries): a value range, not a length.
    pub sort: Bounds,
}

/// A field's bounds as its rule table states them.
fn bounds(form: Form, field: &str) -> Bounds {
    let rule = rules::describe(form)
        .fields
        .into_iter()
        .find(|f| f.field == field);
    let (min, max) = match rule {
        Some(r) if r.max_length.is_some() => (u32::from(r.required), r.max_length.unwrap_or(0)),
        Some(r) => (
            u32::try_from(r.min.unwrap_or(0)).unwrap_or(0),
            u32::try_from(r.max.unwrap_or(0)).unwrap_or(0),
        ),
        None => (0, 0),
    };
    Bounds { min, max }
}

/// Every form field's bounds, read from the rule tables (for `maxLength`). Lengths count characters.
pub fn field_limits() -> FieldLimits {
    FieldLimits {
        username: Bounds {
            min: 4,
            ..bounds(Form::SysUserCreate, "username")
        },
        password: Bounds {
            min: 8,
            ..bounds(Form::SysUserCreate, "password")
        },
        nickname: bounds(Form::SysUserCreate, "nickname"),
        label: bounds(Form::Role, "name"),
        dict_code: bounds(Form::Dict, "key"),
        dict_label: bounds(Form::Dict, "label"),
        dict_value: bounds(Form::Dict, "value"),
        remark: bounds(Form::Role, "remark"),
        sort: bounds(Form::Dict, "sort"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn login_requires_both_fields() {
        let errs = login_form(&LoginForm::default());
        assert_eq!(
            errs.iter().map(|e| e.field.as_str()).collect::<Vec<_>>(),
            ["username", "password"]
        );
        assert!(
            login_form(&LoginForm {
                username: "x".into(),
                password: "y".into()
            })
            .is_empty()
        );
    }

    #[test]
    fn sys_user_create_and_update() {
        let create = SysUserForm {
            username: Some("zhangsan".into()),
            nickname: Some("张三".into()),
            password: Some("Zhang@2026".into()),
            role_ids: Some(vec![2]),
            ..Default::default()
        };
        assert!(sys_user_form(&create, None).is_empty());
        let missing = sys_user_form(&SysUserForm::default(), None);
        let fields: Vec<_> = missing.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["username", "nickname", "password", "roleIds"]);
        let weak = SysUserForm {
            password: Some("zhangsan1".into()),
            ..create.clone()
        };
        assert_eq!(sys_user_form(&weak, None)[0].field, "password");
        // An update may leave the password empty (unchanged) and omit fields it does not change.
        let update = SysUserForm {
            id: Some(3),
            password: Some(String::new()),
            ..Default::default()
        };
        assert!(sys_user_form(&update, Some("zhangsan")).is_empty());
        let update_weak = SysUserForm {
            id: Some(3),
            password: Some("short".into()),
            ..Default::default()
        };
        assert_eq!(
            sys_user_form(&update_weak, Some("zhangsan"))[0].field,
            "password"
        );
        let update_contains_name = SysUserForm {
            id: Some(3),
            password: Some("Zhangsan@1".into()),
            ..Default::default()
        };
        assert_eq!(
            sys_user_form(&update_contains_name, Some("zhangsan"))[0].message,
            "密码不能包含用户名"
        );
    }

    #[test]
    fn roles_and_menus() {
        assert!(
            role_form(&RoleForm {
                name: "店铺运营".into(),
                remark: None
            })
            .is_empty()
        );
        assert_eq!(role_form(&RoleForm::default())[0].field, "name");
        assert!(
            menu_form(&MenuForm {
                alias: "店铺管理".into(),
                name: "baseMgmt/shopMgmt".into(),
                access: Some("canSeeAdmin".into())
            })
            .is_empty()
        );
        let bad = menu_form(&MenuForm {
            alias: "x".into(),
            name: "../etc".into(),
            access: Some("isRoot".into()),
        });
        assert_eq!(
            bad.iter().map(|e| e.field.as_str()).collect::<Vec<_>>(),
            ["name", "access"]
        );
    }

    #[test]
    fn dictionary_entries() {
        let ok = DictForm {
            r#type: "shop_level".into(),
            key: "level_3".into(),
            label: "三星店铺".into(),
            value: "3".into(),
            sort: Some(30),
            remark: Some("店铺等级".into()),
        };
        assert!(dict_form(&ok).is_empty());
        let fields =
            |f: &DictForm| -> Vec<String> { dict_form(f).into_iter().map(|e| e.field).collect() };
        assert_eq!(
            fields(&DictForm::default()),
            ["type", "key", "label", "value"]
        );
        let bad = DictForm {
            r#type: "3d".into(),
            key: "a b".into(),
            label: "标".repeat(41),
            value: "x".repeat(201),
            sort: Some(-1),
            remark: Some("r".repeat(201)),
        };
        assert_eq!(
            fields(&bad),
            ["type", "key", "label", "value", "sort", "remark"]
        );
        assert_eq!(
            dict_form(&DictForm {
                sort: Some(100_000),
                ..ok.clone()
            })[0]
                .message,
            "排序须为0-99999的整数"
        );
        // Unicode values are counted in characters.
        assert!(
            dict_form(&DictForm {
                value: "值".repeat(200),
                ..ok
            })
            .is_empty()
        );
    }

    #[test]
    fn the_published_limits_are_the_tables() {
        let l = field_limits();
        assert_eq!((l.username.min, l.username.max), (4, 32));
        assert_eq!((l.password.min, l.password.max), (8, 64));
        assert_eq!((l.nickname.min, l.nickname.max), (1, 20));
        assert_eq!(
            (l.dict_code.max, l.dict_value.max, l.remark.max),
            (40, 200, 200)
        );
        assert_eq!((l.sort.min, l.sort.max), (0, 99_999));
    }
}
