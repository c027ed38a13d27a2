//! Field validation rules. The forms call them through wasm before sending; the gateway calls the very
//! same functions before writing, so a rule can never differ between the two.

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

/// Username bounds, in characters.
pub const USERNAME_LEN: (usize, usize) = (4, 32);
/// Password bounds, in characters.
pub const PASSWORD_LEN: (usize, usize) = (8, 64);
/// Nickname bounds, in characters.
pub const NICKNAME_LEN: (usize, usize) = (1, 20);
/// Bounds of short names (roles, menu labels), in characters.
pub const LABEL_LEN: (usize, usize) = (1, 20);
/// The password policy, as shown under the password field.
pub const PASSWORD_POLICY: &str =
    "8-64位，至少包含大写字母、小写字母、数字、符号中的三类，不含空格，且不能包含用户名";

/// A system user's login name: 4–32 characters, a letter first, then letters, digits, `_`, `.` or `-`.
pub fn username(value: &str) -> Result<(), String> {
    let n = value.chars().count();
    if n == 0 {
        return Err("请输入用户名".into());
    }
    let mut chars = value.chars();
    let first_ok = chars.next().is_some_and(|c| c.is_ascii_alphabetic());
    let rest_ok = chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'));
    if n < USERNAME_LEN.0 || n > USERNAME_LEN.1 || !first_ok || !rest_ok {
        return Err("用户名须为4-32位，以字母开头，只含字母、数字、下划线、点或短横线".into());
    }
    Ok(())
}

/// The password policy: see [`PASSWORD_POLICY`].
pub fn password(value: &str, username: &str) -> Result<(), String> {
    if value.is_empty() {
        return Err("请输入密码".into());
    }
    let n = value.chars().count();
    if n < PASSWORD_LEN.0 || n > PASSWORD_LEN.1 {
        return Err("密码长度须为8-64位".into());
    }
    if value.chars().any(char::is_whitespace) {
        return Err("密码不能包含空格".into());
    }
    let classes = [
        value.chars().any(|c| c.is_ascii_lowercase()),
        value.chars().any(|c| c.is_ascii_uppercase()),
        value.chars().any(|c| c.is_ascii_digit()),
        value.chars().any(|c| !c.is_ascii_alphanumeric()),
    ];
    if classes.iter().filter(|&&b| b).count() < 3 {
        return Err("密码须至少包含大写字母、小写字母、数字、符号中的三类".into());
    }
    let user = username.trim().to_ascii_lowercase();
    if !user.is_empty() && crate::contains(&value.to_ascii_lowercase(), &user) {
        return Err("密码不能包含用户名".into());
    }
    Ok(())
}

/// A display name: 1–20 characters after trimming, no control characters.
pub fn nickname(value: &str) -> Result<(), String> {
    label(value, NICKNAME_LEN, "昵称")
}

/// A short label (role name, menu alias) of `what`, within `bounds` characters.
pub fn label(value: &str, bounds: (usize, usize), what: &str) -> Result<(), String> {
    let trimmed = value.trim();
    if trimmed.is_empty() {
        return Err(format!("请输入{what}"));
    }
    if trimmed.chars().any(char::is_control) {
        return Err(format!("{what}不能包含控制字符"));
    }
    let n = trimmed.chars().count();
    if n < bounds.0 || n > bounds.1 {
        return Err(format!("{what}长度须为{}-{}个字符", bounds.0, bounds.1));
    }
    Ok(())
}

/// A menu node's `name`: one or more `/`-separated segments of `[A-Za-z0-9_-]`, no `..`, no scheme.
pub fn menu_name(value: &str) -> Result<(), String> {
    crate::menu::check_name(value).map_err(|reason| reason.message().to_owned())
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
    let mut errors = Vec::new();
    if form.username.trim().is_empty() {
        errors.push(FieldError::new("username", "请输入用户名"));
    }
    if form.password.is_empty() {
        errors.push(FieldError::new("password", "请输入密码"));
    }
    errors
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
    let creating = form.id.is_none();
    let mut errors = Vec::new();
    let name = form.username.as_deref().or(existing_username).unwrap_or("");
    if creating {
        if let Err(m) = username(name) {
            errors.push(FieldError::new("username", m));
        }
    }
    match (&form.nickname, creating) {
        (Some(n), _) => {
            if let Err(m) = nickname(n) {
                errors.push(FieldError::new("nickname", m));
            }
        }
        (None, true) => errors.push(FieldError::new("nickname", "请输入昵称")),
        (None, false) => {}
    }
    match (&form.password, creating) {
        (Some(p), _) if !p.is_empty() || creating => {
            if let Err(m) = password(p, name) {
                errors.push(FieldError::new("password", m));
            }
        }
        (None, true) => errors.push(FieldError::new("password", "请输入密码")),
        _ => {}
    }
    match (&form.role_ids, creating) {
        (Some(ids), _) if ids.is_empty() => {
            errors.push(FieldError::new("roleIds", "请至少选择一个角色"))
        }
        (None, true) => errors.push(FieldError::new("roleIds", "请至少选择一个角色")),
        _ => {}
    }
    errors
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
    let mut errors = Vec::new();
    if let Err(m) = label(&form.name, LABEL_LEN, "角色名称") {
        errors.push(FieldError::new("name", m));
    }
    if form
        .remark
        .as_deref()
        .is_some_and(|r| r.chars().count() > REMARK_MAX)
    {
        errors.push(FieldError::new(
            "remark",
            format!("备注不能超过{REMARK_MAX}个字符"),
        ));
    }
    errors
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

/// Checks a menu form.
pub fn menu_form(form: &MenuForm) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if let Err(m) = label(&form.alias, LABEL_LEN, "菜单名称") {
        errors.push(FieldError::new("alias", m));
    }
    if let Err(m) = menu_name(&form.name) {
        errors.push(FieldError::new("name", m));
    }
    if let Some(key) = form.access.as_deref().filter(|k| !k.is_empty()) {
        if !crate::access::KNOWN_FLAGS.contains(&key) {
            errors.push(FieldError::new("access", format!("未知的权限标识：{key}")));
        }
    }
    errors
}

