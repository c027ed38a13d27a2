/**
 * 广告管理, as the operator tells it: a new slot that runs one ad at a time; an ad for it made in
 * the dialog — its image cropped in the browser to the slot's proportions and uploaded, a link to
 * a shop picked by name, next week's period — which starts switched off and shows as scheduled
 * once enabled; a second ad over the same days cannot be enabled: the refusal names the period
 * the slot is full, and the ad stays off.
 */
import { deflateSync } from 'node:zlib';
import { writeFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { test, expect, app, type Api } from './fixtures';
import { Shell, clickUntil, toast } from './pages';
import { expectAxeClean } from './support/axe';
import { ACCOUNTS } from '../support/product.mjs';

const PAGE = '/operate/advertise';
const DAY = 86_400_000;
const SAVE = /^\s*保\s*存\s*$/;

interface Slot {
  id: number;
  name: string;
  width: number;
  height: number;
}

interface PickItem {
  id: number;
  name: string;
}

/** The operator's calls, with one session. */
async function operatorCalls(api: Api) {
  const { mat } = await api.login(ACCOUNTS.operator.username, ACCOUNTS.operator.password);
  return async function data<T>(name: string, params: object, method: 'GET' | 'POST') {
    const result = await api.result(name, { method, data: params, mat });
    expect(result.success, `${name}: ${result.code} ${result.msg}`).toBe(true);
    return result.data as T;
  };
}

/** A name and code no other story (or earlier run) uses. */
function unique(): string {
  return `${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 1000)}`;
}

/** Epoch ms as the app's time pickers and the gateway's messages write it (UTC+8, the tests' zone). */
function minute(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** Midnight (UTC+8) `days` from today. */
function midnightIn(days: number): number {
  const now = Date.now() + 8 * 3_600_000;
  return now - (now % DAY) - 8 * 3_600_000 + days * DAY;
}

// ---- A PNG made here, not committed: `width`×`height`, two colour bands. ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0);
    for (let x = 0; x < width; x++) rows.push(...(y < height / 2 ? [230, 80, 40] : [40, 120, 220]));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- Locators. ----

function adRow(page: Page, title: string): Locator {
  return page
    .getByRole('main')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: title, exact: true }) });
}

/** The open dropdown's option `title` (antd Select, PickSelect). */
function option(page: Page, title: string): Locator {
  return page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle(title, {
    exact: true,
  });
}

/** Types a time into a TimeField (antd DatePicker with time) and confirms it with the panel's OK
 * (Enter would also submit the dialog's form). */
async function setTime(page: Page, field: Locator, ms: number): Promise<void> {
  const panel = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
  await field.click();
  await field.fill(minute(ms));
  // The panel takes the typed time a moment later: an OK pressed before that leaves it open.
  await expect(async () => {
    if (await panel.count()) {
      await panel.getByRole('button', { name: /确\s*定|OK/ }).click({ timeout: 2_000 });
    }
    // Closed for good (its leave motion done), so the next picker's panel is the only one.
    await expect(panel).toHaveCount(0, { timeout: 2_000 });
  }).toPass();
  await expect(field).toHaveValue(minute(ms));
}

async function showOnly(page: Page, title: string): Promise<void> {
  const filter = page.getByRole('main').locator('form[id^="adFilter"]');
  await filter.getByRole('textbox', { name: '广告标题' }).fill(title);
  await filter.getByRole('button', { name: /查\s*询/ }).click();
  await expect(adRow(page, title)).toBeVisible();
}

