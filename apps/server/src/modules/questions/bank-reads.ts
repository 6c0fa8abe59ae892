import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { chapters, knowledgePoints, questionGroups, questionPoints, questions } from '../../db/schema/index.ts';

// The bank's reads by subject or by ids that other modules make (docs/tables.md: the bank's tables are this
// module's): one statement each, however many rows. "In use" is a question not retired.
const inUse = (appId: number) => and(eq(questions.appId, appId), eq(questions.retired, false));

/** How many questions in use of the subject each chapter holds directly (chapters without any left out). */
export async function liveCountsByChapter(db: Database, appId: number): Promise<Map<number, number>> {
  const rows = await db.select({ chapterId: questions.chapterId, n: count() }).from(questions).where(inUse(appId)).groupBy(questions.chapterId);
  return new Map(rows.map((r) => [r.chapterId, r.n]));
}

/** How many questions of the subject are in use. */
export async function liveBankSize(db: Database, appId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(questions).where(inUse(appId));
  return row?.n ?? 0;
}

/** A question in use as a draw sees it: no texts (those come from the shown-question reads). */
export interface PoolQuestion {
  id: number;
  chapterId: number;
  type: string;
  groupId: number | null;
  groupOrder: number;
  difficulty: number;
  year: number | null;
}

/** The questions in use of the subject, or of one chapter (directly in it), by id. */
export function livePool(db: Database, appId: number, chapterId?: number): Promise<PoolQuestion[]> {
  return db
    .select({
      id: questions.id,
      chapterId: questions.chapterId,
      type: questions.type,
      groupId: questions.groupId,
      groupOrder: questions.groupOrder,
      difficulty: questions.difficulty,
      year: questions.year,
    })
    .from(questions)
    .where(and(inUse(appId), chapterId === undefined ? undefined : eq(questions.chapterId, chapterId)))
    .orderBy(asc(questions.id));
}

/** The (question, knowledge point) links of the subject's questions in use, by question then point. */
export function livePointLinks(db: Database, appId: number): Promise<{ questionId: number; pointId: number }[]> {
  return db
    .select({ questionId: questionPoints.questionId, pointId: questionPoints.pointId })
    .from(questionPoints)
    .innerJoin(questions, eq(questions.id, questionPoints.questionId))
    .where(inUse(appId))
    .orderBy(asc(questionPoints.questionId), asc(questionPoints.pointId));
}

/** Per knowledge point and chapter: how many questions in use of the subject carry the point there. */
export function livePointChapterCounts(db: Database, appId: number): Promise<{ pointId: number; chapterId: number; n: number }[]> {
  return db
    .select({ pointId: questionPoints.pointId, chapterId: questions.chapterId, n: sql<number>`count(*)::int` })
    .from(questionPoints)
    .innerJoin(questions, eq(questions.id, questionPoints.questionId))
    .where(inUse(appId))
    .groupBy(questionPoints.pointId, questions.chapterId);
}

/** The first questions in use (by id) carrying a knowledge point: id and stem. */
export function pointQuestionStems(db: Database, pointId: number, limit: number): Promise<{ id: number; stem: string }[]> {
  return db
    .select({ id: questions.id, stem: questions.stem })
    .from(questionPoints)
    .innerJoin(questions, eq(questions.id, questionPoints.questionId))
    .where(and(eq(questionPoints.pointId, pointId), eq(questions.retired, false)))
    .orderBy(asc(questions.id))
    .limit(limit);
}

/** The knowledge point ids of a question. */
export async function pointsOfQuestion(db: Database, questionId: number): Promise<number[]> {
  const rows = await db.select({ pointId: questionPoints.pointId }).from(questionPoints).where(eq(questionPoints.questionId, questionId));
  return rows.map((r) => r.pointId);
}

/** A knowledge point as other modules read it. */
export interface PointNode {
  id: number;
  code: string;
  name: string;
}

const point = { id: knowledgePoints.id, code: knowledgePoints.code, name: knowledgePoints.name };

