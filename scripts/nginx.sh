#!/usr/bin/env bash
# Serves a built app through Debian's nginx with the repository's configuration (deploy/nginx/),
# in the foreground, by any user: the templates are filled in under a prefix folder (a new temp
# folder unless --prefix names one; a temp folder is removed on exit) and nginx runs there with
# `-p PREFIX -c conf/nginx.conf -g 'daemon off;'`. Ctrl-C or SIGTERM stops it.
#
# Usage: scripts/nginx.sh [--port N] [--listen ADDR] [--dist DIR] [--gateway HOST:PORT]
#                         [--gateway-origin ORIGIN] [--prefix DIR] [--print]
#   --port            port to listen on (8080)
#   --listen          address to listen on (127.0.0.1)
#   --dist            the built app (web/dist); its config.json says where the gateway is
#   --gateway         where /m, /__serverLoader and /files/ are proxied (127.0.0.1:8787)
#   --gateway-origin  a gateway on another origin, for the CSP's connect-src and img-src (none)
#   --print           print the filled-in server block (deploy/nginx/adnur-admin.conf) and exit
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

port=8080
listen=127.0.0.1
dist="$root/web/dist"
gateway=127.0.0.1:8787
gateway_origin=""
prefix=""
print=0
while [ $# -gt 0 ]; do
  case "$1" in
    --port) port="$2"; shift 2 ;;
    --listen) listen="$2"; shift 2 ;;
    --dist) dist="$2"; shift 2 ;;
    --gateway) gateway="$2"; shift 2 ;;
    --gateway-origin) gateway_origin="$2"; shift 2 ;;
    --prefix) prefix="$2"; shift 2 ;;
    --print) print=1; shift ;;
    -h | --help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "nginx.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done

fail() { echo "nginx.sh: $*" >&2; exit 1; }
[[ "$port" =~ ^[0-9]+$ ]] && [ "$port" -ge 1 ] && [ "$port" -le 65535 ] || fail "--port must be 1-65535, not '$port'"
host_port='^[][A-Za-z0-9._:-]+:[0-9]+$'
origin='^https?://[][A-Za-z0-9._:-]+$'
[[ "$gateway" =~ $host_port ]] || fail "--gateway must be host:port, not '$gateway'"
[ -z "$gateway_origin" ] || [[ "$gateway_origin" =~ $origin ]] \
  || fail "--gateway-origin must be an origin such as https://gw.example.com (scheme, host, optional port; no path), not '$gateway_origin'"
[ -f "$dist/index.html" ] || fail "no built app at $dist (run \`make web\`)"
dist="$(cd "$dist" && pwd)"
case "$dist" in *[[:space:]\;\{\}\"\']*) fail "the dist path must not contain spaces, quotes, braces or ';': $dist" ;; esac

# Fills a template: every @ADNUR_…@ value, literally (no `&` expansion in bash 5.2's ${//}).
shopt -u patsub_replacement 2>/dev/null || true
render() {
  local text
  text="$(<"$1")"
  text="${text//@ADNUR_LISTEN@/$listen:$port}"
  text="${text//@ADNUR_DIST@/$dist}"
  text="${text//@ADNUR_GATEWAY@/$gateway}"
  # Inside the prefix (nginx.conf's own log is beside it, for what is not this server's).
  text="${text//@ADNUR_ACCESS_LOG@/logs/adnur-admin.access.log}"
  if [ -n "$gateway_origin" ]; then
    text="${text//@ADNUR_GATEWAY_ORIGIN@/$gateway_origin}"
  else
    text="${text// @ADNUR_GATEWAY_ORIGIN@/}"
  fi
  # The workers of a root master would switch to nobody, who cannot read a private temp folder.
  if [ "$(id -u)" = 0 ]; then text="${text//@ADNUR_USER@/user root;}"; else text="${text//@ADNUR_USER@/}"; fi
  printf '%s\n' "$text"
}

if [ "$print" = 1 ]; then
  render "$root/deploy/nginx/adnur-admin.conf"
  exit 0
fi

nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"
[ -x "$nginx_bin" ] || fail "nginx is not installed (scripts/ensure-tools.sh nginx)"
[ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] \
  || fail "the brotli_static module is not installed (scripts/ensure-tools.sh nginx)"

own_prefix=0
if [ -z "$prefix" ]; then
  prefix="$(mktemp -d "${TMPDIR:-/tmp}/adnur-nginx.XXXXXX")"
  own_prefix=1
fi
mkdir -p "$prefix/conf" "$prefix/logs" "$prefix/tmp"
prefix="$(cd "$prefix" && pwd)"
render "$root/deploy/nginx/nginx.conf" >"$prefix/conf/nginx.conf"
render "$root/deploy/nginx/adnur-admin.conf" >"$prefix/conf/adnur-admin.conf"

echo "nginx.sh: serving $dist at http://$listen:$port/adnuradmin/ (gateway $gateway${gateway_origin:+, CSP allows $gateway_origin}; prefix $prefix)"
"$nginx_bin" -p "$prefix/" -c conf/nginx.conf -g 'daemon off;' &
pid=$!
stop() { kill -TERM "$pid" 2>/dev/null || true; }
trap stop INT TERM
status=0
wait "$pid" || status=$?
# A signal interrupts the first wait; the second waits for nginx to finish.
wait "$pid" 2>/dev/null || true
[ "$own_prefix" = 0 ] || rm -rf "$prefix"
exit "$status"
