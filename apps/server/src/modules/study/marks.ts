import type { StudyStore } from './store.ts';

/** The learner's marks shown with practice questions (modules/study). */
export interface MarkHooks {
  /** Favourited question ids and notes (question id → text) among these questions. */
  marks(userId: number, questionIds: number[]): Promise<{ favourites: Set<number>; notes: Map<number, string> }>;
  /** The question the learner reached in this chapter's recite mode, or null. */
  recitePoint(userId: number, chapterId: number): Promise<number | null>;
}

/** The marks read from the study store. */
export const markHooks = (store: StudyStore): MarkHooks => ({
  marks: (userId, questionIds) => store.marks(userId, questionIds),
  recitePoint: (userId, chapterId) => store.recitePoint(userId, chapterId),
});
