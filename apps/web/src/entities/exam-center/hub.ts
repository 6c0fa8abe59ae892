import { testMode, type HomeModule, type TestMode, type UnlockingVersion } from '@kaoshi/contract';

/** The exam centre's hub (docs/exam-center.md): its groups of TEST_MODES rows and whether the learner's version opens each. */

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
