import { and, eq } from 'drizzle-orm';
import {
  CATALOG_MSG,
  chapterMenuList,
  knowledgeCalls,
  readingCalls,
  SEARCH_KINDS,
  SEARCH_LIMITS,
  SEARCH_MSG,
  searchAll,
  type CatalogChapter,
  type PointItem,
  type SearchGroup,
} from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointDetails, questions, readingItems, videoChapters, videoCourses, videoLessons } from '../../db/schema/index.ts';
import { createTestApp, DEMO, nextPhone, NOT_LOGGED_IN, type TestApp } from '../../test/helpers.ts';
import { SEARCHES_PER_MINUTE } from './service.ts';

/**
 * 全局搜索 through HTTP (docs/search.md): every group with its count, entitlement marked per item (questions of closed
 * chapters only counted), paging one group, the tenant's subjects, the limits of the keyword and of the rate.
 */

let t: TestApp;
let member: string;
const DAY = 86_400_000;
const L = { free: 0, paid: 0, closed: 0, ej: 0 };

beforeAll(async () => {
  t = await createTestApp();
  member = await t.login(DEMO.owner, DEMO.password);
  const now = new Date(t.clock.now);
  const [main] = await t.db.insert(videoCourses).values({ key: 's-main', appId: 1001, title: '休克专题精讲', publishedAt: now }).returning();
  const [ej] = await t.db.insert(videoCourses).values({ key: 's-ej', appId: 1001, title: '考前串讲', level: 1, publishedAt: now }).returning();
  const [ch] = await t.db.insert(videoChapters).values({ courseId: main!.id, title: '急救' }).returning();
  const [ch2] = await t.db.insert(videoChapters).values({ courseId: ej!.id, title: '串讲' }).returning();
  const row = (key: string, title: string, chapterId: number, over: Partial<typeof videoLessons.$inferInsert> = {}) => ({
    key,
    chapterId,
    title,
    durationS: 60,
    previewSeconds: 30,
    mediaKey: `1001/${key}`,
    mediaVersion: 1,
    publishedAt: now,
    ...over,
  });
  const rows = await t.db
    .insert(videoLessons)
    .values([
      row('free', '休克的分类', ch!.id, { free: true }),
      row('paid', '休克的早期识别', ch!.id),
      row('closed', '休克的补液', ch!.id, { previewSeconds: 0 }),
      row('ej', '休克串讲', ch2!.id),
      row('soon', '休克的新进展', ch!.id, { publishedAt: new Date(t.clock.now + 2 * DAY) }),
    ])
    .returning({ id: videoLessons.id, key: videoLessons.key });
  for (const r of rows) if (r.key in L) L[r.key as keyof typeof L] = r.id;
  t.forgetCaches();
});
afterAll(() => t.close());

const search = (guid: string, input: Record<string, unknown>) => t.call(searchAll, { guid, appID: 1001, ...input });
const group = (groups: SearchGroup[], kind: string) => groups.find((g) => g.kind === kind)!;

describe('the search call', () => {
  it('needs a session (401)', async () => {
    expect(await t.callRaw(searchAll, { appID: 1001, keyword: '休克' })).toEqual(NOT_LOGGED_IN);
  });

  it('names the bad field (400) and refuses an unknown subject (404)', async () => {
    const guid = await t.newLearner();
    expect(await search(guid, {})).toMatchObject({ status: 400, msg: '请填写搜索内容' });
    expect(await search(guid, { keyword: '   ' })).toMatchObject({ status: 400, msg: '请填写搜索内容' });
    expect(await search(guid, { keyword: 'a' })).toMatchObject({ status: 400, msg: SEARCH_MSG.tooShort });
    expect(await search(guid, { keyword: '护'.repeat(21) })).toMatchObject({ status: 400, msg: SEARCH_MSG.tooLong });
    expect(await search(guid, { keyword: '休克', kind: 'video' })).toMatchObject({ status: 400, msg: '搜索分类格式不正确' });
    expect(await search(guid, { keyword: '休克', page: 0 })).toMatchObject({ status: 400, msg: '页码格式不正确' });
    expect(await search(guid, { keyword: '休克', appID: 'x' })).toMatchObject({ status: 400, msg: '科目编号格式不正确' });
    expect(await search(guid, { keyword: '休克', appID: 999_999 })).toMatchObject({ status: 404, msg: CATALOG_MSG.unknownSubject });
    // One Chinese character (width 2) or two letters are enough.
    expect((await search(guid, { keyword: '休' })).status).toBe(200);
    expect((await search(guid, { keyword: 'ab' })).status).toBe(200);
  });
});

