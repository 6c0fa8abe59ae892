import { PLAN_MSG, PLAN_STAGES } from '@kaoshi/contract';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '../../platform/china-time.ts';
import type { ChapterFacts, PlannedTask, PlannerInput, PlannerOutput } from './model.ts';
import { byPriority, isStrong, planDays, stageLengths } from './planner.ts';
import { boostsOf, weakOf } from './readiness.ts';

const TODAY = '2026-11-26';

/** 20 chapters of 10–60 questions; weight = share of the bank. A strong learner knows 16 of them (90 %), a weak one little. */
const chaptersOf = (learner: 'strong' | 'weak'): ChapterFacts[] => {
  const sizes = Array.from({ length: 20 }, (_, i) => 10 + ((i * 17) % 51));
  const bank = sizes.reduce((a, b) => a + b, 0);
  return sizes.map((questions, i) => {
    const strong = learner === 'strong' && i % 5 !== 0;
    const done = strong ? questions : Math.floor(questions * (i % 3) * 0.1);
    const right = strong ? Math.ceil(questions * 0.9) : Math.floor(done / 2);
    return { id: 101 + i, name: `第${i + 1}章`, order: i + 1, questions, done, right, weight: questions / bank, boost: 0 };
  });
};

const facts = (days: number, minutes: number, learner: 'strong' | 'weak', extra: Partial<PlannerInput> = {}): PlannerInput => ({
  today: TODAY,
  examDate: addDays(TODAY, days),
  minutesPerDay: minutes,
  secondsPerQuestion: learner === 'strong' ? 40 : 75,
  chapters: chaptersOf(learner),
  lessons: [
    ...Array.from({ length: 10 }, (_, i) => ({ id: 201 + i, title: `课程${i + 1}`, chapterId: 101 + i * 2, order: i + 1, minutes: 18 + i, done: i === 3 })),
    { id: 251, title: '导学课', chapterId: null, order: 0, minutes: 12, done: false },
    { id: 252, title: '考试指南', chapterId: null, order: 20, minutes: 45, done: false },
  ],
  handouts: Array.from({ length: 6 }, (_, i) => ({ id: 301 + i, title: `讲义${i + 1}`, chapterId: 101 + i * 3, order: i + 1, minutes: 5 + i * 2, done: false })),
  papers: [1, 2, 3].map((k) => ({ id: 400 + k, name: `模拟试卷${k}`, minutes: 120, done: false })),
  reviewDue: Array.from({ length: days }, (_, i) => (i === 0 ? 25 : i % 4 === 1 ? 6 : 0)),
  skipped: new Set(),
  ...extra,
});

const dayIndex = (input: PlannerInput, t: PlannedTask) => daysBetween(input.today, t.day);
const stageOf = (out: PlannerOutput, day: string) => out.stages.find((s) => s.from <= day && day <= s.to)!.stage;
const chapterOrder = (tasks: readonly PlannedTask[]) => [...new Set(tasks.filter((t) => t.kind === 'chapter').map((t) => t.refId))];

/** The invariants every plan keeps (the list). */
const expectInvariants = (input: PlannerInput, out: PlannerOutput) => {
  const total = daysBetween(input.today, input.examDate);
  // stages in order, contiguous, covering today … the day before the exam
  expect(out.stages.map((s) => s.stage)).toEqual([...PLAN_STAGES]);
  expect(out.stages[0]!.from).toBe(input.today);
  expect(out.stages[2]!.to).toBe(addDays(input.examDate, -1));
  for (const [i, s] of out.stages.entries()) {
    expect(s.from <= s.to).toBe(true);
    if (i > 0) expect(s.from).toBe(addDays(out.stages[i - 1]!.to, 1));
  }
  // sorted by day then sort; sort is the order within the day
  const byDay = new Map<string, PlannedTask[]>();
  for (const t of out.tasks) byDay.set(t.day, [...(byDay.get(t.day) ?? []), t]);
  expect([...byDay.values()].flat()).toEqual(out.tasks);
  for (const [day, tasks] of byDay) {
    expect(tasks.map((t) => t.sort)).toEqual(tasks.map((_, i) => i));
    expect(day >= input.today && day < input.examDate).toBe(true);
    const minutes = tasks.reduce((s, t) => s + t.minutes, 0);
    if (tasks.length > 1) expect(minutes).toBeLessThanOrEqual(input.minutesPerDay);
    for (const t of tasks) expect(t.stage).toBe(stageOf(out, day));
  }
  const cumulativeDue = (i: number) => input.reviewDue.slice(0, i + 1).reduce((a, b) => a + b, 0);
  for (const t of out.tasks) {
    expect(t.minutes).toBeGreaterThan(0);
    expect(t.target).toBeGreaterThan(0);
    if (t.kind === 'paper') expect(t.stage).toBe('冲刺');
    if (t.kind === 'review') expect(cumulativeDue(dayIndex(input, t))).toBeGreaterThan(0);
    expect(input.skipped.has(`${t.kind}:${t.refId}`)).toBe(false);
  }
  // a day with items falling due holds its review, unless a single task took the day
  for (let i = 0; i < total; i += 1) {
    const tasks = byDay.get(addDays(input.today, i)) ?? [];
    if ((input.reviewDue[i] ?? 0) > 0 && tasks.length !== 1 && !input.skipped.has('review:0')) expect(tasks.some((t) => t.kind === 'review')).toBe(true);
  }
  // 基础 takes chapters weak and heavy first, and leaves strong ones out
  const ranked = byPriority(input.chapters).map((c) => c.id);
  const basics = chapterOrder(out.tasks.filter((t) => t.stage === '基础'));
  expect(basics).toEqual(ranked.filter((id) => basics.includes(id)));
  const strong = new Set(input.chapters.filter(isStrong).map((c) => c.id));
  expect(basics.filter((id) => strong.has(id))).toEqual([]);
  // deterministic
  expect(planDays(input)).toEqual(out);
};

