// Contract: every business code the core knows (BizCode::ALL in core-wasm/src/codes.rs, parsed, so
// a new code cannot slip by) is answered by the gateway with that wire spelling and the core's
// message, wherever the gateway can be made to produce it from outside. The client's catalogue
// toasts `msg` as sent, so a gateway message that drifts from the core's is a visible defect.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bizCodes } from '../support/core-source.mjs';
import { protocolClient, startGateway } from '../support/gateway.mjs';
import { ACCOUNTS } from '../support/product.mjs';

/** Codes no outside caller can provoke, with the reason. Everything else must have a producer. */
const UNPRODUCIBLE = {
  system_error: 'an unexpected internal fault; a healthy gateway cannot be driven into one',
  too_many_requests:
    'answered while the sign-in hashing pool is full, which a caller over the wire can only race ' +
    'for; mock-gateway/tests/gateway/session.rs holds the pool in process and checks the code ' +
    'and message, and mock-gateway/bench/flood.sh counts it under a flood',
};

/** Codes whose msg is specific by design (product.md: names the field / the duplicate). */
const SPECIFIC_MSG = new Set(['param_invalid', 'data_duplicate']);
/** Codes whose msg names the record or the states (product.md: "names what still uses it"). */
const NAMING_MSG = {
  state_invalid: /^状态不允许此操作：不能从「待审核」变为「已冻结」$/,
  data_in_use: /^类目「.+」下还有/,
};

let gw;
let api;
const tokens = {};

async function signIn(account) {
  if (!tokens[account]) {
    const { username, password } = ACCOUNTS[account];
    tokens[account] = (await api.login(username, password)).mat;
  }
  return tokens[account];
}

/** A role id the administrator can assign (the operators' role). */
async function someRoleId() {
  const r = await api.result('mtop.admin.user.roleTree', { mat: await signIn('admin') });
  assert.equal(r.success, true, `roleTree: ${r.code} ${r.msg}`);
  const flat = [];
  const walk = (nodes) => nodes.forEach((n) => (flat.push(n), walk(n.children ?? [])));
  walk(r.data);
  assert.ok(flat.length > 0, 'the seeded role tree is not empty');
  return (flat.find((n) => n.name === '运营') ?? flat[0]).id;
}

let serial = 0;
async function createUser() {
  serial += 1;
  const username = `contract${process.pid}x${serial}`;
  const r = await api.result('mtop.admin.user.create', {
    method: 'POST',
    mat: await signIn('admin'),
    data: {
      username,
      nickname: `契约测试${serial}`,
      password: 'Contract#2024',
      roleIds: [await someRoleId()],
    },
  });
  assert.equal(r.success, true, `create: ${r.code} ${r.msg}`);
  return r.data;
}

/** How to make the gateway answer each code; each resolves with the raw response. */
const PRODUCERS = {
  SUCCESS: async () =>
    api.call('mtop.admin.user.login', {
      method: 'POST',
      data: { username: ACCOUNTS.admin.username, password: ACCOUNTS.admin.password },
    }),
  user_need_login_token_invalid: async () =>
    api.call('mtop.admin.user.current', { mat: 'not-a-token-at-all' }),
  user_login_failed: async () =>
    api.call('mtop.admin.user.login', {
      method: 'POST',
      data: { username: ACCOUNTS.operator.username, password: 'Wrong#Password1' },
    }),
  user_login_locked: async () => {
    // Five failures within fifteen minutes lock the account; the next attempt is refused.
    const { username } = ACCOUNTS.noAccess;
    let last;
    for (let i = 0; i < 6; i += 1) {
      last = await api.call('mtop.admin.user.login', {
        method: 'POST',
        data: { username, password: `Wrong#Password${i}` },
      });
      if (last.envelope?.result?.code === 'user_login_locked') break;
    }
    return last;
  },
  permission_denied: async () =>
    api.call('mtop.admin.user.list', { mat: await signIn('operator'), data: {} }),
  api_not_found: async () =>
    api.call('mtop.admin.noSuchDomain.noSuchVerb', { mat: await signIn('admin') }),
  param_invalid: async () =>
    api.call('mtop.admin.user.list', { mat: await signIn('admin'), data: { pageSize: 5 } }),
  data_not_found: async () =>
    api.call('mtop.admin.user.delete', {
      method: 'POST',
      mat: await signIn('admin'),
      data: { id: 987654321 },
    }),
  data_conflict: async () => {
    const user = await createUser();
    const mat = await signIn('admin');
    const first = await api.result('mtop.admin.user.update', {
      method: 'POST',
      mat,
      data: { id: user.id, version: user.version, nickname: '第一次修改' },
    });
    assert.equal(first.success, true, `first update: ${first.code} ${first.msg}`);
    const stale = await api.call('mtop.admin.user.update', {
      method: 'POST',
      mat,
      data: { id: user.id, version: user.version, nickname: '过期的修改' },
    });
    // product.md: a stale update changes nothing.
    const list = await api.result('mtop.admin.user.list', {
      mat,
      data: { username: user.username },
    });
    const now = list.data.list.find((u) => u.id === user.id);
    assert.equal(now?.nickname, '第一次修改', 'the stale update changed nothing');
    return stale;
  },
  state_invalid: async () => {
    // A pending shop cannot be frozen: only an active one can (the core's shop lifecycle).
    const mat = await signIn('admin');
    const pending = await api.result('mtop.admin.shop.list', {
      mat,
      data: { status: 'pending', pageSize: 10 },
    });
    assert.equal(pending.success, true, `shop.list: ${pending.code} ${pending.msg}`);
    const shop = pending.data.list[0];
    assert.ok(shop, 'the seed has a pending shop');
    const res = await api.call('mtop.admin.shop.setStatus', {
      method: 'POST',
      mat,
      data: {
        id: shop.id,
        version: shop.version,
        status: 'frozen',
        reasonCode: 'other',
        reason: '契约测试',
      },
    });
    const after = await api.result('mtop.admin.shop.detail', { mat, data: { id: shop.id } });
    assert.equal(after.data.shop.status, 'pending', 'the refused move changed nothing');
    assert.equal(after.data.shop.version, shop.version);
    return res;
  },
  data_in_use: async () => {
    // A top-level category with children (and products below) cannot be deleted.
    const mat = await signIn('admin');
    const tree = await api.result('mtop.admin.category.tree', { mat });
    assert.equal(tree.success, true, `category.tree: ${tree.code} ${tree.msg}`);
    const used = tree.data.find((node) => node.children.length > 0);
    assert.ok(used, 'the seed has a category with children');
    const res = await api.call('mtop.admin.category.delete', {
      method: 'POST',
      mat,
      data: { id: used.id, version: used.version },
    });
    const again = await api.result('mtop.admin.category.tree', { mat });
    assert.ok(
      again.data.some((node) => node.id === used.id),
      'the refused delete changed nothing',
    );
    return res;
  },
  data_duplicate: async () =>
    api.call('mtop.admin.user.create', {
      method: 'POST',
      mat: await signIn('admin'),
      data: {
        username: ACCOUNTS.admin.username,
        nickname: '重复的管理员',
        password: 'Duplicate#2024',
        roleIds: [await someRoleId()],
      },
    }),
};

