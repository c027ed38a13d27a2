#!/usr/bin/env bash
# One step of `make test`: runs it, records how long it took, the CPU its processes used and how it
# ended, and names it when it fails, so the end of a long log says which step broke and whether a
# step kept both cores busy (scripts/test-summary.sh prints them).
#   scripts/step.sh NAME COMMAND [ARG]...     records to $TEST_REPORT_DIR/steps.tsv when set
# steps.tsv: wall ms, exit status, name, CPU ms (user + system of the step's processes, as the
# kernel counts them for children reaped along the way), and the machine's busy CPU ms meanwhile
# (/proc/stat). The two differ where a runner's processes outlive their parent: Chromium's
# renderers, orphaned when Playwright kills the browser, are missing from the first.
set -uo pipefail
name=$1
shift
busy_ms() { awk '$1 == "cpu" { printf "%d", ($2 + $3 + $4 + $7 + $8 + $9) * 10; exit }' /proc/stat; }
start=$(date +%s%N)
busy_start=$(busy_ms)
"$@"
rc=$?
ms=$(( ($(date +%s%N) - start) / 1000000 ))
machine_ms=$(( $(busy_ms) - busy_start ))
# `times` in this shell (not a subshell, whose counts start at zero): its second line is the
# children's user and system time, e.g. "1m2.345s 0m0.678s".
cpu_file=$(mktemp)
times >"$cpu_file"
cpu_ms=$(awk 'NR == 2 {
  t = 0
  for (i = 1; i <= 2; i++) { split($i, p, /[ms]/); t += p[1] * 60 + p[2] }
  printf "%d", t * 1000
}' "$cpu_file")
rm -f "$cpu_file"
if [ -n "${TEST_REPORT_DIR:-}" ]; then
  mkdir -p "$TEST_REPORT_DIR"
  printf '%s\t%s\t%s\t%s\t%s\n' "$ms" "$rc" "$name" "$cpu_ms" "$machine_ms" >>"$TEST_REPORT_DIR/steps.tsv"
fi
[ "$rc" = 0 ] || echo "step failed: $name (exit $rc after $((ms / 1000)) s)" >&2
exit "$rc"
