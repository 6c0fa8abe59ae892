import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, type Page, type APIRequestContext } from '@playwright/test';
import { E2E_OUT } from '../playwright.config';

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
  return page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--theme-brand').trim().toLowerCase());
}

/** A journey's screenshot file: E2E_OUT/screens/<name>.png (a temporary folder unless E2E_OUT says otherwise). */
export const screenPath = (name: string) => join(E2E_OUT, 'screens', `${name}.png`);

export async function shot(page: Page, name: string) {
  await page.waitForTimeout(400); // let the route fade finish
  await page.screenshot({ path: screenPath(name), fullPage: false });
}

/**
 * SMS sends are limited per client IP (past a burst of 3 in 10 minutes each needs the picture challenge). The
 * journeys' server trusts the proxy header (TRUST_PROXY=true, as behind a real reverse proxy), so each learner here
 * gets a network of their own, the way real learners come from different networks. The server counts an IPv6
 * address by its /64, so each learner's is a new /64 of the documentation prefix (RFC 3849): one per call and per
 * worker process, never reused within a run (an address built from the clock came round again after 254 s, and the
 * third learner on it met the challenge). Only ever a header value, never a destination.
 */
let ipCounter = 0;
const ipWorker = (process.pid & 0xffff).toString(16);
export async function asNewClientIp(page: Page): Promise<void> {
  ipCounter += 1;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `2001:db8:${ipWorker}:${ipCounter.toString(16)}::1` });
}

// ---------------------------------------------------------------- the demo learner and the practice player

export const DEMO_LEARNER = '13800000000';
export const DEMO_PASSWORD = 'Demo@2026';

/** A question as getChapterTestEx (and the study lists) send it: what the journeys need to answer it. */
export interface Q {
  allTestID: number;
  childTableID: number;
  childTableName: string;
  stem: string;
  options: { key: string; text: string }[];
  answer: string | string[];
}
export interface ChapterTest {
  total: number;
  list: Q[];
  groups: { childTableID: number; stem: string; options: { key: string; text: string }[] }[];
}

/** The demo member: holds 至尊班 of 护士执业资格 (every module). */
export const DEMO_MEMBER = '13900000000';

/** Logs a learner in by password, with the home notices already seen; lands on /homePage. */
export async function loginAs(page: Page, phone: string, password = DEMO_PASSWORD) {
  await page.addInitScript(() => localStorage.setItem('seenNotices', '[1,2,3]'));
  await page.goto('/login');
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).last().click();
  await expect(page).toHaveURL(/\/homePage/);
}

/** Logs the demo learner in by password, with the home notices already seen. */
export const login = (page: Page) => loginAs(page, DEMO_LEARNER);

/** Selects 护士执业资格 (AppID 1001) through /switchSub. */
export async function pickNursing(page: Page) {
  await page.goto('/switchSub');
  await page.getByRole('navigation', { name: '科目分类' }).getByRole('button', { name: '护理学类' }).click();
  await page
    .getByRole('region', { name: '护理学类' })
    .getByRole('button', { name: /^护士执业资格/ })
    .click();
  await expect(page.getByRole('heading', { name: '护士执业资格' })).toBeVisible();
}

export const question = (page: Page) => page.getByRole('article', { name: '试题' });
export const option = (page: Page, key: string) => question(page).getByRole('button', { name: new RegExp(`^${key}`) });
export const keysOf = (q: Q) => (Array.isArray(q.answer) ? q.answer.join('') : q.answer);

/** Answers the shown question rightly or (single-answer types only) wrongly. */
export async function answer(page: Page, q: Q, right: boolean) {
  if (q.childTableName === 'FILL') {
    await page.getByRole('textbox', { name: '填写答案' }).fill(right ? (q.answer as string[])[0]! : '不知道');
    await page.getByRole('button', { name: '提交' }).click();
  } else if (q.childTableName === 'X' || q.childTableName === 'CASE') {
    for (const k of keysOf(q)) await option(page, k).click();
    await page.getByRole('button', { name: '确认答案' }).click();
  } else {
    const keys = q.childTableName === 'TF' ? ['A', 'B'] : (q.options.length ? q.options : [{ key: 'A' }, { key: 'B' }, { key: 'C' }]).map((o) => o.key);
    const key = right ? keysOf(q) : keys.find((k) => k !== keysOf(q))!;
    await option(page, key).click();
  }
  await expect(page.getByText(right ? '回答正确' : '回答错误')).toBeVisible();
}

/**
 * The tap targets on screen smaller than 44×44 CSS px (WCAG 2.5.5): buttons, links, form controls, tabs.
 * A checkbox or radio counts with its label (tapping the label works it); a link or button inside a
 * sentence is exempt (WCAG's inline exception); disabled and hidden controls are not targets.
 */
