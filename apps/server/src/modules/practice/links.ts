import type { Tx } from '../../db/index.ts';

/** A newly stored answer as the modules that listen to practice see it. */
export interface StoredAnswer {
  userId: number;
  appId: number;
  questionId: number;
  right: boolean;
  at: Date;
}

/** What practice asks of the wrong-answer book (modules/book connects it). */
export interface AnswerBook {
  /** Runs inside the answer's transaction, once per stored answer (never for a replay); says whether the question is in the book afterwards. */
  onAnswerStored(tx: Tx, answer: StoredAnswer): Promise<boolean>;
  /** Whether the question is in the learner's book now. */
  inBook(userId: number, questionId: number): Promise<boolean>;
}

/** The learner's marks shown with practice questions (modules/study connects them). */
export interface QuestionMarks {
  /** Favourited question ids and notes (question id → text) among these questions. */
  marks(userId: number, questionIds: number[]): Promise<{ favourites: Set<number>; notes: Map<number, string> }>;
  /** The question the learner reached in this chapter's recite mode, or null. */
  recitePoint(userId: number, chapterId: number): Promise<number | null>;
}

/**
 * Practice sits below the wrong-answer book and study: both present their questions through practice, and
 * practice tells the book of each stored answer and shows study's marks. So practice is built first and
 * imports neither; each connects itself when it is built (createBookModule, createStudyModule). A call made
 * before they are connected is a wiring mistake and throws rather than answer without the book or the marks.
 */
export interface PracticeLinks {
  connectBook(book: AnswerBook): void;
  connectMarks(marks: QuestionMarks): void;
}

export function practiceLinks(): PracticeLinks & { book: AnswerBook; marks: QuestionMarks } {
  let book: AnswerBook | undefined;
  let marks: QuestionMarks | undefined;
  const need = <T>(linked: T | undefined, what: string): T => {
    if (!linked) throw new Error(`practice: ${what} is not connected (app.ts builds it with practice's face)`);
    return linked;
  };
  return {
    connectBook: (b) => void (book = b),
    connectMarks: (m) => void (marks = m),
    book: {
      onAnswerStored: (tx, answer) => need(book, 'the wrong-answer book').onAnswerStored(tx, answer),
      inBook: (userId, questionId) => need(book, 'the wrong-answer book').inBook(userId, questionId),
    },
    marks: {
      marks: (userId, questionIds) => need(marks, "study's marks").marks(userId, questionIds),
      recitePoint: (userId, chapterId) => need(marks, "study's marks").recitePoint(userId, chapterId),
    },
  };
}
