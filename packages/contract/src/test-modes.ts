import type { PaperTag } from './questions/papers.ts';

/**
 * THE mode table (docs/test-modes.md §2): every test and chapter route of spec §2 is one row. The server's
 * exam engine reads `module`, `source`, `display`, `papers` and `draw` when a session is started with
 * `testMode`; the web reads the titles and texts. Two routes of the same mode differ only by their row.
 * Zod-free: server and web both import it.
 */

/**
 * Where a row's questions come from:
 * - `session`: an open session (/computerPaper);
 * - `hub`: the exam centre (/exam), no questions of its own;
 * - `paper`: a stored paper chosen from a list (`papers` says which);
 * - `daily` / `weekly`: the period's paper, the same for every learner;
 * - `draw`: drawn per attempt from the bank (`draw` says how);
 * - `level`: a level of a pass-by-levels ladder (/api/clearance);
 * - `round`: a round chosen for the learner (/api/grabPoint, /api/aiExam);
 * - `plain`: a list of questions practised in /answerTest (no result), or a list screen leading to one;
 * - `cards`: flash cards (/AIcard);
 * - `pay`: a product page (what a pack holds, 去开通).
 */
export const TEST_SOURCES = ['session', 'hub', 'paper', 'daily', 'weekly', 'draw', 'level', 'round', 'plain', 'cards', 'pay'] as const;
export type TestSource = (typeof TEST_SOURCES)[number];

/**
 * Hot points (docs/test-modes.md §1.7; 考前抢分, tips points): the top HOT_POINTS_SHARE of a subject's points by
 * heat, at least HOT_POINTS_MIN (all when it has fewer).
 */
export const HOT_POINTS_SHARE = 0.2;
export const HOT_POINTS_MIN = 5;

/** How a drawn set is drawn (docs/test-modes.md §1.7). */
export interface DrawRule {
  /** The pool: the whole bank, one chapter subtree (`key` = cptID), one knowledge point (`key` = point id), or one unit per template section. */
  scope: 'bank' | 'chapter' | 'point' | 'guide';
  /** Questions; 'template' = as many as the subject's template paper (100 without one). */
  count: number | 'template';
  /** 'attempt': a fresh draw each attempt; 'fixed': the same set for everybody. */
  seed: 'attempt' | 'fixed';
  /** Minutes when fixed; otherwise count × the template's seconds per question. */
  minutes?: number;
  /** Questions the learner has not answered yet come first. */
  unansweredFirst?: boolean;
}

export interface TestMode {
  /** The route without its slash; also the mode id stored with a session. */
  id: string;
  route: string;
  title: string;
  /** What the learner gets, one sentence (shown in the exam centre). */
  blurb: string;
  /** The catalog module the server checks (null: the learner's own data, or free to all). */
  module: string | null;
  source: TestSource;
  /** How a session of the row is shown: exam (answers after hand-in) or practice (instant feedback); null: no session. */
  display: 'exam' | 'practice' | null;
  /** Sections lock one after the other (机考). */
  lockSections: boolean;
  /** `paper` rows: which stored papers the list holds (and 考前冲刺, the sprint papers its stages show). */
  papers?: { kinds: readonly ('mock' | 'past')[]; tag: PaperTag | null };
  /** `draw` rows: how the set is drawn. */
  draw?: DrawRule;
  /** Timing and scoring, as the exam centre and docs state them. */
  timing: string;
  scoring: string;
}

const row = (r: Omit<TestMode, 'route' | 'lockSections'> & { lockSections?: boolean }): TestMode => ({
  ...r,
  route: `/${r.id}`,
  lockSections: r.lockSections ?? false,
});
const PAPER_TIME = '试卷限时，服务器计时，到时自动交卷';
const PAPER_SCORE = '按试卷分值计分，达到及格线为通过';
const DRAWN_SCORE = '每题1分，答对60%为通过';