export async function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MIN = 43.5;
    const out: string[] = [];
    const inSentence = (el: Element) => {
      if (getComputedStyle(el).display !== 'inline' && getComputedStyle(el).display !== 'inline-block') return false;
      return [...(el.parentElement?.childNodes ?? [])].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
    };
    const selector = 'button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=link], [role=checkbox]';
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if ((el as HTMLButtonElement).disabled) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      let r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (el.closest('[aria-hidden=true]')) continue;
      const label = el.closest('label');
      if (label && (el.tagName === 'INPUT' || el.tagName === 'SELECT')) r = label.getBoundingClientRect();
      if (inSentence(el)) continue;
      if (r.width < MIN || r.height < MIN) {
        const name = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || el.tagName).trim().slice(0, 20);
        out.push(`${name} ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
    }
    return out;
  });
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One accessibility violation axe-core found: its rule, impact and the elements. */
export interface AxeProblem {
  rule: string;
  impact: string | null;
  targets: string[];
}

/**
 * Opens each path by day and then at night and answers what axe-core and the 44×44 check find there, by path
 * ('night /x' at night); {} when nothing. `after` runs once each screen is checked (e.g. a screenshot).
 */
export async function auditScreens(
  page: Page,
  paths: readonly string[],
  opts: { after?: (path: string, night: boolean) => Promise<void>; nights?: readonly boolean[] } = {},
): Promise<Record<string, unknown>> {
  const found: Record<string, unknown> = {};
  for (const night of opts.nights ?? [false, true]) {
    await page.evaluate((n) => localStorage.setItem('nightMode', n ? '1' : '0'), night);
    for (const path of paths) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      const [axe, small] = await Promise.all([axeProblems(page), smallTapTargets(page)]);
      if (axe.length > 0 || small.length > 0) found[`${night ? 'night ' : ''}${path}`] = { axe, small };
      await opts.after?.(path, night);
    }
  }
  return found;
}

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA rules) over the page as it is and answers the serious and critical
 * violations (issue 14 item 13).
 */
export async function axeProblems(page: Page): Promise<AxeProblem[]> {
  // Evaluated through the debugging protocol: the app's Content-Security-Policy (script-src 'self') rightly
  // refuses an inline <script>.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type Node = { target: string[]; any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } | null }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: { id: string; impact: string | null; nodes: Node[] }[] }> } }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    // A contrast failure names its colours, so the message says what to change.
    const describe = (n: Node) => {
      const d = n.any.find((a) => a.data?.contrastRatio)?.data;
      return d ? `${n.target.join(' ')} (${d.fgColor} on ${d.bgColor}: ${d.contrastRatio})` : n.target.join(' ');
    };
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ rule: v.id, impact: v.impact, targets: v.nodes.map(describe).slice(0, 8) }));
  });
}

/** The password of learners registered by registerFresh. */
export const FRESH_PASSWORD = 'Study2026';

export async function passwordLogin(page: Page, phone: string, password: string) {
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).last().click();
}

export async function pickSubject(page: Page, className: string, subject: string) {
  await page.goto('/switchSub');
  await page.getByRole('navigation', { name: '科目分类' }).getByRole('button', { name: className }).click();
  await page
    .getByRole('region', { name: className })
    .getByRole('button', { name: new RegExp(`^${subject}`) })
    .click();
}

/** Fills the open register form for a phone (SMS code from the test hook), agrees and submits it. */
export async function submitRegistration(page: Page, request: APIRequestContext, phone: string, password = FRESH_PASSWORD) {
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByPlaceholder('请输入验证码').fill(await smsCode(request, phone));
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByPlaceholder('请再次输入密码').fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '注册', exact: true }).last().click();
}

/** Registers a new learner (SMS code from the test hook) and lands on the home page; returns the phone. */
export async function registerFresh(page: Page, request: APIRequestContext, password = FRESH_PASSWORD): Promise<string> {
  const phone = freshPhone();
  await asNewClientIp(page);
  await page.goto('/login?mode=register');
  await submitRegistration(page, request, phone, password);
  await expect(page).toHaveURL(/\/homePage/);
  return phone;
}

/** A new learner on this page (notices seen) who chose 护士执业资格 and holds no version yet; returns the phone. */
export async function freshNursingTrial(page: Page, request: APIRequestContext): Promise<string> {
  await noticesSeen(page);
  const phone = await registerFresh(page, request);
  await pickSubject(page, '护理学类', '护士执业资格');
  await expect(badge(page)).toHaveText('试用版');
  return phone;
}

/** The home page's notice window opens once per device; journeys that are not about it mark it seen. */
export async function noticesSeen(page: Page) {
  await page.addInitScript(() => localStorage.setItem('seenNotices', '[1,2,3]'));
}

export const badge = (page: Page) => page.getByTestId('version-badge');
export const tile = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name}`) });
