#!/usr/bin/env bash
# `make dev`: the gateway on 127.0.0.1:8787 (SQLite under mock-gateway/data/, seeded on first start)
# and Vite on 127.0.0.1:5173 proxying /api to it. Ctrl-C stops both.
set -euo pipefail
cd "$(dirname "$0")/.."
./target/debug/mock-gateway --port "${GATEWAY_PORT:-8787}" &
gateway=$!
trap 'kill $gateway 2>/dev/null || true' EXIT INT TERM
echo "Open http://127.0.0.1:5173/adnuradmin/  (admin / Admin@123)"
npm run dev -w web
