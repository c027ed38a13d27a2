//! Reads the app's arguments (`JsValue`) into Rust types: serde-wasm-bindgen's reading rules for the
//! shapes the core takes (plain objects, arrays, strings, numbers, booleans, null/undefined), with
//! its error messages, but an error type of our own. serde's default `invalid_type` formats an
//! unexpected number with `f64`'s `Display`, which links Rust's float printing (about 14 KB of the
//! module); here the browser prints it instead.

use std::fmt;

use js_sys::{Array, Number, Object, Reflect};
use serde::de::{self, DeserializeOwned, Expected, IntoDeserializer, Unexpected, Visitor};
use wasm_bindgen::{JsCast, JsValue};

/// A reading failure; it prints as serde-wasm-bindgen's error (a JS `Error`) printed:
/// `Error: invalid type: …`.
#[derive(Debug)]
pub struct Error(String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Error: {}", self.0)
    }
}

impl std::error::Error for Error {}

/// serde's wording of an unexpected value, numbers printed by JS (`1.5`, `NaN`, `inf`).
struct Shown<'a>(Unexpected<'a>);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Unexpected::Bool(b) => write!(f, "boolean `{b}`"),
            Unexpected::Unsigned(u) => write!(f, "integer `{u}`"),
            Unexpected::Signed(i) => write!(f, "integer `{i}`"),
            Unexpected::Float(v) => write!(f, "floating point `{}`", js_number(v)),
            Unexpected::Char(c) => write!(f, "character `{c}`"),
            Unexpected::Str(s) => write!(f, "string {s:?}"),
            Unexpected::Bytes(_) => f.write_str("byte array"),
            Unexpected::Unit => f.write_str("unit value"),
            Unexpected::Option => f.write_str("Option value"),
            Unexpected::NewtypeStruct => f.write_str("newtype struct"),
            Unexpected::Seq => f.write_str("sequence"),
            Unexpected::Map => f.write_str("map"),
            Unexpected::Enum => f.write_str("enum"),
            Unexpected::UnitVariant => f.write_str("unit variant"),
            Unexpected::NewtypeVariant => f.write_str("newtype variant"),
            Unexpected::TupleVariant => f.write_str("tuple variant"),
            Unexpected::StructVariant => f.write_str("struct variant"),
            Unexpected::Other(other) => f.write_str(other),
        }
    }
}

/// A number as serde prints it (`1.0`, `0.5`, `1000000000000000000000.0`, `NaN`, `-inf`): the
/// shortest digits, from JS's `String(v)`, written out without an exponent as Rust's `Display` does.
fn js_number(v: f64) -> String {
    if v.is_nan() {
        return "NaN".to_owned();
    }
    if v.is_infinite() {
        return if v > 0.0 { "inf" } else { "-inf" }.to_owned();
    }
    let js = String::from(
        Number::from(v)
            .to_string_with_radix(10)
            .unwrap_or_else(|_| "0".into()),
    );
    let Some((mantissa, exp)) = js.split_once('e') else {
        return if js.contains('.') { js } else { js + ".0" };
    };
    let magnitude = exp
        .bytes()
        .filter(u8::is_ascii_digit)
        .fold(0usize, |n, d| n * 10 + usize::from(d - b'0'));
    let (sign, mantissa) = match mantissa.strip_prefix('-') {
        Some(m) => ("-", m),
        None => ("", mantissa),
    };
    // `d.ddd`: one digit before the point.
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut out = String::from(sign);
    if exp.starts_with('-') {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', magnitude.saturating_sub(1)));
        out.push_str(int);
        out.push_str(frac);
    } else {
        out.push_str(int);
        let shift = magnitude.min(frac.len());
        // `split_at_checked`, not indexing: indexing links the panic path's formatting.
        let (moved, kept) = frac.split_at_checked(shift).unwrap_or((frac, ""));
        out.push_str(moved);
        out.extend(std::iter::repeat_n('0', magnitude - shift));
        out.push('.');
        out.push_str(if kept.is_empty() { "0" } else { kept });
    }
    out
}

impl de::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error(msg.to_string())
    }

    fn invalid_type(unexp: Unexpected, exp: &dyn Expected) -> Self {
        Error(format!("invalid type: {}, expected {}", Shown(unexp), exp))
    }

    fn invalid_value(unexp: Unexpected, exp: &dyn Expected) -> Self {
        Error(format!("invalid value: {}, expected {}", Shown(unexp), exp))
    }
}