/** Every knowledge point of a subject, by id. */
export function pointList(db: Database, appId: number): Promise<PointNode[]> {
  return db.select(point).from(knowledgePoints).where(eq(knowledgePoints.appId, appId)).orderBy(asc(knowledgePoints.id));
}

/** One knowledge point of a subject, or undefined when the subject has no such point. */
export async function pointOf(db: Database, appId: number, id: number): Promise<PointNode | undefined> {
  const [row] = await db
    .select(point)
    .from(knowledgePoints)
    .where(and(eq(knowledgePoints.appId, appId), eq(knowledgePoints.id, id)));
  return row;
}

/** The subject's knowledge points with these codes: code → id (unknown codes left out), one query for all. */
export async function pointIdsByCode(db: Database, appId: number, codes: readonly string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ id: knowledgePoints.id, code: knowledgePoints.code })
    .from(knowledgePoints)
    .where(and(eq(knowledgePoints.appId, appId), inArray(knowledgePoints.code, [...codes])));
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** The names of these knowledge points, one query for all (unknown ids left out). */
export async function pointNames(db: Database, ids: Iterable<number>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: knowledgePoints.id, name: knowledgePoints.name }).from(knowledgePoints).where(inArray(knowledgePoints.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The subject's chapters by code: code → id. */
export async function chapterCodes(db: Database, appId: number): Promise<Map<string, number>> {
  const rows = await db.select({ id: chapters.id, code: chapters.code }).from(chapters).where(eq(chapters.appId, appId));
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** A question in use carrying a knowledge point, with its chapter (one row per question and point). */
export interface PointQuestionRow {
  questionId: number;
  pointId: number;
  type: string;
  groupId: number | null;
  groupOrder: number;
  chapterId: number;
  chapterName: string;
  chapterOrder: number;
  year: number | null;
  explanation: string;
}

/**
 * The subject's questions in use with their points, by chapter order and id. `texts: false` leaves the
 * explanations out ('') — most of the bytes of a large bank.
 */
export function livePointQuestions(db: Database, appId: number, { texts = true }: { texts?: boolean } = {}): Promise<PointQuestionRow[]> {
  return db
    .select({
      questionId: questions.id,
      pointId: questionPoints.pointId,
      type: questions.type,
      groupId: questions.groupId,
      groupOrder: questions.groupOrder,
      chapterId: questions.chapterId,
      chapterName: chapters.name,
      chapterOrder: chapters.order,
      year: questions.year,
      explanation: texts ? questions.explanation : sql<string>`''`,
    })
    .from(questionPoints)
    .innerJoin(questions, eq(questions.id, questionPoints.questionId))
    .innerJoin(chapters, eq(chapters.id, questions.chapterId))
    .where(inUse(appId))
    .orderBy(asc(chapters.order), asc(chapters.id), asc(questions.id));
}

/** Per knowledge point of the subject: how many questions in use carry it (points without any left out). */
export async function livePointCounts(db: Database, appId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ pointId: questionPoints.pointId, n: count() })
    .from(questionPoints)
    .innerJoin(questions, eq(questions.id, questionPoints.questionId))
    .where(inUse(appId))
    .groupBy(questionPoints.pointId);
  return new Map(rows.map((r) => [r.pointId, r.n]));
}

/** Every question of a subject's bank, retired ones too, with its group's ext id (null for single items), by id. */
export function bankQuestions(db: Database, appId: number) {
  return db
    .select({
      id: questions.id,
      extId: questions.extId,
      type: questions.type,
      chapterId: questions.chapterId,
      groupId: questions.groupId,
      groupExtId: questionGroups.extId,
      groupOrder: questions.groupOrder,
      retired: questions.retired,
    })
    .from(questions)
    .leftJoin(questionGroups, eq(questionGroups.id, questions.groupId))
    .where(eq(questions.appId, appId))
    .orderBy(asc(questions.id));
}

/** The ext ids of the subject's question groups. */
export async function groupExtIds(db: Database, appId: number): Promise<Set<string>> {
  const rows = await db.select({ extId: questionGroups.extId }).from(questionGroups).where(eq(questionGroups.appId, appId));
  return new Set(rows.map((r) => r.extId));
}
