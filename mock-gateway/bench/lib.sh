# shellcheck shell=bash disable=SC2154
# ($tmp and $BIN are set by the caller.)
# Shared by the bench scripts (sourced, not run): the release gateway started on a database file,
# an admin session, the client's URL for a call, a checked warm-up call, and wrk's percentiles.
# The caller sets $tmp (a scratch folder) and $BIN (the gateway binary) first.

log() { printf '\033[1;34m[bench]\033[0m %s\n' "$*" >&2; }

# Percent of CPU time idle over two seconds: other work on the machine spoils the tail latency.
idle_percent() {
  local _ u n s i rest t1 i1
  read -r _ u n s i rest </proc/stat; t1=$((u + n + s + i)); i1=$i
  sleep 2
  read -r _ u n s i rest </proc/stat
  echo $((100 * (i - i1) / (u + n + s + i - t1)))
}

pid=""
# Starts the gateway on database file $1 with further flags; waits for it (up to an hour: seeding a
# million products takes minutes); sets $base and $started_after (seconds until it listened). The
# store's info lines (the seed's and the search index's times) stay in $tmp/stderr.
start_gateway() { # db, flags...
  local db=$1
  shift
  if [ -f "$db" ]; then log "reusing $db"; else log "seeding $db ($*)"; fi
  local started=$SECONDS line
  RUST_LOG=${BENCH_RUST_LOG:-warn,mock_gateway::store=info} "$BIN" --port 0 --db "$db" "$@" >"$tmp/stdout" 2>"$tmp/stderr" &
  pid=$!
  base=""
  for _ in $(seq 1 36000); do
    if line=$(grep -m1 '^listening on ' "$tmp/stdout" 2>/dev/null); then
      base=${line#listening on }
      break
    fi
    kill -0 "$pid" 2>/dev/null || { cat "$tmp/stderr" >&2; echo "the gateway exited" >&2; exit 1; }
    sleep 0.1
  done
  [ -n "$base" ] || { echo "the gateway did not start" >&2; exit 1; }
  started_after=$((SECONDS - started))
  log "gateway at $base after $started_after s"
}

stop_gateway() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  pid=""
}

# Signs in as admin the way the client does; sets $mat.
login() {
  local ts answer
  ts=$(date +%s%3N)
  answer=$(curl -sS -X POST "$base/m?api=mtop.admin.user.login&ts=$ts" \
    -H 'Content-Type: application/x-www-form-urlencoded' \
    --data-urlencode 'v=1.0' --data-urlencode 'did=0' --data-urlencode 'sign=bench' \
    --data-urlencode 'ttid=0.1.0_admin@pc' --data-urlencode 'mat=' \
    --data-urlencode 'data={"username":"admin","password":"Admin@123"}')
  mat=$(printf '%s' "$answer" | python3 -c 'import json,sys; print(json.load(sys.stdin)["meta"]["mat"] or "")')
  [ -n "$mat" ] || { echo "login failed: $answer" >&2; exit 1; }
}

# The URL of a read as the client sends it, token in the query.
url() { # api, JSON data
  local data
  data=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$2")
  printf '%s/m?api=%s&v=1.0&ttid=0.1.0_admin%%40pc&did=0&sign=bench&ts=1&mat=%s&data=%s' \
    "$base" "$1" "$mat" "$data"
}

# Checks one call answers SUCCESS; prints its total (or "-") for the report.
warm() { # url
  local answer
  answer=$(curl -sS "$1")
  printf '%s' "$answer" | python3 -c '
import json, sys
r = json.load(sys.stdin)["result"]
if not r["success"]:
    sys.exit("a warm-up call failed: %s %s" % (r["code"], r["msg"]))
d = r["data"]
print(d.get("total", "-") if isinstance(d, dict) else "-")'
}

# wrk -t$THREADS -c$CONNECTIONS -d$DURATION; prints "p50_ms p99_ms req_per_s non2xx errors".
load() { # url
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$1" >"$tmp/wrk.txt" 2>&1 || true
  python3 - "$tmp/wrk.txt" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
def ms(value):
    m = re.match(r"([\d.]+)(us|ms|s|m)$", value)
    if not m:
        return float("nan")
    n, unit = float(m.group(1)), m.group(2)
    return n * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}[unit]
pct = dict(re.findall(r"^\s+(\d+)%\s+(\S+)\s*$", text, re.M))
rps = re.search(r"Requests/sec:\s+([\d.]+)", text)
non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", text)
errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
if not rps or "50" not in pct or "99" not in pct:
    sys.exit("cannot read wrk's output:\n" + text)
err = sum(int(x) for x in errors.groups()) if errors else 0
print(f'{ms(pct["50"]):.2f} {ms(pct["99"]):.2f} {float(rps.group(1)):.0f} {int(non2xx.group(1)) if non2xx else 0} {err}')
PY
}

# wrk through mixed.lua over a file of paths (a different query each call); prints
# "p50_ms p99_ms req_per_s non2xx errors requests" (`load`'s, and the requests answered).
load_paths() { # base URL, file of paths
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" -s mock-gateway/bench/mixed.lua "$1" \
    -- "$2" "$THREADS" >"$tmp/wrk.txt" 2>&1 || true
  python3 - "$tmp/wrk.txt" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
mixed = re.search(r"^mixed: p50_us (\d+) p99_us (\d+) requests (\d+) errors (\d+)$", text, re.M)
rps = re.search(r"Requests/sec:\s+([\d.]+)", text)
non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", text)
if not mixed or not rps:
    sys.exit("cannot read wrk's output:\n" + text)
p50, p99, requests, errors = (int(x) for x in mixed.groups())
print(f'{p50 / 1000:.2f} {p99 / 1000:.2f} {float(rps.group(1)):.0f} {int(non2xx.group(1)) if non2xx else 0} {errors} {requests}')
PY
}
