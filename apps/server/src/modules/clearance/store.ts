import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { answers, examSessions } from '../../db/schema/index.ts';
import { chapterList, liveBankSize, liveCountsByChapter, livePool } from '../questions/index.ts';

/** A bank question as a level draw sees it. */
export interface LevelPoolRow {
  id: number;
  type: string;
  groupId: number | null;
  groupOrder: number;
  difficulty: number;
}

/** The only SQL of the clearance levels (docs/clearance-grabpoint.md). Learner reads filter by the given user id. */
export function createClearanceStore(db: Database) {
  return {
    /** The subject's chapters in file order, with how many questions in use each holds directly. */
    async chapters(appId: number) {
      const [rows, n] = await Promise.all([chapterList(db, appId), liveCountsByChapter(db, appId)]);
      return rows.map(({ id, parentId, name }) => ({ id, parentId, name, questions: n.get(id) ?? 0 }));
    },

    /** Questions in use of the subject. */
    bankSize: (appId: number) => liveBankSize(db, appId),

    /** The questions in use of the subject, or of one chapter (directly in it). */
    pool: (appId: number, chapterId?: number): Promise<LevelPoolRow[]> => livePool(db, appId, chapterId),

    /** Of these questions, those whose latest counted answer by the learner (not reset) is right. */
    async rightIds(userId: number, ids: number[]) {
      if (ids.length === 0) return new Set<number>();
      const rows = await db
        .selectDistinctOn([answers.questionId], { id: answers.questionId, right: answers.right })
        .from(answers)
        .where(and(eq(answers.userId, userId), inArray(answers.questionId, ids), isNull(answers.resetAt)))
        .orderBy(answers.questionId, desc(answers.createdAt), desc(answers.id));
      return new Set(rows.filter((r) => r.right).map((r) => r.id));
    },

    /** The learner's sessions of one ladder (a TEST_MODES row), open and handed in. */
    attempts(userId: number, appId: number, testMode: string) {
      return db
        .select({
          id: examSessions.id,
          sourceKey: examSessions.sourceKey,
          status: examSessions.status,
          handedBy: examSessions.handedBy,
          sections: examSessions.sections,
          result: examSessions.result,
        })
        .from(examSessions)
        .where(and(eq(examSessions.userId, userId), eq(examSessions.appId, appId), eq(examSessions.testMode, testMode)));
    },
  };
}

export type ClearanceStore = ReturnType<typeof createClearanceStore>;
