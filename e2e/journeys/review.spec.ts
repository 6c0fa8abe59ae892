import { expect, test, type Page } from '@playwright/test';
import { answer, freshNursingTrial, question, shot, type ChapterTest, type Q } from './helpers';

/**
 * Issue 32 item 1, at 390×844 on the real server (its clock is real: a wrong answer is due a minute later). A new
 * learner answers 6 questions wrongly in practice and reviews them from 错题本 once; then sits the plan's entrance
 * evaluation (wrong where they can) and makes a plan, whose 错题复习 task counts every item due today. Back in 错题本
 * (always by taps: the app is never reloaded, as a learner uses it), 开始复习（N） serves all N — not the round of 6
 * answered before — and once they are answered the set ends with 本轮复习完成 and the plan's task is done.
 */

interface Chapter {
  cptID: number;
  parentID: number | null;
  name: string;
  locked: boolean;
  total: number;
}
interface Session {
  examHistoryID: number;
  list: Q[];
  keys: { allTestID: number; answer: string | string[] }[];
}
interface PlanTask {
  kind: string;
  title: string;
  target: number;
}

const DUE_AFTER_MS = 62_000;
const tabs = (page: Page) => page.getByRole('navigation', { name: '主导航' });
const back = (page: Page) => page.getByRole('button', { name: '返回', exact: true }).first();
const dataOf = async <T>(r: Promise<{ json(): Promise<unknown> }>): Promise<T> => ((await (await r).json()) as { data: T }).data;
const called = (page: Page, path: string) => page.waitForResponse((r) => r.url().includes(path) && r.request().method() !== 'OPTIONS');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Waits until `ms` after `since` (Date.now()). */
const waitUntil = (page: Page, since: number, ms: number) => page.waitForTimeout(Math.max(0, since + ms - Date.now()));

/** Answers the shown question of a practice session wrongly, whatever its type (the session's key given). */
async function answerWrong(page: Page, q: Q, key: string | string[]) {
  const keys = Array.isArray(key) ? key.join('') : key;
  if (q.childTableName === 'FILL') {
    await page.getByRole('textbox', { name: '填写答案' }).fill('不知道');
    await page.getByRole('button', { name: '提交' }).click();
  } else {
    const all = q.options.length > 0 ? q.options.map((o) => o.key) : ['A', 'B'];
    await question(page)
      .getByRole('button', { name: new RegExp(`^${all.find((k) => !keys.includes(k))!}`) })
      .click();
    if (q.childTableName === 'X') await page.getByRole('button', { name: '确认答案' }).click();
  }
  await expect(page.getByText('回答错误')).toBeVisible();
}

