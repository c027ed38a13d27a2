/**
 * Review by keyboard (product.md, "The workspace"): in 商机审核 and 待审核 shops, ↑/↓ or j/k move
 * between rows, Enter opens the record, `a` approves and `r` opens the reject dialog (what the
 * row's own 通过 and 驳回 do), after an action the next row has focus, and `?` lists the keys.
 */
import { test, expect, app } from './fixtures';
import { Shell, expectPath, toast } from './pages';
import { openShops, tab, tabCount } from './support/shops';
import { expectAxeClean } from './support/axe';

test('商机审核 by keyboard: move, approve with 撤销, the next row takes focus, reject, open, the keys listed', async ({
  loggedInPage,
  gatewayLog,
}) => {
  const page = await loggedInPage('operator');
  await page.clock.install();
  await page.goto(app('/operate/business/toExamine'));
  await new Shell(page).expectScreen('商机审核');
  const rows = page.getByRole('main').locator('tbody tr[data-row-key]');
  await expect(rows.nth(3)).toBeVisible();
  const key = (n: number) => rows.nth(n).getAttribute('data-row-key');
  const [first, second, third] = [await key(0), await key(1), await key(2)];

  // The keys say so on the screen, and work as soon as focus is in the queue: `?` from the
  // header's checkbox lists them.
  await expect(page.getByRole('button', { name: '按 ? 查看快捷键' })).toBeVisible();
  await page.getByRole('main').locator('thead').getByRole('checkbox').focus();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: '快捷键' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: '快捷键' })).toBeHidden();

  // One row is in the tab order; it says which keys work there.
  await expect(page.getByRole('main').locator('tbody tr[tabindex="0"]')).toHaveCount(1);
  await rows.first().focus();
  await expect(rows.first()).toHaveAccessibleDescription(/a 通过，r 驳回/);
  await page.keyboard.press('j');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('k');
  await expect(rows.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toBeFocused();
  expect(await key(0)).toBe(first);

  // `a` approves the focused row: focus moves on at once, 撤销 is offered for 5 s, then the
  // decision is sent and the row leaves the queue.
  await page.keyboard.press('a');
  await expect(page.locator(`tbody tr[data-row-key="${third}"]`)).toBeFocused();
  await expect(toast(page, /^已通过「.+」 · 撤销$/)).toBeVisible();
  await expect(page.locator(`tbody tr[data-row-key="${second}"]`)).toHaveClass(/kit-review-held/);
  await page.clock.runFor(5_000);
  await expect(toast(page, new RegExp(`^已通过商机 `))).toBeVisible();
  await expect(page.locator(`tbody tr[data-row-key="${second}"]`)).toHaveCount(0);
  await expect(page.locator(`tbody tr[data-row-key="${third}"]`)).toBeFocused();

  // 撤销 within the 5 s: nothing is sent, the row stays and has focus again.
  const approvals = () => gatewayLog.filter((a) => a.api === 'mtop.admin.opportunity.audit').length;
  const sent = approvals();
  expect(sent, 'the first approval was sent').toBe(1);
  await page.keyboard.press('a');
  await toast(page, /^已通过「.+」 · 撤销$/)
    .getByRole('button', { name: '撤销' })
    .click();
  await page.clock.runFor(6_000);
  await expect(page.locator(`tbody tr[data-row-key="${third}"]`)).toBeFocused();
  await expect(page.locator(`tbody tr[data-row-key="${third}"]`)).not.toHaveClass(
    /kit-review-held/,
  );
  expect(approvals(), 'an undone approval is never sent').toBe(sent);

  // `r` asks why, in the same dialog 驳回 opens, with focus on the reason; nothing is sent when
  // it is closed.
  await page.keyboard.press('r');
  const reject = page.getByRole('dialog', { name: /^驳回商机 / });
  await expect(reject).toBeVisible();
  await expect(reject.getByRole('combobox', { name: '原因' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(reject).toBeHidden();
  await expect(page.locator(`tbody tr[data-row-key="${third}"]`)).toHaveCount(1);

  // `?` lists the keys.
  await page.locator(`tbody tr[data-row-key="${third}"]`).focus();
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: '快捷键' });
  await expect(help).toContainText('a通过');
  await expect(help).toContainText('r驳回');
  await expectAxeClean(page, '商机审核 with the keys listed');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // Enter opens the record: its drawer.
  await page.locator(`tbody tr[data-row-key="${third}"]`).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: `商机 #${third}` })).toBeVisible();
});

test('待审核 shops by keyboard: Enter opens the focused shop', async ({ loggedInPage }) => {
  const page = await loggedInPage('admin');
  await openShops(page);
  await tab(page, '待审核').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('pending');
  // The queue itself, not the previous tab's rows still shown while it loads.
  const pending = await tabCount(page, '待审核');
  await expect(page.getByRole('main').getByText(`共 ${pending} 条`)).toBeVisible();
  const rows = page.getByRole('main').locator('tbody tr[data-row-key]');
  await expect(rows.nth(1)).toBeVisible();
  await rows.first().focus();
  await page.keyboard.press('j');
  await expect(rows.nth(1)).toBeFocused();
  const id = await rows.nth(1).getAttribute('data-row-key');
  await page.keyboard.press('Enter');
  await expectPath(page, `/baseMgmt/shopMgmt/shopDetail?id=${id}`);
  await new Shell(page).expectScreen('店铺详情');
});
