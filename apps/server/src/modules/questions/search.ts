import { and, asc, count, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { chapters, knowledgePoints, questionGroups, questionPoints, questions } from '../../db/schema/index.ts';

/**
 * What a learner may read of a question in a chapter they may not open: the names of its knowledge points (the
 * points list shows every point's name and question count). Never its stem, options or explanation.
 */
const questionTitleMatches = (p: string): SQL =>
  sql`exists (select 1 from ${questionPoints} qp join ${knowledgePoints} kp on kp.id = qp.point_id
      where qp.question_id = ${questions.id} and kp.name ilike ${p})`;

/** A question's own texts, its group's, or one of its knowledge points' names (as 搜题, docs/study.md). */
const questionMatches = (p: string): SQL =>
  sql`(${questions.stem} ilike ${p}
    or ${questions.explanation} ilike ${p}
    or exists (select 1 from jsonb_array_elements(${questions.options}) o where o->>'text' ilike ${p})
    or exists (select 1 from ${questionGroups} g where g.id = ${questions.groupId}
      and (g.stem ilike ${p} or exists (select 1 from jsonb_array_elements(g.options) go where go->>'text' ilike ${p})))
    or ${questionTitleMatches(p)})`;

/**
 * Questions of a subject (not retired) matching every LIKE pattern (the search's, docs/search.md): a page of those
 * in `open` chapters (all when undefined) by chapter order, their count, and how many in the other chapters match on
 * what the learner may read of them (their points' names: a word only in a closed question's text is not counted).
 */
export async function searchQuestions(db: Database, appId: number, patterns: readonly string[], open: readonly number[] | undefined, offset: number, limit: number) {
  const live = [eq(questions.appId, appId), eq(questions.retired, false)];
  // Every pattern, each anywhere in the question's texts.
  const base = and(...live, ...patterns.map(questionMatches));
  const byTitle = and(...live, ...patterns.map(questionTitleMatches));
  const inOpen = open === undefined ? base : open.length === 0 ? sql`false` : and(base, inArray(questions.chapterId, [...open]));
  const [rows, [shown], [closed]] = await Promise.all([
    db
      .select({ id: questions.id, stem: questions.stem, options: questions.options, explanation: questions.explanation, chapter: chapters.name })
      .from(questions)
      .innerJoin(chapters, eq(chapters.id, questions.chapterId))
      .where(inOpen)
      .orderBy(asc(chapters.order), asc(chapters.id), asc(questions.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(questions).where(inOpen),
    open === undefined
      ? Promise.resolve([{ n: 0 }])
      : db
          .select({ n: count() })
          .from(questions)
          .where(open.length === 0 ? byTitle : and(byTitle, notInArray(questions.chapterId, [...open]))),
  ]);
  return { total: shown?.n ?? 0, hidden: closed?.n ?? 0, rows };
}