test('错题本 review serves every due item of practice and the plan evaluation; the plan task completes', async ({ page, request }) => {
  test.setTimeout(360_000);
  let sent = 0;
  page.on('response', (r) => {
    if (r.url().includes('/api/exam/submitReply') && r.ok()) sent += 1;
  });
  await freshNursingTrial(page, request);
  const guid = ((await page.evaluate(() => localStorage.getItem('guid'))) ?? '').replace(/"/g, '');
  const menu = await dataOf<{ list: Chapter[] }>(page.request.get(`/api/chapterMenu/list?guid=${guid}&appID=1001`));
  const chapter = menu.list.find((c) => c.parentID !== null && !c.locked && c.total >= 10)!;
  const part = menu.list.find((c) => c.cptID === chapter.parentID)!;

  // 1. Practice (题库 tab): six single-answer questions wrong.
  await tabs(page).getByRole('link', { name: '题库' }).click();
  await page.getByRole('button', { name: new RegExp(`^${escaped(part.name)}`) }).click();
  const loaded = called(page, '/api/exam/getChapterTestEx');
  await page.getByRole('button', { name: new RegExp(`^${escaped(chapter.name)} 已做`) }).click();
  const list = (await dataOf<ChapterTest>(loaded)).list;
  let wrong = 0;
  for (let i = 0; wrong < 6; i += 1) {
    await expect(page.getByText(`第 ${i + 1} / ${list.length} 题`)).toBeVisible();
    if (['A1', 'A2', 'TF'].includes(list[i]!.childTableName)) {
      await answer(page, list[i]!, false);
      wrong += 1;
    }
    if (wrong < 6) await page.getByRole('button', { name: '下一题' }).click();
  }
  await expect.poll(() => sent, { timeout: 20_000 }).toBe(6);
  const practisedAt = Date.now();

  // 2. A minute on, 错题本 → 开始复习（6）: the six, answered wrongly again.
  await waitUntil(page, practisedAt, DUE_AFTER_MS);
  await back(page).click();
  await page.getByRole('navigation', { name: '学习工具' }).getByRole('button', { name: '错题本' }).click();
  await expect(page.getByRole('button', { name: '开始复习（6）' })).toBeVisible();
  const firstRound = called(page, '/api/exam/getErrorTest');
  await page.getByRole('button', { name: '开始复习（6）' }).click();
  const round1 = (await dataOf<ChapterTest>(firstRound)).list;
  for (let i = 0; i < 6; i += 1) {
    await expect(page.getByText(`第 ${i + 1} / 6 题`)).toBeVisible();
    await answer(page, round1[i]!, false);
    if (i < 5) await page.getByRole('button', { name: '下一题' }).click();
  }
  await expect.poll(() => sent, { timeout: 20_000 }).toBe(12);
  await shot(page, 'r1-review-first-round');

  // 3. The plan (学习 tab, back on 题库): the entrance evaluation, wrong wherever the type allows, handed in; the plan.
  await back(page).click();
  await expect(page).toHaveURL(/\/consolidate(\?|$)/);
  await back(page).click();
  await tabs(page).getByRole('link', { name: '学习' }).click();
  await expect(page).toHaveURL(/\/openStudy(\?|$)/);
  const resumed = called(page, '/api/simulationTest/resume');
  await page.getByRole('button', { name: '开始测评' }).click();
  const session = await dataOf<Session>(resumed);
  for (let i = 0; i < session.list.length; i += 1) {
    const q = session.list[i]!;
    await expect(page.getByText(`第 ${i + 1} / ${session.list.length} 题`)).toBeVisible();
    await answerWrong(page, q, session.keys.find((k) => k.allTestID === q.allTestID)!.answer);
    if (i < session.list.length - 1) await page.getByRole('button', { name: '下一题' }).click();
  }
  await page.getByRole('navigation', { name: '切换试题' }).getByRole('button', { name: '交卷' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '交卷' }).click();
  await expect(page).toHaveURL(new RegExp(`/examResult\\?examHistoryID=${session.examHistoryID}`));
  const handedAt = Date.now();
  await page.goBack();
  await expect(page).toHaveURL(/\/openStudy(\?|$)/);
  await expect(page.getByText(/^测评完成：答对/)).toBeVisible();
  await page.getByRole('button', { name: /^考试日期/ }).click();
  await page.locator('.adm-picker').getByText('确定', { exact: true }).click();
  await page.getByRole('button', { name: '60分钟', exact: true }).click();
  const opened = called(page, '/api/xxjh/openplan');
  await page.getByRole('button', { name: '生成学习计划' }).click();
  const view = await dataOf<{ day: { tasks: PlanTask[] } }>(opened);
  const task = view.day.tasks.find((x) => x.kind === 'review')!;
  const due = task.target;
  expect(due).toBeGreaterThan(6);
  const row = page.getByRole('listitem', { name: task.title, exact: true });
  await expect(row).toContainText(`0/${due}`);

  // 4. Everything due: 题库 → 错题本 says N, and the review serves all N, none answered yet (issue 32: "1 / 6").
  await waitUntil(page, handedAt, DUE_AFTER_MS);
  await tabs(page).getByRole('link', { name: '题库' }).click();
  await page.getByRole('navigation', { name: '学习工具' }).getByRole('button', { name: '错题本' }).click();
  const card = page.getByRole('region', { name: '错题复习' });
  await expect(card).toContainText(`${due}今天该复习`);
  await shot(page, 'r2-book-due');
  let served: Q[] = [];
  page.on('response', async (r) => {
    if (r.url().includes('/api/exam/getErrorTest') && r.ok()) served = ((await r.json()) as { data: ChapterTest }).data.list;
  });
  await card.getByRole('button', { name: `开始复习（${due}）` }).click();
  await expect(page.getByText(`第 1 / ${due} 题`)).toBeVisible();
  await expect(page.getByText(/^回答(正确|错误)$/)).toHaveCount(0);
  await shot(page, 'r3-review-all-due');
  await expect.poll(() => served.length).toBe(due);
  for (let i = 0; i < due; i += 1) {
    await expect(page.getByText(`第 ${i + 1} / ${due} 题`)).toBeVisible();
    await answer(page, served[i]!, true);
    if (i < due - 1) await page.getByRole('button', { name: '下一题' }).click();
  }
  const end = page.getByRole('region', { name: '本组复习' });
  await expect(end.getByRole('heading', { name: '本轮复习完成' })).toBeVisible({ timeout: 20_000 });
  await expect(end).toContainText('到期的错题都复习过了');
  await end.scrollIntoViewIfNeeded();
  await shot(page, 'r4-review-complete');

  // 5. 返回错题本: nothing due; the plan's 错题复习 is done, N/N.
  await end.getByRole('button', { name: '返回错题本' }).click();
  await expect(page).toHaveURL(/\/consolidate(\?|$)/);
  await expect(page.getByRole('region', { name: '错题复习' })).toContainText('今天没有要复习的错题');
  await page.goto('/studyMain');
  await expect(row).toContainText('已完成');
  await expect(row).toContainText(`${due}/${due}`);
  await row.scrollIntoViewIfNeeded();
  await shot(page, 'r5-plan-review-done');
});
