#!/usr/bin/env bash
# Runs a command with core-wasm's canned gateway (tests/fixtures/envelope_server.py) on a free port,
# exported as CORE_TEST_SERVER for the browser tests, and stops it afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
python3 core-wasm/tests/fixtures/envelope_server.py "$port" > /tmp/adnur-fixture-$port.log 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
# Up to 30 s: a loaded 2-core host can take seconds to start Python; say so rather than test without it.
ready=0
for _ in $(seq 300); do grep -q ready /tmp/adnur-fixture-$port.log 2>/dev/null && { ready=1; break; }; sleep 0.1; done
[ "$ready" = 1 ] || { echo "the canned gateway did not start:" >&2; cat /tmp/adnur-fixture-$port.log >&2; exit 1; }
export CORE_TEST_SERVER="http://127.0.0.1:$port"
"$@"
