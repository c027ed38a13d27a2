#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_targets::csv_writer::run(data));
