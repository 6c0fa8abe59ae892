import type { PlanEvaluation, PlanReport, PlanTaskKind } from '@kaoshi/contract';

/** Texts and figures of /studyFinally (the report), pure so they are tested without the charts. */

type Day = PlanReport['days'][number];
export type ChapterStat = PlanReport['chapters'][number];
type Chapter = ChapterStat;
export type Verdict = PlanEvaluation['readiness']['verdict'];

export const REPORT_TITLE = '学习报告';

export const KIND_NAMES: Record<PlanTaskKind, string> = {
  chapter: '章节练习',
  lesson: '视频课程',
  handout: '讲义阅读',
  review: '错题复习',
  paper: '模拟考试',
};

export const DAY_STATE_NAMES: Record<Day['state'], string> = {
  counted: '已达标',
  frozen: '冻结卡保护',
  missed: '未达标',
  rest: '无任务',
  today: '今天',
  coming: '未开始',
};

export const VERDICTS: Record<Verdict, { title: string; text: string }> = {
  ready: { title: '有望通过', text: '预测得分率已高于及格线，保持节奏，按计划完成冲刺阶段。' },
  close: { title: '接近及格线', text: '预测得分率在及格线附近，优先巩固薄弱章节，多做模拟考试。' },
  behind: { title: '仍需努力', text: '预测得分率低于及格线，请按计划每天完成任务，先攻克薄弱章节。' },
};

/** 95 → '1小时35分钟'; 40 → '40分钟'; 120 → '2小时'. */
export function minutesText(m: number): string {
  if (m < 60) return `${m}分钟`;
  const h = Math.floor(m / 60);
  return m % 60 ? `${h}小时${m % 60}分钟` : `${h}小时`;
}

/** '2026-12-03' → '12月3日'. */
export const shortDay = (day: string): string => `${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日`;

/** Day of the week of a 'YYYY-MM-DD', Monday 0 … Sunday 6. */
export function weekdayOf(day: string): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return (d + 6) % 7;
}

export interface TimeSpent {
  total: number;
  rows: { label: string; minutes: number }[];
}

export function timeSpent(spent: PlanReport['spent']): TimeSpent {
  const rows = [
    { label: '做题练习', minutes: spent.practice },
    { label: '视频课程', minutes: spent.lessons },
    { label: '讲义阅读', minutes: spent.reading },
  ];
  return { total: rows.reduce((s, r) => s + r.minutes, 0), rows };
}

export const timeSummary = (t: TimeSpent): string => `累计学习${minutesText(t.total)}：${t.rows.map((r) => `${r.label}${minutesText(r.minutes)}`).join('，')}`;

/** Tasks by kind in the order of the contract's kinds, kinds without tasks left out. */
export function kindRows(byKind: PlanReport['byKind']): { kind: PlanTaskKind; label: string; total: number; done: number }[] {
  const order = Object.keys(KIND_NAMES) as PlanTaskKind[];
  return byKind
    .filter((k) => k.total > 0)
    .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind))
    .map((k) => ({ ...k, label: KIND_NAMES[k.kind] }));
}

export const tasksSummary = (tasks: PlanReport['tasks'], rows: ReturnType<typeof kindRows>): string =>
  `已完成${tasks.done}项任务，共${tasks.total}项${tasks.skipped ? `，跳过${tasks.skipped}项` : ''}。${rows.map((r) => `${r.label}${r.done}/${r.total}`).join('，')}`;

/** Days by state: past ones counted, frozen, missed or without tasks (rest); today and later as left. */
export function dayCounts(days: readonly Day[]): Record<'counted' | 'frozen' | 'missed' | 'rest' | 'left', number> {
  const c = { counted: 0, frozen: 0, missed: 0, rest: 0, left: 0 };
  for (const d of days) {
    if (d.state === 'counted' || d.state === 'frozen' || d.state === 'missed' || d.state === 'rest') c[d.state] += 1;
    else c.left += 1;
  }
  return c;
}

export const daysSummary = (days: readonly Day[]): string => {
  const c = dayCounts(days);
  if (days.length === 0) return '计划中还没有学习日';
  return `计划共${days.length}天（${shortDay(days[0]!.date)}至${shortDay(days[days.length - 1]!.date)}）：已达标${c.counted}天，冻结卡保护${c.frozen}天，未达标${c.missed}天，${c.rest ? `无任务${c.rest}天，` : ''}还有${c.left}天`;
};

/** Chapters weakest first (ties: the heavier chapter first, then bank order). */
export function weakestFirst(chapters: readonly Chapter[]): Chapter[] {
  return chapters
    .map((c, i) => ({ c, i }))
    .sort((a, b) => a.c.mastery - b.c.mastery || b.c.weight - a.c.weight || a.i - b.i)
    .map((x) => x.c);
}

export const masterySummary = (chapters: readonly Chapter[]): string => {
  if (chapters.length === 0) return '暂无章节掌握数据';
  const weak = chapters[0]!;
  if (chapters.length === 1) return `已练习1个章节：${weak.name}，掌握度${weak.mastery}%`;
  const strong = chapters[chapters.length - 1]!;
  return `已练习${chapters.length}个章节，掌握度最低的是${weak.name}（${weak.mastery}%），最高的是${strong.name}（${strong.mastery}%）`;
};

export const readinessSummary = (r: PlanEvaluation['readiness']): string => `预测得分率${r.predicted}%，及格线${r.passLine}%，${VERDICTS[r.verdict].title}`;

/** Where the prediction came from, in words. */
export const readinessBasis = (r: PlanEvaluation['readiness']): string =>
  r.fromMocks === null || r.mocks === 0
    ? `根据题库掌握情况预测（题库掌握${r.fromBank}%）。完成模拟考试后预测会更准确。`
    : `根据题库掌握情况（${r.fromBank}%）和最近${r.mocks}次模拟考试（平均${r.fromMocks}%）预测。`;

export const streakText = (s: PlanReport['streak']): string => `连续学习${s.days}天，最长${s.best}天，冻结卡${s.freezes}张`;
