//! The fuzz targets' bodies: each takes the fuzzer's bytes and panics when a property fails. The
//! same functions run under libFuzzer (`fuzz/fuzz_targets/*.rs`, `make fuzz`) and over the committed
//! corpus and crash regressions in `cargo test` (`tests/replay.rs`), so a crash once found stays
//! fixed. Structured inputs come from `arbitrary`, which reads any byte string.

pub mod csv_writer;
pub mod dispatcher;
pub mod protocol;
pub mod redirect;
pub mod routes;
pub mod validate;

/// A target: its name (the folder of its corpus) and its body.
pub struct Target {
    pub name: &'static str,
    pub run: fn(&[u8]),
}

/// Every target, as `make fuzz` and the replay test know them.
pub const TARGETS: &[Target] = &[
    Target {
        name: "protocol",
        run: protocol::run,
    },
    Target {
        name: "dispatcher",
        run: dispatcher::run,
    },
    Target {
        name: "routes",
        run: routes::run,
    },
    Target {
        name: "redirect",
        run: redirect::run,
    },
    Target {
        name: "validate",
        run: validate::run,
    },
    Target {
        name: "csv_writer",
        run: csv_writer::run,
    },
];
