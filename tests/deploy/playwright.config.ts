/**
 * The deployment suite (`make test-deploy`, `npm run deploy -w tests`): the built app behind
 * Debian's nginx with the repository's configuration (deploy/nginx/), in the same Chromium set-up
 * as the end-to-end suite. Each test starts its own nginx and gateway (deploy/fixtures.ts).
 */
import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

export default defineConfig({
  ...base,
  testDir: '.',
  outputDir: '../test-results/deploy',
  timeout: 90_000,
  fullyParallel: true,
  reporter: [['list'], ['../support/summary-reporter.ts', { suite: 'deploy' }]],
});
