//! Rules as data: each form's fields and their checks are a table ([`Table`]); one [`validate`]
//! serves every form, in the browser before sending and in the gateway before writing, and
//! [`describe`] gives the UI its required marks, max lengths, options and hints. A rule lives here
//! once; no TypeScript restates it.

mod business;
mod formats;
mod operate;
mod system;

use serde::{Deserialize, Serialize};

pub use business::OTHER as OTHER_REASON;
pub use formats::{Format, MENU_ICONS, PASSWORD_POLICY, PHONE_DIGITS, phone_digits};
pub use operate::{LINK_TYPES, SLOT_PAGES};

use crate::validate::FieldError;

/// The forms with rule tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum Form {
    /// 登录.
    Login,
    /// 修改密码.
    ChangePassword,
    /// 个人设置 (the caller's own nickname and avatar).
    Profile,
    /// 新增系统用户.
    SysUserCreate,
    /// 编辑系统用户.
    SysUserUpdate,
    /// 角色.
    Role,
    /// 菜单.
    Menu,
    /// 数据字典.
    Dict,
    /// 原因 (a negative transition's reason code and text).
    Reason,
    /// 类目.
    Category,
    /// 广告位.
    AdSlot,
    /// 广告.
    Ad,
    /// 专题活动.
    Activity,
    /// 功能入口.
    Entry,
    /// 首页推荐商家.
    Recommend,
    /// 产业带.
    Belt,
    /// 商机回复.
    Reply,
    /// A price range in yuan as typed (商品管理's filter).
    PriceRange,
    /// 用户管理's filter: the digits of a phone.
    MemberFilter,
    /// 保存视图.
    View,
}

impl Form {
    /// Every form.
    pub const ALL: [Form; 20] = [
        Form::Login,
        Form::ChangePassword,
        Form::Profile,
        Form::SysUserCreate,
        Form::SysUserUpdate,
        Form::Role,
        Form::Menu,
        Form::Dict,
        Form::Reason,
        Form::Category,
        Form::AdSlot,
        Form::Ad,
        Form::Activity,
        Form::Entry,
        Form::Recommend,
        Form::Belt,
        Form::Reply,
        Form::PriceRange,
        Form::MemberFilter,
        Form::View,
    ];

    /// The wire name (`sysUserCreate`), as serde spells it.
    pub const fn name(self) -> &'static str {
        match self {
            Form::Login => "login",
            Form::ChangePassword => "changePassword",
            Form::Profile => "profile",
            Form::SysUserCreate => "sysUserCreate",
            Form::SysUserUpdate => "sysUserUpdate",
            Form::Role => "role",
            Form::Menu => "menu",
            Form::Dict => "dict",
            Form::Reason => "reason",
            Form::Category => "category",
            Form::AdSlot => "adSlot",
            Form::Ad => "ad",
            Form::Activity => "activity",
            Form::Entry => "entry",
            Form::Recommend => "recommend",
            Form::Belt => "belt",
            Form::Reply => "reply",
            Form::PriceRange => "priceRange",
            Form::MemberFilter => "memberFilter",
            Form::View => "view",
        }
    }

    /// The form of a wire name.
    pub fn named(name: &str) -> Option<Form> {
        Form::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The form's table.
    pub fn table(self) -> &'static Table {
        match self {
            Form::Login => &system::LOGIN,
            Form::ChangePassword => &system::CHANGE_PASSWORD,
            Form::Profile => &system::PROFILE,
            Form::SysUserCreate => &system::SYS_USER_CREATE,
            Form::SysUserUpdate => &system::SYS_USER_UPDATE,
            Form::Role => &system::ROLE,
            Form::Menu => &system::MENU,
            Form::Dict => &system::DICT,
            Form::Reason => &business::REASON,
            Form::Category => &business::CATEGORY,
            Form::AdSlot => &operate::AD_SLOT,
            Form::Ad => &operate::AD,
            Form::Activity => &operate::ACTIVITY,
            Form::Entry => &operate::ENTRY,
            Form::Recommend => &operate::RECOMMEND,
            Form::Belt => &operate::BELT,
            Form::Reply => &operate::REPLY,
            Form::PriceRange => &business::PRODUCT_FILTER,
            Form::MemberFilter => &business::MEMBER_FILTER,
            Form::View => &system::VIEW,
        }
    }
}

