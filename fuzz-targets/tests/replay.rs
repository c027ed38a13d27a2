//! Replays every committed input of every fuzz target — its corpus (`fuzz/corpus/<target>/`) and the
//! crashes found so far (`fuzz/regressions/<target>/`) — on stable, in `cargo test`, so a crash
//! once fixed stays fixed without nightly or libFuzzer.

use std::path::Path;

use fuzz_targets::TARGETS;

#[test]
fn every_committed_input_passes_every_target() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut summary = Vec::new();
    for target in TARGETS {
        let mut count = 0;
        for folder in ["corpus", "regressions"] {
            let dir = fuzz.join(folder).join(target.name);
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            let mut files: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
            files.sort();
            for file in files.iter().filter(|f| f.is_file()) {
                let bytes = std::fs::read(file).expect("a corpus file");
                let outcome = std::panic::catch_unwind(|| (target.run)(&bytes));
                assert!(
                    outcome.is_ok(),
                    "{} fails on {}",
                    target.name,
                    file.display()
                );
                count += 1;
            }
        }
        assert!(count > 0, "{} has no committed inputs", target.name);
        summary.push(format!("{} {count}", target.name));
    }
    eprintln!("fuzz replay: {}", summary.join(", "));
}
