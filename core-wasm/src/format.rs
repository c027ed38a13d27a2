//! Formatting helpers (seed-spec §3): timestamps, emptiness, file names, money, phone masks.

/// Formats epoch milliseconds as `YYYY-MM-DD HH:mm:ss` at `utc_offset_minutes` east of UTC (the
/// browser passes its own offset for that instant). Non-finite input gives an empty string.
pub fn format_timestamp(ms: f64, utc_offset_minutes: i32) -> String {
    if !ms.is_finite() || ms.abs() > 8.64e15 {
        return String::new();
    }
    let local_ms = ms.floor() as i64 + i64::from(utc_offset_minutes) * 60_000;
    let secs = local_ms.div_euclid(1000);
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02}",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// Howard Hinnant's days-to-civil algorithm: proleptic Gregorian, any day count.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// The shape of a value, as far as emptiness goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// null or undefined.
    Null,
    /// A string of this many UTF-16 units.
    Text(usize),
    /// An array of this length.
    List(usize),
    /// A plain object with this many own keys.
    Object(usize),
    /// Anything else: numbers (0 included), booleans, functions, dates.
    Other,
}

/// True for null, undefined, `""`, `[]` and `{}`; false for everything else, `0` and `false` too.
pub fn is_null_or_empty(shape: Shape) -> bool {
    matches!(
        shape,
        Shape::Null | Shape::Text(0) | Shape::List(0) | Shape::Object(0)
    )
}

/// The file name of a path or URL: what follows the last `/` or `\`, without query string or hash,
/// percent-decoded when that gives valid UTF-8.
pub fn file_name(path_or_url: &str) -> String {
    // Split, not find-and-slice: a `str` slice links the panic path's formatting (size budget).
    let path = path_or_url.split(['?', '#']).next().unwrap_or(path_or_url);
    let last = path.rsplit(['/', '\\']).next().unwrap_or("");
    match percent_encoding::percent_decode_str(last).decode_utf8() {
        Ok(decoded) => decoded.into_owned(),
        Err(_) => last.to_owned(),
    }
}