/// What a field must hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    /// Text of `min..=max` characters after trimming, no control characters (line breaks only in
    /// [`Format::Lines`]), in `format` if any.
    Text {
        /// Fewest characters (when present).
        min: usize,
        /// Most characters.
        max: usize,
        /// A shape the text must have.
        format: Option<Format>,
    },
    /// Anything non-empty of at most `max` characters: the sign-in's fields, bounded so a
    /// megabyte of them is refused before any work, and the password, whose policy is checked
    /// when it is set, not here.
    Present {
        /// Most characters.
        max: usize,
    },
    /// The password policy; blank on an optional field keeps the old password. It may not contain
    /// the value of the field `username`.
    Password {
        /// The field holding the login name.
        username: &'static str,
    },
    /// An integer in `min..=max`.
    Int {
        /// Least.
        min: i64,
        /// Most.
        max: i64,
    },
    /// One of these texts.
    OneOf(&'static [&'static str]),
    /// A list of ids with at least `min` entries.
    Ids {
        /// Fewest entries.
        min: usize,
    },
}

/// One field of a form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    /// The wire name, e.g. `nickname`.
    pub name: &'static str,
    /// What people call it, e.g. `昵称`: every message names it.
    pub label: &'static str,
    /// Must be present (and not blank).
    pub required: bool,
    /// What it must hold.
    pub check: Check,
    /// A hint shown under the field.
    pub hint: Option<&'static str>,
    /// How it is filled in: what its messages ask for (请输入 / 请选择 / 请上传).
    pub input: Input,
}

/// How a field is filled in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum Input {
    /// Typed: 请输入.
    Typed,
    /// Picked from choices, a date or a tree: 请选择.
    Picked,
    /// An uploaded file: 请上传.
    Uploaded,
}

/// A rule over two fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cross {
    /// `field` must differ from `other` (both present): the error lands on `field`.
    Differs {
        /// The field the error lands on.
        field: &'static str,
        /// The field it must differ from.
        other: &'static str,
        /// The message.
        message: &'static str,
    },
    /// `field` must equal `other` (a confirmation typed twice): the error lands on `field`.
    Matches {
        /// The field the error lands on.
        field: &'static str,
        /// The field it must equal.
        other: &'static str,
        /// The message.
        message: &'static str,
    },
    /// `field` must not be blank when `other` holds `value`: the error lands on `field`.
    RequiredWhen {
        /// The field the error lands on.
        field: &'static str,
        /// The field whose value decides.
        other: &'static str,
        /// The value of `other` that makes `field` required.
        value: &'static str,
        /// The message.
        message: &'static str,
    },
    /// `field` must not come before `other` (both present and readable: numbers such as times or
    /// fen, or yuan as typed), nor equal it when `strict`: the error lands on `field`.
    Ordered {
        /// The later (larger) field.
        field: &'static str,
        /// The earlier (smaller) field.
        other: &'static str,
        /// Equal is out of order too (a period's end at its start).
        strict: bool,
        /// The message.
        message: &'static str,
    },
    /// When `other` holds `value`, `field` must have `format`: the error lands on `field`.
    FormatWhen {
        /// The field checked.
        field: &'static str,
        /// The field whose value decides.
        other: &'static str,
        /// The value of `other` that asks for the format.
        value: &'static str,
        /// The format.
        format: Format,
    },
}

/// A form's rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Table {
    /// The fields, in the form's order (errors come in this order).
    pub fields: &'static [Field],
    /// Rules over two fields, checked after the fields'.
    pub cross: &'static [Cross],
}

/// A form value as JSON carries it.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// null.
    Null,
    /// true / false.
    Bool(bool),
    /// A number.
    Num(f64),
    /// Text.
    Text(String),
    /// A list.
    List(Vec<Value>),
    /// An object (never valid for a field; its contents are not kept).
    Map,
}

/// A form's values by field name (a handful of fields: a list beats a map's code in the module).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Values(Vec<(String, Value)>);

