import { paperQuestionIds } from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { questionHeat } from '../questions/index.ts';
import { materialise, rulePool, type SetPoolRow } from './sets.ts';
import { createPaperStore } from './store.ts';

describe('tagged paper sets (content/demo/papers/<appID>/sets.json)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the demo recipes of 1001 are materialised as tagged mock papers: whole groups, one mark each, pass at 60 %', async () => {
    const store = createPaperStore(t.db);
    const tagged = (await store.list(1001, 'mock')).filter((p) => p.tag);
    expect(tagged.map((p) => [p.code, p.tag])).toEqual([
      ['burning-1', 'burning'],
      ['lnjt-1', 'lnjt'],
      ['lnjt-2', 'lnjt'],
      ['secret-1', 'secret'],
      ['ytmj-1', 'ytmj'],
      ['ytmj-2', 'ytmj'],
    ]);
    const pool = await store.setPool(1001);
    const byId = new Map(pool.map((r) => [r.id, r]));
    const bank = await store.bank(1001);
    const groupSize = new Map<number, number>();
    for (const q of bank) if (q.groupId !== null) groupSize.set(q.groupId, (groupSize.get(q.groupId) ?? 0) + 1);
    for (const p of tagged) {
      const ids = paperQuestionIds(p);
      expect(new Set(ids).size, p.code).toBe(ids.length);
      expect(p.totalScore, p.code).toBe(ids.length);
      expect(p.passScore, p.code).toBe(Math.ceil(ids.length * 0.6));
      expect(p.sections.every((s) => s.score === 1)).toBe(true);
      // Groups whole: every group present with all its sub-questions.
      const groups = new Map<number, number>();
      for (const id of ids) {
        const g = byId.get(id)!.groupId;
        if (g !== null) groups.set(g, (groups.get(g) ?? 0) + 1);
      }
      for (const [g, n] of groups) expect(n, `${p.code} group ${g}`).toBe(groupSize.get(g));
      // Section types follow the template (mock-1): A1 first.
      expect(p.sections[0]!.type).toBe('A1');
    }
    const get = (code: string) => tagged.find((p) => p.code === code)!;
    // 历年精题: every question (or its group) carries a past-exam year.
    for (const id of paperQuestionIds(get('lnjt-1'))) {
      const r = byId.get(id)!;
      expect(r.year !== null || (r.groupId !== null && pool.some((o) => o.groupId === r.groupId && o.year !== null)), `lnjt-1 ${id}`).toBe(true);
    }
    // 燃卷: hard questions (difficulty ≥ 3) or their groups.
    for (const id of paperQuestionIds(get('burning-1'))) {
      const r = byId.get(id)!;
      expect(r.difficulty >= 3 || (r.groupId !== null && pool.some((o) => o.groupId === r.groupId && o.difficulty >= 3))).toBe(true);
    }
    // Different seeds draw different papers.
    expect(paperQuestionIds(get('ytmj-1'))).not.toEqual(paperQuestionIds(get('ytmj-2')));
    expect(get('ytmj-1').timeLimitSeconds).toBeGreaterThan(0);
  });

  it('2001 gets its sprint papers; materialising again gives the same paper', async () => {
    const store = createPaperStore(t.db);
    const sprint = (await store.list(2001, 'mock')).filter((p) => p.tag === 'sprint');
    expect(sprint.map((p) => p.code)).toEqual(['sprint-1', 'sprint-2']);
    const pool = await store.setPool(2001);
    const again = materialise(2001, { code: 'sprint-1', name: sprint[0]!.name, tag: 'sprint', rule: 'any', count: 20, seed: 'sprint-1' }, [...pool].reverse(), undefined);
    expect(again?.sections).toEqual(sprint[0]!.sections);
  });
});

describe('set rules', () => {
  const row = (id: number, o: Partial<SetPoolRow> = {}): SetPoolRow => ({
    id,
    type: 'A1',
    groupId: null,
    groupOrder: 0,
    difficulty: 2,
    year: null,
    points: [],
    ...o,
  });

  it('heat: past-exam questions of a point plus 100 × its share of the bank; a question takes its hottest point', () => {
    const rows = [row(1, { points: [1], year: 2020 }), row(2, { points: [1] }), row(3, { points: [2] }), row(4)];
    const heat = questionHeat(rows);
    expect(heat.get(1)).toBe(1 + 50);
    expect(heat.get(2)).toBe(1 + 50);
    expect(heat.get(3)).toBe(25);
    expect(heat.get(4)).toBe(0);
  });

  it('a group belongs to a pool when any sub-question does', () => {
    const rows = [row(1, { year: 2021 }), row(2), row(3, { type: 'A3', groupId: 9, groupOrder: 1, year: 2022 }), row(4, { type: 'A3', groupId: 9, groupOrder: 2 })];
    expect(rulePool(rows, 'past-years').map((r) => r.id)).toEqual([1, 3, 4]);
    expect(rulePool(rows, 'any')).toHaveLength(4);
    expect(rulePool([row(1, { difficulty: 3 }), row(2, { difficulty: 1 })], 'hard').map((r) => r.id)).toEqual([1]);
  });

  it('an empty pool makes no paper', () => {
    expect(materialise(1, { code: 'x', name: 'x', tag: 'lnjt', rule: 'past-years', count: 10, seed: 's' }, [row(1)], undefined)).toBeNull();
  });
});