/// A dictionary type or key: 1–`bounds.1` characters, a letter first, then letters, digits, `_`,
/// `.` or `-` (they are read by code, e.g. `shop_level` / `level_3`).
fn dict_code(value: &str, bounds: (usize, usize), what: &str) -> Result<(), String> {
    let trimmed = value.trim();
    if trimmed.is_empty() {
        return Err(format!("请输入{what}"));
    }
    let mut chars = trimmed.chars();
    let first_ok = chars.next().is_some_and(|c| c.is_ascii_alphabetic());
    let rest_ok = chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'));
    let n = trimmed.chars().count();
    if n < bounds.0 || n > bounds.1 || !first_ok || !rest_ok {
        return Err(format!(
            "{what}须为{}-{}位，以字母开头，只含字母、数字、下划线、点或短横线",
            bounds.0, bounds.1
        ));
    }
    Ok(())
}

/// Dictionary type and key bounds, in characters.
pub const DICT_CODE_LEN: (usize, usize) = (1, 40);
/// Dictionary label bounds, in characters.
pub const DICT_LABEL_LEN: (usize, usize) = (1, 40);
/// The longest dictionary value, in characters.
pub const DICT_VALUE_MAX: usize = 200;
/// The longest remark (roles, dictionary entries), in characters.
pub const REMARK_MAX: usize = 200;
/// The largest sort number (menus, dictionary entries).
pub const SORT_MAX: i64 = 99_999;

/// A field's length (or, for `sort`, value) bounds, inclusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Bounds {
    /// The least: 0 for an optional field.
    pub min: u32,
    /// The most: a form's `maxLength`.
    pub max: u32,
}

impl Bounds {
    fn of((min, max): (usize, usize)) -> Bounds {
        Bounds {
            min: u32::try_from(min).unwrap_or(u32::MAX),
            max: u32::try_from(max).unwrap_or(u32::MAX),
        }
    }
}

/// Every form field's bounds, for `maxLength` and hints; the validators above use the same
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

