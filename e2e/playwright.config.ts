import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** Where the journeys write (screenshots in screens/, failures in test-results/): E2E_OUT, else a temporary folder, never the source tree. */
export const E2E_OUT = process.env.E2E_OUT ?? join(tmpdir(), 'kaoshi-e2e');

// E2E_PORT moves both servers (to run the journeys beside another run on this machine).
export const APP_PORT = Number(process.env.E2E_PORT ?? 3100);
export const MAINT_PORT = APP_PORT + 1;
/** The live journey's RTMP ingest (nginx) beside the app's server. */
export const RTMP_PORT = APP_PORT + 35;

/**
 * A phone in Debian's Chromium (never a downloaded browser), as every journey and the deploy smoke use it. The app's
 * service worker (src/sw.ts) would answer requests page.route() is meant to see; the offline journey
 * (reading.spec.ts) turns it on for itself.
 */
export const PHONE_CHROMIUM = {
  ...devices['iPhone 13'],
  browserName: 'chromium' as const,
  viewport: { width: 390, height: 844 },
  locale: 'zh-CN',
  screenshot: 'only-on-failure' as const,
  serviceWorkers: 'block' as const,
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
  },
};

// Browser journeys drive the built app, served by the real server on a fresh embedded database,
// in Debian's Chromium (never a downloaded browser) on a phone-sized viewport.
export default defineConfig({
  testDir: './journeys',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: join(E2E_OUT, 'test-results'),
  use: { baseURL: `http://127.0.0.1:${APP_PORT}`, ...PHONE_CHROMIUM },
  webServer: [
    {
      command: `node serve.mjs ${APP_PORT} LIVE_INGEST=${RTMP_PORT}`,
      url: `http://127.0.0.1:${APP_PORT}/api/agentInfo/getAgentInfo`,
      timeout: 120_000,
      reuseExistingServer: false,
    },
    { command: `node serve.mjs ${MAINT_PORT} MAINTENANCE=true DEMO_VIDEO=off DEMO_LIVE=off`, url: `http://127.0.0.1:${MAINT_PORT}/`, timeout: 120_000, reuseExistingServer: false },
  ],
});
