import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import type { CacheBus } from '../../platform/cache/bus.ts';
import { createMemo } from '../../platform/cache/memo.ts';
import { agentSubjects, classes, lastApps, subjects, versions, type ClassRow, type SubjectRow, type VersionRow } from '../../db/schema/index.ts';

/** Classes, subjects, versions and which agents sell them. */
export function createCatalogStore(db: Database) {
  return {
    classes(): Promise<ClassRow[]> {
      return db.select().from(classes).orderBy(asc(classes.order), asc(classes.id));
    },

    /** Listed subjects sold by an agent, in class then subject order. */
    async soldBy(agentCode: string): Promise<SubjectRow[]> {
      const rows = await db
        .select({ s: subjects })
        .from(subjects)
        .innerJoin(agentSubjects, and(eq(agentSubjects.appId, subjects.appId), eq(agentSubjects.agentCode, agentCode)))
        .where(eq(subjects.listed, true))
        .orderBy(asc(subjects.classId), asc(subjects.order), asc(subjects.appId));
      return rows.map((r) => r.s);
    },

    async subject(appId: number): Promise<SubjectRow | undefined> {
      const [row] = await db.select().from(subjects).where(eq(subjects.appId, appId));
      return row;
    },

    async sells(agentCode: string, appId: number): Promise<boolean> {
      const [row] = await db
        .select({ appId: agentSubjects.appId })
        .from(agentSubjects)
        .where(and(eq(agentSubjects.agentCode, agentCode), eq(agentSubjects.appId, appId)));
      return row !== undefined;
    },

    /** Versions of a subject, lowest vnorder first. */
    versions(appId: number): Promise<VersionRow[]> {
      return db.select().from(versions).where(eq(versions.appId, appId)).orderBy(asc(versions.vnorder), asc(versions.id));
    },

    async setLastApp(userId: number, appId: number, vn: string, at: Date): Promise<void> {
      await db
        .insert(lastApps)
        .values({ userId, appId, vn, updatedAt: at })
        .onConflictDoUpdate({ target: lastApps.userId, set: { appId, vn, updatedAt: at } });
    },

    async lastApp(userId: number) {
      const [row] = await db.select().from(lastApps).where(eq(lastApps.userId, userId));
      return row;
    },
  };
}

export type CatalogStore = ReturnType<typeof createCatalogStore>;

/**
 * The catalog's reads held in memory (docs/caching.md): classes, the subjects an agent sells, a subject, its
 * versions. Dropped whole on every catalog change (the database's triggers notify it, whoever changed it), and
 * after five minutes in any case. Values are shared and frozen: callers copy before sorting.
 */
export function withCatalogCache(store: CatalogStore, bus: CacheBus): CatalogStore {
  const memo = createMemo<string, unknown>(bus, { max: 10_000, ttlMs: 5 * 60_000 });
  bus.on('catalog', () => memo.clear());
  const held = <T>(key: string, load: () => Promise<T>) => memo.get(key, load) as Promise<T>;
  return {
    ...store,
    classes: () => held('classes', () => store.classes()),
    soldBy: (agentCode) => held(`soldBy:${agentCode}`, () => store.soldBy(agentCode)),
    subject: (appId) => held(`subject:${appId}`, () => store.subject(appId)),
    sells: (agentCode, appId) => held(`sells:${agentCode}:${appId}`, () => store.sells(agentCode, appId)),
    versions: (appId) => held(`versions:${appId}`, () => store.versions(appId)),
  };
}
