import { changePassword, getChapterTestEx, logout, moduleInfoX, submitReply, useCode } from '@kaoshi/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases, sessions, subjects, versions } from '../../db/schema/index.ts';
import { hashCode } from './codes.ts';
import { createEntitlementStore } from './store.ts';
import { createTestApp, createTwinApp, DEMO, freshIp, md5, type TestApp } from '../../test/helpers.ts';

/**
 * Caching never serves a revoked purchase, a logged-out session or another learner's data (docs/caching.md).
 * `a` and `b` are two servers on one database, each with its own caches and LISTEN connection, as two processes
 * behind a load balancer. On PGlite both hear the database's notification before the write resolves; on
 * PostgreSQL it travels over the listening connection, so `b` is asked until it has heard (within a second).
 */
const DAY = 86_400_000;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTwinApp(a);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

async function eventually<T>(ask: () => Promise<T>, ok: (v: T) => boolean, withinMs = 1000): Promise<T> {
  const until = Date.now() + withinMs;
  for (;;) {
    const v = await ask();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** The body status `ask` answers once it is `status`, or the last one it answered after a second. */
const statusSoon = async (ask: () => Promise<{ status: number }>, status: number) => (await eventually(ask, (r) => r.status === status)).status;

const practiceModule = async (t: TestApp, guid: string, appID = 1001) =>
  ((await t.call(moduleInfoX, { guid, appID })).data.modules as { id: string; allowed: boolean }[]).find((m) => m.id === 'paper')!;
/** Whether the module is open to the learner on `t`, once it is `allowed`, or as it was after a second. */
const allowedSoon = async (t: TestApp, guid: string, allowed: boolean) =>
  (
    await eventually(
      () => practiceModule(t, guid),
      (m) => m.allowed === allowed,
    )
  ).allowed;

describe('caches across two servers', () => {
  it('a purchase made through one opens the module through the other, after both had it locked', async () => {
    const { guid, userName } = await a.register('13877770001');
    expect((await practiceModule(a, guid)).allowed).toBe(false);
    expect((await practiceModule(b, guid)).allowed).toBe(false);
    await createEntitlementStore(a.db).addCode({
      codeHash: hashCode('CACHE-TWIN-1'),
      appId: 1001,
      vn: '3',
      validityDays: 30,
      expiresAt: new Date(a.clock.now + 365 * DAY),
      createdAt: new Date(a.clock.now),
    });
    expect((await a.call(useCode, { guid, code: 'CACHE-TWIN-1', userName, appID: 1001 })).status).toBe(200);
    // The server that took the purchase knows at once; the other as soon as the notification arrives.
    expect((await practiceModule(a, guid)).allowed).toBe(true);
    expect(await allowedSoon(b, guid, true)).toBe(true);
  });

  it('a purchase revoked in the database (an operator, a refund) closes the module on both', async () => {
    const { guid, userID } = await a.register('13877770002');
    await a.grant(userID, 1001, { vn: '3', vnOrder: 3 }, 30 * DAY);
    b.forgetCaches();
    expect((await practiceModule(a, guid)).allowed).toBe(true);
    expect((await practiceModule(b, guid)).allowed).toBe(true);
    await a.db.delete(purchases).where(eq(purchases.userId, userID));
    expect(await allowedSoon(a, guid, false)).toBe(false);
    expect(await allowedSoon(b, guid, false)).toBe(false);
  });

  it('a purchase that runs out while held is refused at once (validity is checked on every call)', async () => {
    const { guid, userID } = await a.register('13877770003');
    await a.grant(userID, 1001, { vn: '3', vnOrder: 3 }, 60_000);
    expect((await practiceModule(a, guid)).allowed).toBe(true);
    a.clock.now += 61_000;
    try {
      expect((await practiceModule(a, guid)).allowed).toBe(false);
    } finally {
      a.clock.now -= 61_000;
    }
  });

  it('a logout through one refuses the guid on the other; a password change ends the other sessions on both', async () => {
    const guid = await a.login(DEMO.owner, DEMO.password);
    const other = await b.login(DEMO.owner, DEMO.password);
    const page = (t: TestApp, g: string) => t.call(getChapterTestEx, { guid: g, appID: 1001, cptID: 7, pageSize: 1 });
    expect((await page(b, guid)).status).toBe(200);
    expect((await page(a, other)).status).toBe(200);
    expect((await a.call(logout, { guid })).status).toBe(200);
    expect((await page(a, guid)).status).toBe(401);
    expect(await statusSoon(() => page(b, guid), 401)).toBe(401);

    // A password change through b ends every session of the owner, also the one a holds.
    const third = await a.login(DEMO.owner, DEMO.password);
    expect((await page(a, third)).status).toBe(200);
    const change = (guid: string, from: string, to: string) => b.call(changePassword, { guid, oldPassword: md5(from), password: md5(to), time: '120000' }, { ip: freshIp() });
    expect((await change(other, DEMO.password, 'Cache@2027')).status).toBe(200);
    expect((await page(b, other)).status).toBe(401);
    expect(await statusSoon(() => page(a, third), 401)).toBe(401);
    expect((await change(await b.login(DEMO.owner, 'Cache@2027'), 'Cache@2027', DEMO.password)).status).toBe(200);
  });

  it('an expired session is refused at once though it is held', async () => {
    const { guid } = await a.register('13877770004');
    expect((await a.call(moduleInfoX, { guid, appID: 1001 })).status).toBe(200);
    await a.db.update(sessions).set({ expiresAt: new Date(a.clock.now - 1000) });
    expect(await statusSoon(() => a.call(moduleInfoX, { guid, appID: 1001 }), 401)).toBe(401);
  });

  it('an operator’s catalog edit (a version loses a module, a subject goes off the shelf) reaches both', async () => {
    const guid = await a.login(DEMO.owner, DEMO.password);
    const names = async (t: TestApp) => ((await t.call(moduleInfoX, { guid, appID: 1001, vn: '3' })).data?.modules as { id: string }[] | undefined)?.map((m) => m.id) ?? [];
    expect(await names(b)).toContain('paper');
    const [top] = await a.db
      .select()
      .from(versions)
      .where(and(eq(versions.appId, 1001), eq(versions.vn, '3')));
    await a.db
      .update(versions)
      .set({ vnjson: top!.vnjson.filter((m) => m.id !== 'paper') })
      .where(eq(versions.id, top!.id));
    try {
      expect(
        await eventually(
          () => names(b),
          (n) => !n.includes('paper'),
        ),
      ).not.toContain('paper');
      await a.db.update(subjects).set({ listed: false }).where(eq(subjects.appId, 1001));
      expect(
        (
          await eventually(
            () => b.call(moduleInfoX, { guid, appID: 1001 }),
            (r) => r.status !== 200,
          )
        ).msg,
      ).toMatch(/下架|科目/);
    } finally {
      await a.db.update(subjects).set({ listed: true }).where(eq(subjects.appId, 1001));
      await a.db.update(versions).set({ vnjson: top!.vnjson }).where(eq(versions.id, top!.id));
    }
    expect(
      await eventually(
        () => names(b),
        (n) => n.includes('paper'),
      ),
    ).toContain('paper');
  });

  it('never serves one learner another learner’s holdings or answers', async () => {
    const owner = await a.login(DEMO.owner, DEMO.password);
    const learner = await a.login(DEMO.learner, DEMO.password);
    // The owner's purchases are held now; the trial learner still sees the module locked, on both servers.
    expect((await practiceModule(a, owner)).allowed).toBe(true);
    expect((await practiceModule(b, owner)).allowed).toBe(true);
    expect((await practiceModule(a, learner)).allowed).toBe(false);
    expect((await practiceModule(b, learner)).allowed).toBe(false);
    // An answer of the owner's shows as the owner's latest reply, never as the learner's (chapter 7 is in the trial).
    const question = await firstQuestion(a, owner);
    const ownerAnswer = await a.call(submitReply, { guid: owner, appID: 1001, cptID: 7, allTestID: question, lastUserReply: 'A', replyID: 'cache-owner-reply-0001' });
    expect(ownerAnswer.status).toBe(200);
    const lastOf = async (t: TestApp, guid: string) =>
      ((await t.call(getChapterTestEx, { guid, appID: 1001, cptID: 7, pageSize: 1 })).data.list as { allTestID: number; last: unknown }[]).find((q) => q.allTestID === question)!
        .last;
    expect(await lastOf(b, owner)).toMatchObject({ lastUserReply: 'A' });
    expect(await lastOf(b, learner)).toBeNull();
    expect(await lastOf(a, learner)).toBeNull();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'when the listening connection drops, caches are bypassed until it listens again, and a change made meanwhile is seen',
    async () => {
      const guid = await a.login(DEMO.owner, DEMO.password);
      const names = async () => ((await a.call(moduleInfoX, { guid, appID: 1001, vn: '3' })).data?.modules as { id: string }[] | undefined)?.map((m) => m.id) ?? [];
      expect(await names()).toContain('paper'); // held now
      // The database ends the LISTEN connections of this test database (a failover, an operator, a network cut).
      await a.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN %'`);
      await eventually(
        async () => a.app.cacheBus.live,
        (live) => !live,
        2000,
      );
      expect(a.app.cacheBus.live).toBe(false);
      // A change the dead connection cannot hear: served at once anyway, since nothing is served from memory now.
      const [top] = await a.db
        .select()
        .from(versions)
        .where(and(eq(versions.appId, 1001), eq(versions.vn, '3')));
      await a.db
        .update(versions)
        .set({ vnjson: top!.vnjson.filter((m) => m.id !== 'paper') })
        .where(eq(versions.id, top!.id));
      try {
        expect(await names()).not.toContain('paper');
        // Listening again within a few seconds; the caches were cleared, so the change stays visible.
        expect(
          await eventually(
            async () => a.app.cacheBus.live,
            (live) => live,
            10_000,
          ),
        ).toBe(true);
        expect(await names()).not.toContain('paper');
      } finally {
        await a.db.update(versions).set({ vnjson: top!.vnjson }).where(eq(versions.id, top!.id));
      }
      expect(await eventually(names, (n) => n.includes('paper'))).toContain('paper');
    },
    30_000,
  );
});

async function firstQuestion(t: TestApp, guid: string): Promise<number> {
  const page = await t.call(getChapterTestEx, { guid, appID: 1001, cptID: 7, pageSize: 1 });
  return (page.data.list as { allTestID: number }[])[0]!.allTestID;
}
