#!/usr/bin/env bash
# Runs every fuzz target (fuzz-targets/, issue 11) under libFuzzer for FUZZ_SECONDS each (default
# 600: the goal is 0 crashes after 10 minutes per target), two at a time, and prints per target the
# runs, the inputs kept and the crashes. New inputs go to fuzz/target/corpus/ (not committed);
# with FUZZ_MERGE=1 those that reach code the committed corpus does not are then merged into
# fuzz/corpus/<target>/ (libFuzzer's -merge=1: the committed inputs stay, the rest is minimised), to
# be committed: `cargo test -p fuzz-targets` replays the corpus in `make test`. A crash is copied to
# fuzz/regressions/<target>/, where that replay keeps it from then on, and the run fails.
#
# Usage: scripts/fuzz.sh [target...]     (FUZZ_SECONDS=600 FUZZ_JOBS=2 FUZZ_MERGE=0)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
scripts/ensure-tools.sh fuzz

SECONDS_EACH=${FUZZ_SECONDS:-600}
JOBS=${FUZZ_JOBS:-2}
ALL=(protocol dispatcher routes redirect validate csv_writer)
[ $# -gt 0 ] || set -- "${ALL[@]}"

log() { printf '\033[1;34m[fuzz]\033[0m %s\n' "$*" >&2; }

cd fuzz
log "cargo +nightly fuzz build -O (address sanitizer)"
cargo +nightly fuzz build -O >&2

run_one() { # target
  local target=$1
  # Only this run's findings are counted.
  rm -rf "artifacts/$target"
  mkdir -p "target/corpus/$target" "artifacts/$target"
  cargo +nightly fuzz run -O "$target" "target/corpus/$target" "corpus/$target" -- \
    -max_total_time="$SECONDS_EACH" -print_final_stats=1 -rss_limit_mb=4096 \
    >"target/$target.log" 2>&1 || true
}

log "${#@} targets, ${SECONDS_EACH} s each, $JOBS at a time"
running=0
for target in "$@"; do
  run_one "$target" &
  running=$((running + 1))
  if [ "$running" -ge "$JOBS" ]; then wait -n; running=$((running - 1)); fi
done
wait

echo
printf '%-12s %8s %12s %10s %8s\n' target seconds runs "inputs" crashes
failed=0
for target in "$@"; do
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "target/$target.log" | tail -1)
  kept=$(find "target/corpus/$target" -type f | wc -l)
  crashes=0
  for crash in artifacts/"$target"/crash-* artifacts/"$target"/leak-* artifacts/"$target"/timeout-* artifacts/"$target"/oom-*; do
    [ -e "$crash" ] || continue
    crashes=$((crashes + 1))
    mkdir -p "regressions/$target"
    cp "$crash" "regressions/$target/"
  done
  printf '%-12s %8s %12s %10s %8s\n' "$target" "$SECONDS_EACH" "${runs:-?}" "$kept" "$crashes"
  if [ -z "$runs" ]; then
    echo "  $target did not finish: see fuzz/target/$target.log" >&2
    failed=1
  fi
  [ "$crashes" = 0 ] || failed=1
done
if [ "${FUZZ_MERGE:-0}" = 1 ]; then
  for target in "$@"; do
    before=$(find "corpus/$target" -type f | wc -l)
    "target/x86_64-unknown-linux-gnu/release/$target" -merge=1 -rss_limit_mb=4096 \
      "corpus/$target" "target/corpus/$target" >"target/$target.merge.log" 2>&1
    log "$target: corpus $before -> $(find "corpus/$target" -type f | wc -l) inputs (merged)"
  done
fi
echo
if [ "$failed" = 0 ]; then
  echo "PASS 0 crashes in ${SECONDS_EACH} s per target"
else
  echo "FAIL crashes copied to fuzz/regressions/ (replayed by cargo test -p fuzz-targets from now on)"
  exit 1
fi