const cases = [10, 60, 180].flatMap((days) => [30, 120].flatMap((minutes) => (['strong', 'weak'] as const).map((learner) => ({ days, minutes, learner }))));

describe('planDays: exam in 10 / 60 / 180 days × 30 / 120 minutes × strong / weak learner', () => {
  it.each(cases)('$days days, $minutes min, $learner learner: keeps the invariants', ({ days, minutes, learner }) => {
    const input = facts(days, minutes, learner);
    const out = planDays(input);
    expectInvariants(input, out);
    const [basics, focus, sprint] = stageLengths(days);
    expect(daysBetween(out.stages[0]!.from, out.stages[0]!.to) + 1).toBe(basics);
    expect(daysBetween(out.stages[1]!.from, out.stages[1]!.to) + 1).toBe(focus);
    expect(daysBetween(out.stages[2]!.from, out.stages[2]!.to) + 1).toBe(sprint);
    expect(out.tasks.some((t) => t.kind === 'paper')).toBe(true);
  });

  it('a strong learner gets fewer 基础 chapter tasks than a weak one', () => {
    for (const days of [10, 60, 180])
      for (const minutes of [30, 120]) {
        const count = (learner: 'strong' | 'weak') => planDays(facts(days, minutes, learner)).tasks.filter((t) => t.stage === '基础' && t.kind === 'chapter').length;
        expect(count('strong')).toBeLessThan(count('weak'));
      }
  });

  it('squeezes when the content cannot fit (30 min × 10 days), not when it fits easily (120 min × 180 days)', () => {
    for (const learner of ['strong', 'weak'] as const) {
      expect(planDays(facts(10, 30, learner)).squeezed).toBe(true);
      expect(planDays(facts(180, 120, learner)).squeezed).toBe(false);
    }
  });

  it('plans every unanswered question, lesson and handout of the weak chapters when it fits', () => {
    const input = facts(180, 120, 'weak');
    const out = planDays(input);
    const basics = out.tasks.filter((t) => t.stage === '基础');
    for (const c of input.chapters) {
      const planned = basics.filter((t) => t.kind === 'chapter' && t.refId === c.id).reduce((s, t) => s + t.target, 0);
      expect(planned).toBe(c.questions - c.done);
    }
    expect(
      basics
        .filter((t) => t.kind === 'lesson')
        .map((t) => t.refId)
        .sort(),
    ).toEqual([201, 202, 203, 205, 206, 207, 208, 209, 210, 251, 252]);
    expect(basics.filter((t) => t.kind === 'handout')).toHaveLength(6);
    // 强化 gives every chapter one task; 冲刺 sits all three mocks at least a day apart
    expect(chapterOrder(out.tasks.filter((t) => t.stage === '强化')).sort()).toEqual(input.chapters.map((c) => c.id));
    const mocks = out.tasks.filter((t) => t.kind === 'paper').map((t) => dayIndex(input, t));
    expect(mocks).toHaveLength(3);
    expect(mocks[1]! - mocks[0]!).toBeGreaterThanOrEqual(2);
  });

  it('spreads a light stage over its days instead of front-loading it', () => {
    const input = facts(180, 120, 'weak');
    const basicsDays = new Set(
      planDays(input)
        .tasks.filter((t) => t.stage === '基础' && t.kind !== 'review')
        .map((t) => t.day),
    );
    expect(basicsDays.size).toBeGreaterThan(45);
  });

  it('gives a task larger than a day a day of its own (its review waits for the next day)', () => {
    const input = facts(10, 30, 'weak', { papers: [{ id: 401, name: '模拟试卷1', minutes: 120, done: false }] });
    const out = planDays(input);
    const mock = out.tasks.find((t) => t.kind === 'paper')!;
    expect(out.tasks.filter((t) => t.day === mock.day)).toEqual([mock]);
  });
});

