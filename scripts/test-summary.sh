#!/usr/bin/env bash
# The end of `make test`: how long each step took, what failed (the step, and for the test
# runners each failing test with its first error line), the total, and last the flaky count.
#   scripts/test-summary.sh STATUS SECONDS    reads $TEST_REPORT_DIR/{steps.tsv,failures.txt,flaky.txt}
# A flaky test passed only on its retry (CI retries once): the run stays green, the line names it.
set -uo pipefail
status=$1
secs=$2
dir=${TEST_REPORT_DIR:?}
label=${TEST_LABEL:-make test}

echo
echo "$label: time per step"
if [ -s "$dir/steps.tsv" ]; then
  # The CPU columns: the cores a step's own processes kept busy on average (their CPU time over the
  # step's wall time), and the machine's busy cores meanwhile (this one has $(nproc)). Two lanes
  # (make -j2) were tried and gained nothing (1545 s against 1536, issue 27): the longest steps
  # already keep the machine 1.7-1.9 cores busy on their own. The CPU is the budget: cut it.
  awk -F'\t' -v cores="$(nproc)" '
    function per(v, w) { return (w > 0 && v != "" ? sprintf("%.1f", v / w) : "-") }
    { wall += $1; machine += $5; steal += $6
      printf "  %7.1f s  %-6s %4s own, %4s machine cores  %s\n", $1 / 1000,
        ($2 == 0 ? "ok" : "FAILED"), per($4, $1), per($5, $1), $3 }
    END { if (wall > 0) {
            printf "  %7.1f s  in steps, machine CPU %.0f s: %.1f of %d cores busy on average\n",
              wall / 1000, machine / 1000, machine / wall, cores
            # A busy host stretches the whole run: say so beside the figures it stretched.
            printf "  the host took %.0f s of CPU time from this machine (steal): %.0f%% of its cores%s\n",
              steal / 1000, 100 * steal / (wall * cores),
              (steal > 0.05 * wall * cores ? "; the times above are slower than the machine is" : "")
          } }' "$dir/steps.tsv"
fi
failed_step=$(awk -F'\t' '$2 != 0 { print $3; exit }' "$dir/steps.tsv" 2>/dev/null)
if [ -s "$dir/failures.txt" ]; then
  echo
  echo "$label: failing tests (first error line)"
  sed 's/^/  /' "$dir/failures.txt"
fi
echo
if [ "$status" = 0 ]; then
  echo "$label: all suites passed in $((secs / 60)) min $((secs % 60)) s"
else
  echo "$label: FAILED${failed_step:+ at step \"$failed_step\"} in $((secs / 60)) min $((secs % 60)) s"
fi
if [ -s "$dir/flaky.txt" ]; then
  n=$(wc -l <"$dir/flaky.txt")
  echo "flaky: $n — $(paste -sd';' "$dir/flaky.txt" | sed 's/;/; /g')"
else
  echo "flaky: 0"
fi
