import { describe, expect, it } from 'vitest';
import { paperFile } from './paper-schema.ts';
import { paperQuestionIds, paperTotal, scorePaper, type Paper, type PaperKey } from './papers.ts';

/** A paper with every question type; ids 1..; chapters 10 (A1, A2, X, TF, FILL), 20 (groups). */
const keys = new Map<number, PaperKey>([
  [1, { type: 'A1', answer: 'C', chapterId: 10 }],
  [2, { type: 'A1', answer: 'A', chapterId: 10 }],
  [3, { type: 'A2', answer: 'B', chapterId: 10 }],
  [4, { type: 'X', answer: 'ACD', chapterId: 10 }],
  [5, { type: 'TF', answer: 'B', chapterId: 10 }],
  [6, { type: 'FILL', answer: ['胰岛素', 'insulin'], chapterId: 10 }],
  [7, { type: 'A3', answer: 'A', chapterId: 20 }],
  [8, { type: 'A3', answer: 'D', chapterId: 20 }],
  [9, { type: 'A4', answer: 'E', chapterId: 20 }],
  [10, { type: 'A4', answer: 'B', chapterId: 20 }],
  [11, { type: 'B1', answer: 'A', chapterId: 20 }],
  [12, { type: 'B1', answer: 'A', chapterId: 20 }],
  [13, { type: 'CASE', answer: 'ACE', chapterId: 20 }],
  [14, { type: 'CASE', answer: 'BD', chapterId: 20 }],
]);
const keyOf = (id: number) => keys.get(id);

const paper: Paper = {
  appID: 1001,
  code: 'unit',
  kind: 'mock',
  name: '单元测试卷',
  timeLimitSeconds: 600,
  passScore: 12,
  sections: [
    { type: 'A1', title: 'A1型题', score: 1, questions: [1, 2] },
    { type: 'A2', title: 'A2型题', score: 1, questions: [3] },
    { type: 'X', title: '多选题', score: 2, questions: [4] },
    { type: 'TF', title: '判断题', score: 0.5, questions: [5] },
    { type: 'FILL', title: '填空题', score: 1, questions: [6] },
    { type: 'A3', title: 'A3型题', score: 1, questions: [7, 8] },
    { type: 'A4', title: 'A4型题', score: 1, questions: [9, 10] },
    { type: 'B1', title: 'B1型题', score: 1, questions: [11, 12] },
    { type: 'CASE', title: '案例分析题', score: 3, questions: [13, 14] },
  ],
};

