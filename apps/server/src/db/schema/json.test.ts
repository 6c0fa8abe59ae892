import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { events } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('jsonb columns', () => {
  it('read back every JSON value as written: strings stay strings (also "120" and "true"), objects and arrays as they were', async () => {
    const values: unknown[] = ['120', 'true', 'A', 'AC', '', '{"a":1}', 120, true, ['A', 'C'], { key: 'A', text: '选项' }, [{ a: [1, '2'] }]];
    const rows = await t.db
      .insert(events)
      .values(values.map((payload, i) => ({ kind: 'json-test', path: `/json/${i}`, payload, createdAt: new Date(t.clock.now) })))
      .returning({ id: events.id });
    const back = await t.db
      .select({ payload: events.payload })
      .from(events)
      .where(
        inArray(
          events.id,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(events.id));
    expect(back.map((r) => r.payload)).toEqual(values);
  });
});
