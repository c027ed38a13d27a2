//! The argument structs (forms, the stored user, menu and id trees, field errors) read field by
//! field. serde's derived reader put a copy of its field loop in the module per struct type (~1 KB
//! each); these share one [`Struct`]. They read as the derived readers do with [`de`](super::de):
//! present fields in declaration order, the first failure returned, absent `#[serde(default)]`
//! ones defaulted, then the first absent required one reported. The struct literals name every
//! field, so a new field does not compile until it is read here; the browser tests compare each
//! reader with serde-wasm-bindgen's.

use js_sys::Reflect;
use serde::de::{DeserializeOwned, Error as _};
use wasm_bindgen::JsValue;

use super::de::{self, Error};
use crate::menu::{MenuData, MenuNode};
use crate::session::UserInfo;
use crate::tree::{IdData, IdTree};
use crate::validate::{DictForm, FieldError, LoginForm, MenuForm, RoleForm, SysUserForm};

/// A value the core reads field by field.
pub trait FromJs: Sized {
    /// Reads `value`, failing as serde's derived reader failed.
    fn read(value: JsValue) -> Result<Self, Error>;
}

/// An object whose declared fields are read one by one.
struct Struct(JsValue);

impl Struct {
    /// `value` when it is an object, else serde's `invalid type: …, expected struct Name`.
    fn new(value: JsValue, expected: &'static str) -> Result<Struct, Error> {
        if value.is_object() {
            Ok(Struct(value))
        } else {
            Err(de::invalid_type(&value, &expected))
        }
    }

    /// The property `name`, None when the object has none (`undefined` counts as present when
    /// `name in object`, as in [`de`]).
    fn present(&self, name: &str) -> Option<JsValue> {
        let key = JsValue::from_str(name);
        let value = Reflect::get(&self.0, &key).unwrap_or(JsValue::UNDEFINED);
        if value.is_undefined() && !Reflect::has(&self.0, &key).unwrap_or(false) {
            return None;
        }
        Some(value)
    }

    /// The field `name` read with `read` when present.
    fn read_with<T>(
        &self,
        name: &str,
        read: fn(JsValue) -> Result<T, Error>,
    ) -> Result<Option<T>, Error> {
        self.present(name).map(read).transpose()
    }

    /// The `#[serde(default)]` field `name` read as `T`, else `T::default()`.
    fn field<T: DeserializeOwned + Default>(&self, name: &str) -> Result<T, Error> {
        Ok(self.read_with(name, de::from_value)?.unwrap_or_default())
    }
}

/// serde's error for an absent required field.
fn required<T>(value: Option<T>, name: &'static str) -> Result<T, Error> {
    value.ok_or_else(|| Error::missing_field(name))
}

/// A `Vec<T>` as serde reads one through [`de`]: an array, or an iterable through `Array.from`,
/// item by item (the length read again each time, as there).
pub fn read_list<T: FromJs>(value: JsValue) -> Result<Vec<T>, Error> {
    let Some(array) = de::array(&value) else {
        return Err(de::invalid_type(&value, &"a sequence"));
    };
    let mut items = Vec::new();
    let mut next = 0;
    while next < array.length() {
        items.push(T::read(array.get(next))?);
        next += 1;
    }
    Ok(items)
}

/// An `Option<T>`: nullish is None.
fn read_option<T: FromJs>(value: JsValue) -> Result<Option<T>, Error> {
    if value.is_null() || value.is_undefined() {
        Ok(None)
    } else {
        T::read(value).map(Some)
    }
}

// Lists go through [`read_list`] too, so serde's sequence reader is not in the module.
impl FromJs for String {
    fn read(value: JsValue) -> Result<Self, Error> {
        de::from_value(value)
    }
}

impl FromJs for i64 {
    fn read(value: JsValue) -> Result<Self, Error> {
        de::from_value(value)
    }
}

