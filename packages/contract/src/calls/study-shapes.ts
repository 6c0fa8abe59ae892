import { z } from 'zod';
import { practiceGroup, practiceQuestion } from './practice.ts';

/** Constants, messages and shapes shared by the study calls (calls/study.ts) and the wrong-answer book (calls/book.ts). */

/** Page sizes of spec §9: catalog list 500, error test 50, chapter list 10, common questions 5. */
export const STUDY_PAGE = { catalog: 500, errorTest: 50, chapterList: 10, commonQuestions: 5, search: 10, reports: 20 } as const;

/** Consecutive right answers that take a question out of the wrong-answer book (learner setting 1–10). */
export const CLEAR_AFTER_DEFAULT = 3;
export const CLEAR_AFTER_MAX = 10;
/** Longest note (characters). */
export const NOTE_MAX = 1000;

export const STUDY_MSG = {
  noteTooLong: `笔记不能超过${NOTE_MAX}个字符`,
  notInBook: '该题不在错题本中',
  reportKinds: '请选择问题类型',
  reportTooMany: '今天反馈的次数太多了，请明天再试',
} as const;

/** What a learner can report about a question (试题纠错). */
export const REPORT_KINDS = ['题干有误', '选项有误', '答案有误', '解析有误', '图片不清', '其他'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** FSRS card state of a wrong-answer book item. */
export const BOOK_STATES = ['new', 'learning', 'review', 'relearning'] as const;

/** A question's place in the learner's wrong-answer book. */
export const bookState = z.object({
  wrongCount: z.number().int(),
  /** Consecutive right answers since the last wrong one. */
  rightStreak: z.number().int(),
  /** ISO time the item is due for review. */
  due: z.string(),
  state: z.enum(BOOK_STATES),
  reps: z.number().int(),
  lapses: z.number().int(),
  addedAt: z.string(),
  lastWrongAt: z.string(),
});
export type BookState = z.infer<typeof bookState>;

/** A question in a study list: the practice question plus the learner's marks. */
export const studyQuestion = practiceQuestion.extend({
  /** Present in wrong-answer book lists; null elsewhere or when not in the book. */
  book: bookState.nullable(),
});
export type StudyQuestion = z.infer<typeof studyQuestion>;

/** A page of study questions with their groups (A3/A4, B1 stems). */
export const studyQuestionPage = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  groups: z.array(practiceGroup),
  list: z.array(studyQuestion),
});

export const STUDY_KINDS = ['error', 'fav', 'note'] as const;
export type StudyKind = (typeof STUDY_KINDS)[number];

export const EVALUATIONS = ['know', 'vague', 'forgot'] as const;
export type Evaluation = (typeof EVALUATIONS)[number];
