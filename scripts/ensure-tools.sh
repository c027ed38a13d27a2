#!/usr/bin/env bash
# Installs what `make dev` / `make test` need and skips what is already present.
# Idempotent: a warm machine passes through in about a second, a new one installs everything.
# Usage: scripts/ensure-tools.sh [rust|wasm|browser|node|bench|fuzz|nginx|size|all]...
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '\033[1;34m[tools]\033[0m %s\n' "$*"; }
export PATH="$HOME/.cargo/bin:$PATH"

# The wasm-bindgen CLI must equal the crate's pinned version exactly (toolchain.md).
wasm_bindgen_version() {
  sed -n 's/^wasm-bindgen *= *{ *version *= *"=\([0-9.]*\)".*/\1/p; s/^wasm-bindgen *= *"=\([0-9.]*\)".*/\1/p' core-wasm/Cargo.toml | head -n1
}

apt_updated=0
apt_install() {
  if [ "$apt_updated" = 0 ]; then
    log "apt-get update"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    apt_updated=1
  fi
  log "apt-get install $*"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

ensure_wasm() {
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    log "rustup target add wasm32-unknown-unknown"
    rustup target add wasm32-unknown-unknown
  fi
  local want; want=$(wasm_bindgen_version)
  [ -n "$want" ] || { echo "cannot read the pinned wasm-bindgen version from core-wasm/Cargo.toml" >&2; exit 1; }
  local have=""
  command -v wasm-bindgen >/dev/null 2>&1 && have=$(wasm-bindgen --version | awk '{print $2}')
  if [ "$have" != "$want" ]; then
    # No --locked: with it, resolution fails on a version the registry does not serve (toolchain.md).
    log "cargo install wasm-bindgen-cli $want (have: ${have:-none})"
    cargo install wasm-bindgen-cli --version "$want" --force
  fi
  if ! command -v wasm-pack >/dev/null 2>&1; then
    log "cargo install wasm-pack"
    cargo install wasm-pack
  fi
}

ensure_browser() {
  local pkgs=()
  [ -x /usr/bin/chromium ] || pkgs+=(chromium)
  [ -x /usr/bin/chromedriver ] || pkgs+=(chromium-driver)
  # CJK fonts so screenshots meant for people show Chinese text, not boxes.
  dpkg -s fonts-wqy-microhei >/dev/null 2>&1 || pkgs+=(fonts-wqy-microhei)
  if [ ${#pkgs[@]} -gt 0 ]; then apt_install "${pkgs[@]}"; fi
}

ensure_node() {
  # One npm workspace install at the root covers web/ and tests/ and the wasm-opt from npm's binaryen.
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ] \
     || [ package.json -nt node_modules/.package-lock.json ] \
     || [ web/package.json -nt node_modules/.package-lock.json ] \
     || [ tests/package.json -nt node_modules/.package-lock.json ]; then
    log "npm install"
    if [ -f package-lock.json ] && [ "${CI:-}" = "true" ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi
    # npm leaves the marker alone when nothing changed; touch it so the next run skips.
    touch node_modules/.package-lock.json
  fi
}

# Debian's nginx and its brotli_static module, for the deployment tests (deploy/nginx/,
# scripts/nginx.sh). Installing must not start Debian's own nginx on port 80: where no
# policy-rc.d forbids it already (Docker images carry one), one does for the install only.
ensure_nginx() {
  local pkgs=()
  command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || pkgs+=(nginx)
  [ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || pkgs+=(libnginx-mod-http-brotli-static)
  [ ${#pkgs[@]} -gt 0 ] || return 0
  local rcd=/usr/sbin/policy-rc.d own_rcd=0
  if [ ! -e "$rcd" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$rcd" && chmod +x "$rcd" && own_rcd=1
  fi
  apt_install "${pkgs[@]}" || { [ "$own_rcd" = 0 ] || rm -f "$rcd"; return 1; }
  [ "$own_rcd" = 0 ] || rm -f "$rcd"
}

ensure_size() {
  command -v twiggy >/dev/null 2>&1 || { log "cargo install twiggy"; cargo install twiggy; }
}

# cargo-fuzz needs nightly (libFuzzer and the sanitizers); rustup fetches it on these machines.
ensure_fuzz() {
  rustup toolchain list | grep -q '^nightly' || { log "rustup toolchain install nightly"; rustup toolchain install nightly --profile minimal; }
  command -v cargo-fuzz >/dev/null 2>&1 || { log "cargo install cargo-fuzz"; cargo install --locked cargo-fuzz; }
}

ensure_bench() {
  command -v oha >/dev/null 2>&1 || { log "cargo install oha"; cargo install --locked oha; }
  # The business lists' bench (mock-gateway/bench/lists.sh) uses Debian's wrk.
  command -v wrk >/dev/null 2>&1 || apt_install wrk
}

[ $# -gt 0 ] || set -- all
for what in "$@"; do
  case "$what" in
    wasm) ensure_wasm ;;
    browser) ensure_browser ;;
    node) ensure_node ;;
    bench) ensure_bench ;;
    fuzz) ensure_fuzz ;;
    size) ensure_size ;;
    nginx) ensure_nginx ;;
    all) ensure_wasm; ensure_browser; ensure_node; ensure_size ;;
    *) echo "unknown: $what" >&2; exit 2 ;;
  esac
done
