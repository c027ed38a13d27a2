#!/usr/bin/env bash
# Installs what `make dev` / `make test` need and skips what is already present.
# Idempotent: a warm machine passes through in about a second, a new one installs everything.
# Usage: scripts/ensure-tools.sh [rust|wasm|browser|node|bench|fuzz|nginx|size|all]...
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '\033[1;34m[tools]\033[0m %s\n' "$*"; }
export PATH="$HOME/.cargo/bin:$PATH"

# The cargo installs (a new machine's wasm-bindgen-cli, wasm-pack and twiggy: 155 + 84 + 62 s)
# build in the background, one at a time, while apt and npm download in the foreground (39 s);
# each build's output is kept and shown only if it fails. One at a time: side by side, the three
# took 345 s against 301 s (2 cores, both busy either way). Each in a target directory of its own
# (cargo's default, a temporary one), not CI's shared CARGO_TARGET_DIR.
jobs_dir=$(mktemp -d)
stop_installs() {
  local p
  for p in $(jobs -p); do
    pkill -P "$p" 2>/dev/null || true
    kill "$p" 2>/dev/null || true
  done
  rm -rf "$jobs_dir"
}
# On an early exit (a failed apt or npm), no build is left running unwatched.
trap stop_installs EXIT
job_pids=()
job_names=()
cargo_install() {
  local name=$1
  shift
  log "cargo install $name $* (in the background)"
  (
    flock 9
    start=$SECONDS
    env -u CARGO_TARGET_DIR cargo install "$name" "$@"
    echo "$((SECONDS - start))" >"$jobs_dir/$name.secs"
  ) 9>"$jobs_dir/cargo.lock" >"$jobs_dir/$name.log" 2>&1 &
  job_pids+=("$!")
  job_names+=("$name")
}
# Waits for the background installs; fails, naming each that failed with the end of its output.
wait_installs() {
  local i name status=0
  for i in "${!job_pids[@]}"; do
    name=${job_names[$i]}
    if wait "${job_pids[$i]}"; then
      log "cargo install $name: done in $(cat "$jobs_dir/$name.secs") s"
    else
      status=1
      log "cargo install $name FAILED; the end of its output:"
      tail -n 40 "$jobs_dir/$name.log" >&2
    fi
  done
  return "$status"
}

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
    log "wasm-bindgen $want wanted (have: ${have:-none})"
    cargo_install wasm-bindgen-cli --version "$want" --force
  fi
  command -v wasm-pack >/dev/null 2>&1 || cargo_install wasm-pack
}

ensure_browser() {
  local pkgs=()
  [ -x /usr/bin/chromium ] || pkgs+=(chromium)
  [ -x /usr/bin/chromedriver ] || pkgs+=(chromium-driver)
  # The browser stories' Chromium (tests/playwright.config.ts), from the same Debian source.
  [ -x /usr/bin/chromium-headless-shell ] || pkgs+=(chromium-headless-shell)
  # CJK fonts so screenshots meant for people show Chinese text, not boxes.
  dpkg -s fonts-wqy-microhei >/dev/null 2>&1 || pkgs+=(fonts-wqy-microhei)
  if [ ${#pkgs[@]} -gt 0 ]; then apt_install "${pkgs[@]}"; fi
}

# In CI, fresh clones on one machine share what `npm ci` installs for one set of manifests, as
# they share cargo's target directory (Makefile): extracting the 522 packages took ~30 s of every
# clone; linking the installed tree's 39,000 files takes 4 s (a byte copy took 73 s on this disk).
# Hard links: nothing writes into an installed package's files after the install (caches such as
# Vite's go to new files), so clone and cache share them safely; an edit there would show in
# every clone of the key, and `rm -rf ~/.cache/adnur-admin/node_modules` starts afresh. Keyed by
# the lockfile, the three package.json files and Node's version; a key is written whole or not at
# all, and the newest three are kept.
node_modules_cache() {
  [ "${CI:-}" = "true" ] || return 0
  local key
  key=$( { cat package-lock.json package.json web/package.json tests/package.json; node --version; } | sha256sum | cut -c1-16)
  echo "${NODE_MODULES_CACHE:-$HOME/.cache/adnur-admin/node_modules}/$key"
}

ensure_node() {
  # One npm workspace install at the root covers web/ and tests/ and the wasm-opt from npm's binaryen.
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ] \
     || [ package.json -nt node_modules/.package-lock.json ] \
     || [ web/package.json -nt node_modules/.package-lock.json ] \
     || [ tests/package.json -nt node_modules/.package-lock.json ]; then
    local cache; cache=$(node_modules_cache)
    local linked=0
    if [ -n "$cache" ] && [ -f "$cache/node_modules/.package-lock.json" ]; then
      log "node_modules: links to npm ci's install of the same manifests ($cache)"
      rm -rf node_modules
      # Another file system (no hard links across): install as if there were no cache.
      if cp -al "$cache/node_modules" node_modules 2>/dev/null; then linked=1; else rm -rf node_modules; cache=""; fi
    fi
    if [ "$linked" = 0 ]; then
      log "npm install"
      if [ -f package-lock.json ] && [ "${CI:-}" = "true" ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi
      if [ -n "$cache" ]; then
        mkdir -p "$(dirname "$cache")"
        local tmp; tmp=$(mktemp -d "$cache.XXXXXX")
        if cp -al node_modules "$tmp/node_modules" 2>/dev/null && mv -T "$tmp" "$cache" 2>/dev/null; then :; else rm -rf "$tmp"; fi
        ls -dt "$(dirname "$cache")"/*/ 2>/dev/null | tail -n +4 | xargs -r rm -rf
      fi
    fi
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
  command -v twiggy >/dev/null 2>&1 || cargo_install twiggy
}

# cargo-fuzz needs nightly (libFuzzer and the sanitizers); rustup fetches it on these machines.
ensure_fuzz() {
  rustup toolchain list | grep -q '^nightly' || { log "rustup toolchain install nightly"; rustup toolchain install nightly --profile minimal; }
  command -v cargo-fuzz >/dev/null 2>&1 || cargo_install cargo-fuzz --locked
}

ensure_bench() {
  command -v oha >/dev/null 2>&1 || cargo_install oha --locked
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
wait_installs