describe('paperTotal', () => {
  it('sums score × questions over sections', () => {
    // 2 + 1 + 2 + 0.5 + 1 + 2 + 2 + 2 + 6
    expect(paperTotal(paper)).toBe(18.5);
    expect(paperQuestionIds(paper)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
  });
});

describe('scorePaper', () => {
  it('every type answered right scores full marks', () => {
    const replies = new Map<number, string>([
      [1, 'C'],
      [2, 'a'],
      [3, 'B'],
      [4, 'DCA'],
      [5, 'B'],
      [6, ' Insulin '],
      [7, 'A'],
      [8, 'D'],
      [9, 'E'],
      [10, 'B'],
      [11, 'A'],
      [12, 'A'],
      [13, 'ECA'],
      [14, 'BD'],
    ]);
    const r = scorePaper(paper, keyOf, replies);
    expect(r).toMatchObject({ score: 18.5, total: 18.5, passed: true, right: 14, wrong: 0, unanswered: 0 });
    expect(r.bySection.map((s) => [s.type, s.title, s.score, s.total, s.right])).toEqual([
      ['A1', 'A1型题', 2, 2, 2],
      ['A2', 'A2型题', 1, 1, 1],
      ['X', '多选题', 2, 2, 1],
      ['TF', '判断题', 0.5, 0.5, 1],
      ['FILL', '填空题', 1, 1, 1],
      ['A3', 'A3型题', 2, 2, 2],
      ['A4', 'A4型题', 2, 2, 2],
      ['B1', 'B1型题', 2, 2, 2],
      ['CASE', '案例分析题', 6, 6, 2],
    ]);
    expect(r.items.every((i) => i.right && i.answered)).toBe(true);
  });

  it('a mixed hand-in: wrong, partial CASE with deductions, unanswered, by section and by chapter', () => {
    const replies = new Map<number, string>([
      [1, 'C'], // right 1
      [2, 'B'], // wrong
      // 3 unanswered
      [4, 'AC'], // X partly: no marks
      [5, 'B'], // right 0.5
      [6, '胰高血糖素'], // wrong
      [7, 'A'], // right 1
      [8, '  '], // blank = unanswered
      [9, 'E'], // right 1
      [10, 'C'], // wrong
      [11, 'A'], // right 1
      [12, 'B'], // wrong
      [13, 'ACB'], // CASE: 2 right picks (+2), 1 wrong (−1) → 1 of 3
      [14, 'ACE'], // CASE: 0 right, 3 wrong → never below 0
    ]);
    const r = scorePaper(paper, keyOf, replies);
    expect(r.score).toBe(5.5);
    expect(r).toMatchObject({ total: 18.5, passed: false, right: 5, wrong: 7, unanswered: 2 });
    expect(r.bySection.find((s) => s.type === 'CASE')).toEqual({ type: 'CASE', title: '案例分析题', score: 1, total: 6, right: 0, wrong: 2, unanswered: 0 });
    expect(r.bySection.find((s) => s.type === 'A3')).toMatchObject({ score: 1, right: 1, wrong: 0, unanswered: 1 });
    expect(r.byChapter).toEqual([
      { chapterId: 10, score: 1.5, total: 6.5, right: 2, wrong: 3, unanswered: 1 },
      { chapterId: 20, score: 4, total: 12, right: 3, wrong: 4, unanswered: 1 },
    ]);
    expect(r.items.find((i) => i.id === 13)).toEqual({ id: 13, score: 1, right: false, answered: true });
    expect(r.items.find((i) => i.id === 14)).toEqual({ id: 14, score: 0, right: false, answered: true });
    expect(r.items.find((i) => i.id === 3)).toEqual({ id: 3, score: 0, right: false, answered: false });
    // The sum over items, sections and chapters is the paper's score.
    const sum = (xs: { score: number }[]) => Math.round(xs.reduce((a, x) => a + x.score, 0) * 100) / 100;
    expect(sum(r.items)).toBe(r.score);
    expect(sum(r.bySection)).toBe(r.score);
    expect(sum(r.byChapter)).toBe(r.score);
  });

  it('the worked example of docs/papers.md', () => {
    const k = new Map<number, PaperKey>([
      [1, { type: 'A1', answer: 'C', chapterId: 1 }],
      [2, { type: 'A1', answer: 'A', chapterId: 1 }],
      [3, { type: 'X', answer: 'ACD', chapterId: 1 }],
      [4, { type: 'CASE', answer: 'ACE', chapterId: 2 }],
      [5, { type: 'CASE', answer: 'BD', chapterId: 2 }],
    ]);
    const p = {
      passScore: 6,
      sections: [
        { type: 'A1' as const, title: 'A1型题', score: 1, questions: [1, 2] },
        { type: 'X' as const, title: '多选题', score: 2, questions: [3] },
        { type: 'CASE' as const, title: '案例分析题', score: 3, questions: [4, 5] },
      ],
    };
    const r = scorePaper(
      p,
      (id) => k.get(id),
      new Map([
        [1, 'C'],
        [3, 'AC'],
        [4, 'ACB'],
        [5, 'BDA'],
      ]),
    );
    expect(r).toMatchObject({ score: 3.5, total: 10, right: 1, wrong: 3, unanswered: 1, passed: false });
    expect(r.items.map((i) => i.score)).toEqual([1, 0, 0, 1, 1.5]);
  });

  it('nothing answered: 0, everything unanswered, not passed', () => {
    const r = scorePaper(paper, keyOf, new Map());
    expect(r).toMatchObject({ score: 0, total: 18.5, right: 0, wrong: 0, unanswered: 14, passed: false });
  });

  it('the pass line exactly met passes; a hair below does not', () => {
    const p = { ...paper, passScore: 3 };
    const three = new Map([
      [1, 'C'],
      [2, 'A'],
      [3, 'B'],
    ]);
    expect(scorePaper(p, keyOf, three)).toMatchObject({ score: 3, passed: true });
    expect(scorePaper(p, keyOf, new Map([...three, [2, 'B']]))).toMatchObject({ score: 2, passed: false });
  });

  it('thirds of a CASE mark are summed unrounded and rounded to 2 decimals at the end', () => {
    // Three CASE questions of 1 mark with three correct keys each, one key picked: 3 × 1/3 = 1, not 0.99.
    const k = new Map<number, PaperKey>([1, 2, 3].map((id) => [id, { type: 'CASE', answer: 'ABC', chapterId: 1 }]));
    const p = { passScore: 1, sections: [{ type: 'CASE' as const, title: '案例分析题', score: 1, questions: [1, 2, 3] }] };
    const r = scorePaper(p, (id) => k.get(id), new Map([1, 2, 3].map((id) => [id, 'A'])));
    expect(r.score).toBe(1);
    expect(r.passed).toBe(true);
    expect(r.items.map((i) => i.score)).toEqual([0.33, 0.33, 0.33]);
  });

  it('a question the key does not know is an error, not a silent zero', () => {
    expect(() => scorePaper({ passScore: 0, sections: [{ type: 'A1', title: 'A1型题', score: 1, questions: [99] }] }, keyOf, new Map())).toThrow('试卷中的题目 99 不存在');
  });
});

describe('paper file schema', () => {
  const good = {
    appID: 1001,
    code: 'mock-1',
    kind: 'mock',
    name: '模拟卷一',
    timeLimitMinutes: 100,
    passScore: 72,
    sections: [{ type: 'A1', score: 1, questions: ['a-001'] }],
  };
  it('accepts a paper file', () => {
    expect(paperFile.parse(good).sections[0]).toEqual({ type: 'A1', score: 1, questions: ['a-001'] });
  });
  it('rejects bad fields with Chinese messages', () => {
    const r = paperFile.safeParse({ ...good, kind: 'exam', timeLimitMinutes: 0, sections: [{ type: 'Z', score: 0, questions: [] }] });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'kind: 试卷类型必须是 mock（模拟考试）或 past（历年真题）',
        'timeLimitMinutes: 考试时长必须大于0',
        'sections.0.type: 题型必须是 A1、A2、A3、A4、B1、X、TF、FILL 或 CASE',
        'sections.0.score: 每题分值必须大于0',
        'sections.0.questions: 每个大题至少要有一道题',
      ]),
    );
  });
});
