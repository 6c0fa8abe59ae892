import { devices, expect, test, type Browser, type Page, type Response } from '@playwright/test';
import { pickNursing, shot, loginAs } from './helpers';

/**
 * The 机考 simulator (/computerPaper, docs/exam-screens.md) on the server's exam engine (docs/exams.md), as the demo
 * member 13900000000, who holds 至尊班 of 护士执业资格 (every module):
 *  a. a one-minute paper (e2e/papers/1001/mock-1min.json, seeded only on the journeys' servers through
 *     EXTRA_PAPERS_DIR) from the paper list: answers, 标疑 seen in the directory, the section-lock confirmation
 *     and the locked section, the automatic hand-in at the deadline, the result and its review;
 *  b. resume on another device: answers saved, the browser context closed, a new context logs in and goes on with
 *     the remaining time the server counts and the answers the server kept.
 */

const MEMBER = '13900000000';

interface StartReply {
  data: { examHistoryID: number; remainingSeconds: number | null; deadline: string | null; list: { allTestID: number }[] };
}

const loginMember = (page: Page) => loginAs(page, MEMBER);

/** Opens a paper from /mockExam (模拟考试) with the card's button; returns the start reply. */
async function openFromList(page: Page, paperName: string, button: '开始考试' | '继续考试'): Promise<StartReply['data']> {
  await page.goto('/mockExam');
  const card = page.getByRole('listitem', { name: paperName });
  await expect(card).toBeVisible();
  const started = page.waitForResponse((r: Response) => r.url().includes('/api/simulationTest/start'));
  await card.getByRole('button', { name: button }).click();
  const body = (await (await started).json()) as StartReply & { status: number };
  expect(body.status).toBe(200);
  await expect(page).toHaveURL(/\/computerPaper\?(paperID|examHistoryID)=\d+/);
  return body.data;
}

const questionNo = (page: Page, no: number) => page.getByRole('article', { name: `第${no}题` });
const pick = (page: Page, no: number, key: string) => questionNo(page, no).getByRole('button', { name: new RegExp(`^${key}`) });
const position = (page: Page, no: number, of: number) => page.getByText(new RegExp(`第 ${no} / ${of} 题$`));
const countdown = (page: Page) => page.getByTestId('countdown');
const secondsOf = (clock: string) => clock.split(':').reduce((s, part) => s * 60 + Number(part), 0);

async function openDirectory(page: Page) {
  await page.getByRole('button', { name: '题目导航', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: '题目导航' });
  await expect(sheet).toBeVisible();
  return sheet;
}

