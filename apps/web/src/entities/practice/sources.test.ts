import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { callsTo, fakeApi } from '../../test/screens';
import { a3Group, question } from '../../test/fixtures/practice';
import { sq } from '../../test/fixtures/study';
import { loadPages, loadSource, SOURCES, type Source, sourceTitle } from './sources';
import { parseSource, sourceKey, sourceUrl } from './source-url';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());

const callMock = call as unknown as Mock;
const parse = (qs: string) => parseSource(new URLSearchParams(qs));

beforeEach(() => {
  callMock.mockReset();
});

describe('parseSource', () => {
  it.each([
    ['cptID=11', { kind: 'chapter', cptID: 11 }],
    ['cptID=11&recite=1', { kind: 'chapter', cptID: 11, recite: true }],
    ['source=error', { kind: 'error' }],
    ['source=error&cptID=5', { kind: 'error', cptID: 5 }],
    ['source=review&cptID=5', { kind: 'review' }],
    ['source=fav&cptID=3&keyword=%20心衰%20', { kind: 'fav', cptID: 3, keyword: '心衰' }],
    ['source=note&keyword=', { kind: 'note' }],
    ['source=points&point=糖尿病', { kind: 'points', point: '糖尿病' }],
    ['source=points', { kind: 'points' }],
    ['source=search&keyword=胰岛素', { kind: 'search', keyword: '胰岛素' }],
    ['source=common&cptID=9', { kind: 'common', cptID: 9 }],
  ])('%s', (qs, source) => {
    expect(parse(qs)).toEqual({ source });
  });

  it.each([
    ['', '章节不存在'],
    ['cptID=abc', '章节不存在'],
    ['cptID=0', '章节不存在'],
    ['source=error&cptID=-1', '章节不存在'],
    ['source=search', '请输入搜索关键词'],
    ['source=search&keyword=%20%20', '请输入搜索关键词'],
    [`source=search&keyword=${'字'.repeat(51)}`, '关键词不能超过50个字符'],
    ['source=exam', '练习类型不正确'],
  ])('bad input %s → %s', (qs, error) => {
    expect(parse(qs)).toEqual({ error });
  });

  it('sourceUrl writes what parseSource reads', () => {
    const all: Source[] = [
      { kind: 'chapter', cptID: 11, recite: true },
      { kind: 'error', cptID: 2 },
      { kind: 'review' },
      { kind: 'fav', keyword: '心 衰' },
      { kind: 'points', point: '血糖' },
      { kind: 'search', keyword: 'a&b' },
      { kind: 'common' },
    ];
    for (const s of all) {
      const url = sourceUrl(s);
      expect(url.startsWith('/answerTest?')).toBe(true);
      expect(parseSource(new URLSearchParams(url.split('?')[1]))).toEqual({ source: s });
    }
    expect(sourceUrl({ kind: 'chapter', cptID: 11 })).toBe('/answerTest?cptID=11');
  });

  it('keys differ per list and ignore recite; titles', () => {
    expect(sourceKey({ kind: 'chapter', cptID: 11 })).toBe(sourceKey({ kind: 'chapter', cptID: 11, recite: true }));
    expect(sourceKey({ kind: 'fav', keyword: 'a' })).not.toBe(sourceKey({ kind: 'note', keyword: 'a' }));
    expect(sourceTitle({ kind: 'review' })).toBe('错题复习');
    expect(sourceTitle({ kind: 'points' })).toBe('薄弱知识点强化');
    expect(sourceTitle({ kind: 'common' })).toBe('高频易错题');
    expect(sourceTitle({ kind: 'search', keyword: '胰岛素' })).toBe('搜索：胰岛素');
    expect(SOURCES.error.empty({ kind: 'error' })).toBe('错题本里还没有题目，答错的题会自动收集到这里');
    expect(SOURCES.fav.empty({ kind: 'fav', keyword: '心衰' })).toBe('没有找到包含“心衰”的收藏');
  });
});

describe('loadPages', () => {
  it('reads page 1, then the rest up to the cap, and keeps a straddling group and each question once', async () => {
    const pages: Record<number, { total: number; groups: (typeof a3Group)[]; list: ReturnType<typeof question>[] }> = {
      1: { total: 5, groups: [a3Group], list: [question({ allTestID: 1 }), question({ allTestID: 2, childTableID: 7 })] },
      2: { total: 5, groups: [a3Group], list: [question({ allTestID: 3, childTableID: 7 }), question({ allTestID: 4 })] },
      3: { total: 5, groups: [], list: [question({ allTestID: 5 })] },
    };
    const fetched: number[] = [];
    const fetchPage = async (p: number) => {
      fetched.push(p);
      return pages[p]!;
    };
    const all = await loadPages(fetchPage, 2, 10);
    expect(fetched).toEqual([1, 2, 3]);
    expect(all.list.map((q) => q.allTestID)).toEqual([1, 2, 3, 4, 5]);
    expect(all.groups).toEqual([a3Group]);
    fetched.length = 0;
    expect((await loadPages(fetchPage, 2, 2)).list).toHaveLength(4);
    expect(fetched).toEqual([1, 2]);
  });
});