impl<T: FromJs> FromJs for Vec<T> {
    fn read(value: JsValue) -> Result<Self, Error> {
        read_list(value)
    }
}

impl FromJs for LoginForm {
    fn read(value: JsValue) -> Result<Self, Error> {
        let o = Struct::new(value, "struct LoginForm")?;
        Ok(LoginForm {
            username: o.field("username")?,
            password: o.field("password")?,
        })
    }
}

impl FromJs for SysUserForm {
    fn read(value: JsValue) -> Result<Self, Error> {
        let o = Struct::new(value, "struct SysUserForm")?;
        Ok(SysUserForm {
            id: o.field("id")?,
            username: o.field("username")?,
            nickname: o.field("nickname")?,
            password: o.field("password")?,
            role_ids: o.read_with("roleIds", read_option)?.flatten(),
        })
    }
}

impl FromJs for RoleForm {
    fn read(value: JsValue) -> Result<Self, Error> {
        let o = Struct::new(value, "struct RoleForm")?;
        Ok(RoleForm {
            name: o.field("name")?,
            remark: o.field("remark")?,
        })
    }
}

impl FromJs for MenuForm {
    fn read(value: JsValue) -> Result<Self, Error> {
        let o = Struct::new(value, "struct MenuForm")?;
        Ok(MenuForm {
            alias: o.field("alias")?,
            name: o.field("name")?,
            access: o.field("access")?,
        })
    }
}

impl FromJs for DictForm {
    fn read(value: JsValue) -> Result<Self, Error> {
        let o = Struct::new(value, "struct DictForm")?;
        Ok(DictForm {
            r#type: o.field("type")?,
            key: o.field("key")?,
            label: o.field("label")?,
            value: o.field("value")?,
            sort: o.field("sort")?,
            remark: o.field("remark")?,
        })
    }
}

impl FromJs for UserInfo {
    fn read(value: JsValue) -> Result<Self, Error> {
        let o = Struct::new(value, "struct UserInfo")?;
        Ok(UserInfo {
            id: o.field("id")?,
            name: o.field("name")?,
            nickname: o.field("nickname")?,
            avatar: o.field("avatar")?,
            roles: o.read_with("roles", read_list)?.unwrap_or_default(),
        })
    }
}

impl FromJs for MenuData {
    fn read(value: JsValue) -> Result<Self, Error> {
        let o = Struct::new(value, "struct MenuData")?;
        Ok(MenuData {
            id: o.field("id")?,
            alias: o.field("alias")?,
            name: o.field("name")?,
            visible: o.field("visible")?,
            icon: o.field("icon")?,
            sort: o.field("sort")?,
            access: o.field("access")?,
        })
    }
}

impl FromJs for MenuNode {
    fn read(value: JsValue) -> Result<Self, Error> {
        let o = Struct::new(value, "struct MenuNode")?;
        let data = o.read_with("data", MenuData::read)?;
        let children = o.read_with("children", read_list)?.unwrap_or_default();
        Ok(MenuNode {
            data: required(data, "data")?,
            children,
        })
    }
}

impl FromJs for IdData {
    fn read(value: JsValue) -> Result<Self, Error> {
        let o = Struct::new(value, "struct IdData")?;
        Ok(IdData { id: o.field("id")? })
    }
}

impl FromJs for IdTree {
    fn read(value: JsValue) -> Result<Self, Error> {
        let o = Struct::new(value, "struct IdTree")?;
        Ok(IdTree {
            id: o.field("id")?,
            data: o.read_with("data", read_option)?.flatten(),
            children: o.read_with("children", read_list)?.unwrap_or_default(),
        })
    }
}

impl FromJs for FieldError {
    fn read(value: JsValue) -> Result<Self, Error> {
        let o = Struct::new(value, "struct FieldError")?;
        let field = o.read_with("field", de::from_value)?;
        let message = o.read_with("message", de::from_value)?;
        Ok(FieldError {
            field: required(field, "field")?,
            message: required(message, "message")?,
        })
    }
}
