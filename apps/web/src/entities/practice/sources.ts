import {
  CHAPTER_TEST_PAGE_MAX,
  STUDY_PAGE,
  chapterlist,
  commonQuestions,
  getChapterTestEx,
  getErrorTest,
  pointsPractice,
  searchTest,
  sprintQuestions,
  zhiyeCaseTest,
  zhiyeYearTest,
  PLAIN_SET_MAX,
  type BookState,
  type PracticeGroup,
  type PracticeQuestion,
  type SprintSet,
} from '@kaoshi/contract';
import { call } from '../../api/client';

/**
 * Where the player's questions come from (docs/practice-screens.md "Sources"). /answerTest reads the
 * source from its URL; every source is loaded into one `QuestionSet` the player renders, paging through
 * the list call up to a cap. All calls are silent: a 403 is the screen's buy prompt.
 */

export const SOURCE_KINDS = ['chapter', 'error', 'review', 'fav', 'note', 'points', 'search', 'common', 'session', 'year', 'case', 'sprint'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** A source as the URL gives it. */
export interface Source {
  kind: SourceKind;
  cptID?: number;
  keyword?: string;
  point?: string;
  /** Open a chapter in 背题模式 at the remembered recite point (`&recite=1`). */
  recite?: boolean;
  /** `session`: the practice-display exam session (`&examHistoryID=N`, docs/practice-screens.md "Practice sessions"). */
  examHistoryID?: number;
  /** `year`: the past-exam year (`&year=Y`, with or without `cptID`). */
  year?: number;
  /** `sprint`: the set (`set=hot500&round=k`, `set=pass60`, or `cptID=N` = a chapter by heat). */
  set?: SprintSet;
  round?: number;
}

/** The exam session behind a `session` set: where its answers go and how it ends. */
export interface SessionInfo {
  examHistoryID: number;
  status: 'open' | 'handed';
  mode: 'exam' | 'practice';
  paperID: number | null;
  testMode: string | null;
  /** The server's deadline (ISO), null = untimed. */
  deadline: string | null;
  /** Device clock minus the server's, ms, when the session was read. */
  offsetMs: number;
}

/** A question of a set: the practice question, with its wrong-answer book state in the book's sources. */
export type SetQuestion = PracticeQuestion & { book?: BookState | null };

/** What the player renders. */
export interface QuestionSet {
  name: string;
  groups: PracticeGroup[];
  list: SetQuestion[];
  /** Questions the server holds for the source (may exceed `list` when the page cap was reached). */
  total: number;
  /** The chapter's recite point (chapter source only). */
  recitePoint: number | null;
  /** Date.now() when loaded from the server. */
  loadedAt: number;
  /** Opened from the copy kept on this device because the network failed. */
  offline?: boolean;
  /** Source `session` only: the exam session the answers belong to. */
  session?: SessionInfo;
  /**
   * The history entry (router location key) the set was read for. A study list is a fresh round for each opening:
   * a set read for another entry is read again (`isOutdated`, docs/practice-screens.md).
   */
  entry?: string;
}

interface SourceInfo {
  /** Page title ('' → the chapter's own name). */
  title: string;
  /** Shown when the source has no questions. */
  empty: (s: Source) => string;
  /** Rows per page and the most pages read. */
  pageSize: number;
  maxPages: number;
  /** The server's `last` counts (the learner continues where they were). Elsewhere a session starts fresh. */
  keepsLast: boolean;
}

/** The table of sources (page sizes: spec §9). */
export const SOURCES: Record<SourceKind, SourceInfo> = {
  chapter: { title: '', empty: () => '本章暂无试题', pageSize: CHAPTER_TEST_PAGE_MAX, maxPages: Infinity, keepsLast: true },
  error: {
    title: '错题本',
    empty: (s) => (s.cptID ? '本章错题本里还没有题目' : '错题本里还没有题目，答错的题会自动收集到这里'),
    pageSize: STUDY_PAGE.errorTest,
    maxPages: 10,
    keepsLast: false,
  },
  review: { title: '错题复习', empty: () => '现在没有要复习的错题，该复习时它们会出现在这里', pageSize: STUDY_PAGE.errorTest, maxPages: 10, keepsLast: false },
  fav: {
    title: '我的收藏',
    empty: (s) => (s.keyword ? `没有找到包含“${s.keyword}”的收藏` : '还没有收藏的题目，练习时点“收藏”即可加入'),
    pageSize: STUDY_PAGE.chapterList,
    maxPages: 20,
    keepsLast: false,
  },
  note: {
    title: '我的笔记',
    empty: (s) => (s.keyword ? `没有找到包含“${s.keyword}”的笔记` : '还没有做过笔记的题目，练习时点“笔记”即可记录'),
    pageSize: STUDY_PAGE.chapterList,
    maxPages: 20,
    keepsLast: false,
  },
  points: {
    title: '薄弱知识点强化',
    empty: (s) => (s.point ? `知识点“${s.point}”暂无试题` : '暂无需要强化的知识点'),
    pageSize: STUDY_PAGE.errorTest,
    maxPages: 1,
    keepsLast: false,
  },
  search: { title: '搜索结果', empty: (s) => `没有找到包含“${s.keyword ?? ''}”的试题`, pageSize: STUDY_PAGE.search, maxPages: 10, keepsLast: false },
  common: { title: '高频易错题', empty: () => '暂无高频易错题', pageSize: STUDY_PAGE.commonQuestions, maxPages: 4, keepsLast: false },
  // Loaded by session-source.ts (simulationTest/resume), not by loadSource.
  session: { title: '练习', empty: () => '本次练习暂无试题', pageSize: 0, maxPages: 1, keepsLast: true },
  // Plain sources of docs/sprint-zhiye.md: one reply of at most PLAIN_SET_MAX questions; progress counts.
  year: { title: '历年真题', empty: (s) => (s.year ? '该年份暂无真题' : '本章暂无历年真题'), pageSize: PLAIN_SET_MAX, maxPages: 1, keepsLast: true },
  case: { title: '案例分析', empty: () => '本章暂无案例题', pageSize: PLAIN_SET_MAX, maxPages: 1, keepsLast: true },
  sprint: { title: '考前冲刺', empty: () => '内容更新中，敬请期待～', pageSize: PLAIN_SET_MAX, maxPages: 1, keepsLast: true },
};

export function sourceTitle(s: Source, set?: QuestionSet): string {
  if (s.kind === 'chapter') return set?.name || '章节练习';
  if (s.kind === 'search') return `搜索：${s.keyword ?? ''}`;
  if (s.kind === 'points' && s.point) return `${SOURCES.points.title}·${s.point}`;
  if (s.kind === 'session') return set?.name || SOURCES.session.title;
  if (s.kind === 'year') return set?.name || (s.year ? `${s.year}年真题回顾` : SOURCES.year.title);
  if (s.kind === 'sprint') return set?.name || (s.set === 'hot500' ? `必做500题·第${s.round ?? 1}组` : s.set === 'pass60' ? '考前60分' : SOURCES.sprint.title);
  if (s.kind === 'case') return set?.name || SOURCES.case.title;
  return SOURCES[s.kind].title;
}

interface Page {
  total: number;
  groups: PracticeGroup[];
  list: SetQuestion[];
}

/**
 * Reads page 1, then pages 2..min(ceil(total / pageSize), maxPages) in parallel, and joins them in order:
 * a group that straddles pages is kept once, a question once.
 */
export async function loadPages(fetchPage: (page: number) => Promise<Page>, pageSize: number, maxPages: number): Promise<Page> {
  const first = await fetchPage(1);
  const pages = Math.min(Math.ceil(first.total / pageSize), maxPages);
  const rest = pages > 1 ? await Promise.all(Array.from({ length: pages - 1 }, (_, i) => fetchPage(i + 2))) : [];
  const groups = new Map<number, PracticeGroup>();
  const list = new Map<number, SetQuestion>();
  for (const p of [first, ...rest]) {
    for (const g of p.groups) if (!groups.has(g.childTableID)) groups.set(g.childTableID, g);
    for (const q of p.list) if (!list.has(q.allTestID)) list.set(q.allTestID, q);
  }
  return { total: first.total, groups: [...groups.values()], list: [...list.values()] };
}

/** Loads a source from the server. The chapter's `name` and `recitePoint` come from page 1. */
export async function loadSource(appID: number, s: Source, now: number = Date.now()): Promise<QuestionSet> {
  const info = SOURCES[s.kind];
  const opts = { silent: true } as const;
  const { pageSize, maxPages } = info;
  let name = sourceTitle(s);
  let recitePoint: number | null = null;
  let page: Page;
  switch (s.kind) {
    case 'chapter': {
      const cptID = s.cptID!;
      page = await loadPages(
        async (p) => {
          const r = await call(getChapterTestEx, { appID, cptID, page: p, pageSize }, opts);
          if (p === 1) {
            name = r.name;
            recitePoint = r.recitePoint;
          }
          return r;
        },
        pageSize,
        maxPages,
      );
      break;
    }
    case 'error':
    case 'review':
      page = await loadPages((p) => call(getErrorTest, { appID, cptID: s.cptID, due: s.kind === 'review' ? true : undefined, page: p, pageSize }, opts), pageSize, maxPages);
      break;
    case 'fav':
    case 'note':
      page = await loadPages((p) => call(chapterlist, { appID, kind: s.kind as 'fav' | 'note', cptID: s.cptID, keyword: s.keyword, page: p, pageSize }, opts), pageSize, maxPages);
      break;
    case 'search':
      page = await loadPages((p) => call(searchTest, { appID, keyword: s.keyword ?? '', page: p, pageSize }, opts), pageSize, maxPages);
      break;
    case 'common':
      page = await loadPages((p) => call(commonQuestions, { appID, cptID: s.cptID, page: p, pageSize }, opts), pageSize, maxPages);
      break;
    case 'session':
      throw new Error('a session is loaded by session-source.ts');
    case 'year':
    case 'case':
    case 'sprint': {
      const r =
        s.kind === 'year'
          ? await call(zhiyeYearTest, { appID, year: s.year, cptID: s.cptID }, opts)
          : s.kind === 'case'
            ? await call(zhiyeCaseTest, { appID, cptID: s.cptID! }, opts)
            : await call(sprintQuestions, { appID, set: s.set ?? 'hot500', round: s.round, cptID: s.cptID }, opts);
      name = r.name;
      page = r;
      break;
    }
    case 'points': {
      const r = await call(pointsPractice, { appID, point: s.point, count: pageSize }, opts);
      page = { total: r.list.length, groups: r.groups, list: r.list };
      break;
    }
  }
  // A study list is a fresh round: the learner answers again (their earlier replies are in the book already).
  const list = info.keepsLast ? page.list : page.list.map((q) => ({ ...q, last: null }));
  return { name, groups: page.groups, list, total: page.total, recitePoint, loadedAt: now };
}
