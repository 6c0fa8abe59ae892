import { asc, sql } from 'drizzle-orm';
import { boolean, doublePrecision, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { bulk, columnNames, fromExcluded, unnestRows, type BulkColumn } from './bulk.ts';

let t: TestApp;
const probe = pgTable('bulk_probe', {
  id: integer('id').primaryKey(),
  label: text('label'),
  ok: boolean('ok').notNull(),
  share: doublePrecision('share').notNull(),
  at: timestamp('at', { withTimezone: true }),
});
type Row = typeof probe.$inferSelect;
const columns: BulkColumn<Row>[] = [
  [probe.id, (r) => r.id],
  [probe.label, (r) => r.label],
  [probe.ok, (r) => r.ok],
  [probe.share, (r) => r.share],
  [probe.at, (r) => r.at],
];

beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`create table bulk_probe (id integer primary key, label text, ok boolean not null, share double precision not null, at timestamptz)`);
});
afterAll(() => t.close());

describe('bulk writes (unnest)', () => {
  it('insert every value as given (quotes, commas, braces, backslashes, Chinese, null, doubles, instants) and upsert from excluded', async () => {
    const at = new Date('2026-03-02T02:00:00.123Z');
    const rows: Row[] = [
      { id: 1, label: 'A', ok: true, share: 0.1 + 0.2, at },
      { id: 2, label: 'say "hi", {x}\\n 选项', ok: false, share: 1 / 3, at: null },
      { id: 3, label: null, ok: true, share: -2.5e-7, at: new Date(0) },
      { id: 4, label: '', ok: false, share: 1e-300, at },
    ];
    const back = await bulk<{ id: number }>(t.db, sql`insert into ${probe} ${unnestRows(columns, rows)} returning ${columnNames(probe.id)}`);
    expect(back.map((r) => r.id)).toEqual([1, 2, 3, 4]);
    expect(await t.db.select().from(probe).orderBy(asc(probe.id))).toEqual(rows);

    const changed: Row[] = [
      { ...rows[0]!, label: 'B', share: 2 },
      { id: 5, label: 'new', ok: true, share: 5, at },
    ];
    await bulk(t.db, sql`insert into ${probe} ${unnestRows(columns, changed)} on conflict (${columnNames(probe.id)}) do update set ${fromExcluded([probe.label, probe.share])}`);
    const all = await t.db.select().from(probe).orderBy(asc(probe.id));
    expect(all.map((r) => [r.id, r.label, r.share])).toEqual([
      [1, 'B', 2],
      [2, rows[1]!.label, 1 / 3],
      [3, null, -2.5e-7],
      [4, '', 1e-300],
      [5, 'new', 5],
    ]);
  });

  it('take no rows', async () => {
    expect(await bulk(t.db, sql`insert into ${probe} ${unnestRows(columns, [])} returning ${columnNames(probe.id)}`)).toEqual([]);
  });
});
