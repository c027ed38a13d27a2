#!/usr/bin/env bash
# The gateway beside json-server, the mock backend a frontend developer would pick instead (issues
# 11 and 21): json-server 0.17 serves the same rows, exported from the gateway's database through
# its own list operations, and wrk drives both in one run with a mixed workload of six domains
# (dict, shops, products, members, opportunities, inquiries): per domain a fixed, seeded set of
# COUNT distinct list queries — filters, sorts, pages 1-50 of 20 — each spelled for json-server
# as the closest query selecting the same rows in the same order (peer_queries.py), and every
# request the next query of the set (mixed.lua). Before the runs every gateway answer and
# CHECK_SAMPLE json-server answers per domain (0: all) are checked against the expected ids and
# total. Prints req/s, p50 and p99 of each side, the ratio and the CPU left idle before each
# domain's runs, and a PASS/MISS line per domain against the goal (exit 1 on a miss): the
# gateway >= 10x json-server's req/s, with the session and permission checks it does on each call (json-server
# does none). Every call runs its query: the gateway keeps no answers.
#
# Usage: mock-gateway/bench/peer.sh     (DURATION=10s CONNECTIONS=64 THREADS=2)
# Environment: CARGO_TARGET_DIR is honoured; SKIP_BUILD=1 reuses the binary; SEED=21 and
# COUNT=1000 choose the query set; CHECK_SAMPLE=0 checks every json-server path (N: a sample of N
# per domain); DOMAINS="dict shops ..." runs some domains only; ROUNDS=3 alternates the two
# servers three times per domain and reports each one's median run.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$HOME/.cargo/bin:$PATH"

DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
GOAL_RATIO=10
SEED=${SEED:-21}
COUNT=${COUNT:-1000}
CHECK_SAMPLE=${CHECK_SAMPLE:-0}
ROUNDS=${ROUNDS:-1}
DOMAINS=${DOMAINS:-"dict shops products members opportunities inquiries"}
JSON_SERVER_VERSION=0.17.4
TARGET_DIR=${CARGO_TARGET_DIR:-target}
BIN="$TARGET_DIR/release/mock-gateway"
PEER_DIR=${PEER_DIR:-$HOME/.cache/adnur-bench/json-server-$JSON_SERVER_VERSION}

for tool in curl python3 wrk node npm; do
  command -v "$tool" >/dev/null || { echo "$tool is required (scripts/ensure-tools.sh bench)" >&2; exit 1; }
done
# shellcheck source=mock-gateway/bench/lib.sh
source mock-gateway/bench/lib.sh

if [ "${SKIP_BUILD:-0}" != 1 ] || [ ! -x "$BIN" ]; then
  log "cargo build --release -p mock-gateway"
  cargo build --release -p mock-gateway
fi
if [ ! -x "$PEER_DIR/node_modules/.bin/json-server" ]; then
  log "npm install json-server@$JSON_SERVER_VERSION into $PEER_DIR"
  mkdir -p "$PEER_DIR"
  npm install --silent --no-audit --no-fund --prefix "$PEER_DIR" "json-server@$JSON_SERVER_VERSION" >&2
fi

