import { expect, type Page, type APIRequestContext } from '@playwright/test';

/** A phone number no other run has used: 137 + 8 digits from the clock and a counter. */
let counter = 0;
export function freshPhone(): string {
  const n = (Date.now() % 1e7) * 10 + (counter++ % 10);
  return `137${String(n).padStart(8, '0').slice(-8)}`;
}

/** Reads the code the development SMS provider sent, through the test-only hook (NODE_ENV=test only). */
export async function smsCode(request: APIRequestContext, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const r = await request.get(`/__test__/sms?phone=${phone}`);
      const body = await r.json();
      code = body?.data?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

export async function themeColor(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--theme-color').trim().toLowerCase());
}

export async function shot(page: Page, name: string) {
  await page.waitForTimeout(400); // let the route fade finish
  await page.screenshot({ path: `screens/${name}.png`, fullPage: false });
}

/**
 * SMS sends are limited per client IP (1 per 60 s, 10 a day). The journeys' server trusts the proxy
 * header (TRUST_PROXY=true, as behind a real reverse proxy), so each learner here gets an address of
 * their own, the way real learners come from different networks.
 */
let ipCounter = 0;
export async function asNewClientIp(page: Page): Promise<void> {
  ipCounter += 1;
  // Documentation-range addresses (RFC 5737): only ever a header value, never a destination.
  const ip = `${ipCounter % 2 ? '203.0.113' : '198.51.100'}.${(Math.floor(Date.now() / 1000) + ipCounter) % 254 + 1}`;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
}