// A table, one row per line:
// prettier-ignore
export const TEST_MODES: readonly TestMode[] = [
  row({ id: 'computerPaper', title: '机考模拟', blurb: '与正式机考一致的考试界面', module: null, source: 'session', display: 'exam', lockSections: true, timing: PAPER_TIME, scoring: PAPER_SCORE }),
  row({ id: 'exam', title: '考试中心', blurb: '全部考试入口、继续考试与考试记录', module: null, source: 'hub', display: null, timing: '—', scoring: '—' }),
  row({ id: 'mockExam', title: '模拟考试', blurb: '整套模拟试卷，按正式考试题型与时长', module: 'paper', source: 'paper', display: 'exam', lockSections: true, papers: { kinds: ['mock'], tag: null }, timing: PAPER_TIME, scoring: PAPER_SCORE }),
  row({ id: 'mnkcNew', title: '模拟考场', blurb: '领取准考证、阅读考场须知后进入考场', module: 'mock', source: 'paper', display: 'exam', lockSections: true, papers: { kinds: ['mock'], tag: null }, timing: PAPER_TIME, scoring: PAPER_SCORE }),
  row({ id: 'renjilist', title: '人机对话考试', blurb: '全部模拟卷与真题卷，按人机对话方式作答', module: 'paper', source: 'paper', display: 'exam', lockSections: true, papers: { kinds: ['mock', 'past'], tag: null }, timing: PAPER_TIME, scoring: PAPER_SCORE }),
  row({ id: 'mockTest', title: '随机组卷', blurb: '每次从题库随机抽一套完整试卷', module: 'paper', source: 'draw', display: 'exam', draw: { scope: 'bank', count: 'template', seed: 'attempt' }, timing: '按题量计时，到时自动交卷', scoring: DRAWN_SCORE }),
  row({ id: 'realPapertest', title: '真题实战', blurb: '按正式考试方式作答历年真题', module: 'paper', source: 'paper', display: 'exam', lockSections: true, papers: { kinds: ['past'], tag: null }, timing: PAPER_TIME, scoring: PAPER_SCORE }),
  row({ id: 'lnztgather', title: '历年真题汇总', blurb: '按年份练习历年考题', module: 'paper', source: 'plain', display: 'practice', timing: '不限时', scoring: '逐题判分' }),
  row({ id: 'newLnjtMnsj', title: '历年精题模拟卷', blurb: '由历年考题组成的模拟卷', module: 'paper', source: 'paper', display: 'exam', lockSections: true, papers: { kinds: ['mock'], tag: 'lnjt' }, timing: PAPER_TIME, scoring: PAPER_SCORE }),
  row({ id: 'lnztjpay', title: '历年真题精讲', blurb: '真题资料包的内容与开通', module: 'paper', source: 'pay', display: null, timing: '—', scoring: '—' }),
  row({ id: 'examinationGuide', title: '考试指南', blurb: '考试题型、题量、时长与及格线，并可体验机考', module: null, source: 'draw', display: 'exam', lockSections: true, draw: { scope: 'guide', count: 10, seed: 'fixed', minutes: 10 }, timing: '10分钟', scoring: DRAWN_SCORE }),
  row({ id: 'evaluationChapter', title: '章节测评', blurb: '对一个章节抽题测评', module: 'chapter', source: 'draw', display: 'exam', draw: { scope: 'chapter', count: 20, seed: 'attempt', unansweredFirst: true }, timing: '每题60秒', scoring: DRAWN_SCORE }),
  row({ id: 'dailyMockTest', title: '每日一练', blurb: '每天10题，全站同题，交卷后看排名', module: 'daily', source: 'daily', display: 'exam', timing: '10分钟，当天有效', scoring: '按答对题数排名，当天首次交卷计入排行' }),
  row({ id: 'weekTest', title: '每周一测', blurb: '每周50题，全站同题，交卷后看排名', module: 'daily', source: 'weekly', display: 'exam', draw: { scope: 'bank', count: 50, seed: 'fixed', minutes: 60 }, timing: '60分钟', scoring: '每题1分，本周首次交卷计入排行' }),
  row({ id: 'fivehundredTest', title: '必做500题', blurb: '考频最高的500题，分组练习', module: 'sprint', source: 'plain', display: 'practice', timing: '不限时', scoring: '逐题判分' }),
  row({ id: 'md60f', title: '考前60分', blurb: '及格必备的核心考点题目', module: 'sprint', source: 'plain', display: 'practice', timing: '不限时', scoring: '逐题判分' }),
  row({ id: 'focalPointTest', title: '重点考点测试', blurb: '选一个高频考点抽题测试', module: 'sprint', source: 'draw', display: 'exam', draw: { scope: 'point', count: 20, seed: 'attempt' }, timing: '每题60秒', scoring: DRAWN_SCORE }),
  row({ id: 'ytmj', title: '押题密卷', blurb: '高频考点组成的预测试卷', module: 'sprint', source: 'paper', display: 'exam', lockSections: true, papers: { kinds: ['mock'], tag: 'ytmj' }, timing: PAPER_TIME, scoring: PAPER_SCORE }),
  row({ id: 'BurningExam', title: '冲刺燃卷', blurb: '高难度整套冲刺试卷', module: 'sprint', source: 'paper', display: 'exam', lockSections: true, papers: { kinds: ['mock'], tag: 'burning' }, timing: PAPER_TIME, scoring: PAPER_SCORE }),
  row({ id: 'sprintList', title: '考前冲刺', blurb: '按阶段安排的冲刺内容', module: 'sprint', source: 'plain', display: null, papers: { kinds: ['mock'], tag: 'sprint' }, timing: '按内容', scoring: '按内容' }),
  row({ id: 'secretVolumeWay', title: '考前密卷', blurb: '考前模拟班的密卷', module: 'mock', source: 'paper', display: 'exam', lockSections: true, papers: { kinds: ['mock'], tag: 'secret' }, timing: PAPER_TIME, scoring: PAPER_SCORE }),
  row({ id: 'tifenGuoguan', title: '闯关提分', blurb: '按章节逐关闯关，过关解锁下一关', module: 'clearance', source: 'level', display: 'practice', timing: '不限时', scoring: '答对80%过关，80/90/100%得1/2/3星' }),
  row({ id: 'randomPassCheck', title: '随机闯关', blurb: '难度逐关上升的随机关卡', module: 'clearance', source: 'level', display: 'practice', timing: '不限时', scoring: '答对80%过关，80/90/100%得1/2/3星' }),
  row({ id: 'grabPoint', title: '考前抢分', blurb: '专攻还没掌握的高频考点，每轮限时5分钟', module: 'grabPoint', source: 'round', display: 'practice', timing: '每轮5分钟，到时自动交卷', scoring: '本轮抢回的分数' }),
  row({ id: 'examAnalyseMenu', title: '考情分析', blurb: '各章节历年考题数量与占比', module: 'chapter', source: 'plain', display: 'practice', timing: '不限时', scoring: '逐题判分' }),
  row({ id: 'pingshenChapter', title: '案例章节', blurb: '按章节练习案例分析题', module: 'chapter', source: 'plain', display: 'practice', timing: '不限时', scoring: '逐题判分' }),
  row({ id: 'zyChapter', title: '考试单元', blurb: '按考试单元练习', module: 'chapter', source: 'plain', display: 'practice', timing: '不限时', scoring: '逐题判分' }),
  row({ id: 'zyanswer', title: '单元练习', blurb: '考试单元的答题页', module: 'chapter', source: 'plain', display: 'practice', timing: '不限时', scoring: '逐题判分' }),
  row({ id: 'AICoreExamTest', title: 'AI核心考点', blurb: '根据掌握度智能选题，薄弱的高频考点优先', module: 'ai', source: 'round', display: 'practice', timing: '不限时', scoring: '每轮10题，显示考点掌握度变化' }),
  row({ id: 'AIcard', title: 'AI考点卡', blurb: '高频考点速记卡片', module: 'ai', source: 'cards', display: null, timing: '—', scoring: '认识/模糊/不认识' }),
  row({ id: 'AICorePay', title: 'AI核心考点', blurb: 'AI核心考点的内容与开通', module: 'ai', source: 'pay', display: null, timing: '—', scoring: '—' }),
];

