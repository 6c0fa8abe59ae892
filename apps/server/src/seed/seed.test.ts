import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/index.ts';
import { purchases, questions, userMessages, users } from '../db/schema/index.ts';
import { demoLearnersOn, loadConfig } from '../config.ts';
import { DEMO_USERS, seed } from './seed.ts';

describe('seed', () => {
  it('makes the demo learners by default, and none when told not to (production), with the rest of the demo intact', async () => {
    expect(demoLearnersOn(loadConfig({}))).toBe(true);
    expect(demoLearnersOn({ NODE_ENV: 'production', DEMO_LEARNERS: undefined })).toBe(false);
    expect(demoLearnersOn({ NODE_ENV: 'production', DEMO_LEARNERS: 'on' })).toBe(true);

    const database = await openDatabase({ DATA_DIR: 'memory://', DATABASE_URL: undefined });
    try {
      await database.migrate();
      const added = await seed(database.db, Date.now(), { learners: false });
      expect(added.users).toBe(0);
      const [people] = await database.db.select({ n: count() }).from(users);
      const [owned] = await database.db.select({ n: count() }).from(purchases);
      const [notes] = await database.db.select({ n: count() }).from(userMessages);
      expect([people!.n, owned!.n, notes!.n]).toEqual([0, 0, 0]);
      const [bank] = await database.db.select({ n: count() }).from(questions).where(eq(questions.appId, 1001));
      expect(bank!.n).toBeGreaterThan(300);

      // A later start that makes them (a demo site) adds them and their purchases.
      expect((await seed(database.db, Date.now())).users).toBe(DEMO_USERS.length);
      const [after] = await database.db.select({ n: count() }).from(purchases);
      expect(after!.n).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });
});
