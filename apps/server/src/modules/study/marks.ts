import type { QuestionMarks } from '../practice/index.ts';
import type { StudyStore } from './store.ts';

/** The learner's marks shown with practice questions, read from the study store (connected to practice's links). */
export const markHooks = (store: StudyStore): QuestionMarks => ({
  marks: (userId, questionIds) => store.marks(userId, questionIds),
  recitePoint: (userId, chapterId) => store.recitePoint(userId, chapterId),
});
