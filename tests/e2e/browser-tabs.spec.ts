/**
 * Browser tabs in sync (product.md, "The workspace"): signing out in one tab of the app signs out
 * every tab; a write in one reads the same lists again in the others (the write's declaration
 * says which). Two pages of one browser context are two tabs of one browser.
 */
import type { Page } from '@playwright/test';
import { test, expect, app } from './fixtures';
import { createUser, uniqueName } from './support/users';
import { LoginPage, Shell, answer, expectPath, inAppPath, toast } from './pages';
import { ACCOUNTS } from '../support/product.mjs';

async function openUser(page: Page, username: string) {
  await page.goto(app(`/system/user?username=${encodeURIComponent(username)}`));
  await new Shell(page).expectScreen('系统用户');
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toHaveCount(1);
  return row;
}

test('signing out in one page of a context signs out its second page', async ({ loggedInPage }) => {
  const first = await loggedInPage('admin');
  await first.goto(app('/home'));
  await new Shell(first).expectScreen('首页');
  const second = await first.context().newPage();
  await second.goto(app('/system/user'));
  await new Shell(second).expectScreen('系统用户');

  await first.bringToFront();
  await new Shell(first).logout(ACCOUNTS.admin.nickname);
  await expect(new LoginPage(first).submit).toBeVisible();

  // The second page went to the login page by itself, without a click or a call of its own.
  await expect.poll(() => inAppPath(second)).toMatch(/^\/login/);
  await expect(new LoginPage(second).submit).toBeVisible();
  // And the session is gone for it too: a reload stays on the login page.
  await second.reload();
  await expect(new LoginPage(second).submit).toBeVisible();
  await second.goto(app('/system/user'));
  await expectPath(second, '/login?redirect=%2Fsystem%2Fuser');
});

test('a write in one page reads the same list again in the other', async ({
  loggedInPage,
  gateway,
}, info) => {
  const username = uniqueName('synced', info);
  const { mat } = await gateway.api.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  await createUser(gateway.api, mat, username, '两页之间');
  const first = await loggedInPage('admin');
  const second = await first.context().newPage();
  const secondRow = await openUser(second, username);
  await expect(secondRow.getByRole('button', { name: '停用' })).toBeVisible();
  const firstRow = await openUser(first, username);

  await first.bringToFront();
  await firstRow.getByRole('button', { name: '停用' }).click();
  await answer(
    first.getByRole('tooltip'),
    /^\s*停\s*用\s*$/,
    toast(first, `已停用用户 ${username}`),
  );

  // The other page shows the user disabled without being reloaded: its row now offers 启用.
  await second.bringToFront();
  await expect(secondRow.getByRole('button', { name: '启用' })).toBeVisible();
  await expect(secondRow.getByRole('button', { name: '停用' })).toHaveCount(0);
});
