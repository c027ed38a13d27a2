#!/usr/bin/env bash
# One step of `make test`: runs it, records how long it took, the CPU its processes used and how it
# ended, and names it when it fails, so the end of a long log says which step broke and whether a
# step kept both cores busy (scripts/test-summary.sh prints them).
#   scripts/step.sh NAME COMMAND [ARG]...     records to $TEST_REPORT_DIR/steps.tsv when set
# steps.tsv: wall ms, exit status, name, CPU ms (user + system of the step's processes, as the
# kernel counts them for children reaped along the way), the machine's busy CPU ms meanwhile
# (/proc/stat), and the CPU ms the virtual machine's host took from it meanwhile (steal: time a
# core had work but the host ran something else). The first two differ where a runner's processes
# outlive their parent: Chromium's renderers, orphaned when Playwright kills the browser, are
# missing from the first. Steal is not the machine's work: on a busy host it stretches every step
# (a quarter of the CPU time was stolen during one ci-local run here), so it is counted apart.
set -uo pipefail
name=$1
shift
# user + nice + system + irq + softirq, and steal, in ms.
cpu_ms_now() { awk '$1 == "cpu" { printf "%d %d", ($2 + $3 + $4 + $7 + $8) * 10, $9 * 10; exit }' /proc/stat; }
start=$(date +%s%N)
read -r busy_start steal_start < <(cpu_ms_now)
"$@"
rc=$?
ms=$(( ($(date +%s%N) - start) / 1000000 ))
read -r busy_end steal_end < <(cpu_ms_now)
machine_ms=$(( busy_end - busy_start ))
steal_ms=$(( steal_end - steal_start ))
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
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$ms" "$rc" "$name" "$cpu_ms" "$machine_ms" "$steal_ms" >>"$TEST_REPORT_DIR/steps.tsv"
fi
[ "$rc" = 0 ] || echo "step failed: $name (exit $rc after $((ms / 1000)) s)" >&2
exit "$rc"
