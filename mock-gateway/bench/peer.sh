#!/usr/bin/env bash
# The gateway beside json-server, the mock backend a frontend developer would pick instead (issue 11):
# json-server 0.17 serves the same rows, exported from the gateway's database through its own list
# operations, and wrk drives both in one run with the same list queries (a filter, a sort, page 1 of
# 20) of five domains. Prints req/s, p50 and p99 of each side and the ratio, and a PASS/MISS line
# against the goal: the gateway >= 10x json-server's req/s on every query, with the session and
# permission checks it does on each call (json-server does none). Every call runs its query: the
# gateway keeps no answers (wrk repeats one query, which a cache of answers would serve from memory
# and no browser would).
#
# Usage: mock-gateway/bench/peer.sh     (DURATION=10s CONNECTIONS=64 THREADS=2)
# Environment: CARGO_TARGET_DIR is honoured; SKIP_BUILD=1 reuses the binary.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$HOME/.cargo/bin:$PATH"

DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
GOAL_RATIO=10
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
python3 mock-gateway/bench/peer_export.py "$base" "$mat" "$tmp/db.json"

peer_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$PEER_DIR/node_modules/.bin/json-server" --quiet --host 127.0.0.1 --port "$peer_port" "$tmp/db.json" \
  >"$tmp/peer.log" 2>&1 &
peer_pid=$!
peer="http://127.0.0.1:$peer_port"
for _ in $(seq 1 100); do curl -fsS "$peer/dict?_limit=1" >/dev/null 2>&1 && break; sleep 0.1; done
curl -fsS "$peer/dict?_limit=1" >/dev/null || { cat "$tmp/peer.log" >&2; echo "json-server did not start" >&2; exit 1; }
log "json-server $JSON_SERVER_VERSION at $peer"

# label | gateway operation | its data | json-server's path for the same rows
QUERIES=(
  'dict by type|mtop.admin.dict.list|{"page":1,"pageSize":20,"type":"product_unit"}|/dict?type=product_unit&_page=1&_limit=20'
  'shops active, newest|mtop.admin.shop.list|{"page":1,"pageSize":20,"status":"active","sortField":"createdAt","sortOrder":"desc"}|/shops?status=active&_sort=createdAt&_order=desc&_page=1&_limit=20'
  'products on sale, by price|mtop.admin.product.list|{"page":1,"pageSize":20,"status":"onSale","sortField":"priceMin","sortOrder":"desc"}|/products?status=onSale&_sort=priceMin&_order=desc&_page=1&_limit=20'
  'members buyers, newest|mtop.admin.member.list|{"page":1,"pageSize":20,"type":"buyer","sortField":"createdAt","sortOrder":"desc"}|/members?type=buyer&_sort=createdAt&_order=desc&_page=1&_limit=20'
  'opportunities pending, oldest|mtop.admin.opportunity.list|{"page":1,"pageSize":20,"state":"pending","sortField":"createdAt","sortOrder":"asc"}|/opportunities?state=pending&_sort=createdAt&_order=asc&_page=1&_limit=20'
)

# Both sides must answer the same rows, or the comparison means nothing.
same_rows() { # gateway url, peer url
  python3 - "$1" "$2" <<'PY'
import json, sys, urllib.request
gw = json.load(urllib.request.urlopen(sys.argv[1]))["result"]
peer = json.load(urllib.request.urlopen(sys.argv[2]))
if not gw["success"]:
    sys.exit(f"gateway: {gw['code']} {gw['msg']}")
ids, peer_ids = [r["id"] for r in gw["data"]["list"]], [r["id"] for r in peer]
if ids != peer_ids:
    sys.exit(f"the two sides answer different rows: {ids} vs {peer_ids}")
print(len(ids))
PY
}

idle=$(idle_percent)
log "CPU idle before the runs: ${idle}%"
[ "$idle" -ge 80 ] || log "WARNING: the machine is busy (${idle}% idle); the figures will suffer"

declare -a LABELS GW PEER VERDICTS
for query in "${QUERIES[@]}"; do
  IFS='|' read -r label api data path <<<"$query"
  gw_url=$(url "$api" "$data")
  rows=$(same_rows "$gw_url" "$peer$path")
  log "wrk -c$CONNECTIONS -d$DURATION  $label ($rows rows): gateway"
  read -r g50 g99 grps gbad gerr < <(load "$gw_url")
  log "wrk -c$CONNECTIONS -d$DURATION  $label ($rows rows): json-server"
  read -r p50 p99 prps pbad perr < <(load "$peer$path")
  LABELS+=("$label")
  GW+=("$grps $g50 $g99")
  PEER+=("$prps $p50 $p99")
  ratio=$(python3 -c "print(f'{$grps / max($prps, 1):.1f}')")
  if python3 -c "import sys; sys.exit(0 if $grps >= $GOAL_RATIO * $prps else 1)"; then
    VERDICTS+=("PASS $label: gateway ${ratio}x json-server (goal >= ${GOAL_RATIO}x)")
  else
    VERDICTS+=("MISS $label: gateway ${ratio}x json-server (goal >= ${GOAL_RATIO}x)")
  fi
  [ $((gbad + gerr + pbad + perr)) = 0 ] || VERDICTS+=("MISS $label: non-200 answers or socket errors (gateway $((gbad + gerr)), json-server $((pbad + perr)))")
done

echo
echo "== gateway vs json-server $JSON_SERVER_VERSION (wrk -t$THREADS -c$CONNECTIONS -d$DURATION, same rows, page 1 of 20)"
echo "   the gateway runs every call's query and checks the session and the menu on each"
printf '%-30s %9s %7s %7s %10s %7s %7s %7s\n' query "gw req/s" p50 p99 "json req/s" p50 p99 ratio
for i in "${!LABELS[@]}"; do
  read -r grps g50 g99 <<<"${GW[$i]}"
  read -r prps p50 p99 <<<"${PEER[$i]}"
  ratio=$(python3 -c "print(f'{$grps / max($prps, 1):.1f}')")
  printf '%-30s %9s %7s %7s %10s %7s %7s %6sx\n' "${LABELS[$i]}" \
    "$grps" "$g50" "$g99" "$prps" "$p50" "$p99" "$ratio"
done
echo
printf '%s\n' "${VERDICTS[@]}"
echo "INFO CPU idle before the runs: ${idle}%; both servers and wrk share this machine's $(nproc) cores"
