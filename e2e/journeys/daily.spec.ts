import { expect, test, type Page, type Response } from '@playwright/test';
import { pickNursing, shot, loginAs } from './helpers';

/**
 * 每日一练 and the ranking (docs/daily-ranking.md), as the demo member 13900000000 on 护士执业资格: today's card,
 * the 10 questions answered on /computerPaper (section by section, as 机考), the hand-in, the way back to
 * /dailyMockTest where the attempt is submitted (POST /api/every_day/test/submission) and shows its place, then
 * /ranking with the member's row marked and 我的排名 pinned; 本周 has nobody yet.
 */

const MEMBER = '13900000000';

const loginMember = (page: Page) => loginAs(page, MEMBER);

interface StartReply {
  status: number;
  data: { examHistoryID: number; testMode: string | null; list: { allTestID: number; childTableName: string }[] };
}

const questionNo = (page: Page, no: number) => page.getByRole('article', { name: `第${no}题` });

test('a daily test answered on /computerPaper, submitted and shown in the ranking', async ({ page }) => {
  test.setTimeout(180_000);
  await loginMember(page);
  await pickNursing(page);

  await page.goto('/dailyMockTest');
  const card = page.getByRole('region', { name: '今日测试' });
  await expect(card).toContainText('每天10题，全站同题，交卷后看排名');
  await shot(page, '80-daily-start');

  const started = page.waitForResponse((r: Response) => r.url().includes('/api/simulationTest/start'));
  await card.getByRole('button', { name: '开始今日测试' }).click();
  const session = ((await (await started).json()) as StartReply).data;
  expect(session.testMode).toBe('dailyMockTest');
  expect(session.list).toHaveLength(10);
  await expect(page).toHaveURL(new RegExp(`/computerPaper\\?examHistoryID=${session.examHistoryID}(&|$)`));

  // Answer all 10 (the first option, or a text for a fill-in), leaving each section with its confirmation.
  for (let no = 1; no <= 10; no += 1) {
    const q = questionNo(page, no);
    await expect(q).toBeVisible();
    const fill = q.getByRole('textbox', { name: '填写答案' });
    if (await fill.count()) {
      await fill.fill('答案');
      await q.getByRole('button', { name: '保存' }).click();
    } else {
      const first = q.getByRole('list').getByRole('button').first();
      await first.click();
      await expect(first).toHaveAttribute('aria-pressed', 'true');
    }
    if (no === 10) break;
    const nextSection = page.getByRole('button', { name: '下一题型' });
    if (await nextSection.isVisible()) {
      await nextSection.click();
      const box = page.getByRole('dialog').filter({ hasText: '进入下一题型' });
      const locked = page.waitForResponse((r) => r.url().includes('/api/simulationTest/lockSection'));
      await box.getByRole('button', { name: '确定' }).click();
      expect(((await (await locked).json()) as { status: number }).status).toBe(200);
    } else {
      await page.getByRole('button', { name: '下一题', exact: true }).click();
    }
  }
  await shot(page, '81-daily-last-question');

  // Hand in: the simulator comes back to /dailyMockTest, which submits the attempt and shows the server's figures.
  await page.getByRole('button', { name: '交卷', exact: true }).click();
  const box = page.getByRole('dialog').filter({ hasText: '确认交卷' });
  const submitted = page.waitForResponse((r) => r.url().includes('/api/every_day/test/submission') && r.request().method() === 'POST');
  await box.getByRole('button', { name: '交卷' }).click();
  await expect(page).toHaveURL(new RegExp(`/dailyMockTest\\?examHistoryID=${session.examHistoryID}(&|$)`));
  const reply = (await (await submitted).json()) as { status: number; data: { counted: boolean; place: number; correctNumber: number } };
  expect(reply.status).toBe(200);
  expect(reply.data.counted).toBe(true);
  const place = reply.data.place;
  expect(place).toBeGreaterThanOrEqual(1);
  const just = page.getByRole('region', { name: '本次成绩' });
  await expect(just.getByTestId('just-place')).toHaveText(`已计入今日排行 · 第${place}名`);
  await expect(just.getByTestId('just-submitted')).toContainText(`${reply.data.correctNumber}/10题`);
  await expect(page.getByTestId('period-done')).toHaveText(`今日已交卷 · 第${place}名`);
  await shot(page, '82-daily-submitted');

  // The ranking: today's list holds the member's row, marked, and 我的排名 is pinned.
  await just.getByRole('link', { name: '查看排名' }).click();
  await expect(page).toHaveURL(/\/ranking(\?ac=\d+)?$/);
  const list = page.getByRole('list', { name: '今日排行' });
  const mine = list.locator('li[aria-current="true"]');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(`${reply.data.correctNumber}题`);
  await expect(mine.getByLabel(`第${place}名`)).toBeVisible();
  await expect(page.getByTestId('my-rank')).toContainText(`第${place}名`);
  await expect(page.getByTestId('my-rank')).toBeInViewport();
  await shot(page, '83-ranking-today');

  await page.getByRole('tab', { name: '本周' }).click();
  await expect(page).toHaveURL(/\/ranking\?(.*&)?period=week(&|$)/);
  await expect(page.getByTestId('my-rank')).toContainText('本周未上榜');
  await shot(page, '84-ranking-week');
});
