import { expect, test, type Page } from '@playwright/test';
import { pickNursing, shot, loginAs } from './helpers';

/**
 * A practice-display exam session in the practice player (docs/practice-screens.md "Practice sessions"), as the
 * demo member 13900000000 (至尊班 of 护士执业资格): a paper started with mode 'practice' (as a mode screen would)
 * opens at /answerTest?source=session; answers get instant feedback and reach the server in batches; a reload
 * resumes at the first unanswered question; 交卷 confirms, hands in and shows the practice result; opening the
 * session again shows the result.
 */

const MEMBER = '13900000000';
const PAPER = '护士执业资格 全真模拟卷（二）';

interface Key {
  allTestID: number;
  answer: string | string[];
}
interface Session {
  examHistoryID: number;
  mode: string;
  list: { allTestID: number; childTableName: string }[];
  keys: Key[];
}

const loginMember = (page: Page) => loginAs(page, MEMBER);

/** Starts the paper in practice mode through the API, with the page's login. */
async function startPractice(page: Page): Promise<Session> {
  const guid = ((await page.evaluate(() => localStorage.getItem('guid'))) ?? '').replace(/"/g, '');
  const list = await (await page.request.get(`/api/simulationTest/list?guid=${guid}&appID=1001`)).json();
  const paper = (list.data.list as { paperID: number; name: string }[]).find((p) => p.name === PAPER)!;
  const r = await page.request.post('/api/simulationTest/start', { form: { guid, appID: '1001', paperID: String(paper.paperID), mode: 'practice' } });
  const body = await r.json();
  expect(body.status).toBe(200);
  return body.data as Session;
}

const question = (page: Page) => page.getByRole('article', { name: '试题' });
const option = (page: Page, key: string) => question(page).getByRole('button', { name: new RegExp(`^${key}`) });
const keyOf = (k: Key) => (Array.isArray(k.answer) ? k.answer[0]! : k.answer);

test('a practice session: instant feedback, batched answers, resume, 交卷 and the practice result', async ({ page }) => {
  test.setTimeout(120_000);
  await loginMember(page);
  await pickNursing(page);
  const s = await startPractice(page);
  expect(s.mode).toBe('practice');
  const [k1, k2] = s.keys;
  // The first two questions of a mock paper are single-answer A1 items.
  expect(s.list.slice(0, 2).map((q) => q.childTableName)).toEqual(['A1', 'A1']);

  await page.goto(`/answerTest?source=session&examHistoryID=${s.examHistoryID}`);
  await expect(page.getByText(`第 1 / ${s.list.length} 题`)).toBeVisible();
  await expect(page.getByText(`已答 0/${s.list.length}`)).toBeVisible();
  await expect(page.getByText('背题模式')).toHaveCount(0);

  // Right, then wrong: feedback at once from the session's keys; the answers leave as one batch.
  const saved = page.waitForResponse((r) => r.url().includes('/api/answer/addSimulationReplys'));
  await option(page, keyOf(k1!)).click();
  await expect(page.getByText('回答正确')).toBeVisible();
  await page.getByRole('button', { name: '下一题' }).click();
  await option(page, keyOf(k2!) === 'A' ? 'B' : 'A').click();
  await expect(page.getByText('回答错误')).toBeVisible();
  await shot(page, '90-practice-session-feedback');
  const batch = await (await saved).json();
  expect(batch.status).toBe(200);
  await expect
    .poll(async () => {
      const guid = ((await page.evaluate(() => localStorage.getItem('guid'))) ?? '').replace(/"/g, '');
      const r = await (await page.request.get(`/api/simulationTest/resume?guid=${guid}&examHistoryID=${s.examHistoryID}`)).json();
      return Object.keys(r.data.replies).length;
    })
    .toBe(2);

  // A reload returns to the question the learner was on, with both answers shown.
  await page.reload();
  await expect(page.getByText(`第 2 / ${s.list.length} 题`)).toBeVisible();
  await expect(page.getByText(`已答 2/${s.list.length}`)).toBeVisible();

  // 交卷 from the bar: the confirmation counts what is unanswered.
  await page.getByRole('button', { name: '交卷', exact: true }).first().click();
  const box = page.getByRole('dialog').filter({ hasText: '确认交卷' });
  await expect(box).toContainText(`还有 ${s.list.length - 2} 题未答`);
  await shot(page, '91-practice-session-confirm');
  await box.getByRole('button', { name: '交卷' }).click();
  await expect(page).toHaveURL(new RegExp(`/examResult\\?examHistoryID=${s.examHistoryID}`));
  await expect(page.getByText('练习结果')).toBeVisible();
  await expect(page.getByTestId('verdict')).toHaveText('未通过');
  await expect(page.getByRole('region', { name: '成绩' })).toContainText('答对1 题');
  await expect(page.getByRole('button', { name: '再练一次' })).toBeVisible();
  await shot(page, '92-practice-session-result');

  // The handed-in session opened again shows its result.
  await page.goto(`/answerTest?source=session&examHistoryID=${s.examHistoryID}`);
  await expect(page).toHaveURL(new RegExp(`/examResult\\?examHistoryID=${s.examHistoryID}`));
});
