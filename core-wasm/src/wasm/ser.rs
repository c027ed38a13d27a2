//! Writes Rust values as `JsValue`s exactly as serde-wasm-bindgen's serializer wrote them (the
//! browser tests compare the two), without its key cache (a `HashMap`) or its error formatting:
//! a few KB less in the module. Callers only ever ask whether writing failed, never why.

use std::fmt;

use js_sys::{Array, JsString, Map, Object, Reflect, Uint8Array};
use serde::ser::{self, Serialize};
use wasm_bindgen::{JsCast, JsValue};

/// A value JS cannot hold (an integer beyond ±2^53 − 1, a map key that is not a string).
#[derive(Debug)]
pub struct Error;

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not representable as a JS value")
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: fmt::Display>(_msg: T) -> Self {
        Error
    }
}

type Result<T = JsValue> = std::result::Result<T, Error>;

/// serde-wasm-bindgen's `Serializer::new()`: `None` and `()` as `undefined`, maps as `Map`, bytes
/// as `Uint8Array`.
pub fn to_value<T: Serialize + ?Sized>(value: &T) -> Result {
    value.serialize(Serializer { json: false })
}

/// serde-wasm-bindgen's `Serializer::json_compatible()`: `None` and `()` as `null`, maps as plain
/// objects, bytes as arrays of numbers.
pub fn to_json_value<T: Serialize + ?Sized>(value: &T) -> Result {
    value.serialize(Serializer { json: true })
}

#[derive(Clone, Copy)]
struct Serializer {
    json: bool,
}

/// `Number.MAX_SAFE_INTEGER`.
const MAX_SAFE: i64 = (1 << 53) - 1;

fn set(object: &JsValue, key: &JsValue, value: &JsValue) {
    // A property of a fresh plain object: setting it cannot fail.
    let _ = Reflect::set(object, key, value);
}

/// `{[variant]: value}`.
fn tagged(variant: &str, value: &JsValue) -> JsValue {
    let object = Object::new().into();
    set(&object, &JsValue::from_str(variant), value);
    object
}

impl ser::Serializer for Serializer {
    type Ok = JsValue;
    type Error = Error;
    type SerializeSeq = Items;
    type SerializeTuple = Items;
    type SerializeTupleStruct = Items;
    type SerializeTupleVariant = Variant<Items>;
    type SerializeMap = Entries;
    type SerializeStruct = Fields;
    type SerializeStructVariant = Variant<Fields>;

    fn serialize_bool(self, v: bool) -> Result {
        Ok(v.into())
    }

    fn serialize_i8(self, v: i8) -> Result {
        Ok(v.into())
    }

    fn serialize_i16(self, v: i16) -> Result {
        Ok(v.into())
    }

    fn serialize_i32(self, v: i32) -> Result {
        Ok(v.into())
    }

    fn serialize_i64(self, v: i64) -> Result {
        if (-MAX_SAFE..=MAX_SAFE).contains(&v) {
            Ok(JsValue::from_f64(v as f64))
        } else {
            Err(Error)
        }
    }

    fn serialize_u8(self, v: u8) -> Result {
        Ok(v.into())
    }

    fn serialize_u16(self, v: u16) -> Result {
        Ok(v.into())
    }

    fn serialize_u32(self, v: u32) -> Result {
        Ok(v.into())
    }

    fn serialize_u64(self, v: u64) -> Result {
        if v <= MAX_SAFE as u64 {
            Ok(JsValue::from_f64(v as f64))
        } else {
            Err(Error)
        }
    }

    fn serialize_i128(self, v: i128) -> Result {
        Ok(v.into())
    }

    fn serialize_u128(self, v: u128) -> Result {
        Ok(v.into())
    }

    fn serialize_f32(self, v: f32) -> Result {
        Ok(v.into())
    }

    fn serialize_f64(self, v: f64) -> Result {
        Ok(v.into())
    }

    fn serialize_char(self, v: char) -> Result {
        Ok(JsString::from(v).into())
    }

    fn serialize_str(self, v: &str) -> Result {
        Ok(v.into())
    }

