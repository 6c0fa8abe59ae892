import { describe, expect, it } from 'vitest';
import { TEST_MODES } from '@kaoshi/contract';
import { homeModule } from '../../test/fixtures/home';
import { sessionPath, type Blueprint } from './api';
import { bestByName, drawnFigures, formatRemaining, seatNo } from './format';
import { HUB_GROUPS, hubGroups, rowAccess } from './hub';

// The exam centre's pure helpers (the screens' tests: features/exam-center/exam-center.test.tsx).

const mod = (id: string, allowed: boolean) => homeModule(id, id, `/${id}`, allowed, allowed ? [] : [{ vn: '3', vname: '至尊班' }]);

const blueprint: Pick<Blueprint, 'sections' | 'limitSeconds'> = {
  sections: [
    { type: 'A1', title: 'A1型题', count: 40, score: 1 },
    { type: 'A2', title: 'A2型题', count: 40, score: 1 },
    { type: 'A3', title: 'A3/A4型题', count: 20, score: 1 },
  ],
  limitSeconds: 6000,
};

describe('exam centre data', () => {
  it('groups only rows of the table, each once; the hub leaves out itself, the simulator and the pay pages', () => {
    const ids = HUB_GROUPS.flatMap((g) => g.ids);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids)
      expect(
        TEST_MODES.some((m) => m.id === id),
        id,
      ).toBe(true);
    for (const id of ['exam', 'computerPaper', 'lnztjpay', 'AICorePay']) expect(ids).not.toContain(id);
    expect(HUB_GROUPS.map((g) => g.title)).toEqual(['考试', '练习', '冲刺', '智能']);
  });

  it('row access from the home grid: no module → open, allowed → open, not allowed → locked, absent → hidden', () => {
    const grid = [mod('paper', true), mod('sprint', false)];
    expect(rowAccess({ module: null }, grid)).toEqual({ state: 'open' });
    expect(rowAccess({ module: 'paper' }, grid)).toEqual({ state: 'open' });
    expect(rowAccess({ module: 'sprint' }, grid)).toEqual({ state: 'locked', unlocking: [{ vn: '3', vname: '至尊班' }] });
    expect(rowAccess({ module: 'ai' }, grid)).toEqual({ state: 'hidden' });
    const groups = hubGroups(grid);
    expect(groups.map((g) => g.title)).toEqual(['考试', '练习', '冲刺']);
    expect(groups[1]!.rows.map((r) => r.row.id)).toEqual(['lnztgather']);
    expect(groups[0]!.rows.map((r) => r.row.id)).toEqual(['mockExam', 'renjilist', 'realPapertest', 'mockTest', 'newLnjtMnsj', 'examinationGuide']);
  });

  it('figures: session path by display, remaining time, seat number, drawn marks, best per name', () => {
    expect(sessionPath({ examHistoryID: 3, mode: 'exam' })).toBe('/computerPaper?examHistoryID=3');
    expect(sessionPath({ examHistoryID: 3, mode: 'practice' })).toBe('/answerTest?source=session&examHistoryID=3');
    expect(formatRemaining(3725)).toBe('62:05');
    expect(formatRemaining(null)).toBe('不限时');
    expect(seatNo(123456)).toBe('3456');
    expect(seatNo(42)).toBe('0042');
    expect(drawnFigures(blueprint)).toEqual({ count: 100, total: 100, pass: 60, minutes: 100 });
    const best = bestByName([
      { name: 'a', score: 10, total: 20, handedBy: 'learner' },
      { name: 'a', score: 15, total: 20, handedBy: 'deadline' },
      { name: 'a', score: 19, total: 20, handedBy: 'abandoned' },
    ]);
    expect(best.get('a')).toEqual({ score: 15, total: 20, attempts: 2 });
  });
});