before(async () => {
  gw = await startGateway({ serveStatic: false });
  api = protocolClient(gw.origin);
});

after(async () => {
  await gw?.stop();
});

describe('business codes: core ⇄ gateway', () => {
  const codes = bizCodes();

  test('the core lists codes, and each has a producer here or a stated reason it has none', () => {
    assert.ok(codes.length >= 11, `parsed ${codes.length} codes from codes.rs`);
    const wires = codes.map((c) => c.wire);
    for (const wire of wires) {
      assert.ok(
        wire in PRODUCERS || wire in UNPRODUCIBLE,
        `core code ${wire} is new: add a producer to this test (or explain why it has none)`,
      );
    }
    for (const wire of [...Object.keys(PRODUCERS), ...Object.keys(UNPRODUCIBLE)]) {
      assert.ok(wires.includes(wire), `${wire} is not a core code any more`);
    }
  });

  for (const { wire, defaultMsg } of codes) {
    if (wire in UNPRODUCIBLE) continue;
    test(`${wire}: the gateway answers the core's code and message`, async () => {
      const res = await PRODUCERS[wire]();
      assert.equal(res.status, 200, `HTTP ${res.status}: business outcomes are HTTP 200`);
      const result = res.envelope?.result;
      assert.ok(result, `an envelope: ${res.text.slice(0, 200)}`);
      assert.equal(result.code, wire);
      assert.equal(result.success, wire === 'SUCCESS');
      if (SPECIFIC_MSG.has(wire)) {
        // The message names the field; it is the first field error's message.
        assert.ok(result.msg.trim().length > 0, 'a specific, non-empty msg');
        assert.ok(Array.isArray(result.data?.fields), 'data.fields lists the field errors');
        assert.ok(result.data.fields.length > 0);
        assert.equal(result.msg, result.data.fields[0].message);
        assert.equal(typeof result.data.fields[0].field, 'string');
      } else if (wire in NAMING_MSG) {
        assert.match(result.msg, NAMING_MSG[wire], `msg of ${wire}`);
      } else {
        assert.equal(result.msg, defaultMsg, `msg of ${wire}`);
      }
    });
  }

  test('a locked account stays locked even with the right password', async () => {
    const locked = await PRODUCERS.user_login_locked();
    assert.equal(locked.envelope.result.code, 'user_login_locked');
    const { username, password } = ACCOUNTS.noAccess;
    const res = await api.call('mtop.admin.user.login', {
      method: 'POST',
      data: { username, password },
    });
    assert.equal(res.envelope.result.code, 'user_login_locked');
    assert.equal(res.envelope.meta?.mat ?? null, null, 'no token for a locked account');
  });

  test('param_invalid names the offending field', async () => {
    const res = await PRODUCERS.param_invalid();
    assert.equal(res.envelope.result.data.fields[0].field, 'pageSize');
  });

  test('data_duplicate names the taken username', async () => {
    const res = await PRODUCERS.data_duplicate();
    assert.equal(res.envelope.result.data.fields[0].field, 'username');
  });
});
