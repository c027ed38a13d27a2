#!/usr/bin/env bash
# Load-tests the release gateway (not a test: it takes a minute and needs the machine to itself).
#
# Builds the release binary, starts it on a free port with a temporary database, signs in as admin
# with curl, then runs oha for DURATION at CONNECTIONS connections against
#   GET mtop.admin.user.menuTree   (target: >= 10000 req/s and p99 <= 10 ms)
#   GET mtop.admin.user.list       (reported only)
# with the token in the query exactly as the client sends it, prints req/s and p99 for each, a
# PASS/MISS line per target, and stops the server.
#
# Usage: mock-gateway/bench/run.sh            (DURATION=10s CONNECTIONS=64 by default)
# Environment: CARGO_TARGET_DIR is honoured; DURATION, CONNECTIONS; SKIP_BUILD=1 reuses the binary.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$HOME/.cargo/bin:$PATH"

DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
TARGET_RPS=10000
TARGET_P99_MS=10
TARGET_DIR=${CARGO_TARGET_DIR:-target}
BIN="$TARGET_DIR/release/mock-gateway"

log() { printf '\033[1;34m[bench]\033[0m %s\n' "$*" >&2; }

command -v curl >/dev/null || { echo "curl is required" >&2; exit 1; }
command -v python3 >/dev/null || { echo "python3 is required (to read oha's JSON)" >&2; exit 1; }
if ! command -v oha >/dev/null; then
  log "cargo install oha"
  cargo install oha --locked
fi

if [ "${SKIP_BUILD:-0}" != 1 ] || [ ! -x "$BIN" ]; then
  log "cargo build --release -p mock-gateway"
  cargo build --release -p mock-gateway
fi

# The load generator shares the machine with the gateway; other work on it spoils the tail latency.
idle_percent() {
  local _ u n s i rest t1 i1
  read -r _ u n s i rest </proc/stat; t1=$((u + n + s + i)); i1=$i
  sleep 2
  read -r _ u n s i rest </proc/stat
  echo $((100 * (i - i1) / (u + n + s + i - t1)))
}
idle=$(idle_percent)
log "CPU idle before the run: ${idle}%"
[ "$idle" -ge 80 ] || log "WARNING: the machine is busy (${idle}% idle); p99 will suffer"

tmp=$(mktemp -d)
pid=""
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT

log "starting the gateway (temporary database)"
RUST_LOG=warn "$BIN" --port 0 --db "$tmp/bench.sqlite3" >"$tmp/stdout" 2>"$tmp/stderr" &
pid=$!
base=""
for _ in $(seq 1 600); do
  if line=$(grep -m1 '^listening on ' "$tmp/stdout" 2>/dev/null); then
    base=${line#listening on }
    break
  fi
  kill -0 "$pid" 2>/dev/null || { cat "$tmp/stderr" >&2; echo "the gateway exited" >&2; exit 1; }
  sleep 0.1
done
[ -n "$base" ] || { echo "the gateway did not start within 60 s" >&2; exit 1; }
log "gateway at $base"

ts=$(date +%s%3N)
login=$(curl -sS -X POST "$base/m?api=mtop.admin.user.login&ts=$ts" \
  -H 'Content-Type: application/x-www-form-urlencoded' \
  --data-urlencode 'v=1.0' --data-urlencode 'did=0' --data-urlencode 'sign=bench' \
  --data-urlencode 'ttid=0.1.0_admin@pc' --data-urlencode 'mat=' \
  --data-urlencode 'data={"username":"admin","password":"Admin@123"}')
mat=$(printf '%s' "$login" | python3 -c 'import json,sys; print(json.load(sys.stdin)["meta"]["mat"] or "")')
[ -n "$mat" ] || { echo "login failed: $login" >&2; exit 1; }
log "signed in as admin"

query() { # api, url-encoded data
  printf '%s/m?api=%s&v=1.0&ttid=0.1.0_admin%%40pc&did=0&sign=bench&ts=%s&mat=%s&data=%s' \
    "$base" "$1" "$ts" "$mat" "$2"
}
menu_url=$(query mtop.admin.user.menuTree '%7B%7D')
list_url=$(query mtop.admin.user.list '%7B%22page%22%3A1%2C%22pageSize%22%3A20%7D')

for url in "$menu_url" "$list_url"; do
  answer=$(curl -sS "$url")
  printf '%s' "$answer" | python3 -c 'import json,sys; r=json.load(sys.stdin)["result"]; sys.exit(0 if r["success"] else 1)' \
    || { echo "a warm-up call failed: $answer" >&2; exit 1; }
done

run() { # name, url -> prints "rps p99_ms"
  local name=$1 url=$2
  log "oha -z $DURATION -c $CONNECTIONS  GET $name"
  oha -z "$DURATION" -c "$CONNECTIONS" --no-tui --output-format json "$url" >"$tmp/$name.json"
  python3 - "$tmp/$name.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
s = r["summary"]
codes = r.get("statusCodeDistribution", {})
bad = sum(v for k, v in codes.items() if k != "200")
# oha counts requests cut off at the deadline as errors; they are not the server's.
errors = sum(v for k, v in r.get("errorDistribution", {}).items() if "deadline" not in k)
p99 = r["latencyPercentiles"]["p99"] * 1000
print(f'{s["requestsPerSec"]:.0f} {p99:.2f} {s["successRate"]*100:.2f} {bad} {errors}')
PY
}

read -r menu_rps menu_p99 menu_ok menu_bad menu_err < <(run menuTree "$menu_url")
read -r list_rps list_p99 list_ok list_bad list_err < <(run list "$list_url")

echo
printf '%-28s %10s %10s %9s\n' "GET (64 connections, $DURATION)" "req/s" "p99 ms" "success"
printf '%-28s %10s %10s %8s%%\n' "mtop.admin.user.menuTree" "$menu_rps" "$menu_p99" "$menu_ok"
printf '%-28s %10s %10s %8s%%\n' "mtop.admin.user.list" "$list_rps" "$list_p99" "$list_ok"
echo

verdict() { # label, ok?
  if [ "$2" = 1 ]; then echo "PASS $1"; else echo "MISS $1"; fi
}
ge() { python3 -c "import sys; sys.exit(0 if float('$1') >= float('$2') else 1)"; }
le() { python3 -c "import sys; sys.exit(0 if float('$1') <= float('$2') else 1)"; }
ge "$menu_rps" "$TARGET_RPS" && r=1 || r=0
verdict "menuTree throughput: $menu_rps req/s (target >= $TARGET_RPS)" "$r"
le "$menu_p99" "$TARGET_P99_MS" && r=1 || r=0
verdict "menuTree p99: $menu_p99 ms (target <= $TARGET_P99_MS ms)" "$r"
[ "$menu_bad" = 0 ] && [ "$menu_err" = 0 ] && r=1 || r=0
verdict "menuTree answers: $menu_bad non-200, $menu_err transport errors" "$r"
echo "INFO user.list: $list_rps req/s, p99 $list_p99 ms (no target)"
echo "INFO CPU idle before the run: ${idle}% (other work on the machine shows in p99)"
