import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { agentSubjects, banners, subjects, versions } from '../../db/schema/index.ts';
import { chapterList, sampleQuestions } from '../questions/index.ts';
import { pricesOf } from '../shop/index.ts';

/** The campaign module's SQL: a banner of a tenant, a subject's name and chapter tree, sample questions. */
export function createCampaignStore(db: Database) {
  return {
    /** The banner `id` when it is for every tenant or this one (any time window). */
    async banner(id: number, agentCode: string) {
      const [row] = await db
        .select()
        .from(banners)
        .where(and(eq(banners.id, id), or(isNull(banners.agentCode), eq(banners.agentCode, agentCode))));
      return row;
    },

    async subject(appId: number) {
      const [row] = await db.select({ name: subjects.appName, listed: subjects.listed }).from(subjects).where(eq(subjects.appId, appId));
      return row;
    },

    /** Whether the tenant sells the subject (agent_subjects). */
    async sells(agentCode: string, appId: number): Promise<boolean> {
      const rows = await db
        .select({ appId: agentSubjects.appId })
        .from(agentSubjects)
        .where(and(eq(agentSubjects.agentCode, agentCode), eq(agentSubjects.appId, appId)));
      return rows.length > 0;
    },

    /** The subject's versions on the purchase list (not simulated, not hidden), by order. */
    listedVersions(appId: number) {
      return db
        .select()
        .from(versions)
        .where(and(eq(versions.appId, appId), eq(versions.simulated, false), eq(versions.buyListHide, false)))
        .orderBy(asc(versions.vnorder));
    },

    /** The subject's prices of these agents. */
    prices: async (appId: number, agentCodes: string[]) => (await pricesOf(db, appId)).filter((p) => agentCodes.includes(p.agentCode)),

    chapterTree: (appId: number) => chapterList(db, appId),

    /** Up to `limit` current single items (no group) of a chapter, by id (the questions module's). */
    sampleQuestions: (appId: number, chapterId: number, limit: number) => sampleQuestions(db, appId, chapterId, limit),
  };
}

export type CampaignStore = ReturnType<typeof createCampaignStore>;
