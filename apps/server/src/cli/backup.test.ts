import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { getOrderNumber, submitReply } from '@kaoshi/contract';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { answers, orders, questions } from '../db/schema/index.ts';
import { seed } from '../seed/seed.ts';
import { createTestAppOn, nextPhone } from '../test/helpers.ts';
import { main, pgEnv } from './backup.ts';

const work = mkdtempSync(join(tmpdir(), 'backup-test-'));
const server = process.env.TEST_DATABASE_URL;
const made: string[] = [];
/** A new empty database on the test server (PostgreSQL runs of the suite), dropped after. */
async function newDatabase(): Promise<string> {
  const name = `backup_${process.pid}_${made.length}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  made.push(name);
  const u = new URL(server!);
  u.pathname = `/${name}`;
  return u.toString();
}
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  if (!server) return;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  for (const name of made) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

const base = { NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent-web-dist' };

describe(`npm run backup / restore on ${server ? 'PostgreSQL (pg_dump)' : 'the embedded PGlite'} (docs/operations.md, "Backups")`, () => {
  it('a learner’s answers and orders and the media folder come back in a fresh database; a second restore over them is refused', { timeout: 180_000 }, async () => {
    const source = { ...base, MEDIA_DIR: join(work, 'media-a'), ...(server ? { DATABASE_URL: await newDatabase() } : { DATA_DIR: join(work, 'a') }) };
    const config = loadConfig(source);
    const handle = await openDatabase(config);
    await handle.migrate();
    await seed(handle.db, Date.now());
    const t = await createTestAppOn(handle, { config });
    const { guid, userID } = await t.register(nextPhone());
    await t.grant(userID, 1001, { vn: '3', vnOrder: 3 });
    const [q] = await t.db.select({ id: questions.id, chapterId: questions.chapterId }).from(questions).where(eq(questions.appId, 1001)).orderBy(asc(questions.id)).limit(1);
    expect((await t.call(submitReply, { guid, appID: 1001, cptID: q!.chapterId, allTestID: q!.id, lastUserReply: 'A', replyID: 'backup-test-reply-000001' })).status).toBe(200);
    expect((await t.call(getOrderNumber, { guid, appID: 1001, vn: '2', payType: 'sandbox', requestId: 'backup-test-order-1' })).status).toBe(200);
    await t.close();
    mkdirSync(join(work, 'media-a', 'u'), { recursive: true });
    writeFileSync(join(work, 'media-a', 'u', 'avatar.jpg'), 'not really a jpeg');

    const said: string[] = [];
    const bk = join(work, 'backup');
    expect(await main('backup', ['--to', bk], source, (l) => said.push(l))).toBe(0);
    expect(JSON.parse(readFileSync(join(bk, 'manifest.json'), 'utf8'))).toMatchObject({ database: server ? 'postgres' : 'pglite', media: 'folder' });
    expect(said.at(-1)).toBe(`backup written to ${bk} (${server ? 'postgres' : 'pglite'}, media: folder); copy it off this machine`);
    // A DATABASE_URL never reaches what the command says.
    expect(said.join('\n')).not.toMatch(/postgres:\/\//);

    const target = { ...base, MEDIA_DIR: join(work, 'media-b'), ...(server ? { DATABASE_URL: await newDatabase() } : { DATA_DIR: join(work, 'b') }) };
    expect(await main('restore', ['--from', bk], target, (l) => said.push(l))).toBe(0);
    const restored = await openDatabase(loadConfig(target));
    try {
      expect(await restored.db.select({ id: answers.id }).from(answers).where(eq(answers.userId, userID))).toHaveLength(1);
      expect(await restored.db.select({ vn: orders.vn }).from(orders).where(eq(orders.userId, userID))).toEqual([{ vn: '2' }]);
    } finally {
      await restored.close();
    }
    expect(readFileSync(join(work, 'media-b', 'u', 'avatar.jpg'), 'utf8')).toBe('not really a jpeg');

    // Over a database that holds data, without --force: refused, nothing touched.
    said.length = 0;
    expect(await main('restore', ['--from', bk], target, (l) => said.push(l))).toBe(1);
    expect(said).toEqual([expect.stringMatching(server ? /^restore failed: the database has tables already/ : /^restore failed: .* holds a database already/)]);
    if (!server) expect(existsSync(join(work, 'b', 'db', 'PG_VERSION'))).toBe(true);
  });

  it('refuses a folder that exists, and an in-memory database', async () => {
    const said: string[] = [];
    expect(await main('backup', ['--to', work], { ...base, DATA_DIR: join(work, 'x') }, (l) => said.push(l))).toBe(1);
    expect(await main('backup', [], { ...base, DATA_DIR: 'memory://' }, (l) => said.push(l))).toBe(1);
    expect(said).toEqual([`backup failed: ${work} exists already: a backup goes into a new folder`, 'backup failed: DATA_DIR is memory://: there is nothing on disk to back up']);
    expect(await main('restore', [], base, () => undefined)).toBe(2);
  });
});

describe('pgEnv', () => {
  it('turns a DATABASE_URL into libpq variables (the password never on a command line)', () => {
    expect(pgEnv('postgres://kaoshi:p%40ss@db.internal:6543/exam?sslmode=require')).toMatchObject({
      PGHOST: 'db.internal',
      PGPORT: '6543',
      PGUSER: 'kaoshi',
      PGPASSWORD: 'p@ss',
      PGDATABASE: 'exam',
      PGSSLMODE: 'require',
    });
  });
});
