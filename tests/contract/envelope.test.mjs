// Contract: the envelope (architecture.md) is the same whichever way a call travels — GET with
// everything in the query, POST with `api`/`ts` in the query and the rest in a form body — and
// under either mount point (`/m` in production, `/api` in development).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PROTOCOL, protocolClient, startGateway } from '../support/gateway.mjs';
import { coreConstants } from '../support/core-source.mjs';
import { ACCOUNTS } from '../support/product.mjs';

const CORE = coreConstants();
let gw;
let api;
let m;
let adminMat;

before(async () => {
  gw = await startGateway({ serveStatic: false });
  api = protocolClient(gw.origin, { base: '/api' });
  m = protocolClient(gw.origin, { base: '/m' });
  adminMat = (await api.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password)).mat;
});

after(async () => {
  await gw?.stop();
});

/** The envelope's shape: result {success, code, msg, data} and meta {mat}. */
function assertEnvelope(res, label) {
  assert.equal(res.status, 200, `${label}: HTTP ${res.status}`);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/, `${label}: JSON`);
  const env = res.envelope;
  assert.ok(env && typeof env === 'object', `${label}: a JSON object`);
  assert.deepEqual(Object.keys(env).sort(), ['meta', 'result'], `${label}: top-level keys`);
  assert.deepEqual(
    Object.keys(env.result).sort(),
    ['code', 'data', 'msg', 'success'],
    `${label}: result keys`,
  );
  assert.deepEqual(Object.keys(env.meta).sort(), ['mat'], `${label}: meta keys`);
  assert.equal(typeof env.result.success, 'boolean');
  assert.equal(typeof env.result.code, 'string');
  assert.equal(typeof env.result.msg, 'string');
  assert.ok(env.meta.mat === null || typeof env.meta.mat === 'string', `${label}: meta.mat`);
  return env;
}

describe('GET and POST envelopes', () => {
  test('an unknown api answers the same envelope by GET and by POST', async () => {
    const get = assertEnvelope(await api.call('mtop.admin.nope.nope', { mat: adminMat }), 'GET');
    const post = assertEnvelope(
      await api.call('mtop.admin.nope.nope', { method: 'POST', mat: adminMat }),
      'POST',
    );
    assert.deepEqual(get, post);
    assert.equal(get.result.code, 'api_not_found');
  });

  test('a bad token answers the same envelope by GET and by POST', async () => {
    const get = assertEnvelope(
      await api.call('mtop.admin.user.current', { mat: 'bogus' }),
      'GET current',
    );
    const post = assertEnvelope(
      await api.call('mtop.admin.user.logout', { method: 'POST', mat: 'bogus' }),
      'POST logout',
    );
    assert.deepEqual(get, post);
    assert.equal(get.result.code, 'user_need_login_token_invalid');
    assert.equal(get.result.success, false);
  });

  test('a successful GET and a successful POST have the same envelope shape', async () => {
    const get = assertEnvelope(await api.call('mtop.admin.user.current', { mat: adminMat }), 'GET');
    assert.equal(get.result.success, true);
    assert.equal(get.result.code, 'SUCCESS');
    assert.equal(get.result.data.nickname, ACCOUNTS.admin.nickname);
    const post = assertEnvelope(
      await api.call('mtop.admin.user.login', {
        method: 'POST',
        data: { username: ACCOUNTS.operator.username, password: ACCOUNTS.operator.password },
      }),
      'POST login',
    );
    assert.equal(post.result.success, true);
    assert.equal(post.result.code, 'SUCCESS');
    assert.equal(typeof post.meta.mat, 'string', 'login hands out a token in meta.mat');
    assert.ok(post.meta.mat.length >= 32, 'a long random token');
    assert.equal(post.result.data.nickname, ACCOUNTS.operator.nickname);
    for (const key of ['id', 'name', 'nickname', 'avatar', 'roles']) {
      assert.ok(key in post.result.data, `userInfo.${key}`);
    }
  });

  test('a POST reads mat and data from its form body', async () => {
    // With the admin token and an id that does not exist: not token_invalid (mat was read), not
    // param_invalid (data was read), but data_not_found.
    const res = assertEnvelope(
      await api.call('mtop.admin.user.delete', {
        method: 'POST',
        mat: adminMat,
        data: { id: 987654321 },
      }),
      'POST delete',
    );
    assert.equal(res.result.code, 'data_not_found');
    const missing = assertEnvelope(
      await api.call('mtop.admin.user.delete', { method: 'POST', mat: adminMat, data: {} }),
      'POST delete {}',
    );
    assert.equal(missing.result.code, 'param_invalid');
  });

  test('a GET reads mat and data from its query', async () => {
    const ok = assertEnvelope(
      await api.call('mtop.admin.user.list', { mat: adminMat, data: { page: 1, pageSize: 10 } }),
      'GET list',
    );
    assert.equal(ok.result.success, true, `${ok.result.code} ${ok.result.msg}`);
    assert.equal(ok.result.data.pageSize, 10);
    assert.equal(ok.result.data.page, 1);
    assert.ok(Array.isArray(ok.result.data.list));
    assert.equal(typeof ok.result.data.total, 'number');
    const bad = assertEnvelope(
      await api.call('mtop.admin.user.list', { mat: adminMat, data: { pageSize: 5 } }),
      'GET list pageSize 5',
    );
    assert.equal(bad.result.code, 'param_invalid');
  });

  test('the wrong method for an operation is refused as param_invalid, not as unknown', async () => {
    const getAWrite = assertEnvelope(
      await api.call('mtop.admin.user.logout', { mat: adminMat }),
      'GET logout',
    );
    assert.equal(getAWrite.result.code, 'param_invalid');
    const postARead = assertEnvelope(
      await api.call('mtop.admin.user.current', { method: 'POST', mat: adminMat }),
      'POST current',
    );
    assert.equal(postARead.result.code, 'param_invalid');
    // The session survived both refusals.
    const current = await api.result('mtop.admin.user.current', { mat: adminMat });
    assert.equal(current.success, true);
  });

  test('/m and /api answer identically', async () => {
    for (const [apiName, options] of [
      ['mtop.admin.user.current', { mat: adminMat }],
      ['mtop.admin.user.menuTree', { mat: adminMat }],
      ['mtop.admin.nope.nope', { mat: adminMat }],
      ['mtop.admin.user.current', { mat: 'bogus' }],
    ]) {
      const a = assertEnvelope(await api.call(apiName, options), `/api ${apiName}`);
      const b = assertEnvelope(await m.call(apiName, options), `/m ${apiName}`);
      assert.deepEqual(a, b, apiName);
    }
  });

  test('an absent data parameter counts as {}', async () => {
    const url = new URL('/api', gw.origin);
    url.searchParams.set('api', 'mtop.admin.user.current');
    url.searchParams.set('v', PROTOCOL.v);
    url.searchParams.set('ttid', PROTOCOL.ttid);
    url.searchParams.set('did', PROTOCOL.did);
    url.searchParams.set('sign', PROTOCOL.sign);
    url.searchParams.set('ts', String(Date.now()));
    url.searchParams.set('mat', adminMat);
    const env = assertEnvelope(await api.send(url, { method: 'GET' }), 'GET without data');
    assert.equal(env.result.success, true);
  });

  test('data that is not JSON is param_invalid, by GET and by POST', async () => {
    const get = assertEnvelope(
      await api.call('mtop.admin.user.list', { mat: adminMat, data: '{not json' }),
      'GET',
    );
    assert.equal(get.result.code, 'param_invalid');
    const post = assertEnvelope(
      await api.call('mtop.admin.user.delete', {
        method: 'POST',
        mat: adminMat,
        data: '{not json',
      }),
      'POST',
    );
    assert.equal(post.result.code, 'param_invalid');
  });
});

