//! List paging (product.md, "Conventions"): pages count from 1; the gateway takes a page size of
//! 10–100, default 20; the tables offer 10, 20, 50 and 100. Reading a URL's `page` and `pageSize`
//! lives here so that the web's URL state and the gateway agree.

use serde::{Deserialize, Serialize};

/// The page sizes the tables offer.
pub const PAGE_SIZES: [u32; 4] = [10, 20, 50, 100];
/// The page size of a list opened without one.
pub const DEFAULT_PAGE_SIZE: u32 = 20;
/// The smallest page size the gateway accepts.
pub const MIN_PAGE_SIZE: u32 = 10;
/// The largest page size the gateway accepts.
pub const MAX_PAGE_SIZE: u32 = 100;
/// The first page's number.
pub const FIRST_PAGE: u32 = 1;

/// The paging rules, for the tables' pagers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Paging {
    /// The page sizes the tables offer: `[10, 20, 50, 100]`.
    pub page_sizes: Vec<u32>,
    /// `20`.
    pub default_page_size: u32,
    /// `10`, the gateway's lower bound.
    pub min_page_size: u32,
    /// `100`, the gateway's upper bound.
    pub max_page_size: u32,
}

/// The paging rules.
pub fn paging() -> Paging {
    Paging {
        page_sizes: PAGE_SIZES.to_vec(),
        default_page_size: DEFAULT_PAGE_SIZE,
        min_page_size: MIN_PAGE_SIZE,
        max_page_size: MAX_PAGE_SIZE,
    }
}

/// A URL parameter that is a positive integer written in 1–9 ASCII digits.
fn positive_int(raw: Option<&str>) -> Option<u32> {
    let raw = raw?;
    if raw.is_empty() || raw.len() > 9 || !raw.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    raw.parse::<u32>().ok().filter(|&n| n >= 1)
}

/// A URL's `page`: a positive integer, else the first page.
pub fn read_page(raw: Option<&str>) -> u32 {
    positive_int(raw).unwrap_or(FIRST_PAGE)
}

/// A URL's `pageSize`: one of [`PAGE_SIZES`], else (absent, malformed, out of range, or a size the
/// tables do not offer) [`DEFAULT_PAGE_SIZE`].
pub fn read_page_size(raw: Option<&str>) -> u32 {
    positive_int(raw)
        .filter(|n| PAGE_SIZES.contains(n))
        .unwrap_or(DEFAULT_PAGE_SIZE)
}

/// A URL's record id (`?id=`, `?open=`, a filter's `shopId`): what [`Format::Id`] accepts
/// (decimal digits, not starting with 0, at most 15 of them), else none. `Number` alone would read
/// `1e3` or `0x10` as another record's id.
///
/// [`Format::Id`]: crate::rules::Format::Id
pub fn read_id(raw: Option<&str>) -> Option<i64> {
    let raw = raw?;
    crate::rules::Format::Id.check(raw, "", (1, 15)).ok()?;
    raw.parse().ok()
}

/// Whether the gateway accepts `size` (10–100).
pub fn page_size_in_range(size: i64) -> bool {
    (i64::from(MIN_PAGE_SIZE)..=i64::from(MAX_PAGE_SIZE)).contains(&size)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_url_id_is_decimal_digits_or_nothing() {
        use super::read_id;
        assert_eq!(read_id(Some("42")), Some(42));
        assert_eq!(read_id(Some("999999999999999")), Some(999_999_999_999_999));
        for raw in [
            "",
            "0",
            "042",
            "-1",
            "1e3",
            "0x10",
            "4.0",
            " 4",
            "1234567890123456",
        ] {
            assert_eq!(read_id(Some(raw)), None, "{raw:?}");
        }
        assert_eq!(read_id(None), None);
    }

    use super::*;

    #[test]
    fn the_product_paging_rules() {
        let p = paging();
        assert_eq!(p.page_sizes, [10, 20, 50, 100]);
        assert_eq!(
            (p.default_page_size, p.min_page_size, p.max_page_size),
            (20, 10, 100)
        );
        assert!(p.page_sizes.contains(&p.default_page_size));
        assert!(
            p.page_sizes.iter().all(|&s| page_size_in_range(s.into())),
            "every offered size is one the gateway takes"
        );
    }

    #[test]
    fn a_url_page_is_a_positive_integer_or_the_first_page() {
        assert_eq!(read_page(Some("3")), 3);
        assert_eq!(read_page(Some("03")), 3);
        assert_eq!(read_page(Some("999999999")), 999_999_999);
        for bad in [
            None,
            Some(""),
            Some("0"),
            Some("-2"),
            Some("+2"),
            Some(" 2"),
            Some("2.5"),
            Some("1e3"),
            Some("x"),
            Some("1000000000"),
            Some("２"),
        ] {
            assert_eq!(read_page(bad), 1, "{bad:?}");
        }
    }

    #[test]
    fn a_url_page_size_is_an_offered_size_or_the_default() {
        for size in [10, 20, 50, 100] {
            assert_eq!(read_page_size(Some(&size.to_string())), size);
        }
        for bad in [
            None,
            Some(""),
            Some("7"),
            Some("30"),
            Some("101"),
            Some("1000"),
            Some("-10"),
            Some("50.0"),
            Some("fifty"),
            Some("0"),
        ] {
            assert_eq!(read_page_size(bad), 20, "{bad:?}");
        }
    }

    #[test]
    fn the_gateway_range() {
        assert!(!page_size_in_range(9));
        assert!(page_size_in_range(10));
        assert!(page_size_in_range(37));
        assert!(page_size_in_range(100));
        assert!(!page_size_in_range(101));
        assert!(!page_size_in_range(-20));
    }
}
