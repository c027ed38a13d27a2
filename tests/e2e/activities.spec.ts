/**
 * 专题活动 and 专题详情, as the operator builds a topic: a new activity with a cropped banner is a
 * draft; putting it online with nothing in it is refused in the gateway's words and it stays a
 * draft; two products are added through the picker and reordered from the keyboard, the order
 * surviving a reload; then it goes online.
 */
import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { test, expect, app, type Api } from './fixtures';
import { Shell, toast } from './pages';
import { unique } from './catalog';
import { ACCOUNTS } from '../support/product.mjs';

const LIST = '/operate/thematicActivity';
const DAY = 24 * 60 * 60 * 1000;
const SAVE = /^\s*保\s*存\s*$/;

interface PickItem {
  kind: string;
  id: number;
  name: string;
}

/** CRC-32 of PNG chunks (Node 20's zlib has none). */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A `width`×`height` PNG of one colour (RGB, 8 bits), built byte by byte. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** `YYYY-MM-DD HH:mm` in China time, as the app's time fields take it. */
function minuteText(ms: number): string {
  const d = new Date(ms + 8 * 60 * 60 * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(
    d.getUTCHours(),
  )}:${two(d.getUTCMinutes())}`;
}

/** Two products the picker offers now (on sale), taken from the end of its first results. */
async function twoCandidates(api: Api): Promise<[PickItem, PickItem]> {
  const { mat } = await api.login(ACCOUNTS.operator.username, ACCOUNTS.operator.password);
  const result = await api.result('mtop.admin.activity.candidates', {
    method: 'GET',
    data: { kind: 'product' },
    mat,
  });
  expect(result.success, `${result.code} ${result.msg}`).toBe(true);
  const items = result.data as PickItem[];
  // Distinct names, so each can be searched for by name alone.
  const named = items.filter((item) => items.filter((i) => i.name === item.name).length === 1);
  expect(named.length, 'two products on sale to pick').toBeGreaterThanOrEqual(2);
  return [named.at(-2) as PickItem, named.at(-1) as PickItem];
}

/** The item names of 专题内容, top to bottom. */
async function itemNames(page: Page): Promise<string[]> {
  // The shown page's rows: a kept workspace tab (专题活动's list) is in the DOM too, hidden.
  return page
    .getByRole('main')
    .locator('tbody tr[data-row-key]')
    .evaluateAll((rows) =>
      rows.map((tr) => tr.querySelectorAll('td')[2]?.textContent?.trim() ?? ''),
    );
}

test('an operator builds an activity: refused online while empty, two products added and reordered, then online', async ({
  loggedInPage,
  gateway,
}) => {
  const [first, second] = await twoCandidates(gateway.api);
  const title = unique('测试专题');
  const page = await loggedInPage('operator');
  await page.goto(app(LIST));
  const shell = new Shell(page);
  await shell.expectScreen('专题活动');

  // A new activity: title, a banner cropped to 3:1, this month as its period.
  await page.getByRole('button', { name: /新建专题/ }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '新建专题' });
  await dialog.getByRole('textbox', { name: '专题标题' }).fill(title);
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: png(90, 30, [200, 60, 40]),
  });
  const crop = page.getByRole('dialog').filter({ hasText: '裁剪专题横幅' });
  await crop.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByRole('img', { name: '专题横幅' })).toBeVisible();
  await expect(dialog.getByText('更换专题横幅')).toBeVisible();
  const now = Date.now();
  for (const [name, at] of [
    ['开始时间', now - DAY],
    ['结束时间', now + 30 * DAY],
  ] as const) {
    // Typed, then confirmed in the picker's panel (a time picker keeps nothing unconfirmed).
    const field = dialog.getByRole('textbox', { name });
    await field.click();
    await field.pressSequentially(minuteText(at));
    await page
      .locator('.ant-picker-dropdown:visible')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(field).toHaveValue(minuteText(at));
    // Closed before the next one opens (two panels would offer two 确定).
    await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
  }
  await dialog.getByRole('button', { name: SAVE }).click();
  await expect(toast(page, `已新建专题「${title}」`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // It is a draft; online is refused while it holds nothing.
  await page.getByRole('textbox', { name: '专题标题' }).fill(title);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: title }) });
  await expect(row.getByText('草稿')).toBeVisible();
  await expect(row.getByRole('img', { name: `${title}的横幅` })).toBeVisible();
  await row.getByRole('button', { name: '上线' }).click();
  const refusal = page.getByRole('dialog').filter({ hasText: `无法上线专题「${title}」` });
  await expect(refusal).toContainText('专题至少需要一个商品或店铺才能上线');
  await refusal.getByRole('button', { name: /知道了/ }).click();
  await expect(row.getByText('草稿')).toBeVisible();

  // 专题详情: two products from the picker.
  await row.getByRole('link', { name: title }).click();
  await shell.expectScreen('专题详情');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  for (const product of [first, second]) {
    const picker = page.getByRole('combobox', { name: '选择商品' });
    await picker.click();
    await picker.fill(product.name);
    await page
      .locator('.ant-select-dropdown:visible')
      .getByTitle(product.name, { exact: true })
      .first()
      .click();
    await page.getByRole('button', { name: /添\s*加$/ }).click();
    await expect(toast(page, `已添加商品「${product.name}」`)).toBeVisible();
  }
  await expect.poll(() => itemNames(page)).toEqual([first.name, second.name]);

  // The second moved above the first from the keyboard; the order is kept.
  // Lifted once the table has settled (a refetch under way re-renders the rows mid-drag).
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  // Each key waits for what the drag announces: an arrow pressed before the lifted row's
  // neighbours are measured moves nothing.
  const announced = (text: string) => page.getByRole('status').filter({ hasText: text });
  const handle = page.getByRole('button', { name: `拖动排序：${second.name}` });
  // A drag a re-render cancels (the operator would lift the row again) is lifted again.
  await expect(async () => {
    await page.keyboard.press('Escape');
    await handle.focus();
    await page.keyboard.press('Space');
    // Lifted, and the rows measured: it is over its own place.
    await expect(announced(`「${second.name}」将移到第 2 / 2 位`)).toBeAttached({ timeout: 3000 });
    await page.keyboard.press('ArrowUp');
    await expect(announced('移到第 1 / 2 位')).toBeAttached({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await page.keyboard.press('Space');
  await expect(toast(page, '已保存新的顺序')).toBeVisible();
  await expect.poll(() => itemNames(page)).toEqual([second.name, first.name]);
  await page.reload();
  await shell.expectScreen('专题详情');
  await expect.poll(() => itemNames(page)).toEqual([second.name, first.name]);

  // Now it goes online.
  await page.getByRole('button', { name: '上线', exact: true }).click();
  await expect(toast(page, `已上线专题「${title}」`)).toBeVisible();
  await expect(page.getByRole('main').getByText('已上线', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: '下线', exact: true })).toBeVisible();
});
