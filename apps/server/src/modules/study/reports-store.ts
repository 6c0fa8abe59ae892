import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { questionReports, questions, subjects } from '../../db/schema/index.ts';
import { withAccounts } from '../user/index.ts';

export interface ReportFilter {
  status?: 'open' | 'resolved';
  appId?: number;
}

/** The only SQL of question reports (试题纠错, docs/study.md): the learner's own, and the operators' CLI. */
export function createReportStore(db: Database) {
  return {
    /** Adds a report; returns it. */
    async addReport(row: { userId: number; appId: number; questionId: number; kinds: string; content: string; createdAt: Date }) {
      const [created] = await db.insert(questionReports).values(row).returning({ id: questionReports.id });
      return created!.id;
    },

    /** The learner's own reports of a subject, newest first, with the question's stem. */
    async ownReports(userId: number, appId: number, offset: number, limit: number) {
      const where = and(eq(questionReports.userId, userId), eq(questionReports.appId, appId));
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: questionReports.id,
            questionId: questionReports.questionId,
            stem: questions.stem,
            kinds: questionReports.kinds,
            content: questionReports.content,
            status: questionReports.status,
            reply: questionReports.reply,
            createdAt: questionReports.createdAt,
          })
          .from(questionReports)
          .innerJoin(questions, eq(questions.id, questionReports.questionId))
          .where(where)
          .orderBy(desc(questionReports.createdAt), desc(questionReports.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(questionReports).where(where),
      ]);
      return { total: total?.n ?? 0, rows };
    },

    /** Operators (CLI): reports by status and subject, oldest first, with subject, question and the learner's phone. */
    async reports(filter: ReportFilter) {
      const rows = await db
        .select({
          id: questionReports.id,
          userId: questionReports.userId,
          createdAt: questionReports.createdAt,
          appId: questionReports.appId,
          subject: subjects.appName,
          extId: questions.extId,
          stem: questions.stem,
          kinds: questionReports.kinds,
          content: questionReports.content,
          status: questionReports.status,
          reply: questionReports.reply,
        })
        .from(questionReports)
        .innerJoin(questions, eq(questions.id, questionReports.questionId))
        .innerJoin(subjects, eq(subjects.appId, questionReports.appId))
        .where(and(filter.status ? eq(questionReports.status, filter.status) : undefined, filter.appId !== undefined ? eq(questionReports.appId, filter.appId) : undefined))
        .orderBy(asc(questionReports.createdAt), asc(questionReports.id));
      return (await withAccounts(db, rows, (r) => r.userId)).map(({ account, userId: _, ...r }) => ({ ...r, phone: account.phone, userName: account.userName }));
    },

    /** Operators (CLI): resolve a report with a reply; false when there is no such report. */
    async resolveReport(id: number, reply: string, at: Date): Promise<boolean> {
      const rows = await db.update(questionReports).set({ status: 'resolved', reply, resolvedAt: at }).where(eq(questionReports.id, id)).returning({ id: questionReports.id });
      return rows.length > 0;
    },
  };
}

export type ReportStore = ReturnType<typeof createReportStore>;
