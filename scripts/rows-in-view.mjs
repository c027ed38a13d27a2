#!/usr/bin/env node
// Rows in view: for every list, the first row's top (CSS px) and how many rows are wholly in the
// window without scrolling, at 1280×720 and 1440×900, signed in as admin (docs/screens.md).
// Against a running app: `make serve`, then `node scripts/rows-in-view.mjs`
// (BASE=http://127.0.0.1:8787/adnuradmin by default; CHROME_BIN picks the browser).
import { chromium } from 'playwright-core';

const base = process.env.BASE ?? 'http://127.0.0.1:8787/adnuradmin';
const LISTS = [
  '/baseMgmt/shopMgmt', '/baseMgmt/prodMgmt', '/baseMgmt/classifyMgmt', '/baseMgmt/userMgmt',
  '/baseMgmt/invitationMgmt', '/operate/advertise', '/operate/advertise/advertisePosition',
  '/operate/thematicActivity', '/operate/abilityEntry', '/operate/homeRecommend',
  '/operate/inquiryOrders', '/operate/business/toExamine', '/operate/business/inspect',
  '/operate/business/reply', '/operate/industrialBelt', '/system/user', '/system/dict',
  '/system/audit',
];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_BIN ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
for (const [width, height] of [[1280, 720], [1440, 900]]) {
  const page = await browser.newPage({ viewport: { width, height }, locale: 'zh-CN' });
  await page.goto(`${base}/login`);
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill('Admin@123');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  for (const path of LISTS) {
    await page.goto(`${base}${path}`);
    const rows = page.locator('main .ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor();
    await page.waitForLoadState('networkidle');
    const { top, inView } = await page.evaluate(() => {
      const shown = [...document.querySelectorAll('main .ant-table-tbody tr.ant-table-row')].filter(
        (row) => row.checkVisibility(),
      );
      const boxes = shown.map((row) => row.getBoundingClientRect());
      return {
        top: Math.round(boxes[0]?.top ?? -1),
        inView: boxes.filter((box) => box.bottom <= window.innerHeight).length,
      };
    });
    console.log(`${width}x${height} ${path.padEnd(40)} firstRowY=${top} fullRows=${inView}`);
  }
  await page.close();
}
await browser.close();
