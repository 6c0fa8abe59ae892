import { expect, test, type Page } from '@playwright/test';
import { answer, keysOf, login, pickNursing, question, shot, type ChapterTest, type Q } from './helpers';

/**
 * Study tools (docs/study-screens.md): the wrong-answer book and its review session, 背题复习, favourites,
 * notes, 试题详情, 纠错 and 搜题, fed by answers given in a chapter.
 *
 * The demo learner and the server are shared with practice.spec (one worker, files in order), which answers
 * 糖尿病 wrongly before this runs: this journey uses another chapter and finds its own items by chapter or
 * by question, never by position in the book.
 */

const SECTION = /^基础护理知识和技能/;
const CHAPTER = '生命体征的评估与护理';
const NOTE = '口温与腋温、肛温的范围别记混：口温 36.3～37.2℃';
const REPORT = '参考答案与解析不一致，请核对';

const tools = (page: Page) => page.getByRole('navigation', { name: '学习工具' });
const chapterRow = (page: Page) => page.getByRole('button', { name: new RegExp(`^${CHAPTER}`) });
/** The first run of Chinese characters (4 at most) in a stem: a word a learner would type. */
const wordOf = (stem: string) => stem.match(/[\u4e00-\u9fff]{2,}/)![0].slice(0, 4);
/** The page is at `pathname` with (at least) these query parameters; the app may add its own (`ac`). */
const at = (page: Page, pathname: string, params: Record<string, string | number> = {}) =>
  expect(page).toHaveURL((u) => u.pathname === pathname && Object.entries(params).every(([k, v]) => u.searchParams.get(k) === String(v)));
const api = (page: Page, path: string) => page.waitForResponse((r) => r.url().includes(path) && r.request().method() !== 'OPTIONS');

