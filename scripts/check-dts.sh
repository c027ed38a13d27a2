#!/usr/bin/env bash
# The core's generated TypeScript declarations must type every export:
#  1. no `any` anywhere a type is written — found by TypeScript's own parser, so `any` inside
#     generics (`Record<string, any>`, `Promise<any>`), unions, parameters and members is caught,
#     while the word in comments and strings is not (a JsValue without unchecked_param_type /
#     unchecked_return_type shows up as `any`);
#  2. the file type-checks with `tsc --noEmit --strict`: a type name that resolves nowhere (a typo in
#     an `unchecked_*_type` string, a Tsify type that was not emitted) is an error here, where a
#     consumer with skipLibCheck would silently read it as `any`.
# Needs node and tsc (the repository root's `npm install`).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dts=${1:?usage: check-dts.sh path/to/core_wasm.d.ts}
[ -f "$dts" ] || { echo "check-dts: no such file: $dts" >&2; exit 1; }
dts=$(cd "$(dirname "$dts")" && pwd)/$(basename "$dts")

tsc=""
for candidate in "$root/node_modules/.bin/tsc" "$(command -v tsc || true)"; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then tsc=$candidate; break; fi
done
[ -n "$tsc" ] || { echo "check-dts: tsc not found (run npm install at the repository root)" >&2; exit 1; }
typescript=$(dirname "$(readlink -f "$tsc")")/../lib/typescript.js
[ -f "$typescript" ] || { echo "check-dts: $typescript not found next to $tsc" >&2; exit 1; }

# 1. `any`, by syntax tree.
node -e '
const [typescript, file] = process.argv.slice(1);
const ts = require(typescript);
const text = require("fs").readFileSync(file, "utf8");
const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
const hits = [];
(function visit(node) {
  if (node.kind === ts.SyntaxKind.AnyKeyword) {
    const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
    hits.push(`${line + 1}:${character + 1}: ${text.split("\n")[line].trim()}`);
  }
  ts.forEachChild(node, visit);
})(source);
if (hits.length) {
  console.error(`core-wasm d.ts exposes \x27any\x27 (${hits.length}):\n` + hits.join("\n"));
  process.exit(1);
}
' "$typescript" "$dts"

# 2. The declarations on their own, strictly, with the web app's libs: every name must resolve.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/tsconfig.json" <<JSON
{
  "compilerOptions": {
    "strict": true,
    "noEmit": true,
    "skipLibCheck": false,
    "target": "es2022",
    "lib": ["es2023", "esnext.disposable", "dom", "dom.iterable"],
    "module": "esnext",
    "moduleResolution": "bundler",
    "types": []
  },
  "files": ["$dts"]
}
JSON
if ! "$tsc" -p "$work/tsconfig.json" --pretty false; then
  echo "core-wasm d.ts does not type-check on its own (tsc --noEmit --strict)" >&2
  exit 1
fi

echo "core-wasm d.ts: $(grep -cE '^export (declare )?(function|class|interface|type)' "$dts") typed exports, no 'any', tsc --strict clean"