impl Values {
    /// No values.
    pub fn new() -> Values {
        Values::default()
    }

    /// The value of `name`, if given.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.0.iter().find(|(k, _)| k == name).map(|(_, v)| v)
    }

    /// Sets `name` (replacing a value it had).
    pub fn insert(&mut self, name: String, value: Value) {
        match self.0.iter_mut().find(|(k, _)| *k == name) {
            Some(slot) => slot.1 = value,
            None => self.0.push((name, value)),
        }
    }
}

impl<'de> Deserialize<'de> for Values {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Values, D::Error> {
        d.deserialize_any(ValuesVisitor)
    }
}

struct ValuesVisitor;

impl<'de> serde::de::Visitor<'de> for ValuesVisitor {
    type Value = Values;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an object of form values")
    }
    fn visit_unit<E>(self) -> Result<Values, E> {
        Ok(Values::new())
    }
    fn visit_none<E>(self) -> Result<Values, E> {
        Ok(Values::new())
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Values, A::Error> {
        let mut values = Values::new();
        while let Some((k, v)) = map.next_entry::<String, Value>()? {
            values.insert(k, v);
        }
        Ok(values)
    }
}

/// Read by the value's own type (as `serde_json::Value` is), not as an untagged enum: that would
/// buffer every value in serde's private `Content` first, a large piece of the wasm module.
impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
        d.deserialize_any(ValueVisitor)
    }
}

struct ValueVisitor;

impl<'de> serde::de::Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a form value")
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        Value::deserialize(d)
    }
    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }
    fn visit_i64<E>(self, n: i64) -> Result<Value, E> {
        Ok(Value::Num(n as f64))
    }
    // serde_json gives non-negative integers as u64; serde-wasm-bindgen gives i64 or f64.
    #[cfg(not(target_arch = "wasm32"))]
    fn visit_u64<E>(self, n: u64) -> Result<Value, E> {
        Ok(Value::Num(n as f64))
    }
    fn visit_f64<E>(self, n: f64) -> Result<Value, E> {
        Ok(Value::Num(n))
    }
    fn visit_str<E>(self, s: &str) -> Result<Value, E> {
        Ok(Value::Text(s.to_owned()))
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Value::List(items))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        while map
            .next_entry::<serde::de::IgnoredAny, serde::de::IgnoredAny>()?
            .is_some()
        {}
        Ok(Value::Map)
    }
}

/// `values` read from any serializable params (the gateway's typed params), natively.
#[cfg(not(target_arch = "wasm32"))]
pub fn values_of<T: Serialize>(params: &T) -> Values {
    serde_json::to_value(params)
        .ok()
        .and_then(|v| serde_json::from_value(v).ok())
        .unwrap_or_default()
}

fn text_of(value: Option<&Value>) -> Option<&str> {
    match value {
        Some(Value::Text(s)) => Some(s),
        _ => None,
    }
}

/// Absent, null, or blank text.
fn is_blank(value: Option<&Value>) -> bool {
    match value {
        None | Some(Value::Null) => true,
        Some(Value::Text(s)) => s.trim().is_empty(),
        Some(Value::List(items)) => items.is_empty(),
        _ => false,
    }
}

