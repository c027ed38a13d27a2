//! Lenient readers for parameters that clients often send as strings (ids and paging from URLs).
//! Their errors are Chinese and say what the field must be; the gateway names the field.

use std::fmt;

use serde::de::Visitor;
use serde::{Deserialize, Deserializer};

/// A value read as it came: a number or a string; `None` for null. Read by a visitor of its own
/// rather than `#[serde(untagged)]`, whose buffering of the value (serde's private `Content`)
/// cost the browser's module ~2 KB once the web read saved views through the core.
enum Loose {
    Int(i64),
    Float(f64),
    Text(String),
}

struct LooseVisitor;

impl<'de> Visitor<'de> for LooseVisitor {
    type Value = Option<Loose>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("整数")
    }
    fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<Self::Value, E> {
        Ok(Some(Loose::Int(n)))
    }
    fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Self::Value, E> {
        Ok(Some(
            i64::try_from(n).map_or(Loose::Float(n as f64), Loose::Int),
        ))
    }
    fn visit_f64<E: serde::de::Error>(self, f: f64) -> Result<Self::Value, E> {
        Ok(Some(Loose::Float(f)))
    }
    fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Self::Value, E> {
        Ok(Some(Loose::Text(s.to_owned())))
    }
    fn visit_string<E: serde::de::Error>(self, s: String) -> Result<Self::Value, E> {
        Ok(Some(Loose::Text(s)))
    }
    fn visit_none<E: serde::de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

/// An optional integer: a JSON number, a numeric string, or null / `""` (absent).
pub fn opt_i64<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    match d
        .deserialize_any(LooseVisitor)
        .map_err(|_| serde::de::Error::custom("须为整数"))?
    {
        None => Ok(None),
        Some(Loose::Int(n)) => Ok(Some(n)),
        Some(Loose::Float(f)) if f.fract() == 0.0 && f.abs() < 9.0e15 => Ok(Some(f as i64)),
        Some(Loose::Float(_)) => Err(serde::de::Error::custom("须为整数")),
        Some(Loose::Text(s)) if s.trim().is_empty() => Ok(None),
        Some(Loose::Text(s)) => s
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| serde::de::Error::custom("须为整数")),
    }
}

/// An optional string where `""` (or blanks) counts as absent (empty filters).
pub fn opt_text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(Option::<String>::deserialize(d)
        .map_err(|_| serde::de::Error::custom("须为文本"))?
        .filter(|s| !s.trim().is_empty()))
}

/// An optional list of integers (ids), each a number or a numeric string.
pub fn opt_ids<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<i64>>, D::Error> {
    #[derive(Deserialize)]
    struct Id(#[serde(deserialize_with = "int")] i64);
    fn int<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
        opt_i64(d)?.ok_or_else(|| serde::de::Error::custom("须为整数"))
    }
    Ok(Option::<Vec<Id>>::deserialize(d)
        .map_err(|_| serde::de::Error::custom("须为整数列表"))?
        .map(|ids| ids.into_iter().map(|Id(n)| n).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[derive(Deserialize, Debug)]
    struct P {
        #[serde(default, deserialize_with = "opt_i64")]
        n: Option<i64>,
        #[serde(default, deserialize_with = "opt_text")]
        t: Option<String>,
        #[serde(default, deserialize_with = "opt_ids")]
        ids: Option<Vec<i64>>,
    }

    fn read(v: serde_json::Value) -> Result<P, String> {
        serde_json::from_value(v).map_err(|e| e.to_string())
    }

    #[test]
    fn numbers_numeric_strings_and_blanks() {
        let p =
            read(json!({"n": "3", "t": " ", "ids": [1, "2"]})).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((p.n, p.t, p.ids), (Some(3), None, Some(vec![1, 2])));
        let p = read(json!({"n": 4.0, "t": "x"})).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((p.n, p.t.as_deref()), (Some(4), Some("x")));
        assert!(read(json!({})).is_ok_and(|p| p.n.is_none() && p.ids.is_none()));
    }

    #[test]
    fn failures_are_chinese_without_serde_wording() {
        for bad in [
            json!({"n": 1.5}),
            json!({"n": "x"}),
            json!({"n": 1e300}),
            json!({"n": [1]}),
            json!({"t": 5}),
            json!({"ids": [1.5]}),
            json!({"ids": "1"}),
        ] {
            let e = read(bad.clone()).err().unwrap_or_default();
            assert!(e.starts_with("须为"), "{bad}: {e}");
        }
    }
}
