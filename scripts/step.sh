#!/usr/bin/env bash
# One step of `make test`: runs it, records how long it took and how it ended, and names it when
# it fails, so the end of a long log says which step broke (scripts/test-summary.sh prints them).
#   scripts/step.sh NAME COMMAND [ARG]...     records to $TEST_REPORT_DIR/steps.tsv when set
set -uo pipefail
name=$1
shift
start=$(date +%s%N)
"$@"
rc=$?
ms=$(( ($(date +%s%N) - start) / 1000000 ))
if [ -n "${TEST_REPORT_DIR:-}" ]; then
  mkdir -p "$TEST_REPORT_DIR"
  printf '%s\t%s\t%s\n' "$ms" "$rc" "$name" >>"$TEST_REPORT_DIR/steps.tsv"
fi
[ "$rc" = 0 ] || echo "step failed: $name (exit $rc after $((ms / 1000)) s)" >&2
exit "$rc"
