import type { ExamResultData, HistoryData, PaperRow, ReviewQuestion, TrendPoint } from './exam-data';

/** Test data of the exam result, history and paper-list screens. */

export const rq = (id: number, over: Partial<ReviewQuestion> = {}): ReviewQuestion => ({
  allTestID: id,
  srcID: `S${id}`,
  cptID: 11,
  childTableID: 0,
  groupOrder: 0,
  childTableName: 'A1',
  styleID: 1,
  stem: `题干${id}`,
  options: [
    { key: 'A', text: '选项甲' },
    { key: 'B', text: '选项乙' },
    { key: 'C', text: '选项丙' },
  ],
  answer: 'A',
  explanation: `解析${id}：【重点${id}】`,
  points: [`考点${id}`],
  mine: { lastUserReply: 'A', answered: true, right: true, score: 1, full: 1 },
  flagged: false,
  ...over,
});

export const tally = (score: number, total: number, right: number, wrong: number, unanswered: number) => ({ score, total, right, wrong, unanswered });

export function result(over: Partial<ExamResultData> = {}): ExamResultData {
  const list = [
    rq(1),
    rq(2, { mine: { lastUserReply: 'B', answered: true, right: false, score: 0, full: 1 }, flagged: true }),
    rq(3, { mine: { lastUserReply: '', answered: false, right: false, score: 0, full: 1 } }),
    rq(4, { childTableName: 'X', answer: ['A', 'C'], mine: { lastUserReply: 'CA', answered: true, right: true, score: 2, full: 2 }, cptID: 12 }),
  ];
  return {
    examHistoryID: 42,
    appID: 1001,
    paperID: 7,
    name: '模拟试卷一',
    mode: 'exam',
    ...tally(3, 5, 2, 1, 1),
    passScore: 3,
    passed: true,
    startedAt: '2026-11-20T01:00:00.000Z',
    handedAt: '2026-11-20T01:12:30.000Z',
    handedBy: 'learner',
    testMode: null,
    counted: false,
    usedSeconds: 750,
    bySection: [
      { type: 'A1', title: 'A1型题', ...tally(1, 3, 1, 1, 1) },
      { type: 'X', title: 'X型题', ...tally(2, 2, 1, 0, 0) },
    ],
    byChapter: [
      { cptID: 11, name: '心力衰竭', ...tally(1, 3, 1, 1, 1) },
      { cptID: 12, name: '原发性高血压', ...tally(2, 2, 1, 0, 0) },
    ],
    review: { groups: [], list },
    ...over,
  };
}

export const trendPoint = (id: number, percent: number, passed = percent >= 60): TrendPoint => ({
  examHistoryID: id,
  handedAt: `2026-11-${String(10 + id).padStart(2, '0')}T02:00:00.000Z`,
  score: percent,
  total: 100,
  percent,
  passed,
});

export function history(trend: TrendPoint[], over: Partial<HistoryData> = {}): HistoryData {
  const list = [...trend].reverse().map((t) => ({
    examHistoryID: t.examHistoryID,
    paperID: 7 as number | null,
    name: '模拟试卷一',
    mode: 'exam' as const,
    score: t.score,
    total: t.total,
    passed: t.passed,
    startedAt: t.handedAt,
    handedAt: t.handedAt,
    handedBy: 'learner' as const,
    testMode: null as string | null,
    counted: false,
    usedSeconds: 600,
  }));
  return { total: list.length, page: 1, list, trend, ...over };
}

export const paper = (paperID: number, over: Partial<PaperRow> = {}): PaperRow => ({
  paperID,
  name: `试卷${paperID}`,
  kind: 'mock',
  tag: null,
  year: null,
  questionCount: 100,
  totalScore: 100,
  passScore: 60,
  timeLimitSeconds: 5400,
  attempts: 0,
  best: null,
  open: null,
  ...over,
});