describe('a member of 至尊班', () => {
  it('gets every group in order with its count and the first items, all open', async () => {
    const body = await search(member, { keyword: '休克' });
    expect(body.status).toBe(200);
    const { groups, unlocking, keyword } = body.data;
    expect(keyword).toBe('休克');
    expect(body.data).toMatchObject({ terms: ['休克'], split: false });
    expect(groups.map((g: SearchGroup) => g.kind)).toEqual([...SEARCH_KINDS]);
    for (const kind of ['question', 'lesson', 'handout', 'point', 'live']) {
      const g = group(groups, kind);
      expect(g.total, kind).toBeGreaterThan(0);
      expect(g.items.length).toBe(Math.min(g.total, SEARCH_LIMITS.perGroup));
      expect(g.items.every((i) => i.access === 'open')).toBe(true);
    }
    expect(group(groups, 'question').hidden).toBe(0);
    expect(unlocking).toEqual([]);
    // Lessons: published ones only; a second-level course's lesson says so.
    const lessons = group(groups, 'lesson');
    expect(lessons.total).toBe(4);
    expect(lessons.items.find((i) => i.id === L.ej)?.extra).toBe('ej');
    expect(lessons.items.map((i) => i.title)).not.toContain('休克的新进展');
    expect(group(groups, 'live').items[0]).toMatchObject({ title: '第2讲 休克的分类与早期识别', access: 'open' });
  });

  it('shows plain text around the match, never markup', async () => {
    const { groups } = (await search(member, { keyword: '休克' })).data;
    const q = group(groups, 'question').items;
    expect(q.every((i) => !/[<>]/.test(i.title + i.excerpt) && i.where !== '')).toBe(true);
    const handout = group(groups, 'handout').items.find((i) => i.excerpt !== '');
    expect(handout?.excerpt).toContain('休克');
    expect(handout?.excerpt).not.toMatch(/[#*`{}]/);
  });

  it('pages one group, 20 at a time', async () => {
    const first = await search(member, { keyword: '护士', kind: 'question' });
    expect(first.data.groups).toHaveLength(1);
    const g = first.data.groups[0] as SearchGroup;
    expect(g.total).toBeGreaterThan(SEARCH_LIMITS.pageSize);
    expect(g.items).toHaveLength(SEARCH_LIMITS.pageSize);
    const second = (await search(member, { keyword: '护士', kind: 'question', page: 2 })).data.groups[0] as SearchGroup;
    expect(second.items.length).toBe(Math.min(SEARCH_LIMITS.pageSize, g.total - SEARCH_LIMITS.pageSize));
    expect(second.items.map((i) => i.id).filter((id) => g.items.some((i) => i.id === id))).toEqual([]);
  });

  it("finds the tenant's subjects", async () => {
    const g = (await search(member, { keyword: '护士', kind: 'subject' })).data.groups[0] as SearchGroup;
    expect(g.items).toContainEqual(expect.objectContaining({ id: 1001, title: '护士执业资格', access: 'open' }));
  });
});

describe('several words', () => {
  it('finds what holds every word, each anywhere, in any order; a word found nowhere finds nothing', async () => {
    const guid = await t.newLearner();
    const titles = async (keyword: string, kind: string) => group((await search(guid, { keyword })).data.groups, kind).items.map((i: { title: string }) => i.title);
    expect(await titles('休克 分类', 'lesson')).toEqual(['休克的分类']);
    expect(await titles('分类\u3000休克', 'lesson')).toEqual(['休克的分类']);
    // A word may match the lesson's course or chapter rather than its title.
    expect(await titles('急救 补液', 'lesson')).toEqual(['休克的补液']);
    // (Questions as a member, who may open them all: a trial learner's closed ones match on their points' names only.)
    const total = async (keyword: string) => group((await search(member, { keyword })).data.groups, 'question');
    const [both, one, other] = [await total('休克 血压'), await total('休克'), await total('血压')];
    expect(both.total + both.hidden).toBeGreaterThan(0);
    expect(both.total + both.hidden).toBeLessThan(Math.min(one.total + one.hidden, other.total + other.hidden));
    const none = (await search(guid, { keyword: '休克 qzxv' })).data.groups as SearchGroup[];
    expect(none.map((g) => g.total + g.hidden)).toEqual(none.map(() => 0));
  });

  it('tries the Chinese words of a keyword that found nothing as typed, and says so', async () => {
    const guid = await t.newLearner();
    const split = (await search(guid, { keyword: '休克补液' })).data;
    expect(split).toMatchObject({ keyword: '休克补液', terms: ['休克', '补液'], split: true });
    expect(group(split.groups, 'lesson').items.map((i: { title: string }) => i.title)).toEqual(['休克的补液']);
    // Found as typed: not split.
    expect((await search(guid, { keyword: '休克的补液' })).data).toMatchObject({ terms: ['休克的补液'], split: false });
    // The split words find nothing either: the keyword's own (empty) results.
    const none = (await search(guid, { keyword: '休克飞船' })).data;
    expect(none).toMatchObject({ terms: ['休克飞船'], split: false });
    expect(none.groups.every((g: SearchGroup) => g.total + g.hidden === 0)).toBe(true);
    // A paged group never splits on its own: the screen pages with the overview's words.
    expect((await search(guid, { keyword: '休克补液', kind: 'lesson' })).data).toMatchObject({ split: false, groups: [{ total: 0 }] });
    expect((await search(guid, { keyword: '休克 补液', kind: 'lesson' })).data.groups[0].total).toBe(1);
  });
});

describe('a learner without a version', () => {
  it('sees questions of open chapters only (the rest counted) and the other kinds marked', async () => {
    const guid = (await t.register(nextPhone())).guid;
    const mine = (await search(guid, { keyword: '体温' })).data;
    const theirs = (await search(member, { keyword: '体温' })).data;
    const q = group(mine.groups, 'question');
    expect(q.total).toBeGreaterThan(0);
    expect(q.total).toBeLessThan(group(theirs.groups, 'question').total);
    const lessons = (await search(guid, { keyword: '休克', kind: 'lesson' })).data.groups[0] as SearchGroup;
    const access = Object.fromEntries(lessons.items.map((i) => [i.id, i.access]));
    expect(access).toMatchObject({ [L.free]: 'open', [L.paid]: 'preview', [L.closed]: 'locked', [L.ej]: 'preview' });
    // Open items come first.
    expect(lessons.items.at(-1)?.access).toBe('locked');
    // (Locked handouts and points, found by their titles only: the next describe.)
    expect(group(mine.groups, 'live').items[0]?.access).toBe('locked');
    expect(mine.unlocking.map((v: { vname: string }) => v.vname)).toContain('至尊班');
  });

  it("one learner's purchase opens nothing for another", async () => {
    const a = await t.register(nextPhone());
    const b = await t.register(nextPhone());
    await t.grant(a.userID, 1001, { vn: '3', vnOrder: 3 });
    const live = async (guid: string) => ((await search(guid, { keyword: '休克', kind: 'live' })).data.groups[0] as SearchGroup).items[0]?.access;
    expect(await live(a.guid)).toBe('open');
    expect(await live(b.guid)).toBe('locked');
  });
});

describe('what is locked to the learner (issue 32 item 12)', () => {
  it('is found by its title only: a word only in its body, explanation or summary finds nothing and counts nothing', async () => {
    t.clock.advance(61_000); // a fresh minute for the member's searches
    const trial = await t.login(DEMO.learner, DEMO.password);
    // A question of a closed chapter, a closed handout and a closed point, each given a word in its body.
    const menu = (await t.call(chapterMenuList, { guid: trial, appID: 1001 })).data.list as { cptID: number; parentID: number | null; locked: boolean; total: number }[];
    const closed = menu.find((c) => c.locked && c.total > 0 && !menu.some((x) => x.parentID === c.cptID))!;
    const [q] = await t.db
      .select({ id: questions.id, explanation: questions.explanation, chapterId: questions.chapterId })
      .from(questions)
      .where(and(eq(questions.appId, 1001), eq(questions.retired, false), eq(questions.chapterId, closed.cptID)));
    await t.db
      .update(questions)
      .set({ explanation: `${q!.explanation} qzxvexpl` })
      .where(eq(questions.id, q!.id));
    const shelf = (await t.call(readingCalls.readingCatalog, { guid: trial, appID: 1001, kind: 'handout' })).data.list as CatalogChapter[];
    const handout = shelf.find((c) => !c.open && c.items.length > 0)!.items[0]!;
    const titleWord = handout.title.slice(0, 6); // (a keyword is at most 20 Chinese characters)
    const [row] = await t.db.select({ body: readingItems.body }).from(readingItems).where(eq(readingItems.id, handout.id));
    await t.db
      .update(readingItems)
      .set({ body: `${row!.body}\n\n护理要点 qzxvbody。\n` })
      .where(eq(readingItems.id, handout.id));
    const points = (await t.call(knowledgeCalls.pointsList, { guid: trial, appID: 1001 })).data.chapters.flatMap((c: { points: PointItem[] }) => c.points) as PointItem[];
    const point = points.filter((p) => !p.open).sort((a, b) => b.questions - a.questions)[0]!;
    await t.db.update(pointDetails).set({ summary: '要点 qzxvsumm' }).where(eq(pointDetails.pointId, point.id));
    t.forgetCaches();

    const found = async (guid: string, keyword: string) => {
      const body = await search(guid, { keyword });
      expect(body.status, `${keyword}: ${body.msg}`).toBe(200);
      return body.data.groups as SearchGroup[];
    };
    for (const [keyword, kind] of [
      ['qzxvexpl', 'question'],
      ['qzxvbody', 'handout'],
      [`${titleWord} qzxvbody`, 'handout'],
      ['qzxvsumm', 'point'],
    ] as const) {
      // The member, who may open them, finds each; the trial learner finds and counts nothing.
      expect(group(await found(member, keyword), kind).total, keyword).toBe(1);
      const mine = await found(trial, keyword);
      expect(
        mine.map((g) => [g.kind, g.total, g.hidden]),
        keyword,
      ).toEqual(mine.map((g) => [g.kind, 0, 0]));
    }

    // By its title a locked item is still found, marked locked, without an excerpt.
    const byTitle = group(await found(trial, titleWord), 'handout').items.find((i) => i.id === handout.id);
    expect(byTitle).toMatchObject({ access: 'locked', excerpt: '' });
    const byName = await found(trial, point.name);
    expect(group(byName, 'point').items.find((i) => i.id === point.id)).toMatchObject({ access: 'locked', excerpt: '' });
    // Questions of closed chapters are counted by their points' names (what the points list shows of them).
    expect(group(byName, 'question').hidden).toBeGreaterThan(0);
  });
});

describe('limits and caching', () => {
  it(`answers ${SEARCHES_PER_MINUTE} searches a minute per learner, then 429`, async () => {
    const guid = await t.newLearner();
    for (let i = 0; i < SEARCHES_PER_MINUTE; i++) expect((await search(guid, { keyword: '护士', kind: 'subject' })).status).toBe(200);
    expect(await search(guid, { keyword: '护士', kind: 'subject' })).toMatchObject({ status: 429, msg: '操作过于频繁，请稍后再试' });
    expect((await search(member, { keyword: '护士', kind: 'subject' })).status).toBe(200);
    t.clock.advance(61_000);
    expect((await search(guid, { keyword: '护士', kind: 'subject' })).status).toBe(200);
  });

  it('keeps a lesson out until it is published, though the catalogue is held', async () => {
    const titles = async () => ((await search(member, { keyword: '休克', kind: 'lesson' })).data.groups[0] as SearchGroup).items.map((i) => i.title);
    expect(await titles()).not.toContain('休克的新进展');
    t.clock.advance(3 * DAY);
    expect(await titles()).toContain('休克的新进展');
  });
});
