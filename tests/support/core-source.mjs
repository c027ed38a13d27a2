// Facts of the Rust core for the tests — the business codes with their default messages, the
// protocol constants and the operation catalogue — read from the JSON the core generates
// (tests/support/generated/core-facts.json, written by core-wasm/src/ops/typescript.rs; `cargo
// test` fails when it is stale). A new code, constant or operation is picked up without editing
// the tests.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const FACTS = JSON.parse(
  readFileSync(new URL('./generated/core-facts.json', import.meta.url), 'utf8'),
);

/** Every business code of `BizCode::ALL`, in catalogue order: `{ wire, defaultMsg }`. */
export function bizCodes() {
  return FACTS.codes.map(({ wire, defaultMsg }) => ({ wire, defaultMsg }));
}

/**
 * The core's text constants (constants.rs: protocol names, storage keys, fixed texts), by their
 * Rust names.
 * @returns {Record<string, string>}
 */
export function coreConstants() {
  return constantsOf('string');
}

/**
 * The core's numeric constants (constants.rs: sizes, delays, counts), by their Rust names.
 * @returns {Record<string, number>}
 */
export function coreNumbers() {
  return constantsOf('number');
}

function constantsOf(type) {
  return Object.fromEntries(
    Object.entries(FACTS.constants).filter(([, value]) => typeof value === type),
  );
}

/**
 * The operation catalogue (core-wasm/src/ops): `{ key, api, method, guard }`, where guard is
 * `public`, `session` or the menu path the caller's role must own.
 * @returns {{ key: string, api: string, method: 'GET' | 'POST', guard: string }[]}
 */
export function coreOperations() {
  return FACTS.operations.map((op) => ({ ...op }));
}