tmp=$(mktemp -d)
peer_pid=""
cleanup() {
  stop_gateway
  if [ -n "$peer_pid" ] && kill -0 "$peer_pid" 2>/dev/null; then kill "$peer_pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

start_gateway "$tmp/peer.sqlite3"
login
python3 mock-gateway/bench/peer_export.py "$base" "$mat" "$tmp/db.json" "$tmp/categories.json"
mkdir -p "$tmp/queries"
log "drawing $COUNT queries per domain (seed $SEED)"
python3 mock-gateway/bench/peer_queries.py generate "$tmp/db.json" "$tmp/categories.json" "$mat" \
  "$tmp/queries" --seed "$SEED" --count "$COUNT"

peer_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$PEER_DIR/node_modules/.bin/json-server" --quiet --host 127.0.0.1 --port "$peer_port" "$tmp/db.json" \
  >"$tmp/peer.log" 2>&1 &
peer_pid=$!
peer="http://127.0.0.1:$peer_port"
for _ in $(seq 1 100); do curl -fsS "$peer/dict?_limit=1" >/dev/null 2>&1 && break; sleep 0.1; done
curl -fsS "$peer/dict?_limit=1" >/dev/null || { cat "$tmp/peer.log" >&2; echo "json-server did not start" >&2; exit 1; }
log "json-server $JSON_SERVER_VERSION at $peer"

if [ "$CHECK_SAMPLE" = 0 ]; then checked=all; else checked="$CHECK_SAMPLE per domain"; fi
log "checking the answers: every gateway call, json-server's $checked"
python3 mock-gateway/bench/peer_queries.py check "$base" "$peer" "$tmp/queries" --sample "$CHECK_SAMPLE"

idle=$(idle_percent)
log "CPU idle before the runs: ${idle}%"
[ "$idle" -ge 80 ] || log "WARNING: the machine is busy (${idle}% idle); the figures will suffer"

# One run of wrk against a server: "p50 p99 req/s bad cpu", cpu being the server process's CPU
# time per request in µs (user and system, all its threads): what a request costs it whatever
# else the machine runs, where req/s also depends on what the other work leaves it.
ticks=$(getconf CLK_TCK)
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
measure() { # server pid, base URL, file of paths
  local before after p50 p99 rps non2xx errors requests
  before=$(cpu_ticks "$1")
  read -r p50 p99 rps non2xx errors requests < <(load_paths "$2" "$3")
  after=$(cpu_ticks "$1")
  echo "$p50 $p99 $rps $((non2xx + errors)) $(((after - before) * 1000000 / ticks / (requests > 0 ? requests : 1)))"
}
# The run of median req/s among ROUNDS runs (the gateway and json-server alternate).
median() { python3 -c 'import sys; runs = sorted((l.split() for l in sys.stdin if l.strip()), key=lambda r: float(r[2])); print(" ".join(runs[len(runs) // 2]))'; }

declare -a ROWS VERDICTS
for domain in $DOMAINS; do
  # Each domain's own figure: other work on the machine may come and go during the runs.
  domain_idle=$(idle_percent)
  gw_runs="" peer_runs=""
  for round in $(seq 1 "$ROUNDS"); do
    log "wrk -c$CONNECTIONS -d$DURATION  $domain, $COUNT queries (${domain_idle}% idle), run $round of $ROUNDS: gateway"
    gw_runs+="$(measure "$pid" "$base" "$tmp/queries/$domain.gw")"$'\n'
    log "wrk -c$CONNECTIONS -d$DURATION  $domain, $COUNT queries, run $round of $ROUNDS: json-server"
    peer_runs+="$(measure "$peer_pid" "$peer" "$tmp/queries/$domain.peer")"$'\n'
  done
  read -r g50 g99 grps gbad gcpu < <(median <<<"$gw_runs")
  read -r p50 p99 prps pbad pcpu < <(median <<<"$peer_runs")
  ratio=$(python3 -c "print(f'{$grps / max($prps, 1):.1f}')")
  ROWS+=("$domain $grps $g50 $g99 $gcpu $prps $p50 $p99 $pcpu $ratio $domain_idle")
  if python3 -c "import sys; sys.exit(0 if $grps >= $GOAL_RATIO * $prps else 1)"; then
    VERDICTS+=("PASS $domain: gateway ${ratio}x json-server (goal >= ${GOAL_RATIO}x)")
  else
    VERDICTS+=("MISS $domain: gateway ${ratio}x json-server (goal >= ${GOAL_RATIO}x)")
  fi
  [ $((gbad + pbad)) = 0 ] || VERDICTS+=("MISS $domain: non-200 answers or socket errors (gateway $gbad, json-server $pbad)")
done

echo
echo "== gateway vs json-server $JSON_SERVER_VERSION, mixed workload (wrk -t$THREADS -c$CONNECTIONS -d$DURATION, median of $ROUNDS)"
echo "   per domain $COUNT distinct queries (seed $SEED: filters, sorts, pages 1-50 of 20), each call the next;"
echo "   same rows on both sides (checked); the gateway runs every call's query and checks the session and the menu"
printf '%-14s %9s %7s %7s %6s %10s %7s %7s %6s %7s %5s\n' \
  domain "gw req/s" p50 p99 cpu "json req/s" p50 p99 cpu ratio idle
for row in "${ROWS[@]}"; do
  read -r domain grps g50 g99 gcpu prps p50 p99 pcpu ratio domain_idle <<<"$row"
  printf '%-14s %9s %7s %7s %6s %10s %7s %7s %6s %6sx %4s%%\n' "$domain" \
    "$grps" "$g50" "$g99" "$gcpu" "$prps" "$p50" "$p99" "$pcpu" "$ratio" "$domain_idle"
done
echo "   (p50 and p99 in ms; cpu: the server's CPU time per request in µs, all its threads;"
echo "   idle: the CPU left idle in the 2 s before the domain's runs)"
echo
printf '%s\n' "${VERDICTS[@]}"
echo "INFO CPU idle before the runs: ${idle}%; both servers and wrk share this machine's $(nproc) cores"
# A miss fails the run: a regression must not print MISS and pass.
for verdict in "${VERDICTS[@]}"; do
  [[ "$verdict" != MISS* ]] || { echo "peer.sh: a goal was missed" >&2; exit 1; }
done
