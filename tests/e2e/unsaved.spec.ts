/**
 * Nothing lost without a warning: a half-filled dialog asks 放弃未保存的修改？ before Esc or 取消
 * drops it; 权限管理's ticks ask before another role is picked or their tab is closed; its 保存
 * stays in view down the long tree.
 */
import { test, expect, app } from './fixtures';
import { Shell } from './pages';

const ASK = '放弃未保存的修改？';

test('Esc or 取消 in a half-filled 新增广告 asks first; 继续编辑 keeps what was typed', async ({
  loggedInPage,
}) => {
  const page = await loggedInPage('admin');
  await page.goto(app('/operate/advertise'));
  await new Shell(page).expectScreen('广告管理');
  await page.getByRole('button', { name: /新增广告/ }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '新增广告' });
  const title = dialog.getByLabel('广告标题');
  await title.fill('春季上新');

  const ask = page.getByRole('dialog').filter({ hasText: ASK });
  await page.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: '继续编辑' }).click();
  await expect(ask).toBeHidden();
  await expect(title).toHaveValue('春季上新');

  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: '放弃修改' }).click();
  await expect(dialog).toBeHidden();

  // Untouched, it closes at once.
  await page.getByRole('button', { name: /新增广告/ }).click();
  await expect(title).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(ask).toHaveCount(0);
});

test('权限管理: unsaved ticks ask before another role or closing the tab; 保存 stays in view', async ({
  loggedInPage,
}) => {
  const page = await loggedInPage('admin');
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(app('/system/permission'));
  const shell = new Shell(page);
  await shell.expectScreen('权限管理');
  const roles = page.getByRole('tree', { name: '角色' });
  await roles.getByText('运营', { exact: true }).click();
  const tree = page.getByRole('tree', { name: '角色「运营」的菜单' });
  await tree.getByText('数据字典', { exact: true }).click();
  const save = page.getByRole('button', { name: /^\s*保\s*存\s*$/ });
  await expect(save).toBeEnabled();

  // Down the long tree, 保存 is still in view.
  await tree.getByText('操作日志', { exact: true }).scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 2_000);
  await expect(save).toBeInViewport();

  // Another role: asked first; 继续编辑 stays on 运营 with the tick.
  const ask = page.getByRole('dialog').filter({ hasText: ASK });
  await roles.getByText('访客', { exact: true }).click();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: '继续编辑' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByRole('tree', { name: '角色「运营」的菜单' })).toBeVisible();
  await expect(save).toBeEnabled();

  // Closing the tab: asked first too.
  const tab = page
    .getByRole('tablist', { name: '已打开的页面' })
    .getByRole('tab', { name: '权限管理', exact: true });
  await tab.click({ button: 'middle' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: '继续编辑' }).click();
  await expect(tab).toHaveCount(1);

  // 放弃修改 on a switch: the other role's menus, with nothing of 运营's saved.
  await roles.getByText('访客', { exact: true }).click();
  await ask.getByRole('button', { name: '放弃修改' }).click();
  await expect(page.getByRole('tree', { name: '角色「访客」的菜单' })).toBeVisible();
});
