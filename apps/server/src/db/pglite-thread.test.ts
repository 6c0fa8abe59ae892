import { describe, expect, it } from 'vitest';
import { startPgliteThread } from './pglite-thread.ts';

describe('PGlite on a worker thread (PGLITE_THREAD=worker)', () => {
  it('runs queries and transactions (commit and rollback), keeps SQLSTATE codes, and delivers notifications', async () => {
    const db = await startPgliteThread(undefined);
    try {
      await db.query('create table t (id int primary key, at timestamptz)');
      const heard: string[] = [];
      await db.listen('kaoshi_cache', (p) => heard.push(p));

      await db.transaction(async (tx) => {
        await tx.query('insert into t values ($1, $2)', [1, '2026-11-25T10:00:00Z']);
        await tx.query("select pg_notify('kaoshi_cache', 'catalog')");
      });
      await expect(
        db.transaction(async (tx) => {
          await tx.query('insert into t values ($1, $2)', [2, '2026-11-25T10:00:00Z']);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');

      const rows = await db.query('select id, at from t order by id', [], { rowMode: 'array', parsers: { 1184: (v: string) => v } });
      expect(rows.rows).toEqual([[1, expect.stringMatching(/^2026-11-25 10:00:00/)]]);
      await expect(db.query('insert into t values (1, now())')).rejects.toMatchObject({ code: '23505' });
      expect(heard).toEqual(['catalog']);
      await expect(db.query('select 1', [], { parsers: { 23: (v: string) => Number(v) } })).rejects.toThrow(/identity parsers/);
    } finally {
      await db.close();
    }
  });
});