/// The bounds the validators apply.
pub fn field_limits() -> FieldLimits {
    FieldLimits {
        username: Bounds::of(USERNAME_LEN),
        password: Bounds::of(PASSWORD_LEN),
        nickname: Bounds::of(NICKNAME_LEN),
        label: Bounds::of(LABEL_LEN),
        dict_code: Bounds::of(DICT_CODE_LEN),
        dict_label: Bounds::of(DICT_LABEL_LEN),
        dict_value: Bounds::of((1, DICT_VALUE_MAX)),
        remark: Bounds::of((0, REMARK_MAX)),
        sort: Bounds {
            min: 0,
            max: u32::try_from(SORT_MAX).unwrap_or(u32::MAX),
        },
    }
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
    let mut errors = Vec::new();
    if let Err(m) = dict_code(&form.r#type, DICT_CODE_LEN, "字典类型") {
        errors.push(FieldError::new("type", m));
    }
    if let Err(m) = dict_code(&form.key, DICT_CODE_LEN, "键") {
        errors.push(FieldError::new("key", m));
    }
    if let Err(m) = label(&form.label, DICT_LABEL_LEN, "标签") {
        errors.push(FieldError::new("label", m));
    }
    if form.value.trim().is_empty() {
        errors.push(FieldError::new("value", "请输入值"));
    } else if form.value.chars().count() > DICT_VALUE_MAX {
        errors.push(FieldError::new(
            "value",
            format!("值不能超过{DICT_VALUE_MAX}个字符"),
        ));
    } else if form.value.chars().any(char::is_control) {
        errors.push(FieldError::new("value", "值不能包含控制字符"));
    }
    if form.sort.is_some_and(|s| !(0..=SORT_MAX).contains(&s)) {
        errors.push(FieldError::new(
            "sort",
            format!("排序须为0-{SORT_MAX}的整数"),
        ));
    }
    if form
        .remark
        .as_deref()
        .is_some_and(|r| r.chars().count() > REMARK_MAX)
    {
        errors.push(FieldError::new(
            "remark",
            format!("备注不能超过{REMARK_MAX}个字符"),
        ));
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames() {
        for ok in ["admin", "operator", "dontHaveAccess", "a.b_c-d", "abcd"] {
            assert_eq!(username(ok), Ok(()), "{ok}");
        }
        for bad in [
            "",
            "abc",
            "1abc",
            "ab cd",
            "管理员们好",
            "a/bcd",
            &"a".repeat(33),
        ] {
            assert!(username(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_password_policy() {
        for ok in [
            "Admin@123",
            "Operator@123",
            "NoAccess@123",
            "abcDEF12",
            "abc123!!",
        ] {
            assert_eq!(password(ok, "someone"), Ok(()), "{ok}");
        }
        assert_eq!(password("", "u"), Err("请输入密码".into()));
        assert_eq!(password("Ab1!", "u"), Err("密码长度须为8-64位".into()));
        assert!(password(&"Ab1!".repeat(17), "u").is_err());
        assert_eq!(password("Abc 12345", "u"), Err("密码不能包含空格".into()));
        assert!(password("abcdefgh", "u").is_err());
        assert!(password("12345678", "u").is_err());
        assert!(password("abcd1234", "u").is_err(), "two classes only");
        assert_eq!(
            password("Xadmin@123", "Admin"),
            Err("密码不能包含用户名".into())
        );
        // Counted in characters, not bytes: eight CJK characters plus classes are long enough.
        assert_eq!(password("密码A1密码密码", "u"), Ok(()));
    }

    #[test]
    fn nicknames_count_characters_and_trim() {
        assert_eq!(nickname("运营小王"), Ok(()));
        assert!(nickname("   ").is_err());
        assert!(nickname(&"王".repeat(21)).is_err());
        assert_eq!(nickname(&"王".repeat(20)), Ok(()));
        assert!(nickname("a\u{0007}b").is_err());
    }

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
    fn the_published_limits_are_the_ones_the_validators_apply() {
        let l = field_limits();
        let at = |n: u32, c: char| c.to_string().repeat(n as usize);
        // Each bound is accepted and one past it refused, by the validator itself.
        assert_eq!(
            username(&format!("a{}", at(l.username.max - 1, 'b'))),
            Ok(())
        );
        assert!(username(&format!("a{}", at(l.username.max, 'b'))).is_err());
        assert!(username(&format!("a{}", at(l.username.min - 2, 'b'))).is_err());
        let pw = |n: u32| format!("Aa1{}", at(n - 3, '!'));
        assert_eq!(password(&pw(l.password.min), "u"), Ok(()));
        assert!(password(&pw(l.password.min - 1), "u").is_err());
        assert_eq!(password(&pw(l.password.max), "u"), Ok(()));
        assert!(password(&pw(l.password.max + 1), "u").is_err());
        assert_eq!(nickname(&at(l.nickname.max, '王')), Ok(()));
        assert!(nickname(&at(l.nickname.max + 1, '王')).is_err());
        let role = |name: String| role_form(&RoleForm { name, remark: None });
        assert!(role(at(l.label.max, '角')).is_empty());
        assert!(!role(at(l.label.max + 1, '角')).is_empty());
        let dict = DictForm {
            r#type: "t".into(),
            key: "k".into(),
            label: "l".into(),
            value: "v".into(),
            sort: Some(0),
            remark: None,
        };
        let fails =
            |f: DictForm| -> Vec<String> { dict_form(&f).into_iter().map(|e| e.field).collect() };
        assert!(
            fails(DictForm {
                r#type: at(l.dict_code.max, 't'),
                key: at(l.dict_code.max, 'k'),
                label: at(l.dict_label.max, '标'),
                value: at(l.dict_value.max, '值'),
                sort: Some(i64::from(l.sort.max)),
                remark: Some(at(l.remark.max, '注')),
            })
            .is_empty()
        );
        assert_eq!(
            fails(DictForm {
                r#type: at(l.dict_code.max + 1, 't'),
                key: at(l.dict_code.max + 1, 'k'),
                label: at(l.dict_label.max + 1, '标'),
                value: at(l.dict_value.max + 1, '值'),
                sort: Some(i64::from(l.sort.max) + 1),
                remark: Some(at(l.remark.max + 1, '注')),
            }),
            ["type", "key", "label", "value", "sort", "remark"]
        );
        assert_eq!(
            fails(DictForm {
                sort: Some(i64::from(l.sort.min) - 1),
                ..dict
            }),
            ["sort"]
        );
        assert_eq!((l.remark.min, l.dict_value.min), (0, 1));
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
                sort: Some(SORT_MAX + 1),
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
}
