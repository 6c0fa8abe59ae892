import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
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
