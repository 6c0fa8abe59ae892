import { and, asc, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { answers, chapters, favourites, knowledgePoints, notes, questionPoints, questions } from '../../db/schema/index.ts';
import { chinaDayNoSql } from '../../platform/china-time.ts';
import { bookFigures } from '../book/index.ts';

/**
 * The statistics of the study tools (docs/study.md): per question over all learners (counts only, never
 * who), and the learner's own by subject, knowledge point and chapter.
 */
export function createStudyStatsStore(db: Database) {
  /** The learner's latest counted reply per question of a subject (reset rows and retired questions left out). */
  const latestOwn = (userId: number, appId: number) =>
    db
      .selectDistinctOn([answers.questionId], { questionId: answers.questionId, right: answers.right })
      .from(answers)
      .innerJoin(questions, eq(questions.id, answers.questionId))
      .where(and(eq(answers.userId, userId), eq(answers.appId, appId), isNull(answers.resetAt), eq(questions.retired, false)))
      .orderBy(answers.questionId, desc(answers.createdAt), desc(answers.id))
      .as('latest');

  return {
    /**
     * How a question was answered over the whole site, counted as the learner's own record is (ownAttempts): every
     * counted answer (practice, and exams once handed in; reset ones left out) is one 人次, so the learner's own
     * attempts are a part of these figures. Replies grouped with their counts and how many learners wrote each.
     * `shownReplies`: only replies that are right or written by at least `minLearners` learners (free texts of
     * fill-ins), at most `limit` of them.
     */
    async questionStats(questionId: number, shownReplies?: { minLearners: number; limit: number }) {
      const counted = and(eq(answers.questionId, questionId), isNull(answers.resetAt));
      const learners = sql<number>`count(distinct ${answers.userId})`;
      const grouped = db
        .select({
          reply: answers.reply,
          n: sql<number>`count(*)`.mapWith(Number),
          learners: learners.mapWith(Number),
          right: sql<boolean>`bool_or(${answers.right})`.mapWith(Boolean),
        })
        .from(answers)
        .where(counted)
        .groupBy(answers.reply)
        .having(shownReplies ? sql`bool_or(${answers.right}) OR ${learners} >= ${shownReplies.minLearners}` : undefined)
        .orderBy(desc(sql`count(*)`), asc(answers.reply));
      const [[totals], replies] = await Promise.all([
        db
          .select({
            answered: sql<number>`count(*)`.mapWith(Number),
            right: sql<number>`count(*) filter (where ${answers.right})`.mapWith(Number),
          })
          .from(answers)
          .where(counted),
        shownReplies === undefined ? grouped : grouped.limit(shownReplies.limit),
      ]);
      return { answered: totals?.answered ?? 0, right: totals?.right ?? 0, replies };
    },

    /** The learner's own counted attempts at a question and the latest reply. */
    async ownAttempts(userId: number, questionId: number) {
      const where = and(eq(answers.userId, userId), eq(answers.questionId, questionId), isNull(answers.resetAt));
      const [[totals], [last]] = await Promise.all([
        db
          .select({ attempts: sql<number>`count(*)`.mapWith(Number), right: sql<number>`count(*) filter (where ${answers.right})`.mapWith(Number) })
          .from(answers)
          .where(where),
        db.select({ reply: answers.reply }).from(answers).where(where).orderBy(desc(answers.createdAt), desc(answers.id)).limit(1),
      ]);
      return { attempts: totals?.attempts ?? 0, right: totals?.right ?? 0, lastReply: last?.reply ?? null };
    },

    /** The learner's figures for a subject (bookLLzs). `dayStart`: the start of today in China. */
    async subjectStats(userId: number, appId: number, now: Date, dayStart: Date) {
      const latest = latestOwn(userId, appId);
      const counted = and(eq(answers.userId, userId), eq(answers.appId, appId), isNull(answers.resetAt), eq(questions.retired, false));
      const today = db
        .selectDistinctOn([answers.questionId], { right: answers.right })
        .from(answers)
        .innerJoin(questions, eq(questions.id, answers.questionId))
        .where(and(counted, gte(answers.createdAt, dayStart)))
        .orderBy(answers.questionId, desc(answers.createdAt), desc(answers.id))
        .as('today');
      const ownOf = (table: typeof favourites | typeof notes) =>
        db
          .select({ n: count() })
          .from(table)
          .innerJoin(questions, eq(questions.id, table.questionId))
          .where(and(eq(table.userId, userId), eq(table.appId, appId), eq(questions.retired, false)));
      const [[total], [done], [time], [todays], book, [favs], [own]] = await Promise.all([
        db
          .select({ n: count() })
          .from(questions)
          .where(and(eq(questions.appId, appId), eq(questions.retired, false))),
        db.select({ n: sql<number>`count(*)`.mapWith(Number), right: sql<number>`count(*) filter (where ${latest.right})`.mapWith(Number) }).from(latest),
        db
          .select({
            spent: sql<number>`coalesce(sum(${answers.spentSeconds}) filter (where ${answers.resetAt} is null and not ${questions.retired}), 0)`.mapWith(Number),
            // China days with any answer, reset ones too: activity is activity.
            days: sql<number>`count(distinct ${chinaDayNoSql(answers.createdAt)})`.mapWith(Number),
          })
          .from(answers)
          .innerJoin(questions, eq(questions.id, answers.questionId))
          .where(and(eq(answers.userId, userId), eq(answers.appId, appId))),
        db.select({ n: sql<number>`count(*)`.mapWith(Number), right: sql<number>`count(*) filter (where ${today.right})`.mapWith(Number) }).from(today),
        bookFigures(db, userId, appId, now),
        ownOf(favourites),
        ownOf(notes),
      ]);
      return {
        total: total?.n ?? 0,
        done: done?.n ?? 0,
        right: done?.right ?? 0,
        spentSeconds: time?.spent ?? 0,
        activeDays: time?.days ?? 0,
        today: { done: todays?.n ?? 0, right: todays?.right ?? 0 },
        book,
        favourites: favs?.n ?? 0,
        notes: own?.n ?? 0,
      };
    },

    /** Questions of the subject that are not retired. */
    async questionCount(appId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(questions)
        .where(and(eq(questions.appId, appId), eq(questions.retired, false)));
      return row?.n ?? 0;
    },

    /** Per knowledge point of the subject (with at least one question): questions, and the learner's done/right. */
    pointCounts(userId: number, appId: number) {
      const latest = latestOwn(userId, appId);
      return db
        .select({
          id: knowledgePoints.id,
          code: knowledgePoints.code,
          name: knowledgePoints.name,
          total: sql<number>`count(*)`.mapWith(Number),
          done: sql<number>`count(${latest.questionId})`.mapWith(Number),
          right: sql<number>`count(*) filter (where ${latest.right})`.mapWith(Number),
        })
        .from(knowledgePoints)
        .innerJoin(questionPoints, eq(questionPoints.pointId, knowledgePoints.id))
        .innerJoin(questions, and(eq(questions.id, questionPoints.questionId), eq(questions.retired, false)))
        .leftJoin(latest, eq(latest.questionId, questions.id))
        .where(eq(knowledgePoints.appId, appId))
        .groupBy(knowledgePoints.id, knowledgePoints.code, knowledgePoints.name);
    },

    /**
     * Questions (not retired) carrying any of these points, for strengthening: never answered first, then
     * latest reply wrong, then right; within each by chapter order and id.
     */
    async pointQuestions(userId: number, appId: number, pointIds: number[], limit: number, within?: readonly number[]): Promise<number[]> {
      if (pointIds.length === 0) return [];
      const onPoints = db.select({ id: questionPoints.questionId }).from(questionPoints).where(inArray(questionPoints.pointId, pointIds));
      // The learner's latest counted reply, only for the points' questions.
      const latest = db
        .selectDistinctOn([answers.questionId], { questionId: answers.questionId, right: answers.right })
        .from(answers)
        .where(and(eq(answers.userId, userId), eq(answers.appId, appId), isNull(answers.resetAt), inArray(answers.questionId, onPoints)))
        .orderBy(answers.questionId, desc(answers.createdAt), desc(answers.id))
        .as('latest');
      const rows = await db
        .select({ id: questions.id })
        .from(questions)
        .innerJoin(chapters, eq(chapters.id, questions.chapterId))
        .leftJoin(latest, eq(latest.questionId, questions.id))
        .where(and(eq(questions.appId, appId), eq(questions.retired, false), inArray(questions.id, onPoints), within ? inArray(questions.chapterId, [...within]) : undefined))
        .orderBy(sql`case when ${latest.questionId} is null then 0 when not ${latest.right} then 1 else 2 end`, asc(chapters.order), asc(chapters.id), asc(questions.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /**
     * Every question of the subject (optionally within chapters, not retired) that has answers, by how often
     * all learners' latest counted answer (row_number per question and learner) was wrong: highest wrong rate
     * first, then more answers, then id. Counts only, never who.
     */
    async wrongRates(appId: number, chapterIds: number[] | undefined): Promise<{ questionId: number; answered: number; wrong: number }[]> {
      const ranked = db
        .select({
          questionId: answers.questionId,
          right: answers.right,
          rn: sql<number>`row_number() over (partition by ${answers.questionId}, ${answers.userId} order by ${answers.createdAt} desc, ${answers.id} desc)`.as('rn'),
        })
        .from(answers)
        .innerJoin(questions, eq(questions.id, answers.questionId))
        .where(
          and(
            eq(answers.appId, appId),
            isNull(answers.resetAt),
            eq(questions.appId, appId),
            eq(questions.retired, false),
            chapterIds ? inArray(questions.chapterId, chapterIds) : undefined,
          ),
        )
        .as('ranked');
      const answered = sql<number>`count(*)`.mapWith(Number);
      const wrong = sql<number>`count(*) filter (where not ${ranked.right})`.mapWith(Number);
      return db
        .select({ questionId: ranked.questionId, answered, wrong })
        .from(ranked)
        .where(eq(ranked.rn, 1))
        .groupBy(ranked.questionId)
        .orderBy(desc(sql`count(*) filter (where not ${ranked.right})::float8 / count(*)`), desc(sql`count(*)`), asc(ranked.questionId));
    },
  };
}

export type StudyStatsStore = ReturnType<typeof createStudyStatsStore>;
