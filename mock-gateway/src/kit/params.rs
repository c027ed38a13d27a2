//! Reading a call's params into the catalogue's types. A failure answers `param_invalid` with a
//! Chinese message naming the field; serde's own (English) wording never reaches a user.

use core_wasm::validate::FieldError;
use serde::de::DeserializeOwned;
use serde_json::Value;
use serde_path_to_error::Segment;

use crate::error::AppError;

/// Decodes `data` into `T`. The catalogue's lenient readers say what a field must be (`须为整数`);
/// any other mismatch (a list for a text, an object for a number) gets a generic text.
pub fn decode<T: DeserializeOwned>(data: Value) -> Result<T, AppError> {
    serde_path_to_error::deserialize(data).map_err(|e| {
        let field = match e.path().iter().next() {
            Some(Segment::Map { key }) => key.clone(),
            _ => "data".to_owned(),
        };
        let detail = e.into_inner().to_string();
        AppError::field(&field, message(&field, &detail))
    })
}

/// The text for a failed field: the lenient readers' Chinese rule, else a generic one.
fn message(field: &str, detail: &str) -> String {
    if detail.starts_with("须为") && !detail.is_ascii() && !detail.contains("expected") {
        format!("参数 {field} {detail}")
    } else {
        format!("参数 {field} 格式不正确")
    }
}

/// A required parameter.
pub fn required<T>(value: Option<T>, field: &str) -> Result<T, AppError> {
    value.ok_or_else(|| AppError::field(field, format!("缺少参数 {field}")))
}

/// Validated paging.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paging {
    /// Page from 1.
    pub page: i64,
    /// Rows per page, in the core's range.
    pub page_size: i64,
}

impl Paging {
    /// Page from 1 (default 1); pageSize in the core's range (default the core's). Out of range
    /// adds a field error.
    pub fn read(page: Option<i64>, page_size: Option<i64>, errors: &mut Vec<FieldError>) -> Paging {
        use core_wasm::paging::{
            DEFAULT_PAGE_SIZE, FIRST_PAGE, MAX_PAGE_SIZE, MIN_PAGE_SIZE, page_size_in_range,
        };
        let page = page.unwrap_or(i64::from(FIRST_PAGE));
        let page_size = page_size.unwrap_or(i64::from(DEFAULT_PAGE_SIZE));
        if page < i64::from(FIRST_PAGE) {
            errors.push(FieldError::new("page", "page 须为从 1 开始的整数"));
        }
        if !page_size_in_range(page_size) {
            errors.push(FieldError::new(
                "pageSize",
                format!("pageSize 须在 {MIN_PAGE_SIZE} 到 {MAX_PAGE_SIZE} 之间"),
            ));
        }
        Paging { page, page_size }
    }

    /// The rows to skip.
    pub fn offset(&self) -> i64 {
        (self.page - 1).saturating_mul(self.page_size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core_wasm::ops::{DeleteParams, dict::DictSaveParams, sys_user::SysUserCreateParams};
    use serde_json::json;

    fn failure<T: DeserializeOwned>(data: Value) -> (String, String) {
        match decode::<T>(data.clone()) {
            Err(AppError::Invalid(f)) => (f[0].field.clone(), f[0].message.clone()),
            Err(e) => panic!("{data}: expected a field error, got {e:?}"),
            Ok(_) => panic!("{data}: accepted"),
        }
    }

    /// Chinese, naming the field, none of serde's wording.
    fn assert_clear(field: &str, message: &str, want_field: &str) {
        assert_eq!(field, want_field, "{message}");
        assert!(
            message.contains(want_field),
            "{message} should name {want_field}"
        );
        assert!(
            message
                .chars()
                .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "{message} is not Chinese"
        );
        for serde_word in [
            "invalid type",
            "expected",
            "floating point",
            "invalid value",
        ] {
            assert!(!message.contains(serde_word), "{message}");
        }
        assert!(
            message.len() < 200,
            "the message echoes the input: {message}"
        );
    }

    #[test]
    fn hostile_ids_and_paging_answer_chinese_naming_the_field() {
        let huge = "9".repeat(100 * 1024);
        let hostile = [
            json!(1.5),
            json!(1e300),
            json!(-1e300),
            json!("x"),
            json!([]),
            json!([1]),
            json!({}),
            json!(true),
            json!("1\u{0}"),
            json!("\u{7}\u{1b}[2J"),
            json!(huge),
        ];
        for bad in &hostile {
            let (f, m) = failure::<DeleteParams>(json!({ "id": bad }));
            assert_clear(&f, &m, "id");
            assert_eq!(m, "参数 id 须为整数");
            let (f, m) = failure::<DeleteParams>(json!({ "id": 1, "version": bad }));
            assert_clear(&f, &m, "version");
            let (f, m) = failure::<core_wasm::ops::dict::DictListParams>(json!({ "page": bad }));
            assert_clear(&f, &m, "page");
            let (f, m) =
                failure::<core_wasm::ops::dict::DictListParams>(json!({ "pageSize": bad }));
            assert_clear(&f, &m, "pageSize");
        }
        // null means absent.
        assert!(decode::<DeleteParams>(json!({ "id": null })).is_ok_and(|p| p.id.is_none()));
    }

    #[test]
    fn wrong_shapes_of_text_and_lists_answer_a_generic_chinese_text() {
        for bad in [json!(5), json!(1.5), json!([]), json!({}), json!(true)] {
            let (f, m) = failure::<DictSaveParams>(json!({ "key": bad }));
            assert_clear(&f, &m, "key");
            let (f, m) = failure::<DictSaveParams>(json!({ "status": bad }));
            assert_clear(&f, &m, "status");
        }
        for bad in [
            json!([1.5]),
            json!(["x"]),
            json!("1"),
            json!({}),
            json!([[1]]),
        ] {
            let (f, m) = failure::<SysUserCreateParams>(json!({ "roleIds": bad }));
            assert_clear(&f, &m, "roleIds");
        }
    }

    #[test]
    fn long_texts_and_control_characters_decode_as_text() {
        // Texts are the rules' business (core's validate), not the decoder's: they arrive intact.
        let long = "字".repeat(100 * 1024);
        let p: DictSaveParams =
            decode(json!({ "key": long.clone(), "label": "a\u{0}b\u{1b}" })).unwrap_or_default();
        assert_eq!((p.key, p.label.as_str()), (long, "a\u{0}b\u{1b}"));
    }

    #[test]
    fn numeric_strings_and_blanks_are_read_leniently() {
        let p: DeleteParams = decode(json!({"id": "3", "version": ""})).unwrap_or_default();
        assert_eq!((p.id, p.version), (Some(3), None));
    }

    #[test]
    fn paging_bounds() {
        let check = |page, size| {
            let mut errors = Vec::new();
            let p = Paging::read(page, size, &mut errors);
            (p, errors.into_iter().map(|e| e.field).collect::<Vec<_>>())
        };
        assert_eq!(
            check(None, None),
            (
                Paging {
                    page: 1,
                    page_size: 20
                },
                vec![]
            )
        );
        assert_eq!(check(Some(0), None).1, ["page"]);
        assert_eq!(check(None, Some(9)).1, ["pageSize"]);
        assert_eq!(check(None, Some(101)).1, ["pageSize"]);
        assert!(check(Some(2), Some(100)).1.is_empty());
    }
}
