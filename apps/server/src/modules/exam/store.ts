import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { createSessionWrites } from './writes.ts';
import { examReplies, examSessions, knowledgePoints, questionGroups, questionPoints, questions, type ExamReplyRow, type ExamSessionRow } from '../../db/schema/index.ts';
import { paperInUse, subjectPapers, templatePaper } from '../papers/index.ts';
import { answeredQuestions } from '../practice/index.ts';
import { chapterList, questionColumns } from '../questions/index.ts';
import type { KeyRow } from './rows.ts';

export type NewExamSession = Omit<ExamSessionRow, 'id' | 'sectionIndex' | 'handedAt' | 'handedBy' | 'status' | 'score' | 'result' | 'counted'>;

export type { HandedBy, HandInScore, KeyRow, ReplyWrite } from './rows.ts';

/** Reads of papers and sessions and the simple session writes; the locked writes are in writes.ts. */
function createExamReads(db: Database) {
  return {
    /** A paper of a subject in use (not retired), or undefined. */
    paper: (appId: number, paperId: number) => paperInUse(db, appId, paperId),

    /** The pool of a drawn set (docs/test-modes.md §1.7): questions in use, of some chapters or one point, or all. */
    drawPool(appId: number, where: { chapterIds?: number[]; pointId?: number } = {}) {
      const cols = { id: questions.id, type: questions.type, groupId: questions.groupId, groupOrder: questions.groupOrder };
      const base = and(eq(questions.appId, appId), eq(questions.retired, false), where.chapterIds ? inArray(questions.chapterId, where.chapterIds) : undefined);
      if (where.pointId === undefined) return db.select(cols).from(questions).where(base);
      return db
        .select(cols)
        .from(questions)
        .innerJoin(questionPoints, eq(questionPoints.questionId, questions.id))
        .where(and(base, eq(questionPoints.pointId, where.pointId)));
    },

    /** The template paper of drawn sets and the blueprint: the subject's untagged mock paper with the lowest id. */
    templatePaper: (appId: number) => templatePaper(db, appId),

    /** The subject's chapters (id, parent, name) for subtrees. */
    chapters: (appId: number) => chapterList(db, appId),

    /** A knowledge point of the subject, or undefined. */
    async point(appId: number, pointId: number) {
      const [row] = await db
        .select({ id: knowledgePoints.id, name: knowledgePoints.name })
        .from(knowledgePoints)
        .where(and(eq(knowledgePoints.appId, appId), eq(knowledgePoints.id, pointId)));
      return row;
    },

    /** Which of these questions the learner has answered (in practice or handed-in exams). */
    answeredIds: (userId: number, ids: number[]) => answeredQuestions(db, userId, { ids }),

    /** The subject's answerable questions (id, type, retired) for the daily draw. */
    dailyBank(appId: number) {
      return db.select({ id: questions.id, type: questions.type, retired: questions.retired }).from(questions).where(eq(questions.appId, appId)).orderBy(asc(questions.id));
    },

    /** The subject's papers in use, optionally of one kind, by kind then code. */
    papers: (appId: number, kind?: string) => subjectPapers(db, appId, { kinds: kind ? [kind] : undefined, order: 'kind' }),

    /** Per paper: the learner's handed-in attempts, best score and open session. */
    attemptsByPaper(userId: number, appId: number) {
      return db
        .select({
          paperId: examSessions.paperId,
          attempts: sql<number>`count(*) filter (where ${examSessions.status} = 'handed')`.mapWith(Number),
          best: sql<number | null>`max(${examSessions.score}) filter (where ${examSessions.status} = 'handed')`,
          open: sql<number | null>`max(${examSessions.id}) filter (where ${examSessions.status} = 'open')`,
        })
        .from(examSessions)
        .where(and(eq(examSessions.userId, userId), eq(examSessions.appId, appId), isNotNull(examSessions.paperId)))
        .groupBy(examSessions.paperId);
    },

    /**
     * Creates the learner's session for a source, or answers the open one (the partial unique index keeps one
     * open session per learner, subject and source, also under parallel starts).
     */
    async openOrCreate(row: NewExamSession): Promise<{ session: ExamSessionRow; created: boolean }> {
      const [created] = await db.insert(examSessions).values(row).onConflictDoNothing().returning();
      if (created) return { session: created, created: true };
      const [open] = await db
        .select()
        .from(examSessions)
        .where(and(eq(examSessions.userId, row.userId), eq(examSessions.appId, row.appId), eq(examSessions.sourceKey, row.sourceKey), eq(examSessions.status, 'open')));
      if (!open) throw new Error('exam session neither inserted nor found');
      return { session: open, created: false };
    },

    /** The open session of a learner for a source, if any. */
    async open(userId: number, appId: number, sourceKey: string) {
      const [row] = await db
        .select()
        .from(examSessions)
        .where(and(eq(examSessions.userId, userId), eq(examSessions.appId, appId), eq(examSessions.sourceKey, sourceKey), eq(examSessions.status, 'open')));
      return row;
    },

    /** The learner's open sessions of a subject, newest first, with how many questions have a reply. */
    async openSessions(userId: number, appId: number) {
      const rows = await db
        .select()
        .from(examSessions)
        .where(and(eq(examSessions.userId, userId), eq(examSessions.appId, appId), eq(examSessions.status, 'open')))
        .orderBy(desc(examSessions.startedAt), desc(examSessions.id))
        .limit(20);
      if (rows.length === 0) return [];
      const counts = await db
        .select({ sessionId: examReplies.sessionId, n: count() })
        .from(examReplies)
        .where(
          and(
            inArray(
              examReplies.sessionId,
              rows.map((r) => r.id),
            ),
            sql`${examReplies.reply} <> ''`,
          ),
        )
        .groupBy(examReplies.sessionId);
      const answered = new Map(counts.map((c) => [c.sessionId, c.n]));
      return rows.map((r) => ({ row: r, answered: answered.get(r.id) ?? 0 }));
    },

    /** A session of this learner (undefined for another learner's id). */
    async session(userId: number, id: number) {
      const [row] = await db
        .select()
        .from(examSessions)
        .where(and(eq(examSessions.id, id), eq(examSessions.userId, userId)));
      return row;
    },

    replies(sessionId: number): Promise<ExamReplyRow[]> {
      return db.select().from(examReplies).where(eq(examReplies.sessionId, sessionId));
    },

    /** Moves the open section from `from` to `from + 1` (only while open and still at `from`); the row after, or undefined. */
    async lockSection(userId: number, sessionId: number, from: number) {
      const [row] = await db
        .update(examSessions)
        .set({ sectionIndex: from + 1 })
        .where(and(eq(examSessions.id, sessionId), eq(examSessions.userId, userId), eq(examSessions.status, 'open'), eq(examSessions.sectionIndex, from)))
        .returning();
      return row;
    },

    /** Keys, types and chapters of questions (any subject; the caller passes a session's own ids). */
    keys(ids: number[]): Promise<KeyRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({ id: questions.id, type: questions.type, answer: questions.answer, chapterId: questions.chapterId, retired: questions.retired })
        .from(questions)
        .where(inArray(questions.id, ids));
    },

    /** The questions of a session for display, any order (the service orders them), with groups and points. */
    async questions(ids: number[]) {
      if (ids.length === 0) return { rows: [], groups: [], points: [] };
      const rows = await db.select(questionColumns).from(questions).where(inArray(questions.id, ids));
      const groupIds = [...new Set(rows.flatMap((r) => (r.groupId === null ? [] : [r.groupId])))];
      const [groups, points] = await Promise.all([
        groupIds.length
          ? db
              .select({ id: questionGroups.id, type: questionGroups.type, stem: questionGroups.stem, options: questionGroups.options })
              .from(questionGroups)
              .where(inArray(questionGroups.id, groupIds))
          : Promise.resolve([]),
        db
          .select({ questionId: questionPoints.questionId, name: knowledgePoints.name })
          .from(questionPoints)
          .innerJoin(knowledgePoints, eq(knowledgePoints.id, questionPoints.pointId))
          .where(inArray(questionPoints.questionId, ids))
          .orderBy(asc(knowledgePoints.code)),
      ]);
      return { rows, groups, points };
    },

    /** Handed-in sessions of the learner (one paper, or all of the subject), newest first, and how many. */
    async history(userId: number, appId: number, filter: { paperId?: number; testMode?: string }, offset: number, limit: number) {
      const where = and(
        eq(examSessions.userId, userId),
        eq(examSessions.appId, appId),
        eq(examSessions.status, 'handed'),
        filter.paperId === undefined ? undefined : eq(examSessions.paperId, filter.paperId),
        filter.testMode === undefined ? undefined : eq(examSessions.testMode, filter.testMode),
      );
      const [rows, [total]] = await Promise.all([
        db.select().from(examSessions).where(where).orderBy(desc(examSessions.handedAt), desc(examSessions.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(examSessions).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}

/** The exam engine's store: the reads (this file) and the writes under a locked session (writes.ts). */
export function createExamStore(db: Database) {
  return { ...createExamReads(db), ...createSessionWrites(db) };
}

export type ExamStore = ReturnType<typeof createExamStore>;