describe('planDays: re-planning', () => {
  it('a missed week: the re-plan covers the remaining days, plans the undone chapters again by priority, squeezes', () => {
    const input = facts(30, 90, 'weak');
    const before = planDays(input);
    expect(before.squeezed).toBe(false);
    const later = { ...input, today: addDays(TODAY, 7), reviewDue: input.reviewDue.slice(7) };
    const after = planDays(later);
    expectInvariants(later, after);
    expect(after.tasks.every((t) => t.day >= later.today)).toBe(true);
    expect(after.stages[0]!.from).toBe(later.today);
    expect(after.stages[2]!.to).toBe(before.stages[2]!.to);
    const firstWeek = chapterOrder(before.tasks.filter((t) => t.day < later.today));
    expect(firstWeek.length).toBeGreaterThan(0);
    const replanned = chapterOrder(after.tasks.filter((t) => t.stage === '基础'));
    expect(replanned.slice(0, firstWeek.length)).toEqual(firstWeek);
    expect(after.squeezed).toBe(true);
  });

  it('a missed week on a plan that fitted easily still fits', () => {
    const input = facts(180, 120, 'weak');
    const after = planDays({ ...input, today: addDays(TODAY, 7), reviewDue: input.reviewDue.slice(7) });
    expect(after.squeezed).toBe(false);
  });

  it('a mock showing weak chapters: the re-plan puts them first in 基础 and 强化', () => {
    const input = facts(60, 60, 'weak');
    const before = planDays(input);
    const lastOf = (stage: string) => chapterOrder(before.tasks.filter((t) => t.stage === stage));
    const [a, b] = lastOf('基础').slice(-2);
    const weak = weakOf([
      { cptID: a!, name: 'A', right: 1, total: 10 },
      { cptID: b!, name: 'B', right: 3, total: 10 },
      { cptID: 101, name: 'C', right: 9, total: 10 },
    ]);
    expect(weak.map((w) => w.cptID)).toEqual([a, b]);
    const boosts = boostsOf(weak);
    const after = planDays({ ...input, chapters: input.chapters.map((c) => ({ ...c, boost: boosts[c.id] ?? 0 })) });
    expect(
      chapterOrder(after.tasks.filter((t) => t.stage === '基础'))
        .slice(0, 2)
        .sort(),
    ).toEqual([a, b].sort());
    expect(
      chapterOrder(after.tasks.filter((t) => t.stage === '强化'))
        .slice(0, 2)
        .sort(),
    ).toEqual([a, b].sort());
  });

  it('never plans a skipped node', () => {
    const skipped = new Set(['chapter:101', 'chapter:110', 'lesson:201', 'handout:302', 'paper:402', 'review:0']);
    for (const [days, minutes] of [
      [10, 30],
      [60, 120],
    ] as const) {
      const input = facts(days, minutes, 'weak', { skipped });
      const out = planDays(input);
      expectInvariants(input, out);
      expect(out.tasks.filter((t) => skipped.has(`${t.kind}:${t.refId}`))).toEqual([]);
    }
  });

  it('plans no done lesson, handout or mock', () => {
    const input = facts(60, 120, 'weak');
    const done = { ...input, handouts: input.handouts.map((h) => ({ ...h, done: true })), papers: input.papers.map((p) => ({ ...p, done: p.id !== 403 })) };
    const out = planDays(done);
    expect(out.tasks.filter((t) => t.kind === 'lesson' && t.refId === 204)).toEqual([]);
    expect(out.tasks.filter((t) => t.kind === 'handout')).toEqual([]);
    expect(out.tasks.filter((t) => t.kind === 'paper').map((t) => t.refId)).toEqual([403]);
  });
});

describe('planDays: refusals', () => {
  const refused = (extra: Partial<PlannerInput>) => () => planDays(facts(60, 60, 'weak', extra));
  it.each([
    ['the exam is today', { examDate: TODAY }, PLAN_MSG.pastDate],
    ['the exam was yesterday', { examDate: addDays(TODAY, -1) }, PLAN_MSG.pastDate],
    ['the exam is more than two years ahead', { examDate: addDays(TODAY, 731) }, PLAN_MSG.tooFar],
    ['fewer than 3 days are left', { examDate: addDays(TODAY, 2) }, PLAN_MSG.tooFewDays],
    ['fewer than 10 minutes a day', { minutesPerDay: 9 }, PLAN_MSG.minutes],
    ['more than 600 minutes a day', { minutesPerDay: 601 }, PLAN_MSG.minutes],
    ['minutes not whole', { minutesPerDay: 30.5 }, PLAN_MSG.minutes],
    ['nothing to plan', { chapters: [], lessons: [], handouts: [], papers: [] }, PLAN_MSG.noContent],
  ])('%s', (_, extra, message) => {
    expect(refused(extra)).toThrow(message);
  });

  it('plans exactly 3 days and 730 days', () => {
    const three = facts(3, 60, 'weak');
    expectInvariants(three, planDays(three));
    expect(planDays(facts(730, 60, 'weak')).stages.map((s) => s.to.slice(0, 4))).toEqual(['2027', '2028', '2028']);
  });

  it('plans papers alone when the subject has only papers', () => {
    const input = facts(10, 120, 'weak', { chapters: [], lessons: [], handouts: [] });
    const out = planDays(input);
    expect(out.tasks.filter((t) => t.kind !== 'review').map((t) => t.kind)).toEqual(['paper']);
  });
});