    fn serialize_bytes(self, v: &[u8]) -> Result {
        let bytes = Uint8Array::from(v);
        Ok(if self.json {
            Array::from(&bytes).into()
        } else {
            bytes.into()
        })
    }

    fn serialize_none(self) -> Result {
        self.serialize_unit()
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result {
        Ok(if self.json {
            JsValue::NULL
        } else {
            JsValue::UNDEFINED
        })
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result {
        self.serialize_unit()
    }

    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result {
        Ok(variant.into())
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result {
        Ok(tagged(variant, &value.serialize(self)?))
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Items> {
        Ok(Items {
            ser: self,
            array: Array::new(),
        })
    }

    fn serialize_tuple(self, len: usize) -> Result<Items> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Items> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Variant<Items>> {
        Ok(Variant {
            variant,
            inner: self.serialize_seq(Some(len))?,
        })
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Entries> {
        Ok(Entries {
            ser: self,
            target: if self.json {
                Object::new().into()
            } else {
                Map::new().into()
            },
            key: JsValue::UNDEFINED,
        })
    }

    fn serialize_struct(self, _: &'static str, _len: usize) -> Result<Fields> {
        Ok(Fields {
            ser: self,
            object: Object::new().into(),
        })
    }

    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Variant<Fields>> {
        Ok(Variant {
            variant,
            inner: self.serialize_struct(variant, len)?,
        })
    }
}

/// An array's items.
pub struct Items {
    ser: Serializer,
    array: Array,
}

impl ser::SerializeSeq for Items {
    type Ok = JsValue;
    type Error = Error;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.array.push(&value.serialize(self.ser)?);
        Ok(())
    }

    fn end(self) -> Result {
        Ok(self.array.into())
    }
}

impl ser::SerializeTuple for Items {
    type Ok = JsValue;
    type Error = Error;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(self, value)
    }

    fn end(self) -> Result {
        ser::SerializeSeq::end(self)
    }
}

impl ser::SerializeTupleStruct for Items {
    type Ok = JsValue;
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(self, value)
    }

    fn end(self) -> Result {
        ser::SerializeSeq::end(self)
    }
}

/// A map's entries: a `Map`, or (JSON) a plain object whose keys must be strings.
pub struct Entries {
    ser: Serializer,
    target: JsValue,
    key: JsValue,
}

impl ser::SerializeMap for Entries {
    type Ok = JsValue;
    type Error = Error;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<()> {
        self.key = key.serialize(self.ser)?;
        Ok(())
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        let key = std::mem::take(&mut self.key);
        let value = value.serialize(self.ser)?;
        if !self.ser.json {
            self.target.unchecked_ref::<Map>().set(&key, &value);
        } else if key.is_string() {
            set(&self.target, &key, &value);
        } else {
            return Err(Error);
        }
        Ok(())
    }

    fn end(self) -> Result {
        Ok(self.target)
    }
}

/// A struct's fields on a plain object; a `None` field is present, as `undefined` or `null`.
pub struct Fields {
    ser: Serializer,
    object: JsValue,
}

impl ser::SerializeStruct for Fields {
    type Ok = JsValue;
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<()> {
        set(&self.object, &key.into(), &value.serialize(self.ser)?);
        Ok(())
    }

    fn end(self) -> Result {
        Ok(self.object)
    }
}

/// A tuple or struct variant: `{[variant]: payload}`.
pub struct Variant<S> {
    variant: &'static str,
    inner: S,
}

impl ser::SerializeTupleVariant for Variant<Items> {
    type Ok = JsValue;
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(&mut self.inner, value)
    }

    fn end(self) -> Result {
        Ok(tagged(self.variant, &ser::SerializeSeq::end(self.inner)?))
    }
}

impl ser::SerializeStructVariant for Variant<Fields> {
    type Ok = JsValue;
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<()> {
        ser::SerializeStruct::serialize_field(&mut self.inner, key, value)
    }

    fn end(self) -> Result {
        Ok(tagged(
            self.variant,
            &ser::SerializeStruct::end(self.inner)?,
        ))
    }
}
