//! Lenient readers for parameters that clients often send as strings (ids and paging from URLs).
//! Their errors are Chinese and say what the field must be; the gateway names the field.

use serde::{Deserialize, Deserializer};

#[derive(Deserialize)]
#[serde(untagged)]
enum Loose {
    Int(i64),
    Float(f64),
    Text(String),
}

/// An optional integer: a JSON number, a numeric string, or null / `""` (absent).
pub fn opt_i64<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    match Option::<Loose>::deserialize(d).map_err(|_| serde::de::Error::custom("须为整数"))? {
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