/** The row of a mode id (or route), or undefined. */
export function testMode(idOrRoute: string): TestMode | undefined {
  const id = idOrRoute.startsWith('/') ? idOrRoute.slice(1) : idOrRoute;
  return TEST_MODES.find((m) => m.id === id);
}

/** Ids of the rows a session can be started for with /api/simulationTest/start {testMode}. */
export const STARTABLE_MODES = TEST_MODES.filter((m) => m.source === 'paper' || m.source === 'daily' || m.source === 'weekly' || m.source === 'draw').map((m) => m.id);

/**
 * The modules that open a stored paper, decided by the paper's own kind and tag whatever a request names: the
 * modules of every row that lists such papers (docs/test-modes.md §1.8). A learner holding any of them may
 * list and sit the paper; a paper no row lists opens to nobody.
 */
export function paperModules(paper: { kind: string; tag: string | null }): string[] {
  const rows = TEST_MODES.filter((m) => m.papers && (m.papers.kinds as readonly string[]).includes(paper.kind) && m.papers.tag === (paper.tag ?? null));
  return [...new Set(rows.flatMap((m) => (m.module === null ? [] : [m.module])))];
}

/** Every module that opens some stored paper. */
export const PAPER_MODULES: readonly string[] = [...new Set(TEST_MODES.flatMap((m) => (m.papers && m.module !== null ? [m.module] : [])))];

/**
 * The row a session start asks for: its `testMode`, or the daily test for `daily`; undefined for a paper by
 * its id alone (its stored kind and tag decide, `paperModules`) and for a row that cannot be started (the
 * server refuses it with 400).
 */
export function startRowOf(i: { testMode?: string; daily?: boolean }): TestMode | undefined {
  if (i.testMode !== undefined) {
    const row = testMode(i.testMode);
    return row && STARTABLE_MODES.includes(row.id) ? row : undefined;
  }
  return i.daily ? testMode('dailyMockTest') : undefined;
}

/** The display of a row's sessions: its own, never changed on request (a ranked test never shows its keys). */
export const rowDisplay = (row: TestMode): 'exam' | 'practice' => (row.display === 'practice' ? 'practice' : 'exam');

/**
 * The gate of a start (contract exam.simulationStart): the row's module, or the free exam centre for a row
 * without one; null for a paper by id (gated once loaded) and for a request the server refuses with 400 (an
 * unknown row, or a display the row does not have).
 */
export function startGate(row: TestMode | undefined, mode?: string, key?: number): { module: string; free?: boolean; chapter?: number } | null {
  if (!row || (mode !== undefined && mode !== rowDisplay(row))) return null;
  if (row.module === null) return { module: 'paper', free: true };
  // A draw from one chapter (章节测评) needs that chapter open: a trial opens only some (docs/entitlement.md).
  return row.draw?.scope === 'chapter' && key !== undefined ? { module: row.module, chapter: key } : { module: row.module };
}
