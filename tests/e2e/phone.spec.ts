/**
 * Review on the move, at 390×844: the menus are a drawer opened from the header, the header's
 * user menu (退出登录) is on the screen, nothing makes the page scroll sideways, and a queue's row
 * is decided with a thumb — its 操作 scroll with the row rather than covering it.
 */
import type { Page } from '@playwright/test';
import { test, expect, app } from './fixtures';
import { Shell, toast } from './pages';

const PHONE = { width: 390, height: 844 };

// A phone's screen and touch.
test.use({ viewport: PHONE, hasTouch: true });

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test('on a phone the menus are a drawer, the header fits, and 商机审核 is worked with a thumb', async ({
  loggedInPage,
}) => {
  const page = await loggedInPage('operator');
  await page.goto(app('/operate/business/toExamine'));
  const shell = new Shell(page);
  await shell.expectScreen('商机审核');
  expect(await pageWidth(page), 'the page does not scroll sideways').toBeLessThanOrEqual(
    PHONE.width,
  );
  await expect(page.getByRole('navigation', { name: '侧边导航' })).toHaveCount(0);

  // The header's user menu, with 退出登录, is on the screen.
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: '退出登录' })).toBeInViewport();
  await page.keyboard.press('Escape');

  // The menus: a drawer from the header's button; a page opened from it closes it.
  await page.getByRole('button', { name: '打开菜单' }).click();
  const drawer = page.getByRole('dialog', { name: '菜单' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('link', { name: '商机查看' }).click();
  await shell.expectScreen('商机查看');
  await expect(drawer).toBeHidden();

  // Back in the queue: the row's 操作 is not pinned over its content; 通过 is a thumb away.
  await page.goto(app('/operate/business/toExamine'));
  await shell.expectScreen('商机审核');
  const main = page.getByRole('main');
  await expect(main.locator('.ant-table-cell-fix')).toHaveCount(0);
  const row = main.locator('tbody tr[data-row-key]').first();
  const approve = row.getByRole('button', { name: /通\s*过/ });
  await approve.scrollIntoViewIfNeeded();
  await approve.tap();
  await expect(toast(page, /^已通过商机 /)).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
});

test('on a phone 店铺详情 reads without scrolling sideways', async ({ loggedInPage }) => {
  const page = await loggedInPage('admin');
  await page.goto(app('/baseMgmt/shopMgmt/shopDetail?id=3'));
  await new Shell(page).expectScreen('店铺详情');
  await expect(page.getByText('店铺资料')).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
});
