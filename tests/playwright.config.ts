/**
 * End-to-end: Playwright's runner driving Debian's Chromium (playwright-core with an explicit
 * executable; browser downloads do not work here) against the release mock gateway serving the
 * built app. Each worker starts its own gateway on a free port with a fresh database
 * (e2e/fixtures.ts). Run from the repo root after `make web gateway`: `npm run e2e -w tests`.
 */
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: 0,
  reporter: 'list',
  forbidOnly: true,
  use: {
    headless: true,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    screenshot: 'only-on-failure',
    trace: 'off',
    video: 'off',
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROME_BIN || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