test('an ad made in the dialog for a one-ad slot shows as scheduled once enabled; a second over the same days is refused, naming the full period', async ({
  loggedInPage,
  gateway,
}, testInfo) => {
  const call = await operatorCalls(gateway.api);
  const tag = unique();
  const slot = await call<Slot>(
    'mtop.admin.adSlot.save',
    {
      name: `故事广告位${tag}`,
      code: `e2e_slot_${tag}`,
      page: 'home',
      width: 600,
      height: 200,
      maxAds: 1,
    },
    'POST',
  );
  const [shop] = await call<PickItem[]>('mtop.admin.ad.targets', { kind: 'shop' }, 'GET');
  expect(shop, 'an active shop to link to').toBeDefined();
  const start = midnightIn(7) + 10 * 3_600_000;
  const end = start + 7 * DAY;
  const title = `新品周${tag}`;
  const image = testInfo.outputPath('banner.png');
  await writeFile(image, png(300, 200));

  const page = await loggedInPage('operator');
  await page.goto(app(PAGE));
  await new Shell(page).expectScreen('广告管理');
  await page.getByRole('button', { name: /新增广告/ }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '新增广告' });
  // Saved empty: the core's form names what is missing, at each field, and nothing is sent.
  const errors = dialog.locator('.ant-form-item-explain-error');
  await clickUntil(dialog.getByRole('button', { name: SAVE }), (timeout) =>
    expect(errors.filter({ hasText: '广告图片' })).toBeVisible({ timeout }),
  );
  await expect(errors.filter({ hasText: '广告标题' })).toBeVisible();
  // Chosen by typing and Enter (a click could land while the list was still opening), and shown
  // as chosen before the picture: the crop takes its proportions from the slot.
  const slotBox = dialog.getByRole('combobox', { name: /广告位/ });
  await slotBox.fill(slot.name);
  await expect(option(page, `${slot.name}（600×200）`)).toBeVisible();
  await slotBox.press('Enter');
  await expect(dialog.getByTitle(`${slot.name}（600×200）`, { exact: true })).toBeVisible();
  await dialog.getByRole('textbox', { name: '广告标题' }).fill(title);

  // The image: picked, cropped to the slot's 3:1 in the browser, uploaded, previewed.
  await dialog.locator('input[type="file"]').setInputFiles(image);
  const crop = page.getByRole('dialog').filter({ hasText: '裁剪广告图片' });
  await expect(crop).toBeVisible();
  // The crop frame, once the picture has loaded under it, has the slot's proportions.
  const frame = crop.locator('.reactEasyCrop_CropArea');
  await expect
    .poll(async () => {
      const box = await frame.boundingBox();
      return box && box.height > 0 ? box.width / box.height : 0;
    })
    .toBeCloseTo(3, 1);
  await crop.getByRole('button', { name: /确\s*定/ }).click();
  const preview = dialog.getByRole('img', { name: '广告图片' });
  await expect(preview).toBeVisible();
  await expect(dialog.getByText('更换广告图片')).toBeVisible();
  const ratio = await preview.evaluate(
    (img: HTMLImageElement) => img.naturalWidth / img.naturalHeight,
  );
  expect(ratio).toBeCloseTo(3, 1);

  // The link: a shop found by name.
  await dialog.getByRole('radio', { name: '店铺' }).check();
  const picker = dialog.getByRole('combobox', { name: '链接店铺' });
  await picker.click();
  await picker.fill(shop!.name);
  await expect(option(page, shop!.name)).toBeVisible();
  await picker.press('Enter');
  await expect(dialog.getByTitle(shop!.name, { exact: true })).toBeVisible();

  await setTime(page, dialog.getByRole('textbox', { name: /开始时间/ }), start);
  await setTime(page, dialog.getByRole('textbox', { name: /结束时间/ }), end);
  await dialog.getByRole('button', { name: SAVE }).click();
  await expect(toast(page, `已新增广告「${title}」，启用后按投放时间展示`)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // New ads start switched off; enabled, it waits for next week.
  await showOnly(page, title);
  const row = adRow(page, title);
  await expect(row.getByRole('link', { name: slot.name })).toBeVisible();
  await expect(row).toContainText(`店铺：${shop!.name}`);
  await expect(row).toContainText('已停用');
  await expect(row.getByRole('img', { name: title })).toBeVisible();
  await row.getByRole('button', { name: '启用' }).click();
  await expect(toast(page, `已启用广告「${title}」`)).toBeVisible();
  await expect(row).toContainText('已排期');
  await expect(row.getByRole('button', { name: '停用' })).toBeVisible();

  // A second ad for the same slot, two days into the first one's week and beyond.
  const { key } = await call<{ key: string }>(
    'mtop.admin.file.upload',
    { name: 'second.png', content: png(300, 100).toString('base64') },
    'POST',
  );
  const second = `加推${tag}`;
  await call(
    'mtop.admin.ad.save',
    {
      slotId: slot.id,
      title: second,
      image: key,
      linkType: 'url',
      linkTarget: 'https://example.com/more',
      startAt: start + 2 * DAY,
      endAt: end + 3 * DAY,
    },
    'POST',
  );
  await showOnly(page, second);
  await adRow(page, second).getByRole('button', { name: '启用' }).click();
  const refusal = page.getByRole('dialog').filter({ hasText: `无法启用广告「${second}」` });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText(
    `广告位「${slot.name}」在 ${minute(start + 2 * DAY)} 至 ${minute(end)} 已满（容量 1）`,
  );
  await expectAxeClean(page, '广告管理 with the capacity refusal');
  await refusal.getByRole('button', { name: /知道了|确\s*定|OK/ }).click();
  await expect(refusal).toHaveCount(0);
  await expect(adRow(page, second)).toContainText('已停用');
  await expect(adRow(page, second).getByRole('button', { name: '启用' })).toBeVisible();
});
