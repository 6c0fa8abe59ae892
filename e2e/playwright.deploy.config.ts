import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_OUT, PHONE_CHROMIUM } from './playwright.config';
import { DEPLOY } from './deploy/ports';

/**
 * The deploy smoke (docs/deploy.md, "Tested"): the compiled server as two production processes on PostgreSQL and
 * Redis behind nginx with deploy/nginx/kaoshi.conf, started by deploy/stack.ts; one journey through it in Chromium.
 * `npm run build`, then DEPLOY_DATABASE_URL=… DEPLOY_REDIS_URL=… npx playwright test -c playwright.deploy.config.ts
 */
export default defineConfig({
  testDir: './deploy',
  globalSetup: './deploy/stack.ts',
  timeout: 180_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: join(E2E_OUT, 'deploy-results'),
  use: { baseURL: `https://127.0.0.1:${DEPLOY.https}`, ignoreHTTPSErrors: true, ...PHONE_CHROMIUM },
});
