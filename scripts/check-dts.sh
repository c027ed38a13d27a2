#!/usr/bin/env bash
# The core's generated TypeScript declarations must type every export: no `any` may leak through
# (a JsValue without unchecked_param_type / unchecked_return_type shows up as `any`).
set -euo pipefail
dts=${1:?usage: check-dts.sh path/to/core_wasm.d.ts}
# Strip comments, then look for `any` used as a type.
hits=$(sed -e 's://.*$::' -e 's:/\*.*\*/::g' "$dts" | grep -nE '(:\s*any\b|<any>|\bany\[\]|\|\s*any\b|\bany\s*\|)' || true)
if [ -n "$hits" ]; then
  echo "core-wasm d.ts exposes 'any':"; echo "$hits"; exit 1
fi
echo "core-wasm d.ts: $(grep -cE '^export (function|class|interface|type)' "$dts") typed exports, no 'any'"
