import { expect, test, type Page } from '@playwright/test';
import { answer, keysOf, login, option, pickNursing, question, shot, type ChapterTest } from './helpers';

/** Chapter practice (章节练习): the chapter menu, the player over every type, resume, offline answers. */

async function jump(page: Page, index: number) {
  await page.getByRole('button', { name: '答题卡' }).click();
  await page
    .getByTestId('answer-sheet')
    .getByRole('button', { name: new RegExp(`^第${index + 1}题 `) })
    .click();
  await expect(page.getByText(new RegExp(`^第 ${index + 1} / \\d+ 题$`))).toBeVisible();
}

test('a learner practises a chapter: feedback, groups, answer sheet, resume after reload, offline answers', async ({ page, context }) => {
  test.setTimeout(120_000);
  await login(page);
  await pickNursing(page);

  await page.getByRole('button', { name: /^章节练习/ }).click();
  await expect(page).toHaveURL(/\/chapterMenu/);
  // The statistics header has loaded (it keeps its place while loading, so nothing below moves under the tap).
  await expect(page.getByRole('region', { name: '学习统计' })).toHaveAttribute('aria-busy', 'false');
  const section = page.getByRole('button', { name: /^内分泌与代谢性疾病病人的护理/ });
  await section.click();
  const row = page.getByRole('button', { name: /^糖尿病 已做/ });
  await expect(row).toContainText('已做 0/');
  await shot(page, '40-chapter-menu');

  const loaded = page.waitForResponse((r) => r.url().includes('/api/exam/getChapterTestEx'));
  let sent = 0;
  page.on('response', (r) => {
    if (r.url().includes('/api/exam/submitReply') && r.ok()) sent += 1;
  });
  await row.click();
  const test1 = ((await (await loaded).json()) as { data: ChapterTest }).data;
  const list = test1.list;
  const N = list.length;
  await expect(page.getByText(`第 1 / ${N} 题`)).toBeVisible();

  // 1: wrong, 2: right (both single answers, A1 at the start of the chapter).
  expect(list[0]!.childTableName).toBe('A1');
  await answer(page, list[0]!, false);
  await expect(page.getByTestId('correct-answer')).toHaveText(keysOf(list[0]!));
  await expect(page.getByText('解析', { exact: true })).toBeVisible();
  await shot(page, '41-a1-feedback');
  await page.getByRole('button', { name: '下一题' }).click();
  await expect(page.getByText(`第 2 / ${N} 题`)).toBeVisible();
  await answer(page, list[1]!, true);
  let answered = 2;

  // An A3/A4 group through the answer sheet: the case stem stays while its sub-questions advance.
  const a3 = list.findIndex((q) => q.childTableName === 'A3' || q.childTableName === 'A4');
  expect(a3).toBeGreaterThan(1);
  await page.getByRole('button', { name: '答题卡' }).click();
  await expect(page.getByTestId('answer-sheet').getByRole('button', { name: '第1题 错误' })).toBeVisible();
  await shot(page, '42-answer-sheet');
  await page
    .getByTestId('answer-sheet')
    .getByRole('button', { name: new RegExp(`^第${a3 + 1}题 `) })
    .click();
  const caseStem = test1.groups.find((g) => g.childTableID === list[a3]!.childTableID)!.stem;
  await expect(page.getByTestId('case-stem')).toContainText(caseStem.slice(0, 12));
  await answer(page, list[a3]!, true);
  answered += 1;
  await shot(page, '43-a3-group');
  await page.getByRole('button', { name: '下一题' }).click();
  await expect(page.getByTestId('case-stem')).toContainText(caseStem.slice(0, 12));
  await expect(question(page)).toContainText(list[a3 + 1]!.stem.slice(0, 8));

  // B1: the shared options with each stem.
  const b1 = list.findIndex((q) => q.childTableName === 'B1');
  await jump(page, b1);
  const shared = test1.groups.find((g) => g.childTableID === list[b1]!.childTableID)!.options;
  for (const o of shared) await expect(option(page, o.key)).toContainText(o.text);
  await answer(page, list[b1]!, true);
  answered += 1;
  await shot(page, '44-b1-group');
  await page.getByRole('button', { name: '下一题' }).click();
  for (const o of shared) await expect(option(page, o.key)).toContainText(o.text);

  // X needs 确认答案.
  const x = list.findIndex((q) => q.childTableName === 'X');
  await jump(page, x);
  await option(page, keysOf(list[x]!)[0]!).click();
  await expect(page.getByRole('button', { name: '确认答案' })).toBeEnabled();
  await shot(page, '45-x-picking');
  await page.getByRole('button', { name: '确认答案' }).click();
  await expect(page.getByText(/回答(正确|错误)/)).toBeVisible();
  answered += 1;
  await shot(page, '45-x-feedback');

  // FILL.
  const fill = list.findIndex((q) => q.childTableName === 'FILL');
  await jump(page, fill);
  await answer(page, list[fill]!, true);
  answered += 1;
  await shot(page, '46-fill');

  // Desktop once: a centred column.
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, '47-player-desktop');
  await page.setViewportSize({ width: 390, height: 844 });

  // Reload mid-chapter (after the outbox has sent everything): back at the question the learner left.
  await expect.poll(() => sent, { timeout: 20_000 }).toBeGreaterThanOrEqual(answered);
  await page.reload();
  await expect(page.getByText(`第 ${fill + 1} / ${N} 题`)).toBeVisible();
  // Opened afresh from the chapter menu: at the first unanswered question (3).
  await page.goBack();
  await expect(page).toHaveURL(/\/chapterMenu/);
  if (!(await row.isVisible())) await section.click();
  await row.click();
  await expect(page.getByText(`第 3 / ${N} 题`)).toBeVisible();

  // Offline: the answer is kept and waits; online again, it is sent and the indicator clears.
  await context.setOffline(true);
  await answer(page, list[2]!, true);
  answered += 1;
  await expect(page.getByText('有 1 条答题记录待同步')).toBeVisible();
  await shot(page, '48-offline-pending');
  await page.getByRole('button', { name: '下一题' }).click();
  await expect(page.getByText(`第 4 / ${N} 题`)).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText(/待同步/)).toHaveCount(0, { timeout: 30_000 });

  await page.goto('/chapterMenu');
  await page.getByRole('button', { name: /^内分泌与代谢性疾病病人的护理/ }).click();
  await expect(page.getByRole('button', { name: /^糖尿病 已做/ })).toContainText(`已做 ${answered}/${N}`);
  await shot(page, '49-chapter-menu-after');
});
