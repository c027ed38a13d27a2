//! The rule tables' `validate`: any values, of any type, under the form's own field names or
//! others, are judged without a panic, and every error names a field of the form in Chinese.

use arbitrary::{Arbitrary, Result, Unstructured};
use core_wasm::rules::{Form, Values, describe, validate};
use serde_json::{Map, Number, Value, json};

fn text(u: &mut Unstructured<'_>) -> Result<String> {
    Ok(match u.int_in_range(0..=4)? {
        // Long text past every length limit.
        0 => "长".repeat(u.int_in_range(0..=600)?),
        1 => String::from(*u.choose(&[
            "",
            " ",
            "\0",
            "\u{202e}",
            "https://例子.com/a?b#c",
            "-1",
            "1e309",
        ])?),
        _ => String::arbitrary(u)?,
    })
}

fn value(u: &mut Unstructured<'_>, depth: u8) -> Result<Value> {
    Ok(match u.int_in_range(0..=7)? {
        0 => Value::Null,
        1 => Value::Bool(bool::arbitrary(u)?),
        2 => json!(i64::arbitrary(u)?),
        3 => Number::from_f64(f64::arbitrary(u)?).map_or(Value::Null, Value::Number),
        4 if depth < 2 => Value::Array(
            (0..u.int_in_range(0..=3)?)
                .map(|_| value(u, depth + 1))
                .collect::<Result<_>>()?,
        ),
        5 if depth < 2 => Value::Object(Map::from_iter([(text(u)?, value(u, depth + 1)?)])),
        _ => Value::String(text(u)?),
    })
}

pub fn run(bytes: &[u8]) {
    let mut u = Unstructured::new(bytes);
    let Ok(form) = u.choose(&Form::ALL).copied() else {
        return;
    };
    let rules = describe(form);
    let mut object = Map::new();
    for rule in &rules.fields {
        match u.int_in_range(0..=3) {
            Ok(0) | Err(_) => {}
            Ok(_) => {
                if let Ok(v) = value(&mut u, 0) {
                    object.insert(rule.field.to_owned(), v);
                }
            }
        }
    }
    if let (Ok(key), Ok(v)) = (text(&mut u), value(&mut u, 0)) {
        object.insert(key, v);
    }
    let Ok(values) = serde_json::from_value::<Values>(Value::Object(object)) else {
        return;
    };
    for error in validate(form, &values) {
        assert!(
            rules.fields.iter().any(|rule| rule.field == error.field),
            "{form:?}: an error for a field the form does not have: {error:?}"
        );
        assert!(
            error
                .message
                .chars()
                .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "{form:?}: not a Chinese message: {error:?}"
        );
    }
}
