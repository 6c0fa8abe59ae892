import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { createJobClaim } from './job-claim.ts';
import { jobRuns } from '../db/schema/index.ts';
import { eq, sql } from 'drizzle-orm';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('timed jobs with several processes', () => {
  it('one claim per period wins, whichever process asks; after the period the next claim wins again', async () => {
    const job = { name: 'test sweep', everyMs: 60_000 };
    const a = createJobClaim(t.db);
    const b = createJobClaim(t.db); // another process on the same database
    const first = await Promise.all([a(job), b(job), a(job), b(job)]);
    expect(first.filter(Boolean)).toHaveLength(1);
    expect(await b(job)).toBe(false);
    // The period passes (the last run moved back by the database's clock, which claims use).
    await t.db
      .update(jobRuns)
      .set({ ranAt: sql`now() - interval '55 seconds'` })
      .where(eq(jobRuns.name, job.name));
    expect(await b(job)).toBe(true);
    expect(await a(job)).toBe(false);
    // Another job is claimed on its own.
    expect(await a({ name: 'test purge', everyMs: 3_600_000 })).toBe(true);
  });
});
