import { randomBytes } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPool, type DatabaseHandle } from '../db/index.ts';
import { papers, questions } from '../db/schema/index.ts';
import { TEST_EPOCH } from '../test/helpers.ts';
import { migrateAndSeed } from './seed.ts';

/**
 * Several servers starting at once on one fresh PostgreSQL database (seed.ts, migrateAndSeed): they take turns
 * under the start lock, and a re-seed leaves the published papers as they are. PostgreSQL only (TEST_DATABASE_URL):
 * PGlite is one process.
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('starting on PostgreSQL', () => {
  const name = `start_${randomBytes(5).toString('hex')}`;
  const handles: DatabaseHandle[] = [];
  const open = () => {
    const target = new URL(url!);
    target.pathname = `/${name}`;
    const handle = fromPool(new pg.Pool({ connectionString: target.toString(), max: 4 }));
    handles.push(handle);
    return handle;
  };
  const admin = () => new pg.Client({ connectionString: url });

  beforeAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
  });
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    const c = admin();
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });

  it('two processes migrating and seeding a fresh database at once both succeed, one after the other', async () => {
    const [a, b] = [open(), open()];
    const results = await Promise.allSettled([migrateAndSeed(a, TEST_EPOCH), migrateAndSeed(b, TEST_EPOCH)]);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok']);
    const [first, second] = results.map((r) => (r as PromiseFulfilledResult<Awaited<ReturnType<typeof migrateAndSeed>>>).value);
    // One of them made the demo accounts; the other, let in after it, found them there.
    expect(Math.min(first!.users, second!.users)).toBe(0);
    expect(Math.max(first!.users, second!.users)).toBeGreaterThan(0);
  });

  it('a restart re-seeds without changing a published paper: the same questions, none updated', async () => {
    const handle = open();
    const before = await handle.db.select({ code: papers.code, sections: papers.sections, updatedAt: papers.updatedAt }).from(papers).orderBy(asc(papers.id));
    expect(before.length).toBeGreaterThan(0);
    // A database in use has its rows in another physical order than the seed wrote them (an update writes a new row
    // version at the end): a query without ORDER BY then reads them in that order.
    await handle.db.execute(sql`update ${questions} set difficulty = difficulty where id % 2 = 0`);
    const again = await migrateAndSeed(handle, TEST_EPOCH + 86_400_000);
    const line1001 = again.papers.find((l) => l.startsWith('1001:'));
    expect(line1001).toMatch(/^1001: 0 new, 0 updated, \d+ unchanged/);
    for (const line of again.papers) expect(line).toMatch(/: 0 new, 0 updated, /);
    const after = await handle.db.select({ code: papers.code, sections: papers.sections, updatedAt: papers.updatedAt }).from(papers).orderBy(asc(papers.id));
    expect(after).toEqual(before);
  });
});