fn check_field(field: &Field, value: Option<&Value>, values: &Values) -> Result<(), String> {
    let label = field.label;
    let absent = matches!(value, None | Some(Value::Null));
    if absent {
        return if field.required {
            Err(missing(field))
        } else {
            Ok(())
        };
    }
    let value = value.unwrap_or(&Value::Null);
    match field.check {
        Check::Present { max } => {
            if is_blank(Some(value)) {
                return Err(missing(field));
            }
            if let Value::Text(text) = value {
                if text.chars().count() > max {
                    return Err(format!("{label}不能超过{max}个字符"));
                }
            }
            Ok(())
        }
        Check::Text { min, max, format } => {
            let Value::Text(text) = value else {
                return Err(said(label, "须为文本"));
            };
            let trimmed = text.trim();
            if trimmed.is_empty() {
                return if field.required || min > 0 {
                    Err(missing(field))
                } else {
                    Ok(())
                };
            }
            // A line break is text in a multi-line box; any other control character is not.
            let lines = format == Some(Format::Lines);
            if trimmed
                .chars()
                .any(|c| c.is_control() && !(lines && c == '\n'))
            {
                return Err(said(label, "不能包含控制字符"));
            }
            if trimmed
                .chars()
                .any(|c| c != '\n' && crate::validate::hidden_control(c))
            {
                return Err(said(label, "不能包含文字方向控制符"));
            }
            if let Some(format) = format {
                format.check(trimmed, label, (min, max))?;
            }
            let n = trimmed.chars().count();
            if n < min || n > max {
                return Err(if min <= 1 {
                    format!("{label}不能超过{max}个字符")
                } else {
                    format!("{label}长度须为{min}-{max}个字符")
                });
            }
            Ok(())
        }
        Check::Password { username } => {
            let Value::Text(text) = value else {
                return Err(said(label, "须为文本"));
            };
            if text.is_empty() {
                return if field.required {
                    Err(missing(field))
                } else {
                    Ok(())
                };
            }
            formats::password(text, text_of(values.get(username)).unwrap_or(""), label)
        }
        Check::Int { min, max } => {
            let range = || format!("{label}须为{min}-{max}的整数");
            // Forms and params carry numbers; a blank optional field is absent.
            match value {
                Value::Num(n) if n.fract() == 0.0 && *n >= min as f64 && *n <= max as f64 => Ok(()),
                Value::Text(s) if s.trim().is_empty() && !field.required => Ok(()),
                _ => Err(range()),
            }
        }
        Check::OneOf(options) => match value {
            Value::Text(s) if s.is_empty() && !field.required => Ok(()),
            Value::Text(s) if options.contains(&s.as_str()) => Ok(()),
            Value::Text(s) => {
                let mut message = said(label, "不是可选的值：");
                message.push_str(&crate::validate::echoed(s));
                Err(message)
            }
            _ => {
                // Pushed rather than `join`ed: slice joining is a sizeable piece of the wasm module.
                let mut message = said(label, "须为以下之一：");
                for (i, option) in options.iter().enumerate() {
                    if i > 0 {
                        message.push('、');
                    }
                    message.push_str(option);
                }
                Err(message)
            }
        },
        Check::Ids { min } => {
            let Value::List(items) = value else {
                return Err(said(label, "须为编号列表"));
            };
            if items.len() < min {
                return Err(said("请至少选择一个", label));
            }
            if items
                .iter()
                .any(|v| !matches!(v, Value::Num(n) if n.fract() == 0.0 && n.abs() < 9.0e15))
            {
                return Err(said(label, "须为编号列表"));
            }
            Ok(())
        }
    }
}

/// `label` then `rest`: the messages that only name the field (pushed, not `format!`ted: each
/// format site is code in the wasm module).
pub(crate) fn said(label: &str, rest: &str) -> String {
    let mut message = String::with_capacity(label.len() + rest.len());
    message.push_str(label);
    message.push_str(rest);
    message
}

fn missing(field: &Field) -> String {
    match (field.check, field.input) {
        (Check::Ids { .. }, _) => said("请至少选择一个", field.label),
        (Check::OneOf(_), _) | (_, Input::Picked) => said("请选择", field.label),
        (_, Input::Uploaded) => said("请上传", field.label),
        (_, Input::Typed) => said("请输入", field.label),
    }
}

/// A number as it is, or yuan as typed read as fen (blank or unreadable is none).
fn amount(value: Option<&Value>) -> Option<f64> {
    match value? {
        Value::Num(fen) => Some(*fen),
        Value::Text(text) => crate::format::yuan_to_fen(text).map(|fen| fen as f64),
        _ => None,
    }
}