type Result<T> = std::result::Result<T, Error>;

/// `value` as an array, or any other iterable (a `Set`) through `Array.from`, as sequences read.
pub fn array(value: &JsValue) -> Option<Array> {
    Deserializer(value.clone()).array()
}

/// serde's `invalid type: …, expected …` for `value`.
pub fn invalid_type(value: &JsValue, exp: &dyn Expected) -> Error {
    Deserializer(value.clone()).invalid_type_(exp)
}

/// Reads `value` as a `T`.
pub fn from_value<T: DeserializeOwned>(value: JsValue) -> Result<T> {
    T::deserialize(Deserializer(value))
}

/// Any `JsValue` as a serde deserializer.
struct Deserializer(JsValue);

impl Deserializer {
    fn is_nullish(&self) -> bool {
        self.0.is_null() || self.0.is_undefined()
    }

    #[cold]
    fn invalid_type_(&self, exp: &dyn Expected) -> Error {
        let text;
        let unexpected = if self.is_nullish() {
            Unexpected::Unit
        } else if let Some(b) = self.0.as_bool() {
            Unexpected::Bool(b)
        } else if let Some(v) = self.0.as_f64() {
            Unexpected::Float(v)
        } else if let Some(s) = self.0.as_string() {
            text = s;
            Unexpected::Str(&text)
        } else {
            text = format!("{:?}", self.0);
            Unexpected::Other(&text)
        };
        de::Error::invalid_type(unexpected, exp)
    }

    fn invalid_type<'de, V: Visitor<'de>>(&self, visitor: V) -> Result<V::Value> {
        Err(self.invalid_type_(&visitor))
    }

    fn safe_integer(&self) -> Option<i64> {
        Number::is_safe_integer(&self.0)
            .then(|| self.0.as_f64())
            .flatten()
            .map(|v| v as i64)
    }

    /// An array, or any other iterable (a `Set`) through `Array.from`.
    fn array(&self) -> Option<Array> {
        if Array::is_array(&self.0) {
            Some(self.0.clone().unchecked_into())
        } else if self.0.is_object()
            && Reflect::has(&self.0, &js_sys::Symbol::iterator()).unwrap_or(false)
        {
            Some(Array::from(&self.0))
        } else {
            None
        }
    }
}

impl<'de> IntoDeserializer<'de, Error> for Deserializer {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

/// The items of an array.
struct Items {
    array: Array,
    next: u32,
}

impl<'de> de::SeqAccess<'de> for Items {
    type Error = Error;

    fn next_element_seed<T: de::DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>> {
        if self.next >= self.array.length() {
            return Ok(None);
        }
        let item = self.array.get(self.next);
        self.next += 1;
        seed.deserialize(Deserializer(item)).map(Some)
    }
}

/// A struct's declared fields read off a plain object; absent fields are skipped.
struct Fields {
    object: JsValue,
    fields: std::slice::Iter<'static, &'static str>,
    value: JsValue,
}

impl Fields {
    /// The next declared field the object has, its value kept for `next_value_seed`. Not generic
    /// and not inlined: one copy serves every struct type (size budget).
    #[inline(never)]
    fn next_present(&mut self) -> Option<&'static str> {
        for field in &mut self.fields {
            let key = JsValue::from_str(field);
            let value = Reflect::get(&self.object, &key).unwrap_or(JsValue::UNDEFINED);
            // `undefined` may be a missing field: check with `in`.
            if value.is_undefined() && !Reflect::has(&self.object, &key).unwrap_or(false) {
                continue;
            }
            self.value = value;
            return Some(field);
        }
        None
    }
}

impl<'de> de::MapAccess<'de> for Fields {
    type Error = Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        match self.next_present() {
            Some(field) => seed.deserialize(field.into_deserializer()).map(Some),
            None => Ok(None),
        }
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        seed.deserialize(Deserializer(std::mem::take(&mut self.value)))
    }
}

/// An object's own entries, as `[key, value]` pairs.
struct Entries {
    entries: Array,
    next: u32,
    value: JsValue,
}