/** A fake list call: `total` questions (of the study lists: `book` null, which the chapter call leaves out), served `pageSize` at a time from ids 1.. */
const pager =
  <E extends object>(total: number, extra: E = {} as E) =>
  (p: { page?: unknown; pageSize?: unknown }) => {
    const size = Number(p.pageSize);
    const page = Number(p.page);
    const from = (page - 1) * size;
    const list = Array.from({ length: Math.max(0, Math.min(size, total - from)) }, (_, i) =>
      sq({ allTestID: from + i + 1, last: { lastUserReply: 'A', right: false, score: 0, spendTime: 3, answeredAt: '2026-11-20T00:00:00.000Z' } }),
    );
    return { AppID: 1001, page, pageSize: size, total, groups: [], list, ...extra };
  };

describe('loadSource', () => {
  it('chapter: every page of 500 (a chapter of 700 → pages 1 and 2), name and recite point from page 1, replies kept', async () => {
    fakeApi(callMock, { 'practice.getChapterTestEx': pager(700, { cptID: 11, name: '心力衰竭', recitePoint: 42 }) });
    const set = await loadSource(1001, { kind: 'chapter', cptID: 11 }, 5);
    expect(callsTo(callMock, 'practice.getChapterTestEx')).toEqual([
      { appID: 1001, cptID: 11, page: 1, pageSize: 500 },
      { appID: 1001, cptID: 11, page: 2, pageSize: 500 },
    ]);
    expect(set.list).toHaveLength(700);
    expect(set).toMatchObject({ name: '心力衰竭', recitePoint: 42, total: 700, loadedAt: 5 });
    expect(set.list[0]!.last?.lastUserReply).toBe('A');
    expect(callMock.mock.calls.every(([, , opts]) => (opts as { silent?: boolean }).silent)).toBe(true);
  });

  it('error: pages of 50, at most 10; a study list starts a fresh round (no earlier replies)', async () => {
    fakeApi(callMock, { 'study.getErrorTest': pager(800) });
    const set = await loadSource(1001, { kind: 'error', cptID: 4 });
    const calls = callsTo(callMock, 'study.getErrorTest');
    expect(calls).toHaveLength(10);
    expect(calls[0]).toEqual({ appID: 1001, cptID: 4, due: undefined, page: 1, pageSize: 50 });
    expect(set.list).toHaveLength(500);
    expect(set.total).toBe(800);
    expect(set.list.every((q) => q.last === null)).toBe(true);
    expect(set.name).toBe('错题本');
  });

  it('review: only due items', async () => {
    fakeApi(callMock, { 'study.getErrorTest': pager(3) });
    await loadSource(1001, { kind: 'review' });
    expect(callsTo(callMock, 'study.getErrorTest')).toEqual([{ appID: 1001, cptID: undefined, due: true, page: 1, pageSize: 50 }]);
  });

  it('fav and note: chapterlist pages of 10, at most 20, with chapter and keyword', async () => {
    fakeApi(callMock, { 'study.chapterlist': pager(250) });
    const set = await loadSource(1001, { kind: 'note', cptID: 3, keyword: '心衰' });
    const calls = callsTo(callMock, 'study.chapterlist');
    expect(calls).toHaveLength(20);
    expect(calls[19]).toEqual({ appID: 1001, kind: 'note', cptID: 3, keyword: '心衰', page: 20, pageSize: 10 });
    expect(set.list).toHaveLength(200);
  });

  it('search: pages of 10, at most 10; common: pages of 5, at most 4; points: one call', async () => {
    fakeApi(callMock, {
      'study.searchTest': pager(23, { keyword: '胰岛素' }),
      'study.commonQuestions': pager(40, { rates: [] }),
      'study.pointsPractice': () => ({ AppID: 1001, points: [], groups: [], list: [sq({ allTestID: 9 })] }),
    });
    expect((await loadSource(1001, { kind: 'search', keyword: '胰岛素' })).list).toHaveLength(23);
    expect(callsTo(callMock, 'study.searchTest').map((c) => [c.keyword, c.page, c.pageSize])).toEqual([
      ['胰岛素', 1, 10],
      ['胰岛素', 2, 10],
      ['胰岛素', 3, 10],
    ]);
    expect((await loadSource(1001, { kind: 'common' })).list).toHaveLength(20);
    expect(callsTo(callMock, 'study.commonQuestions')).toHaveLength(4);
    const points = await loadSource(1001, { kind: 'points', point: '血糖' });
    expect(callsTo(callMock, 'study.pointsPractice')).toEqual([{ appID: 1001, point: '血糖', count: 50 }]);
    expect(points.list.map((q) => q.allTestID)).toEqual([9]);
  });
});
