import { queryOptions } from '@tanstack/react-query';
import {
  simulationBlueprint,
  simulationHistory,
  simulationOpen,
  simulationStart,
  testMode,
  type DataOf,
  type HomeModule,
  type TestMode,
  type UnlockingVersion,
} from '@kaoshi/contract';
import { call } from '../../api/client';

/**
 * Data of the exam centre (/exam) and the drawn-test screens (/mockTest, /evaluationChapter,
 * /examinationGuide, the /mnkcNew exam room) — docs/exam-center.md. Titles, blurbs, modules and rules come
 * from the contract's TEST_MODES rows; this file only groups them for the hub and starts sessions.
 */

export type Blueprint = DataOf<typeof simulationBlueprint>;
export type OpenSession = DataOf<typeof simulationOpen>['list'][number];
export type StartedSession = DataOf<typeof simulationStart>;

export const centerKeys = {
  blueprint: (appID: number) => ['exam', 'blueprint', appID] as const,
  open: (appID: number) => ['exam', 'open', appID] as const,
  modeHistory: (appID: number, mode: string) => ['exam', 'modeHistory', appID, mode] as const,
};

export const blueprintQuery = (appID: number) =>
  queryOptions({
    queryKey: centerKeys.blueprint(appID),
    queryFn: () => call(simulationBlueprint, { appID }, { silent: true }),
    retry: false,
    staleTime: 5 * 60_000,
  });

/** The learner's open sessions (继续考试). Always asked again: the remaining time is the server's. */
export const openQuery = (appID: number) =>
  queryOptions({
    queryKey: centerKeys.open(appID),
    queryFn: () => call(simulationOpen, { appID }, { silent: true }),
    retry: false,
    staleTime: 0,
  });

/** Every handed-in attempt of one mode (pages of 20, at most 10 pages): for a best score per item. */
export const modeHistoryQuery = (appID: number, mode: string) =>
  queryOptions({
    queryKey: centerKeys.modeHistory(appID, mode),
    queryFn: async () => {
      const first = await call(simulationHistory, { appID, testMode: mode }, { silent: true });
      const list = [...first.list];
      for (let page = 2; list.length < first.total && page <= 10; page += 1) {
        const next = await call(simulationHistory, { appID, testMode: mode, page }, { silent: true });
        if (next.list.length === 0) break;
        list.push(...next.list);
      }
      return list;
    },
    retry: false,
    staleTime: 0,
  });

/** The row of a mode id; throws for an id the table lacks (a programming error, caught by the tests). */
export function modeRow(id: string): TestMode {
  const row = testMode(id);
  if (!row) throw new Error(`unknown test mode ${id}`);
  return row;
}

// ---- the hub ----

/**
 * The exam centre's groups, by mode id. Left out: /computerPaper and /exam themselves, the pay pages
 * (/lnztjpay, /AICorePay: reached from their own screens), and the level-specific chapter entries
 * (/zyChapter, /zyanswer, /pingshenChapter) which belong to the 执业/评审 subjects' chapter menus.
 */
export const HUB_GROUPS: readonly { title: string; ids: readonly string[] }[] = [
  { title: '考试', ids: ['mockExam', 'mnkcNew', 'renjilist', 'realPapertest', 'mockTest', 'newLnjtMnsj', 'secretVolumeWay', 'examinationGuide'] },
  { title: '练习', ids: ['dailyMockTest', 'weekTest', 'evaluationChapter', 'lnztgather', 'examAnalyseMenu', 'tifenGuoguan', 'randomPassCheck'] },
  { title: '冲刺', ids: ['sprintList', 'ytmj', 'BurningExam', 'focalPointTest', 'fivehundredTest', 'md60f', 'grabPoint'] },
  { title: '智能', ids: ['AICoreExamTest', 'AIcard'] },
];

export type RowAccess = { state: 'open' } | { state: 'locked'; unlocking: UnlockingVersion[] } | { state: 'hidden' };

/**
 * Whether the learner's version opens a row, from the home grid's module decisions (moduleInfoX): no
 * module → open; the module in the grid → open or locked (with the versions that unlock it); a module the
 * version does not have at all → hidden (the hub lists what the version offers).
 */
export function rowAccess(row: Pick<TestMode, 'module'>, modules: readonly Pick<HomeModule, 'id' | 'allowed' | 'unlocking'>[]): RowAccess {
  if (row.module === null) return { state: 'open' };
  const m = modules.find((x) => x.id === row.module);
  if (!m) return { state: 'hidden' };
  return m.allowed ? { state: 'open' } : { state: 'locked', unlocking: m.unlocking };
}

/** The hub's groups with each row's access; hidden rows and empty groups left out. */
export function hubGroups(modules: readonly Pick<HomeModule, 'id' | 'allowed' | 'unlocking'>[]) {
  return HUB_GROUPS.map((g) => ({
    title: g.title,
    rows: g.ids.map((id) => ({ row: modeRow(id), access: rowAccess(modeRow(id), modules) })).filter((r) => r.access.state !== 'hidden'),
  })).filter((g) => g.rows.length > 0);
}

// ---- sessions ----

/** Where a session is played: the exam display in /computerPaper, the practice display in the player. */
export const sessionPath = (s: { examHistoryID: number; mode: 'exam' | 'practice' }): string =>
  s.mode === 'practice' ? `/answerTest?source=session&examHistoryID=${s.examHistoryID}` : `/computerPaper?examHistoryID=${s.examHistoryID}`;

export interface StartRequest {
  testMode: string;
  paperID?: number;
  key?: number;
  restart?: boolean;
}

/** Start (or, without restart, resume the open session of the same source) a TEST_MODES row. */
export const startMode = (appID: number, req: StartRequest): Promise<StartedSession> => call(simulationStart, { appID, ...req }, { silent: true });

/** Remaining time: 3725 → '62:05'; null → '不限时'. */
export function formatRemaining(seconds: number | null): string {
  if (seconds === null) return '不限时';
  const s = Math.max(0, Math.round(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** The title shown for a session's mode ('考试' when it has none). */
export const modeTitle = (id: string | null): string => (id ? (testMode(id)?.title ?? '考试') : '考试');

/** The seat number of the exam room: the last 4 digits of the session id (zero-padded). */
export const seatNo = (examHistoryID: number): string => String(examHistoryID % 10_000).padStart(4, '0');

/** Marks of a drawn set from the blueprint: one per question, pass 60 % (docs/test-modes.md §1.6). */
export function drawnFigures(bp: Pick<Blueprint, 'sections' | 'limitSeconds'>) {
  const count = bp.sections.reduce((n, s) => n + s.count, 0);
  return { count, total: count, pass: Math.ceil(count * 0.6), minutes: Math.ceil(bp.limitSeconds / 60) };
}

/** The best score per name among handed-in attempts (abandoned ones do not count). */
export function bestByName(list: readonly { name: string; score: number; total: number; handedBy: string }[]): Map<string, { score: number; total: number; attempts: number }> {
  const out = new Map<string, { score: number; total: number; attempts: number }>();
  for (const h of list) {
    if (h.handedBy === 'abandoned') continue;
    const cur = out.get(h.name);
    if (!cur) out.set(h.name, { score: h.score, total: h.total, attempts: 1 });
    else out.set(h.name, { score: Math.max(cur.score, h.score), total: cur.score >= h.score ? cur.total : h.total, attempts: cur.attempts + 1 });
  }
  return out;
}