test('a one-minute paper: answers, 标疑 in the directory, section lock, automatic hand-in at the deadline, result and review', async ({ page }) => {
  test.setTimeout(180_000);
  await loginMember(page);
  await pickNursing(page);

  await page.goto('/mockExam');
  const card = page.getByRole('listitem', { name: '限时一分钟小测' });
  await expect(card).toContainText('5题 · 限时1分钟 · 及格线3/5分');
  await expect(card).toContainText('还没有考过');
  await shot(page, '70-paper-list');
  const session = await openFromList(page, '限时一分钟小测', '开始考试');
  expect(session.list).toHaveLength(5);
  expect(session.remainingSeconds).toBeGreaterThan(50);
  // The countdown runs from the server's deadline.
  await expect(countdown(page)).toHaveText(/^0?0:[0-5]\d$|^0?1:00$/);
  await expect(page.getByText(/^考生：/)).toBeVisible();

  // 1: A. 2: B and 标疑. 3: left unanswered.
  await expect(position(page, 1, 5)).toBeVisible();
  await pick(page, 1, 'A').click();
  await expect(pick(page, 1, 'A')).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: '下一题', exact: true }).click();
  await expect(position(page, 2, 5)).toBeVisible();
  await pick(page, 2, 'B').click();
  await page.getByRole('button', { name: '标疑', exact: true }).click();
  await expect(page.getByRole('button', { name: '取消标疑' })).toHaveAttribute('aria-pressed', 'true');
  await shot(page, '71-exam-flagged');
  await page.getByRole('button', { name: '下一题', exact: true }).click();
  await expect(position(page, 3, 5)).toBeVisible();

  // The directory shows what is answered and flagged.
  let sheet = await openDirectory(page);
  await expect(sheet.getByRole('button', { name: '第1题 已答', exact: true })).toBeVisible();
  await expect(sheet.getByRole('button', { name: '第2题 已答 标疑', exact: true })).toBeVisible();
  await expect(sheet.getByRole('button', { name: '第3题 未答', exact: true })).toBeVisible();
  await expect(sheet.getByRole('button', { name: '第4题 未答', exact: true })).toBeDisabled();
  await expect(sheet).toContainText('作答中');
  await shot(page, '72-exam-directory');
  await sheet.getByRole('button', { name: '关闭' }).click();
  await expect(page.getByTestId('save-state')).toHaveText('答案已保存');

  // Leaving the section asks first (naming what is still unanswered); cancel keeps it open.
  await page.getByRole('button', { name: '下一题型' }).click();
  let confirmBox = page.getByRole('dialog').filter({ hasText: '进入下一题型' });
  await expect(confirmBox).toContainText('本题型还有 1 题未答：第 3 题');
  await expect(confirmBox).toContainText('进入下一题型后，本题型将不能再修改，确定吗？');
  await shot(page, '73-section-confirm');
  await confirmBox.getByRole('button', { name: '取消' }).click();
  await expect(position(page, 3, 5)).toBeVisible();
  await page.getByRole('button', { name: '下一题型' }).click();
  confirmBox = page.getByRole('dialog').filter({ hasText: '进入下一题型' });
  const locked = page.waitForResponse((r) => r.url().includes('/api/simulationTest/lockSection'));
  await confirmBox.getByRole('button', { name: '确定' }).click();
  expect(((await (await locked).json()) as { status: number }).status).toBe(200);
  await expect(position(page, 4, 5)).toBeVisible();

  // The left section is locked: no way back, its numbers closed in the directory.
  await expect(page.getByRole('button', { name: '上一题' })).toBeDisabled();
  sheet = await openDirectory(page);
  await expect(sheet).toContainText('已完成');
  for (const name of ['第1题 已答', '第2题 已答 标疑', '第3题 未答']) await expect(sheet.getByRole('button', { name, exact: true })).toBeDisabled();
  await expect(sheet.getByRole('button', { name: '第4题 未答', exact: true })).toBeEnabled();
  await shot(page, '74-section-locked');
  await sheet.getByRole('button', { name: '关闭' }).click();

  // 4 (A2, a section of one): A, and on to the last section (all answered: the confirmation only warns).
  await pick(page, 4, 'A').click();
  await page.getByRole('button', { name: '下一题型' }).click();
  confirmBox = page.getByRole('dialog').filter({ hasText: '进入下一题型' });
  await expect(confirmBox).not.toContainText('未答');
  await confirmBox.getByRole('button', { name: '确定' }).click();
  // 5 (X, the last section: no 下一题型 any more): A and C. Then nothing: the deadline hands the paper in.
  await expect(position(page, 5, 5)).toBeVisible();
  await expect(page.getByRole('button', { name: '下一题型' })).toHaveCount(0);
  await pick(page, 5, 'A').click();
  await pick(page, 5, 'C').click();
  await expect(pick(page, 5, 'C')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('save-state')).toHaveText('答案已保存');
  await shot(page, '75-exam-last-seconds');

  const handed = page.waitForResponse((r) => r.url().includes('/api/simulationTest/handIn'), { timeout: 90_000 });
  await expect(page.getByText('考试时间到，系统自动交卷')).toBeVisible({ timeout: 90_000 });
  const result = (
    (await (await handed).json()) as {
      data: { score: number; total: number; right: number; wrong: number; unanswered: number; usedSeconds: number; handedBy: string };
    }
  ).data;
  expect(result.total).toBe(5);
  expect(result.unanswered).toBe(1);
  expect(result.right + result.wrong).toBe(4);
  expect(result.usedSeconds).toBeGreaterThanOrEqual(59);
  expect(result.usedSeconds).toBeLessThanOrEqual(60);
  // The screen's hand-in at 00:00 is the deadline's, as the server's sweep would record it.
  expect(result.handedBy).toBe('deadline');

  // The result: score against the pass line, time used, breakdowns; then the review.
  await expect(page).toHaveURL(new RegExp(`/examResult\\?examHistoryID=${session.examHistoryID}`));
  const scoreCard = page.getByRole('region', { name: '成绩' });
  await expect(scoreCard.getByTestId('score')).toContainText(String(result.score));
  await expect(scoreCard.getByTestId('verdict')).toHaveText(result.score >= 3 ? '合格' : '不合格');
  await expect(scoreCard).toContainText('及格线');
  await expect(scoreCard).toContainText('（时间到，自动交卷）');
  await expect(scoreCard).toContainText(/用时\s*(1分钟|1分0秒|59秒|1分|60秒)/);
  await expect(page.getByRole('img', { name: new RegExp(`^得分 ${result.score} / 5，及格线 3`) })).toBeVisible();
  await expect(page.getByRole('region', { name: '按题型' })).toBeVisible();
  await expect(page.getByRole('region', { name: '按章节' })).toBeVisible();
  await shot(page, '76-result');

  const review = page.getByRole('region', { name: '试题解析' });
  await expect(review.getByTestId('review-item')).toHaveCount(5);
  await review.getByRole('tab', { name: /^标疑/ }).click();
  await expect(review.getByTestId('review-item')).toHaveCount(1);
  await expect(review.getByTestId('review-item').first().getByTestId('my-answer')).toHaveText('B');
  await review.getByRole('tab', { name: /^未答/ }).click();
  await expect(review.getByTestId('review-item')).toHaveCount(1);
  await expect(review.getByTestId('review-item').first().getByTestId('my-answer')).toHaveText('未作答');
  await review.getByRole('tab', { name: /^全部/ }).click();
  await review.getByTestId('review-item').nth(4).scrollIntoViewIfNeeded();
  await expect(review.getByTestId('review-item').nth(4).getByTestId('my-answer')).toHaveText('AC');
  await expect(review.getByTestId('review-item').nth(4).getByTestId('correct-answer')).not.toBeEmpty();
  await shot(page, '77-review');

  // The list counts the attempt.
  await page.goto('/mockExam');
  await expect(page.getByRole('listitem', { name: '限时一分钟小测' }).getByTestId('mine')).toHaveText(`已考1次 · 最高${result.score}分`);
});