describe('plain paths', () => {
  test('GET {base}/v1/qryMenuTree answers the whole system tree in the envelope', async () => {
    for (const client of [api, m]) {
      const res = await client.plain(
        `${CORE.SYSTEM_MENU_TREE_PATH}?mat=${encodeURIComponent(adminMat)}`,
      );
      const env = assertEnvelope(res, `${client.base}/v1/qryMenuTree`);
      assert.equal(env.result.success, true);
      assert.ok(Array.isArray(env.result.data));
      const names = [];
      const walk = (nodes) =>
        nodes.forEach((n) => {
          names.push(n.data.name);
          assert.equal(typeof n.data.id, 'number', 'system tree nodes carry data.id');
          walk(n.children ?? []);
        });
      walk(env.result.data);
      for (const name of ['home', 'system', 'system/menu']) {
        assert.ok(
          names.some((n) => n === name || n.endsWith(`/${name.split('/').pop()}`)),
          `system tree has ${name}`,
        );
      }
    }
  });

  test('GET {base}/v1/qryMenuTree without a token is token_invalid', async () => {
    const env = assertEnvelope(await api.plain(CORE.SYSTEM_MENU_TREE_PATH), 'no token');
    assert.equal(env.result.code, 'user_need_login_token_invalid');
  });

  test('GET /__serverLoader authenticates by the mat cookie', async () => {
    const path = `${CORE.SERVER_LOADER_PATH}?route=home&url=${encodeURIComponent('/adnuradmin/home')}`;
    const withCookie = assertEnvelope(
      await api.plain(path, { headers: { cookie: `mat=${encodeURIComponent(adminMat)}` } }),
      'with cookie',
    );
    assert.equal(
      withCookie.result.success,
      true,
      `${withCookie.result.code} ${withCookie.result.msg}`,
    );
    const without = assertEnvelope(await api.plain(path), 'without cookie');
    assert.equal(without.result.code, 'user_need_login_token_invalid');
  });
});
