import type { Database } from '../../db/index.ts';
import { chapterList, liveBankSize, liveCountsByChapter, livePool } from '../questions/index.ts';
import { sessionsOfMode } from '../exam/index.ts';
import { rightNowIds } from '../practice/index.ts';

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
    rightIds: (userId: number, ids: number[]) => rightNowIds(db, userId, ids),

    /** The learner's sessions of one ladder (a TEST_MODES row), open and handed in. */
    attempts: (userId: number, appId: number, testMode: string) => sessionsOfMode(db, userId, appId, testMode, 'oldest'),
  };
}

export type ClearanceStore = ReturnType<typeof createClearanceStore>;
