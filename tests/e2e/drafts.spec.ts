/**
 * Drafts that survive (product.md, "The workspace"): a reply typed when the session ends is kept
 * in the browser; after the next sign-in the operator is back on the page and offered 恢复 or 丢弃.
 * Another user signing in on the same browser never sees it; 丢弃 drops it.
 */
import { test, expect, app } from './fixtures';
import { LoginPage, Shell, inAppPath } from './pages';
import { opportunitiesIn } from './support/opportunities';
import { ACCOUNTS } from '../support/product.mjs';
import { coreConstants } from '../support/core-source.mjs';

const CORE = coreConstants();

test('a reply typed, the session ended by the gateway, a new sign-in: 恢复 brings the text back', async ({
  loggedInPage,
  gateway,
}) => {
  const opportunity = (await opportunitiesIn(gateway.api, 'approved')).at(-2)!;
  const words = `草稿：三家源头工厂可供选择（${Date.now()}）`;
  const page = await loggedInPage('operator');
  const path = `/operate/business/reply?title=${encodeURIComponent(opportunity.title)}&open=${opportunity.id}`;
  await page.goto(app(path));
  await new Shell(page).expectScreen('商机回复');
  const main = page.getByRole('main');
  await main.getByLabel('回复内容').fill(words);

  // The gateway ends the session (as an expiry would); the next call is refused.
  const mat = await page.evaluate((k) => localStorage.getItem(k) ?? '', String(CORE.MAT_KEY));
  const out = await gateway.api.result('mtop.admin.user.logout', { method: 'POST', mat });
  expect(out.success, `logout: ${out.msg}`).toBe(true);
  await main.getByRole('button', { name: /发送回复/ }).click();
  const login = new LoginPage(page);
  await expect(login.submit).toBeVisible();

  // The operator signs in again and is brought back to the reply, with the offer.
  await login.signIn(ACCOUNTS.operator.username, ACCOUNTS.operator.password);
  await new Shell(page).expectScreen('商机回复');
  await expect(main.getByLabel('回复内容')).toHaveValue('');
  await main.getByRole('button', { name: '恢复' }).click();
  await expect(main.getByLabel('回复内容')).toHaveValue(words);
  await expect(main.getByRole('button', { name: '恢复' })).toHaveCount(0);

  // Another user on this browser is never offered it.
  await new Shell(page).logout(ACCOUNTS.operator.nickname);
  await login.signIn(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  await expect.poll(() => inAppPath(page)).not.toMatch(/^\/login/);
  await page.goto(app(path));
  await new Shell(page).expectScreen('商机回复');
  await expect(main.getByLabel('回复内容')).toHaveValue('');
  await expect(main.getByRole('button', { name: '恢复' })).toHaveCount(0);

  // Back as the operator: still offered (not sent); 丢弃 drops it for good.
  await new Shell(page).logout(ACCOUNTS.admin.nickname);
  await login.signIn(ACCOUNTS.operator.username, ACCOUNTS.operator.password);
  await expect.poll(() => inAppPath(page)).not.toMatch(/^\/login/);
  await page.goto(app(path));
  await new Shell(page).expectScreen('商机回复');
  await main.getByRole('button', { name: '丢弃' }).click();
  await expect(main.getByLabel('回复内容')).toHaveValue('');
  await page.reload();
  await new Shell(page).expectScreen('商机回复');
  await expect(main.getByLabel('回复内容')).toBeVisible();
  await expect(main.getByRole('button', { name: '恢复' })).toHaveCount(0);
});
