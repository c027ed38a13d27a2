//! The CSV writer: whatever cells it is given, a spreadsheet reads back the same rows and cells,
//! with a `'` before anything it would run as a formula.

use arbitrary::{Arbitrary, Unstructured};
use core_wasm::csv::{BOM, to_csv};

pub fn run(bytes: &[u8]) {
    let mut u = Unstructured::new(bytes);
    let Ok(headers) = Vec::<String>::arbitrary(&mut u) else {
        return;
    };
    let Ok(rows) = Vec::<Vec<String>>::arbitrary(&mut u) else {
        return;
    };
    let written = to_csv(&headers, &rows);
    assert!(written.starts_with(BOM), "a byte-order mark first");

    let expected: Vec<Vec<String>> = std::iter::once(&headers)
        .chain(&rows)
        // A row of no cells, or of one empty cell, is an empty line, which readers skip.
        .filter(|row| !(row.is_empty() || row.len() == 1 && row[0].is_empty()))
        .map(|row| {
            row.iter()
                .map(|cell| {
                    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
                        format!("'{cell}")
                    } else {
                        cell.clone()
                    }
                })
                .collect()
        })
        .collect();
    let read: Vec<Vec<String>> = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        // The whole file, as a spreadsheet opens it: the reader drops the byte-order mark, once.
        // (Dropping it here as well lost a first cell that itself began with U+FEFF.)
        .from_reader(written.as_bytes())
        .records()
        .map(|record| {
            record
                .expect("the output is valid CSV")
                .iter()
                .map(str::to_owned)
                .collect()
        })
        .collect();
    assert_eq!(read, expected);
}
