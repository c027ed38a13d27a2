//! The flat argument structs (forms, the stored user) read field by field. serde's derived reader
//! put a copy of its field loop in the module per struct type (~1 KB each); these share one
//! [`Struct`]. They read as the derived readers do with [`de`](super::de): each of these structs
//! has only `#[serde(default)]` fields, read in declaration order, the first failure returned,
//! absent ones defaulted. The struct literals name every field, so a new field does not compile
//! until it is read here; the browser tests compare each reader with serde-wasm-bindgen's.

use js_sys::Reflect;
use serde::de::DeserializeOwned;
use wasm_bindgen::JsValue;

use super::de::{self, Error};
use crate::session::UserInfo;
use crate::validate::{DictForm, LoginForm, MenuForm, RoleForm, SysUserForm};

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

    /// The field `name` read as `T`, or `T::default()` when the object has no such property
    /// (`undefined` counts as present when `name in object`, as in [`de`]).
    fn field<T: DeserializeOwned + Default>(&self, name: &str) -> Result<T, Error> {
        let key = JsValue::from_str(name);
        let value = Reflect::get(&self.0, &key).unwrap_or(JsValue::UNDEFINED);
        if value.is_undefined() && !Reflect::has(&self.0, &key).unwrap_or(false) {
            return Ok(T::default());
        }
        de::from_value(value)
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
            role_ids: o.field("roleIds")?,
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
            roles: o.field("roles")?,
        })
    }
}
