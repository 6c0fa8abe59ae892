import type { BookState } from '@kaoshi/contract';
import { question } from '../practice/fixtures';
import type { QuestionPage, StudyGroup, StudyQuestion } from './study-data';

/** Test data of the study screens. */

export const book = (over: Partial<BookState> = {}): BookState => ({
  wrongCount: 1,
  rightStreak: 0,
  due: '2020-01-01T00:00:00.000Z',
  state: 'learning',
  reps: 1,
  lapses: 1,
  addedAt: '2020-01-01T00:00:00.000Z',
  lastWrongAt: '2020-01-01T00:00:00.000Z',
  ...over,
});

/** A study-list question: practice's test question plus `book` (null unless given). */
export const sq = (over: Partial<StudyQuestion> = {}): StudyQuestion => ({ ...question(over), book: null, ...over });

export const page = (list: StudyQuestion[], over: Partial<QuestionPage> = {}, groups: StudyGroup[] = []): QuestionPage => ({
  AppID: 1001,
  page: 1,
  pageSize: 50,
  total: list.length,
  groups,
  list,
  ...over,
});

export const summary = (over: Record<string, unknown> = {}) => ({ AppID: 1001, items: 5, due: 2, nextDueAt: null, cleared: 1, clearAfter: 3, ...over });

export const catalogChapter = (cptID: number, name: string, count: number, due = 0) => ({ cptID, parentID: 1, name, order: cptID, count, due });