test("a learner finds the chapter's wrong answer, favourite and note in the study tools, reviews, reports and searches", async ({ page }) => {
  test.setTimeout(120_000);
  let sent = 0;
  page.on('response', (r) => {
    if (r.url().includes('/api/exam/submitReply') && r.ok()) sent += 1;
  });
  await login(page);
  await pickNursing(page);

  // 1. The chapter: question 1 wrong, question 2 right, favourited, with a note.
  await page.getByRole('button', { name: /^章节练习/ }).click();
  await at(page, '/chapterMenu');
  await page.getByRole('button', { name: SECTION }).click();
  await expect(chapterRow(page)).toContainText('已做 0/');
  const loaded = api(page, '/api/exam/getChapterTestEx');
  await chapterRow(page).click();
  const chapter = ((await (await loaded).json()) as { data: ChapterTest }).data;
  const [q1, q2] = chapter.list as [Q, Q];
  expect(q1.childTableName).toBe('A1');
  expect(q2.childTableName).toBe('A1');
  const cptID = Number(new URL(page.url()).searchParams.get('cptID'));
  await expect(page.getByText(`第 1 / ${chapter.list.length} 题`)).toBeVisible();
  await answer(page, q1, false);
  await page.getByRole('button', { name: '下一题' }).click();
  await answer(page, q2, true);

  const actions = page.getByRole('group', { name: '本题操作' });
  const faved = api(page, '/api/exam/addUserFav');
  await actions.getByRole('button', { name: '收藏', exact: true }).click();
  expect((await faved).ok()).toBe(true);
  await expect(actions.getByRole('button', { name: '已收藏' })).toHaveAttribute('aria-pressed', 'true');

  await actions.getByRole('button', { name: '笔记', exact: true }).click();
  const sheet = page.getByTestId('note-sheet');
  await sheet.getByRole('textbox', { name: '笔记内容' }).fill(NOTE);
  await shot(page, '50-note-sheet');
  const noted = api(page, '/api/exam/addUserNote');
  await sheet.getByRole('button', { name: '保存' }).click();
  expect((await noted).ok()).toBe(true);
  await expect(sheet).toBeHidden();
  await expect(question(page).getByRole('region', { name: '我的笔记' })).toContainText(NOTE);
  await expect(actions.getByRole('button', { name: '改笔记' })).toBeVisible();
  // Both answers have left the outbox before the book is looked at.
  await expect.poll(() => sent, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await expect(page.getByText(/待同步/)).toHaveCount(0);
  await shot(page, '51-player-fav-note');

  // 2. The wrong answer is in the book: /chapterMenu 错题本 → the chapter with 1 题 → question 1.
  await page.goto('/chapterMenu');
  await tools(page).getByRole('button', { name: '错题本' }).click();
  await at(page, '/consolidate');
  const bookChapters = page.getByRole('region', { name: '错题本章节' });
  await expect(bookChapters.getByRole('button', { name: new RegExp(`^${CHAPTER}`) })).toContainText('1 题');
  await shot(page, '52-book');
  await bookChapters.getByRole('button', { name: new RegExp(`^${CHAPTER}`) }).click();
  await at(page, '/consolidate2', { kind: 'error', cptID });
  await expect(page.getByText('共 1 题')).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: q1.stem.slice(0, 12) });
  await expect(item).toContainText('错 1 次');
  await shot(page, '52-book-chapter');

  // A review session of the chapter's book: answered rightly, the hint counts the rights still needed.
  await page.getByRole('button', { name: '练习本章' }).click();
  await at(page, '/answerTest', { source: 'error', cptID });
  await expect(page.getByText('第 1 / 1 题')).toBeVisible();
  await expect(question(page)).toContainText(q1.stem.slice(0, 12));
  const reviewed = page.waitForResponse((r) => r.url().includes('/api/exam/submitReply') && r.ok());
  await answer(page, q1, true);
  await reviewed;
  await expect(page.getByText(/^仍在错题本中，再答对\d+次移出错题本$/)).toBeVisible();
  await shot(page, '53-book-review');

  // 背题复习: the first wrong answer is due only a minute later and the right one moved it on, so nothing of
  // this journey is due. practice.spec's wrong answers may be due by now: those cards are recited first.
  await page.goto('/memoryAnswer');
  const wholeBook = page.getByRole('button', { name: /^复习整本错题本/ });
  const rate = page.getByRole('group', { name: '掌握情况' });
  await expect(wholeBook.or(rate)).toBeVisible();
  if (await rate.isVisible()) {
    await expect(page.getByText('今天该复习的')).toBeVisible();
    while (await rate.isVisible()) {
      const evaluated = api(page, '/api/queStatus/evaluate');
      await rate.getByRole('button', { name: '记得' }).click();
      expect((await evaluated).ok()).toBe(true);
    }
    await expect(page.getByText('本轮复习完成')).toBeVisible();
    await page.goto('/memoryAnswer');
  }
  await expect(page.getByText('今天没有要复习的错题')).toBeVisible();
  await expect(wholeBook).toBeEnabled();
  await shot(page, '54-recite-offer');
  await wholeBook.click();
  // The whole book, most recently wrong first: question 1 leads.
  await expect(page.getByText('整本复习')).toBeVisible();
  await expect(page.getByRole('article', { name: '试题' })).toContainText(q1.stem.slice(0, 12));
  await expect(page.getByTestId('correct-answer')).toHaveText(keysOf(q1));
  await expect(page.getByText('已答错 1 次')).toBeVisible();
  await expect(page.getByLabel('进度', { exact: true })).toHaveText(/^1\/\d+$/);
  await shot(page, '54-recite-card');
  const knew = api(page, '/api/queStatus/evaluate');
  await rate.getByRole('button', { name: '记得' }).click();
  const evaluation = (await (await knew).json()) as { data: { allTestID: number; inBook: boolean } };
  expect(evaluation.data.allTestID).toBe(q1.allTestID);
  expect(evaluation.data.inBook).toBe(true);
  await expect(page.getByLabel('进度', { exact: true }).filter({ hasText: /^2\// }).or(page.getByText('本轮复习完成'))).toBeVisible();

  // 3. The favourite and the note in their lists; searching the favourites.
  await page.goto('/consolidate?tab=fav');
  await expect(page.getByRole('tab', { name: '收藏' })).toHaveAttribute('aria-selected', 'true');
  await page
    .getByRole('region', { name: '收藏章节' })
    .getByRole('button', { name: new RegExp(`^${CHAPTER}`) })
    .click();
  await at(page, '/consolidate2', { kind: 'fav', cptID });
  const favItem = page.getByRole('button', { name: new RegExp(q2.stem.slice(0, 12)) });
  await expect(favItem).toBeVisible();
  const searchFav = page.getByRole('searchbox', { name: '搜索收藏' });
  const word = wordOf(q2.stem);
  await searchFav.fill(word);
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await at(page, '/consolidate2', { kind: 'fav', cptID, keyword: word });
  await expect(page.getByText('找到 1 题')).toBeVisible();
  await expect(favItem).toBeVisible();
  await shot(page, '55-fav-search');
  await searchFav.fill('量子纠缠');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page.getByText('没有找到包含“量子纠缠”的题目')).toBeVisible();
  await expect(page.getByRole('button', { name: '练习本章' })).toBeDisabled();
  await searchFav.fill('');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(favItem).toBeVisible();

  await page.goto('/consolidate?tab=note');
  await page
    .getByRole('region', { name: '笔记章节' })
    .getByRole('button', { name: new RegExp(`^${CHAPTER}`) })
    .click();
  await at(page, '/consolidate2', { kind: 'note', cptID });
  await expect(page.getByRole('listitem').filter({ hasText: q2.stem.slice(0, 12) })).toContainText(NOTE);
  await shot(page, '56-notes');

  // 4. 试题详情 of question 2 (from the favourites), then 纠错.
  await page.goto(`/consolidate2?kind=fav&cptID=${cptID}`);
  await favItem.click();
  await at(page, '/testdetails', { allTestID: q2.allTestID });
  await expect(page.getByRole('article', { name: '试题' })).toContainText(q2.stem.slice(0, 12));
  const right = keysOf(q2);
  await expect(page.getByRole('img', { name: new RegExp(`^选${right}的占比 [1-9]\\d*%$`) })).toBeVisible();
  for (const o of q2.options) await expect(page.getByRole('img', { name: new RegExp(`^选${o.key}的占比 \\d+%$`) })).toBeVisible();
  await expect(page.getByTestId('site-stats')).toHaveText(/^全站作答 [1-9]\d* 人次 · 正确率 \d+%$/);
  await expect(page.getByTestId('my-record')).toHaveText(`我的记录：作答 1 次，答对 1 次，上次作答 ${right}`);
  await expect(page.getByRole('button', { name: '★ 取消收藏' })).toHaveAttribute('aria-pressed', 'true');
  await shot(page, '57-details');

  await page.getByRole('button', { name: '纠错', exact: true }).click();
  await at(page, '/testfeedback', { allTestID: q2.allTestID });
  await expect(page.getByTestId('question-excerpt')).toContainText(q2.stem.slice(0, 12));
  const kinds = page.getByRole('group', { name: '问题类型' });
  await kinds.getByRole('button', { name: '答案有误' }).click();
  await expect(kinds.getByRole('button', { name: '答案有误' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('textbox', { name: '问题描述（选填）' }).fill(REPORT);
  const reported = api(page, '/api/question_review/add');
  await page.getByRole('button', { name: '提交', exact: true }).click();
  expect((await reported).ok()).toBe(true);
  await expect(page.getByRole('form', { name: '纠错' }).getByRole('status')).toHaveText('感谢反馈，我们会尽快核实');
  const mine = page.getByRole('region', { name: '我的纠错' }).getByRole('listitem').filter({ hasText: REPORT });
  await expect(mine).toContainText('处理中');
  await expect(mine).toContainText(`答案有误：${REPORT}`);
  await mine.scrollIntoViewIfNeeded();
  await shot(page, '58-feedback');

  // 5. 搜题 from the tools row: a word of question 1's stem, highlighted in the results.
  await page.goto('/chapterMenu');
  await tools(page).getByRole('button', { name: '搜题' }).click();
  await at(page, '/searchExam');
  const key = wordOf(q1.stem);
  const searched = api(page, '/api/exam/searchTest');
  await page.getByRole('searchbox', { name: '搜索关键词' }).fill(key);
  await page.getByRole('searchbox', { name: '搜索关键词' }).press('Enter');
  expect((await searched).ok()).toBe(true);
  await at(page, '/searchExam', { keyword: key });
  const results = page.getByRole('list', { name: '搜索结果' });
  const hit = results.getByRole('listitem').filter({ hasText: q1.stem.slice(0, 12) });
  await expect(hit).toBeVisible();
  await expect(hit.locator('mark').first()).toHaveText(key);
  const marks = results.locator('mark');
  expect(await marks.count()).toBeGreaterThan(0);
  for (const m of await marks.all()) await expect(m).toHaveText(new RegExp(`^${key}$`, 'i'));
  await shot(page, '59-search');
});
