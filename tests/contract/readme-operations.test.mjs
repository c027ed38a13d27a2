// Contract: mock-gateway/README.md is the list of operations (product.md: "keep the list of
// operations in the project's own docs, checked against the gateway's router so it cannot go
// stale"). Every operation it names is answered (never api_not_found), every operation the
// gateway registers is named in it with the right method, and the spec's operations are there.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, coreConstants, coreOperations } from '../support/core-source.mjs';
import { protocolClient, startGateway } from '../support/gateway.mjs';
import { ACCOUNTS } from '../support/product.mjs';

const CORE = coreConstants();
const README = join(REPO_ROOT, 'mock-gateway', 'README.md');
const OP = /mtop\.admin\.[A-Za-z][A-Za-z0-9]*\.[A-Za-z][A-Za-z0-9]*/g;

/** The spec's operations (seed-spec §7) and the session calls product.md adds. */
const REQUIRED = [
  'mtop.admin.user.menuTree',
  'mtop.admin.user.saveMenu',
  'mtop.admin.user.list',
  'mtop.admin.user.qryRoleTree',
  'mtop.admin.user.create',
  'mtop.admin.user.update',
  'mtop.admin.user.delete',
  'mtop.admin.user.roleTree',
  'mtop.admin.user.saveRole',
  'mtop.admin.user.updateMenuRole',
  'mtop.admin.user.qryMenuTree',
  'mtop.admin.user.login',
  'mtop.admin.user.current',
  'mtop.admin.user.logout',
  'mtop.admin.user.changePassword',
];

function readme() {
  return readFileSync(README, 'utf8');
}

/** The documented operations, each with the methods named on the lines that mention it. */
function documented() {
  const ops = new Map();
  for (const line of readme().split('\n')) {
    for (const [name] of line.matchAll(OP)) {
      const methods = ops.get(name) ?? new Set();
      for (const m of line.match(/\b(GET|POST)\b/g) ?? []) methods.add(m);
      ops.set(name, methods);
    }
  }
  return ops;
}

/** The operations of the core's catalogue (the gateway's registry is built from it): name → method. */
function registered() {
  return new Map(coreOperations().map((op) => [op.api, op.method]));
}

let gw;
let api;
let adminMat;

before(async () => {
  gw = await startGateway({ serveStatic: false });
  api = protocolClient(gw.origin);
  adminMat = (await api.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password)).mat;
});

after(async () => {
  await gw?.stop();
});

describe('mock-gateway/README.md lists the operations', () => {
  test('it names the spec operations and the session calls', () => {
    const docs = documented();
    for (const op of REQUIRED) assert.ok(docs.has(op), `README names ${op}`);
  });

  test('it names the plain paths', () => {
    const text = readme();
    assert.ok(
      text.includes(CORE.SYSTEM_MENU_TREE_PATH),
      `README names ${CORE.SYSTEM_MENU_TREE_PATH}`,
    );
    assert.ok(text.includes(CORE.SERVER_LOADER_PATH), `README names ${CORE.SERVER_LOADER_PATH}`);
  });

  test('every operation it names is answered by the gateway', async () => {
    const docs = documented();
    assert.ok(docs.size >= REQUIRED.length, `README names ${docs.size} operations`);
    const unknown = [];
    for (const op of docs.keys()) {
      // GET with no parameters: a write answers param_invalid (wrong method) without running, a
      // read answers what it answers — anything but api_not_found.
      const res = await api.call(op, { mat: adminMat });
      assert.equal(res.status, 200, `${op}: HTTP ${res.status}`);
      if (res.envelope?.result?.code === 'api_not_found') unknown.push(op);
    }
    assert.deepEqual(unknown, [], 'documented but answered api_not_found');
  });

  test('every operation the gateway registers is in it, with its method', () => {
    const docs = documented();
    const ops = registered();
    assert.ok(ops.size >= REQUIRED.length, `found ${ops.size} registered operations`);
    const missing = [...ops.keys()].filter((op) => !docs.has(op));
    assert.deepEqual(missing, [], 'catalogued but not documented');
    const wrongMethod = [...ops]
      .filter(([op, method]) => {
        const named = docs.get(op);
        return named.size > 0 && !(named.size === 1 && named.has(method));
      })
      .map(([op, method]) => `${op} is ${method}, README says ${[...docs.get(op)].join('/')}`);
    assert.deepEqual(wrongMethod, []);
  });

  test('the registered operations are the ones the running gateway answers', async () => {
    for (const [op, method] of registered()) {
      const res = await api.call(op, { method, mat: 'bogus-token' });
      const code = res.envelope?.result?.code;
      assert.notEqual(code, 'api_not_found', `${op} is catalogued but not answered`);
    }
  });
});