/** A fresh browser (no cookies, storage or IndexedDB) with the journeys' phone settings. */
async function newPhone(browser: Browser, baseURL: string | undefined) {
  return browser.newContext({ ...devices['iPhone 13'], viewport: { width: 390, height: 844 }, locale: 'zh-CN', baseURL });
}

test('resume on another device: the server keeps the answers and the clock', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const first = await newPhone(browser, baseURL);
  const page = await first.newPage();
  await loginMember(page);
  await pickNursing(page);
  const session = await openFromList(page, '快速小测（10题）', '开始考试');
  expect(session.list).toHaveLength(10);
  await pick(page, 1, 'A').click();
  await page.getByRole('button', { name: '下一题', exact: true }).click();
  await pick(page, 2, 'B').click();
  await page.getByRole('button', { name: '标疑', exact: true }).click();
  // Saved on the server (batched a few seconds after the last change).
  await expect(page.getByTestId('save-state')).toHaveText('答案已保存');
  const before = secondsOf((await countdown(page).textContent())!);
  const closedAt = Date.now();
  await shot(page, '78-resume-before-close');
  await first.close();

  await new Promise((r) => setTimeout(r, 4_000));
  const second = await newPhone(browser, baseURL);
  const page2 = await second.newPage();
  await loginMember(page2);
  await pickNursing(page2);
  const again = await openFromList(page2, '快速小测（10题）', '继续考试');
  expect(again.examHistoryID).toBe(session.examHistoryID);
  const away = (Date.now() - closedAt) / 1000;
  // The clock went on while no device was open: the server's remaining time is what was left minus the time away.
  expect(again.remainingSeconds!).toBeLessThanOrEqual(before - Math.floor(away) + 1);
  expect(again.remainingSeconds!).toBeGreaterThanOrEqual(before - Math.ceil(away) - 2);
  const shown = secondsOf((await countdown(page2).textContent())!);
  expect(Math.abs(shown - again.remainingSeconds!)).toBeLessThanOrEqual(2);

  // The answers and the flag came from the server (this browser never saw them); it opens at the first unanswered.
  await expect(position(page2, 3, 10)).toBeVisible();
  let sheet = await openDirectory(page2);
  await expect(sheet.getByRole('button', { name: '第1题 已答', exact: true })).toBeVisible();
  await expect(sheet.getByRole('button', { name: '第2题 已答 标疑', exact: true })).toBeVisible();
  await expect(sheet.getByRole('button', { name: '第3题 未答', exact: true })).toBeVisible();
  await shot(page2, '79-resume-directory');
  await sheet.getByRole('button', { name: '第1题 已答', exact: true }).click();
  await expect(pick(page2, 1, 'A')).toHaveAttribute('aria-pressed', 'true');
  sheet = await openDirectory(page2);
  await sheet.getByRole('button', { name: '第2题 已答 标疑', exact: true }).click();
  await expect(pick(page2, 2, 'B')).toHaveAttribute('aria-pressed', 'true');
  await expect(page2.getByRole('button', { name: '取消标疑' })).toBeVisible();

  // Hand in by hand: the confirmation lists what is unanswered and flagged.
  await page2.getByRole('button', { name: '交卷', exact: true }).click();
  const box = page2.getByRole('dialog').filter({ hasText: '确认交卷' });
  await expect(box).toContainText('未答 8 题：第 3-10 题');
  await expect(box).toContainText('标疑 1 题：第 2 题');
  const handed = page2.waitForResponse((r) => r.url().includes('/api/simulationTest/handIn'));
  const resultAsks: string[] = [];
  page2.on('request', (r) => {
    if (r.url().includes('/api/simulationTest/result')) resultAsks.push(r.url());
  });
  await box.getByRole('button', { name: '交卷' }).click();
  const result = ((await (await handed).json()) as { data: { handedBy: string; unanswered: number } }).data;
  expect(result).toMatchObject({ handedBy: 'learner', unanswered: 8 });
  await expect(page2).toHaveURL(new RegExp(`/examResult\\?examHistoryID=${session.examHistoryID}`));
  await expect(page2.getByRole('region', { name: '成绩' })).toContainText('未答');
  // The result screen shows what the hand-in answered (with the review): it does not ask the server again.
  expect(resultAsks).toEqual([]);
  await second.close();
});
