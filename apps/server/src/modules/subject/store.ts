import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import {
  banners,
  guidePages,
  moduleUpdates,
  notices,
  noticeSeen,
  redDotSeen,
  sprintConfigs,
  subjects,
  versions,
  type BannerRow,
  type GuidePageRow,
  type NoticeRow,
  type PurchaseRow,
  type SprintConfigRow,
  type SubjectRow,
  type VersionRow,
} from '../../db/schema/index.ts';
import { purchasesOf } from '../entitlement/index.ts';
import { accountCards } from '../user/index.ts';

/** agent_code null (every tenant) or the tenant's own. */
const forTenant = (column: typeof banners.agentCode | typeof notices.agentCode, agentCode: string) => or(isNull(column), eq(column, agentCode));

/** Banners, notices, guide pages, sprint configs, red dots and the learner's purchases over all subjects: the only SQL of the subject module. */
export function createSubjectStore(db: Database) {
  return {
    async sprintConfig(appId: number): Promise<SprintConfigRow | undefined> {
      const [row] = await db.select().from(sprintConfigs).where(eq(sprintConfigs.appId, appId));
      return row;
    },

    /** Guide pages of a kind for every tenant or this one (and, for 'introduce', this subject). */
    guidePages(kind: string, agentCode: string, appId: number | null): Promise<GuidePageRow[]> {
      return db
        .select()
        .from(guidePages)
        .where(
          and(
            eq(guidePages.kind, kind),
            or(isNull(guidePages.agentCode), eq(guidePages.agentCode, agentCode)),
            appId === null ? isNull(guidePages.appId) : eq(guidePages.appId, appId),
          ),
        )
        .orderBy(asc(guidePages.id));
    },

    /** Current banners of a position for the tenant; appIds: the subjects allowed besides "every subject" (null). */
    banners(position: string, agentCode: string, appId: number | null, at: Date): Promise<BannerRow[]> {
      return db
        .select()
        .from(banners)
        .where(
          and(
            eq(banners.position, position),
            forTenant(banners.agentCode, agentCode),
            appId === null ? isNull(banners.appId) : or(isNull(banners.appId), eq(banners.appId, appId)),
            lte(banners.startsAt, at),
            gt(banners.endsAt, at),
          ),
        )
        .orderBy(asc(banners.order), asc(banners.id));
    },

    /**
     * The newest current notice for the tenant (or every tenant), the subject (or every subject) and the
     * learner's audience: with `joined` (the account's creation), 'existing' notices that started after it
     * and 'new' notices that started before it; without, 'all' notices only. With `userId`, only a notice the
     * learner has not been given yet (notice_seen).
     */
    async notice(agentCode: string, appId: number | null, at: Date, joined: Date | null, userId: number | null = null): Promise<NoticeRow | undefined> {
      const [row] = await db
        .select()
        .from(notices)
        .where(
          and(
            forTenant(notices.agentCode, agentCode),
            appId === null ? isNull(notices.appId) : or(isNull(notices.appId), eq(notices.appId, appId)),
            lte(notices.startsAt, at),
            gt(notices.endsAt, at),
            joined === null
              ? eq(notices.audience, 'all')
              : or(
                  eq(notices.audience, 'all'),
                  and(eq(notices.audience, 'existing'), gt(notices.startsAt, joined)),
                  and(eq(notices.audience, 'new'), lte(notices.startsAt, joined)),
                ),
            userId === null ? undefined : sql`not exists (select 1 from ${noticeSeen} where ${noticeSeen.userId} = ${userId} and ${noticeSeen.noticeId} = ${notices.id})`,
          ),
        )
        .orderBy(desc(notices.startsAt), desc(notices.id))
        .limit(1);
      return row;
    },

    /** Records that the learner was given a notice; false when they already had it (another device, at the same time). */
    async giveNotice(userId: number, noticeId: number, at: Date): Promise<boolean> {
      const rows = await db.insert(noticeSeen).values({ userId, noticeId, seenAt: at }).onConflictDoNothing().returning({ noticeId: noticeSeen.noticeId });
      return rows.length > 0;
    },

    /** When the learner's account was created (null: unknown). */
    joinedAt: async (userId: number): Promise<Date | null> => (await accountCards(db, [userId])).get(userId)?.createdAt ?? null,

    /** Modules of a subject with an update newer than the learner's last visit (or never visited). */
    async unseenModules(userId: number, appId: number): Promise<string[]> {
      const rows = await db
        .select({ moduleId: moduleUpdates.moduleId })
        .from(moduleUpdates)
        .leftJoin(redDotSeen, and(eq(redDotSeen.userId, userId), eq(redDotSeen.appId, moduleUpdates.appId), eq(redDotSeen.moduleId, moduleUpdates.moduleId)))
        .where(and(eq(moduleUpdates.appId, appId), or(isNull(redDotSeen.seenAt), gt(moduleUpdates.updatedAt, redDotSeen.seenAt))));
      return rows.map((r) => r.moduleId);
    },

    async markSeen(userId: number, appId: number, moduleId: string, at: Date): Promise<void> {
      await db
        .insert(redDotSeen)
        .values({ userId, appId, moduleId, seenAt: at })
        .onConflictDoUpdate({ target: [redDotSeen.userId, redDotSeen.appId, redDotSeen.moduleId], set: { seenAt: at } });
    },

    /**
     * Record that a module of a subject got new content at `at` (question import, new videos …): every
     * learner who opened the module before then sees its red dot again. Never moves the mark backwards.
     */
    async touchModule(appId: number, moduleId: string, at: Date): Promise<void> {
      await db
        .insert(moduleUpdates)
        .values({ appId, moduleId, updatedAt: at })
        .onConflictDoUpdate({
          target: [moduleUpdates.appId, moduleUpdates.moduleId],
          set: { updatedAt: sql`greatest(${moduleUpdates.updatedAt}, excluded.updated_at)` },
        });
    },

    /** Every purchase of a learner over all subjects, with its subject. */
    async purchasesOf(userId: number): Promise<{ purchase: PurchaseRow; subject: SubjectRow }[]> {
      const bought = await purchasesOf(db, userId);
      const appIds = [...new Set(bought.map((p) => p.appId))];
      const rows = appIds.length === 0 ? [] : await db.select().from(subjects).where(inArray(subjects.appId, appIds));
      const subjectOf = new Map(rows.map((s) => [s.appId, s]));
      return bought.flatMap((purchase) => {
        const subject = subjectOf.get(purchase.appId);
        return subject ? [{ purchase, subject }] : [];
      });
    },

    /** Versions of several subjects (lowest vnorder first). */
    versionsOf(appIds: number[]): Promise<VersionRow[]> {
      if (appIds.length === 0) return Promise.resolve([]);
      return db.select().from(versions).where(inArray(versions.appId, appIds)).orderBy(asc(versions.vnorder), asc(versions.id));
    },
  };
}

export type SubjectStore = ReturnType<typeof createSubjectStore>;
