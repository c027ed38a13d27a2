// Reads facts straight out of the Rust core's source, so the tests follow the core instead of
// restating it: the business codes with their default messages (core-wasm/src/codes.rs) and the
// protocol constants (core-wasm/src/constants.rs). A new code or a changed constant is picked up
// without editing the tests.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

function coreFile(name) {
  return readFileSync(new URL(`../../core-wasm/src/${name}`, import.meta.url), 'utf8');
}

/** The body of the first `fn NAME(...)` whose signature matches, up to its closing brace. */
function fnBody(source, fnName) {
  const start = source.search(new RegExp(`fn ${fnName}\\s*\\(`));
  if (start < 0) throw new Error(`codes.rs has no fn ${fnName}`);
  const open = source.indexOf('{', start);
  let depth = 0;
  for (let i = open; i < source.length; i += 1) {
    if (source[i] === '{') depth += 1;
    if (source[i] === '}') {
      depth -= 1;
      if (depth === 0) return source.slice(open + 1, i);
    }
  }
  throw new Error(`unbalanced fn ${fnName}`);
}

/** `BizCode::Variant => "text"` arms of a match, as a Map Variant → text. */
function matchArms(body) {
  const arms = new Map();
  for (const m of body.matchAll(/BizCode::(\w+)\s*=>\s*"((?:[^"\\]|\\.)*)"/g)) {
    arms.set(m[1], JSON.parse(`"${m[2]}"`));
  }
  return arms;
}

/**
 * Every business code of `BizCode::ALL`, in catalogue order: `{ variant, wire, defaultMsg }`.
 * Throws when ALL names a variant without a wire spelling or message, so parsing cannot silently
 * lose a code.
 */
export function bizCodes() {
  const source = coreFile('codes.rs');
  const all = source.match(/pub const ALL:\s*\[BizCode;\s*(\d+)\]\s*=\s*\[([\s\S]*?)\];/);
  if (!all) throw new Error('codes.rs: BizCode::ALL not found');
  const variants = [...all[2].matchAll(/BizCode::(\w+)/g)].map((m) => m[1]);
  if (variants.length !== Number(all[1])) {
    throw new Error(`codes.rs: ALL declares ${all[1]} codes but lists ${variants.length}`);
  }
  const wire = matchArms(fnBody(source, 'as_str'));
  const msgs = matchArms(fnBody(source, 'default_msg'));
  return variants.map((variant) => {
    if (!wire.has(variant)) throw new Error(`codes.rs: no wire spelling for ${variant}`);
    if (!msgs.has(variant)) throw new Error(`codes.rs: no default message for ${variant}`);
    return { variant, wire: wire.get(variant), defaultMsg: msgs.get(variant) };
  });
}

/**
 * The `pub const NAME: &str = "value";` constants of constants.rs, as an object.
 * @returns {Record<string, string>}
 */
export function coreConstants() {
  const source = coreFile('constants.rs');
  /** @type {Record<string, string>} */
  const out = {};
  for (const m of source.matchAll(/pub const (\w+):\s*&str\s*=\s*"((?:[^"\\]|\\.)*)"\s*;/g)) {
    out[m[1]] = JSON.parse(`"${m[2]}"`);
  }
  for (const name of [
    'PROTOCOL_VERSION',
    'DID',
    'SIGN',
    'TTID',
    'MAT_KEY',
    'USER_INFO_KEY',
    'APP_NAME',
  ]) {
    if (!(name in out)) throw new Error(`constants.rs: ${name} not found`);
  }
  return out;
}