/// Checks `values` against `form`'s table: one error per failing field, in the table's order, each
/// naming the field, then the cross-field rules'. Fields the table does not name are ignored.
pub fn validate(form: Form, values: &Values) -> Vec<FieldError> {
    let table = form.table();
    let mut errors: Vec<FieldError> = table
        .fields
        .iter()
        .filter_map(|f| {
            check_field(f, values.get(f.name), values)
                .err()
                .map(|m| FieldError::new(f.name, m))
        })
        .collect();
    for rule in table.cross {
        match *rule {
            Cross::Differs {
                field,
                other,
                message,
            } => {
                let failed = errors.iter().any(|e| e.field == field);
                let (a, b) = (values.get(field), values.get(other));
                if !failed && !is_blank(a) && a == b {
                    errors.push(FieldError::new(field, message));
                }
            }
            Cross::Matches {
                field,
                other,
                message,
            } => {
                let failed = errors.iter().any(|e| e.field == field);
                if !failed && values.get(field) != values.get(other) {
                    errors.push(FieldError::new(field, message));
                }
            }
            Cross::Ordered {
                field,
                other,
                strict,
                message,
            } => {
                let failed = errors.iter().any(|e| e.field == field || e.field == other);
                let (Some(high), Some(low)) =
                    (amount(values.get(field)), amount(values.get(other)))
                else {
                    continue;
                };
                if !failed && (high < low || (strict && high == low)) {
                    errors.push(FieldError::new(field, message));
                }
            }
            Cross::FormatWhen {
                field,
                other,
                value,
                format,
            } => {
                let failed = errors.iter().any(|e| e.field == field);
                if failed || text_of(values.get(other)) != Some(value) {
                    continue;
                }
                if let Some(text) = text_of(values.get(field)) {
                    let label = table
                        .fields
                        .iter()
                        .find(|f| f.name == field)
                        .map_or(field, |f| f.label);
                    if let Err(message) = format.check(text.trim(), label, (1, usize::MAX)) {
                        errors.push(FieldError::new(field, message));
                    }
                }
            }
            Cross::RequiredWhen {
                field,
                other,
                value,
                message,
            } => {
                let failed = errors.iter().any(|e| e.field == field);
                if !failed
                    && text_of(values.get(other)) == Some(value)
                    && is_blank(values.get(field))
                {
                    errors.push(FieldError::new(field, message));
                }
            }
        }
    }
    errors
}

/// What the UI shows of a field's rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct FieldRule {
    /// The wire name.
    pub field: &'static str,
    /// The label.
    pub label: &'static str,
    /// A required mark.
    pub required: bool,
    /// The input's `maxLength`, for text.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub max_length: Option<u32>,
    /// The least value, for numbers.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub min: Option<i64>,
    /// The greatest value, for numbers.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub max: Option<i64>,
    /// The allowed values, for a choice.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub options: Option<&'static [&'static str]>,
    /// A hint for under the field.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub hint: Option<&'static str>,
}

/// A form's rules for the UI.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct FormRules {
    /// The fields, in the form's order.
    pub fields: Vec<FieldRule>,
}

/// The largest integer a JS number holds exactly (`Number.MAX_SAFE_INTEGER`). The UI's bounds are
/// clamped to it: an id's "no upper bound" (`i64::MAX`) cannot cross to JS as a number, and the
/// wasm serializer then answers nothing at all for the whole form.
pub const JS_SAFE_INTEGER: i64 = (1 << 53) - 1;

/// `form`'s rules as the UI shows them (number bounds within [`JS_SAFE_INTEGER`]).
pub fn describe(form: Form) -> FormRules {
    let safe = |n: i64| n.clamp(-JS_SAFE_INTEGER, JS_SAFE_INTEGER);
    let fields = form
        .table()
        .fields
        .iter()
        .map(|f| {
            let (max_length, min, max, options) = match f.check {
                Check::Text { max, .. } => (u32::try_from(max).ok(), None, None, None),
                Check::Password { .. } => (
                    u32::try_from(formats::PASSWORD_LEN.1).ok(),
                    None,
                    None,
                    None,
                ),
                Check::Int { min, max } => (None, Some(safe(min)), Some(safe(max)), None),
                Check::OneOf(options) => (None, None, None, Some(options)),
                Check::Present { .. } | Check::Ids { .. } => (None, None, None, None),
            };
            FieldRule {
                field: f.name,
                label: f.label,
                required: f.required,
                max_length,
                min,
                max,
                options,
                hint: f.hint,
            }
        })
        .collect();
    FormRules { fields }
}

#[cfg(test)]
mod tests;
