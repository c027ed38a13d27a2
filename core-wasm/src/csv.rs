//! CSV export of table rows (RFC 4180), for the list screens' 导出 button.

/// A UTF-8 byte-order mark, so spreadsheet programs read Chinese text correctly.
pub const BOM: &str = "\u{feff}";

/// Renders a header row and data rows as CSV with CRLF line ends and a leading BOM. Cells that a
/// spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR) get a leading `'`.
pub fn to_csv(headers: &[String], rows: &[Vec<String>]) -> String {
    let mut out = String::from(BOM);
    for row in std::iter::once(headers).chain(rows.iter().map(Vec::as_slice)) {
        for (i, cell) in row.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            push_cell(&mut out, cell);
        }
        out.push_str("\r\n");
    }
    out
}

fn push_cell(out: &mut String, cell: &str) {
    let guarded = cell.starts_with(['=', '+', '-', '@', '\t', '\r']);
    let needs_quotes = guarded || cell.contains([',', '"', '\n', '\r']);
    if needs_quotes {
        out.push('"');
    }
    if guarded {
        out.push('\'');
    }
    for c in cell.chars() {
        if c == '"' {
            out.push('"');
        }
        out.push(c);
    }
    if needs_quotes {
        out.push('"');
    }
}

/// The download's file name: `{base}-YYYYMMDD-HHmmss.csv` in the given local offset.
pub fn export_file_name(base: &str, now_ms: f64, utc_offset_minutes: i32) -> String {
    let stamp: String = crate::format::format_timestamp(now_ms, utc_offset_minutes)
        .chars()
        .filter_map(|c| match c {
            '-' | ':' => None,
            ' ' => Some('-'),
            c => Some(c),
        })
        .collect();
    format!("{base}-{stamp}.csv")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| (*x).to_owned()).collect()
    }

    #[test]
    fn quoting_and_formula_guard() {
        let csv = to_csv(
            &s(&["用户名", "昵称"]),
            &[
                s(&["admin", "系统管理员"]),
                s(&["a,b", "say \"hi\""]),
                s(&["=1+1", "-2"]),
                s(&["multi\nline", ""]),
            ],
        );
        assert_eq!(
            csv,
            "\u{feff}用户名,昵称\r\nadmin,系统管理员\r\n\"a,b\",\"say \"\"hi\"\"\"\r\n\"'=1+1\",\"'-2\"\r\n\"multi\nline\",\r\n"
        );
        assert_eq!(
            to_csv(&s(&["a"]), &[]),
            "\u{feff}a\r\n",
            "a header-only export"
        );
    }

    #[test]
    fn file_names_carry_the_time() {
        assert_eq!(
            export_file_name("系统用户", 0.0, 480),
            "系统用户-19700101-080000.csv"
        );
    }
}