/// Money in fen as `¥1,234.50` (negative as `-¥1,234.50`).
pub fn format_fen(fen: i64) -> String {
    let sign = if fen < 0 { "-" } else { "" };
    let abs = fen.unsigned_abs();
    let yuan = (abs / 100).to_string();
    let mut grouped = String::with_capacity(yuan.len() + yuan.len() / 3);
    for (i, c) in yuan.chars().enumerate() {
        if i > 0 && (yuan.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    format!("{sign}¥{grouped}.{:02}", abs % 100)
}

/// The most digits a typed yuan amount may have before its decimal point (fen stay far below
/// 2^53, exact in JavaScript numbers).
pub const MAX_YUAN_DIGITS: usize = 10;

/// Money typed in yuan as integer fen: `12`, `12.5`, `0.05`, `1,234.50`, `¥8` (what `format_fen`
/// writes reads back). `None` for anything else: empty, negative, a third decimal, letters, more
/// than `MAX_YUAN_DIGITS` digits before the point. Byte by byte, no float parsing: 0.1 + 0.2
/// never enters a price.
pub fn yuan_to_fen(text: &str) -> Option<i64> {
    // Bytes only (no `trim` or `split` machinery in the wasm module): spaces around, one
    // currency sign first (`¥` and the full-width `￥` share their last UTF-8 byte).
    let mut bytes = text.as_bytes();
    while let [b' ', rest @ ..] | [rest @ .., b' '] = bytes {
        bytes = rest;
    }
    if let [0xC2, 0xA5, rest @ ..] | [0xEF, 0xBF, 0xA5, rest @ ..] = bytes {
        bytes = rest.trim_ascii_start();
    }
    // All digits make one number; where the point was says how many fen a unit of it is.
    let mut number: i64 = 0;
    let mut whole = 0;
    let mut decimals: Option<usize> = None;
    let mut after_comma = false;
    for &b in bytes {
        match b {
            b'0'..=b'9' => {
                match decimals.as_mut() {
                    Some(n) => *n += 1,
                    None => whole += 1,
                }
                number = number * 10 + i64::from(b - b'0');
                after_comma = false;
            }
            b',' if decimals.is_none() && whole > 0 && !after_comma => after_comma = true,
            b'.' if decimals.is_none() && !after_comma => decimals = Some(0),
            _ => return None,
        }
        if whole > MAX_YUAN_DIGITS || decimals > Some(2) {
            return None;
        }
    }
    let decimals = decimals.unwrap_or(0);
    if after_comma || whole + decimals == 0 {
        return None;
    }
    Some(
        number
            * if decimals == 0 {
                100
            } else if decimals == 1 {
                10
            } else {
                1
            },
    )
}

/// A mainland mobile number masked for lists: `138****0000`; other shapes keep only their last four.
pub fn mask_phone(phone: &str) -> String {
    let digits: Vec<char> = phone.chars().filter(|c| !c.is_whitespace()).collect();
    if digits.len() == 11 && digits.iter().all(char::is_ascii_digit) {
        let head: String = digits[..3].iter().collect();
        let tail: String = digits[7..].iter().collect();
        return format!("{head}****{tail}");
    }
    // Stars, then the last four (all stars up to four), char by char: no `str::repeat` code in the
    // wasm module.
    let n = digits.len();
    let stars = if n <= 4 { n } else { n - 4 };
    digits
        .iter()
        .enumerate()
        .map(|(i, c)| if i < stars { '*' } else { *c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_in_local_time() {
        assert_eq!(format_timestamp(0.0, 0), "1970-01-01 00:00:00");
        assert_eq!(format_timestamp(0.0, 480), "1970-01-01 08:00:00");
        assert_eq!(
            format_timestamp(1_700_000_000_123.0, 480),
            "2023-11-15 06:13:20"
        );
        assert_eq!(
            format_timestamp(-1.0, 0),
            "1969-12-31 23:59:59",
            "negative rounds down, not toward zero"
        );
        assert_eq!(format_timestamp(-86_400_000.0, 0), "1969-12-31 00:00:00");
        assert_eq!(
            format_timestamp(951_782_400_000.0, 0),
            "2000-02-29 00:00:00",
            "leap day"
        );
        assert_eq!(
            format_timestamp(1_709_164_800_000.0, -300),
            "2024-02-28 19:00:00",
            "west of UTC"
        );
        assert_eq!(format_timestamp(f64::NAN, 0), "");
        assert_eq!(format_timestamp(f64::INFINITY, 0), "");
    }

    #[test]
    fn emptiness() {
        for empty in [
            Shape::Null,
            Shape::Text(0),
            Shape::List(0),
            Shape::Object(0),
        ] {
            assert!(is_null_or_empty(empty));
        }
        for full in [
            Shape::Text(1),
            Shape::List(2),
            Shape::Object(1),
            Shape::Other,
        ] {
            assert!(!is_null_or_empty(full));
        }
    }

    #[test]
    fn file_names() {
        assert_eq!(
            file_name("https://oss.example.com/a/b/logo.png?x-oss-process=resize&sig=1"),
            "logo.png"
        );
        assert_eq!(file_name("/files/2026/合同.pdf"), "合同.pdf");
        assert_eq!(
            file_name("https://h/f/%E5%90%88%E5%90%8C.pdf?e=1"),
            "合同.pdf"
        );
        assert_eq!(file_name("report.final.xlsx#page=2"), "report.final.xlsx");
        assert_eq!(file_name("C:\\docs\\年报 2025.docx"), "年报 2025.docx");
        assert_eq!(file_name("https://h/dir/"), "");
        assert_eq!(file_name(""), "");
        assert_eq!(file_name("?only=query"), "");
        assert_eq!(file_name("bad%FFname.txt"), "bad%FFname.txt");
    }

    #[test]
    fn money_and_phones() {
        assert_eq!(format_fen(123_450), "¥1,234.50");
        assert_eq!(format_fen(0), "¥0.00");
        assert_eq!(format_fen(5), "¥0.05");
        assert_eq!(format_fen(-100_000_001), "-¥1,000,000.01");
        assert_eq!(format_fen(i64::MIN), "-¥92,233,720,368,547,758.08");
        assert_eq!(mask_phone("13800000000"), "138****0000");
        assert_eq!(mask_phone("0571-8888"), "*****8888");
        assert_eq!(mask_phone("12"), "**");
        // The former `repeat`-based formulation, for every length and some spacing.
        let former = |phone: &str| {
            let digits: Vec<char> = phone.chars().filter(|c| !c.is_whitespace()).collect();
            let n = digits.len();
            if n == 11 && digits.iter().all(char::is_ascii_digit) {
                return mask_phone(phone);
            }
            if n <= 4 {
                return "*".repeat(n);
            }
            let tail: String = digits[n - 4..].iter().collect();
            format!("{}{tail}", "*".repeat(n - 4))
        };
        for len in 0..16 {
            let phone: String = "1 3a8-0王0".chars().cycle().take(len).collect();
            assert_eq!(mask_phone(&phone), former(&phone), "{phone:?}");
        }
    }

    #[test]
    fn typed_yuan_as_fen() {
        let ok = [
            ("12", 1200),
            ("12.5", 1250),
            ("12.50", 1250),
            ("0.05", 5),
            (".5", 50),
            ("12.", 1200),
            ("0", 0),
            ("  8  ", 800),
            ("¥ 12", 1200),
            ("¥1,234.50", 123_450),
            ("￥ 99", 9900),
            ("1,000,000", 100_000_000),
            ("9999999999.99", 999_999_999_999),
        ];
        for (text, fen) in ok {
            assert_eq!(yuan_to_fen(text), Some(fen), "{text:?}");
        }
        for bad in [
            "",
            " ",
            ".",
            "¥",
            "-1",
            "+1",
            "1.234",
            "1.2.3",
            "12元",
            "abc",
            "1e3",
            ",1",
            "1,",
            "1,,000",
            "1 000",
            "10000000000",
            "0x10",
            "１２",
            "99999999999999999999999999",
        ] {
            assert_eq!(yuan_to_fen(bad), None, "{bad:?}");
        }
        // What the money formatter writes reads back.
        for fen in [0, 5, 1250, 123_450, 100_000_001, 999_999_999_999] {
            assert_eq!(yuan_to_fen(&format_fen(fen)), Some(fen), "{fen}");
        }
    }
}

/// A wait as people say it: `不到1分钟`, `25分钟`, `3小时5分钟`, `2天4小时` (negative as none).
pub fn waiting_text(ms: i64) -> String {
    const MINUTE: i64 = 60_000;
    const HOUR: i64 = 60 * MINUTE;
    const DAY: i64 = 24 * HOUR;
    let wait = ms.max(0);
    let (big, big_unit, small, small_unit) = if wait < MINUTE {
        return "不到1分钟".to_owned();
    } else if wait < HOUR {
        (wait / MINUTE, "分钟", 0, "")
    } else if wait < DAY {
        (wait / HOUR, "小时", (wait % HOUR) / MINUTE, "分钟")
    } else {
        (wait / DAY, "天", (wait % DAY) / HOUR, "小时")
    };
    let mut text = big.to_string();
    text.push_str(big_unit);
    if small > 0 {
        text.push_str(&small.to_string());
        text.push_str(small_unit);
    }
    text
}

/// Whether a review waiting since `since` is overdue at `now` (past `REVIEW_OVERDUE_MS`).
pub fn review_overdue(since: i64, now: i64) -> bool {
    now.saturating_sub(since) > crate::constants::REVIEW_OVERDUE_MS
}

#[cfg(test)]
mod waiting_tests {
    use super::*;

    const MINUTE: i64 = 60_000;
    const HOUR: i64 = 60 * MINUTE;

    #[test]
    fn a_wait_reads_in_its_two_largest_units() {
        assert_eq!(waiting_text(-5), "不到1分钟");
        assert_eq!(waiting_text(59_999), "不到1分钟");
        assert_eq!(waiting_text(25 * MINUTE), "25分钟");
        assert_eq!(waiting_text(3 * HOUR), "3小时");
        assert_eq!(waiting_text(3 * HOUR + 5 * MINUTE), "3小时5分钟");
        assert_eq!(waiting_text(50 * HOUR), "2天2小时");
        assert_eq!(waiting_text(48 * HOUR + 30 * MINUTE), "2天");
    }

    #[test]
    fn overdue_is_strictly_past_a_day() {
        assert!(!review_overdue(0, 24 * HOUR));
        assert!(review_overdue(0, 24 * HOUR + 1));
        assert!(!review_overdue(i64::MAX, i64::MIN), "no overflow");
    }
}
