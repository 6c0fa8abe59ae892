import type { BookState } from '@kaoshi/contract';
import type { QuestionPage, StudyGroup, StudyQuestion } from './study-data';

/** Test data of the study screens. */

const opts = (...texts: string[]) => texts.map((text, i) => ({ key: 'ABCDE'[i]!, text }));

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

let nextId = 500;
export const sq = (over: Partial<StudyQuestion> = {}): StudyQuestion => {
  const id = over.allTestID ?? nextId++;
  return {
    allTestID: id,
    srcID: `q${id}`,
    cptID: 11,
    childTableID: 0,
    groupOrder: 0,
    childTableName: 'A1',
    styleID: 1,
    stem: `题干${id}`,
    options: opts('甲', '乙', '丙', '丁', '戊'),
    answer: 'B',
    explanation: `解析${id}`,
    difficulty: 3,
    points: [],
    last: null,
    favourite: false,
    note: null,
    book: null,
    ...over,
  };
};

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
