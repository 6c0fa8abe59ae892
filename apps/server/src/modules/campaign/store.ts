import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { SINGLE_TYPES } from '@kaoshi/contract';
import type { Database } from '../../db/index.ts';
import { agentSubjects, banners, chapters, prices, questions, subjects, versions } from '../../db/schema/index.ts';

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
    prices(appId: number, agentCodes: string[]) {
      return db
        .select()
        .from(prices)
        .where(and(eq(prices.appId, appId), inArray(prices.agentCode, agentCodes)));
    },

    chapterTree(appId: number) {
      return db
        .select({ id: chapters.id, parentId: chapters.parentId, order: chapters.order, name: chapters.name })
        .from(chapters)
        .where(eq(chapters.appId, appId))
        .orderBy(asc(chapters.order), asc(chapters.id));
    },

    /** Up to `limit` current single items (no group) of a chapter, by id. */
    sampleQuestions(appId: number, chapterId: number, limit: number) {
      return db
        .select({
          id: questions.id,
          chapterId: questions.chapterId,
          type: questions.type,
          stem: questions.stem,
          options: questions.options,
          answer: questions.answer,
          explanation: questions.explanation,
        })
        .from(questions)
        .where(
          and(
            eq(questions.appId, appId),
            eq(questions.chapterId, chapterId),
            eq(questions.retired, false),
            isNull(questions.groupId),
            inArray(
              questions.type,
              SINGLE_TYPES.filter((t) => t !== 'FILL'),
            ),
          ),
        )
        .orderBy(asc(questions.id))
        .limit(limit);
    },
  };
}

export type CampaignStore = ReturnType<typeof createCampaignStore>;
