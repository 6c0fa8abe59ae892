import { expect, test, type Page } from '@playwright/test';
import { DEMO_MEMBER, freshNursingTrial, loginAs, pickNursing, shot, auditScreens } from './helpers';

/**
 * 全局搜索 (docs/search.md) against the real server and the demo content, at 390×844: the demo member opens the search
 * from the home header and opens a result of each kind (试题, 视频课程, 电子讲义, 知识点, 直播课, 科目) on its own
 * screen; a trial learner sees locked results and the buy sheet; a banner tap sends /ksbao/advertiseclick
 * (docs/tracking.md); the screen passes axe-core with 44×44 tap targets by day and at night.
 */

const group = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name}\\s?\\d+$`) });

async function searchFor(page: Page, keyword: string) {
  await page.getByRole('searchbox', { name: '搜索内容' }).fill(keyword);
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '找到' })).toContainText(`“${keyword}”`);
}

/** Opens the first result of a group, checks where it landed, and comes back to the results. */
async function openFirst(page: Page, name: string, lands: RegExp, title?: RegExp) {
  await group(page, name).getByRole('listitem').first().getByRole('button').click();
  await expect(page).toHaveURL(lands);
  if (title) await expect(page.getByText(title).first()).toBeVisible();
  await page.goBack();
  await expect(group(page, name)).toBeVisible();
}

test('a member searches from the home header and opens a result of each kind', async ({ page }) => {
  test.setTimeout(540_000);
  await loginAs(page, DEMO_MEMBER);
  await pickNursing(page);
  await page.getByRole('link', { name: '搜索' }).click();
  await expect(page).toHaveURL(/\/search_result(\?ac=\d+)?$/);
  await expect(page.getByText(/在「护士执业资格」中搜索/)).toBeVisible();

  // The demo lessons are rendered in the background at start: search until they are there.
  await expect(async () => {
    await page.goto('/search_result?keyword=体温');
    await expect(group(page, '视频课程')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 420_000, intervals: [2_000, 5_000] });
  await page.goto('/search_result');
  await searchFor(page, '体温');
  await shot(page, 'h6-search-results');

  await openFirst(page, '试题', /\/testdetails\?allTestID=\d+/);
  await openFirst(page, '视频课程', /\/video(Study|EjPlay)\?lessonID=\d+/);
  await openFirst(page, '电子讲义', /\/handoutPage\?id=\d+/);
  await openFirst(page, '知识点', /\/knowlegeInContent\?pointID=\d+/);
  await openFirst(page, '直播课', /\/livedetail\?liveID=\d+/, /生命体征与体温单/);

  // 查看全部: one group, 20 at a time.
  await page.getByRole('button', { name: /^查看全部\d+个试题$/ }).click();
  await expect(page).toHaveURL(/kind=question/);
  await expect(group(page, '试题').getByRole('listitem')).toHaveCount(20);
  await page.getByRole('button', { name: '‹ 全部结果' }).click();

  // A subject: choosing it leads home; the search is remembered on this device.
  await searchFor(page, '护士');
  await group(page, '科目')
    .getByRole('button', { name: /^护士执业资格/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/homePage/);
  await expect(page.getByRole('heading', { name: '护士执业资格' })).toBeVisible();
  await page.goto('/search_result');
  await expect(page.getByRole('region', { name: '最近搜索' }).getByRole('button')).toHaveText(['清空', '护士', '体温']);
});

test('a trial learner sees what is locked and the versions that open it', async ({ page, request }) => {
  await freshNursingTrial(page, request);
  await page.goto('/search_result?keyword=休克');
  const questions = group(page, '试题');
  await expect(questions.getByRole('button', { name: /另有 \d+ 道试题在未开通的章节中/ })).toBeVisible();
  const live = group(page, '直播课');
  await expect(live.getByText('🔒 需开通')).toBeVisible();
  await live.getByRole('button', { name: /休克的分类与早期识别/ }).click();
  await expect(page.getByText('「第2讲 休克的分类与早期识别」需开通后使用')).toBeVisible();
  await expect(page.getByText('至尊班').first()).toBeVisible();
  await shot(page, 'h6-search-locked');
  await expect(page).toHaveURL(/\/search_result\?keyword=/);
});

test('a banner tap sends /ksbao/advertiseclick', async ({ page }) => {
  await loginAs(page, DEMO_MEMBER);
  await pickNursing(page);
  const banner = page.getByRole('region', { name: '活动' }).getByRole('button').first();
  await expect(banner).toBeVisible();
  const sent = page.waitForRequest((r) => r.url().includes('/ksbao/advertiseclick') && r.method() === 'POST');
  await banner.click();
  const body = new URLSearchParams((await sent).postData() ?? '');
  expect(body.get('noticeType')).toBe('banner');
  expect(body.get('btnType')).toBe('open');
  expect(Number(body.get('activeID'))).toBeGreaterThan(0);
  expect(body.get('appID')).toBe('1001');
});

test('the search screen passes axe-core and keeps every tap target at least 44×44, by day and at night', async ({ page }) => {
  await loginAs(page, DEMO_MEMBER);
  await pickNursing(page);
  expect(
    await auditScreens(page, ['/search_result', '/search_result?keyword=休克', '/search_result?keyword=体温&kind=handout'], {
      after: (path, night) => (night && path.endsWith('kind=handout') ? shot(page, 'h6-search-night') : Promise.resolve()),
    }),
  ).toEqual({});
});
