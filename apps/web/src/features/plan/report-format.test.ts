import { describe, expect, it } from 'vitest';
import { chapterOf, planEvaluationOf, reportDays } from '../../test/fixtures/plan-report';
import { configOf } from './components/report-chart';
import { dayCounts, kindRows, minutesText, readinessBasis, shortDay, weakestFirst, weekdayOf } from './report-format';

describe('report figures', () => {
  it('writes minutes as hours and minutes', () => {
    expect([0, 40, 60, 95, 600].map(minutesText)).toEqual(['0分钟', '40分钟', '1小时', '1小时35分钟', '10小时']);
  });

  it('writes China days short and knows their weekday (Monday 0)', () => {
    expect(shortDay('2026-12-03')).toBe('12月3日');
    expect(weekdayOf('2026-11-23')).toBe(0);
    expect(weekdayOf('2026-11-29')).toBe(6);
  });

  it('counts the days by state (today and coming as left, a past day without tasks apart)', () => {
    expect(dayCounts(reportDays())).toEqual({ counted: 4, frozen: 1, missed: 1, rest: 0, left: 4 });
    expect(dayCounts([])).toEqual({ counted: 0, frozen: 0, missed: 0, rest: 0, left: 0 });
    const rest = reportDays().map((d, i) => (i === 2 ? { ...d, minutes: 0, doneMinutes: 0, tasks: 0, doneTasks: 0, state: 'rest' as const } : d));
    expect(dayCounts(rest)).toEqual({ counted: 3, frozen: 1, missed: 1, rest: 1, left: 4 });
  });

  it('orders chapters weakest first, then heavier, then bank order', () => {
    const order = weakestFirst([chapterOf(1, 'A', 50, 10), chapterOf(2, 'B', 20, 10), chapterOf(3, 'C', 50, 30), chapterOf(4, 'D', 50, 10)]);
    expect(order.map((c) => c.name)).toEqual(['B', 'C', 'A', 'D']);
  });

  it('lists kinds in the contract order without empty ones', () => {
    const rows = kindRows([
      { kind: 'paper', total: 2, done: 0 },
      { kind: 'handout', total: 0, done: 0 },
      { kind: 'chapter', total: 5, done: 1 },
    ]);
    expect(rows.map((r) => r.label)).toEqual(['章节练习', '模拟考试']);
  });

  it('says what the prediction came from', () => {
    expect(readinessBasis(planEvaluationOf().readiness)).toBe('根据题库掌握情况（45%）和最近2次模拟考试（平均57%）预测。');
    expect(readinessBasis(planEvaluationOf({}, { fromMocks: null, mocks: 0 }).readiness)).toMatch(/^根据题库掌握情况预测/);
  });
});

describe('chart configuration', () => {
  const colors: Record<string, string> = { '--chart-text': 'T', '--chart-grid': 'G', '--chart-done': 'green', '--chart-weak': 'red', '--chart-theme': 'blue' };
  const color = (v: string) => colors[v] ?? '?';

  it('draws horizontal bars with the CSS colours, a 0–100 axis with units, cut long labels, and no legend for one series', () => {
    const config = configOf(
      {
        horizontal: true,
        labels: ['内科护理', '基础护理知识和技能操作'],
        series: [{ label: '掌握度', data: [30, 80], tone: ['weak', 'done'] }],
        max: 100,
        unit: '%',
        height: 100,
        summary: 's',
      },
      color,
      'sans-serif',
    );
    expect(config.options?.indexAxis).toBe('y');
    expect(config.data.datasets[0]!.backgroundColor).toEqual(['red', 'green']);
    const x = config.options?.scales?.x as { max: number; ticks: { color: string; callback: (v: number) => string } };
    const y = config.options?.scales?.y as { ticks: { callback: (v: number, i: number) => string } };
    expect(x.max).toBe(100);
    expect(x.ticks.color).toBe('T');
    expect(x.ticks.callback(40)).toBe('40%');
    expect(y.ticks.callback(0, 0)).toBe('内科护理');
    expect(y.ticks.callback(1, 1)).toBe('基础护理知识和…');
    expect(config.options?.plugins?.legend?.display).toBe(false);
    expect(config.options?.animation).toBe(false);
  });

  it('stacks two series with a legend', () => {
    const config = configOf(
      {
        stacked: true,
        labels: ['a'],
        series: [
          { label: '已完成', data: [1], tone: 'done' },
          { label: '未完成', data: [2], tone: 'theme' },
        ],
        height: 100,
        summary: 's',
      },
      color,
      'sans-serif',
    );
    expect(config.options?.indexAxis).toBe('x');
    expect((config.options?.scales?.y as { stacked: boolean }).stacked).toBe(true);
    expect(config.data.datasets.map((d) => d.backgroundColor)).toEqual(['green', 'blue']);
    expect(config.options?.plugins?.legend?.display).toBe(true);
  });
});
