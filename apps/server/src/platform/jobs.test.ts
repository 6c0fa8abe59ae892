import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { claimWaiting, createJobClaim } from './job-claim.ts';
import { runJobs } from './module.ts';
import { machineCheckJob, noteMachine } from './machines.ts';
import { jobRuns } from '../db/schema/index.ts';
import { eq, sql } from 'drizzle-orm';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('timed jobs with several processes', () => {
  it('one claim per period wins, whichever process asks; after the period the next claim wins again', async () => {
    const job = { name: 'test sweep', everyMs: 60_000 };
    const a = createJobClaim(t.db);
    const b = createJobClaim(t.db); // another process on the same database
    const first = await Promise.all([a(job), b(job), a(job), b(job)]);
    expect(first.filter(Boolean)).toHaveLength(1);
    await first.find(Boolean)!.release();
    expect(await b(job)).toBeNull();
    // The period passes (the last run moved back by the database's clock, which claims use).
    await t.db
      .update(jobRuns)
      .set({ ranAt: sql`now() - interval '55 seconds'` })
      .where(eq(jobRuns.name, job.name));
    const again = await b(job);
    expect(again).not.toBeNull();
    await again!.release();
    expect(await a(job)).toBeNull();
    // Another job is claimed on its own.
    const other = await a({ name: 'test purge', everyMs: 3_600_000 });
    expect(other).not.toBeNull();
    await other!.release();
  });

  it('a run longer than its period is held: no other process starts it until it ends, renewed past its lease', async () => {
    const job = { name: 'test long job', everyMs: 100 };
    // A short lease: without renewal it would lapse twice while the run goes on.
    const a = createJobClaim(t.db, { leaseMs: 300 });
    const b = createJobClaim(t.db, { leaseMs: 300 });
    const held = (await a(job))!;
    expect(held).not.toBeNull();
    for (let i = 0; i < 6; i++) {
      await sleep(150); // more than the period each time, 900 ms in all: three leases
      expect(await b(job)).toBeNull();
    }
    expect(held.lost).toBe(false);
    await held.release();
    // The period counts from the run's start, long past: the next claim wins at once.
    const next = await b(job);
    expect(next).not.toBeNull();
    await next!.release();
  });

  it("a process that died holding a job lets it go once its lease lapses; its late release does not undo the other's hold", async () => {
    const job = { name: 'test died', everyMs: 100 };
    const lost: string[] = [];
    const dead = createJobClaim(t.db, { leaseMs: 200, onLost: (n) => lost.push(n) });
    const held = (await dead(job))!;
    // The process stops renewing (its event loop is stuck, or it is gone): its row shows the last renewal. 201, not
    // 200 ms: PGlite's clock may read the same millisecond as the claim's, and the same value would be the dead
    // process's own token (it would go on renewing).
    await t.db
      .update(jobRuns)
      .set({ ranAt: sql`now() + interval '201 milliseconds'` })
      .where(eq(jobRuns.name, job.name));
    const other = createJobClaim(t.db, { leaseMs: 60_000 });
    expect(await other(job)).toBeNull();
    await sleep(400);
    const taken = (await other(job))!;
    expect(taken).not.toBeNull();
    await sleep(150); // the dead process's renewal finds the row taken over
    expect(held.lost).toBe(true);
    expect(lost).toEqual([job.name]);
    await held.release();
    expect(await createJobClaim(t.db)(job)).toBeNull(); // still the other's
    await taken.release();
  });

  it('runJobs holds the claim for the whole run: a slow job in two processes runs once at a time', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const job = {
      name: 'test slow run',
      everyMs: 50,
      run: async () => {
        runs++;
        most = Math.max(most, ++running);
        await sleep(300);
        running--;
      },
    };
    // Two processes' timers (each app stands for one) on one database.
    const apps = [Fastify(), Fastify()];
    for (const app of apps) runJobs(app, [job], createJobClaim(t.db));
    await Promise.all(apps.map((app) => app.ready()));
    await sleep(1000);
    await Promise.all(apps.map((app) => app.close()));
    while (running) await sleep(20);
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
  });

  it('a one-off waits for the hold of another process, and stops waiting when told', async () => {
    const claim = createJobClaim(t.db);
    const first = (await claim({ name: 'test remake 7', everyMs: 0 }))!;
    let stopped = false;
    const waiting = claimWaiting(claim, 'test remake 7', () => stopped, 50);
    await sleep(200);
    await first.release();
    const second = await waiting;
    expect(second).not.toBeNull();
    const gaveUp = claimWaiting(claim, 'test remake 7', () => stopped, 50);
    stopped = true;
    expect(await gaveUp).toBeNull();
    await second!.release();
    expect(await t.db.select().from(jobRuns).where(eq(jobRuns.name, 'test remake 7'))).toEqual([]);
  });
});

describe('other machines on this database', () => {
  it('each notes itself; one with media in its own folder warns when another served the database within two hours', async () => {
    const warned: string[] = [];
    const log = { warn: (msg: string) => void warned.push(msg) } as unknown as FastifyBaseLogger;
    const local = { MEDIA_S3_BUCKET: undefined, MEDIA_SHARED: false };
    // The test app noted this machine at ready; the machines below are made-up names.
    await t.db.execute(sql`delete from ${jobRuns} where name like 'machine:%'`);
    expect(await noteMachine(t.db, 'app-1')).toEqual([]);
    await machineCheckJob({ db: t.db, config: local, log }, 'app-1').run();
    expect(warned).toEqual([]);
    // A machine gone for longer than that does not count.
    await t.db.insert(jobRuns).values({ name: 'machine:app-old', ranAt: sql`now() - interval '3 hours'` });
    expect(await noteMachine(t.db, 'app-2')).toEqual(['app-1']);
    await machineCheckJob({ db: t.db, config: local, log }, 'app-2').run();
    expect(warned).toEqual([
      expect.stringMatching(/^media: other machines serve this database \(app-1\) but media are in a folder of this machine only: .*MEDIA_S3_BUCKET or MEDIA_SHARED=on/),
    ]);
    await machineCheckJob({ db: t.db, config: { ...local, MEDIA_SHARED: true }, log }, 'app-2').run();
    await machineCheckJob({ db: t.db, config: { ...local, MEDIA_S3_BUCKET: 'kaoshi-media' }, log }, 'app-1').run();
    expect(warned).toHaveLength(1);
  });
});