impl<'de> de::MapAccess<'de> for Entries {
    type Error = Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        if self.next >= self.entries.length() {
            return Ok(None);
        }
        let pair: Array = self.entries.get(self.next).unchecked_into();
        self.next += 1;
        self.value = pair.get(1);
        seed.deserialize(Deserializer(pair.get(0))).map(Some)
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        seed.deserialize(Deserializer(std::mem::take(&mut self.value)))
    }
}

/// An enum as `"Variant"` or `{Variant: payload}`.
struct Variant {
    tag: JsValue,
    payload: JsValue,
}

impl<'de> de::EnumAccess<'de> for Variant {
    type Error = Error;
    type Variant = Deserializer;

    fn variant_seed<V: de::DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, Deserializer)> {
        Ok((
            seed.deserialize(Deserializer(self.tag))?,
            Deserializer(self.payload),
        ))
    }
}

impl<'de> de::VariantAccess<'de> for Deserializer {
    type Error = Error;

    fn unit_variant(self) -> Result<()> {
        de::Deserialize::deserialize(self)
    }

    fn newtype_variant_seed<T: de::DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        de::Deserializer::deserialize_seq(self, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        de::Deserializer::deserialize_struct(self, "", fields, visitor)
    }
}

impl<'de> de::Deserializer<'de> for Deserializer {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.is_nullish() {
            visitor.visit_unit()
        } else if let Some(b) = self.0.as_bool() {
            visitor.visit_bool(b)
        } else if let Some(v) = self.0.as_f64() {
            match self.safe_integer() {
                Some(i) => visitor.visit_i64(i),
                None => visitor.visit_f64(v),
            }
        } else if let Some(s) = self.0.as_string() {
            visitor.visit_string(s)
        } else if Array::is_array(&self.0) {
            self.deserialize_seq(visitor)
        } else if self.0.is_object() {
            self.deserialize_map(visitor)
        } else {
            self.invalid_type(visitor)
        }
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.0.as_bool() {
            Some(b) => visitor.visit_bool(b),
            None => self.invalid_type(visitor),
        }
    }

    fn deserialize_i8<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_i64(visitor)
    }

    fn deserialize_i16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_i64(visitor)
    }

    fn deserialize_i32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_i64(visitor)
    }

    fn deserialize_i64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.safe_integer() {
            Some(i) => visitor.visit_i64(i),
            None => self.invalid_type(visitor),
        }
    }

    fn deserialize_u8<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_u64(visitor)
    }

    fn deserialize_u16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_u64(visitor)
    }

    fn deserialize_u32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_u64(visitor)
    }

    fn deserialize_u64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.safe_integer() {
            Some(i) if i >= 0 => visitor.visit_u64(i as u64),
            _ => self.invalid_type(visitor),
        }
    }

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_f64(visitor)
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.0.as_f64() {
            Some(v) => visitor.visit_f64(v),
            None => self.invalid_type(visitor),
        }
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_string(visitor)
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_string(visitor)
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.0.as_string() {
            Some(s) => visitor.visit_string(s),
            None => self.invalid_type(visitor),
        }
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.is_nullish() {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.is_nullish() {
            visitor.visit_unit()
        } else {
            self.invalid_type(visitor)
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.array() {
            Some(array) => visitor.visit_seq(Items { array, next: 0 }),
            None => self.invalid_type(visitor),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if !self.0.is_object() {
            return self.invalid_type(visitor);
        }
        visitor.visit_map(Entries {
            entries: Object::entries(self.0.unchecked_ref()),
            next: 0,
            value: JsValue::UNDEFINED,
        })
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        if !self.0.is_object() {
            return self.invalid_type(visitor);
        }
        visitor.visit_map(Fields {
            object: self.0,
            fields: fields.iter(),
            value: JsValue::UNDEFINED,
        })
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let access = if self.0.is_string() {
            Variant {
                tag: self.0,
                payload: JsValue::UNDEFINED,
            }
        } else if self.0.is_object() {
            let entries = Object::entries(self.0.unchecked_ref());
            if entries.length() != 1 {
                return Err(de::Error::invalid_length(entries.length() as usize, &"1"));
            }
            let pair: Array = entries.get(0).unchecked_into();
            Variant {
                tag: pair.get(0),
                payload: pair.get(1),
            }
        } else {
            return self.invalid_type(visitor);
        };
        visitor.visit_enum(access)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_string(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_unit()
    }
}
