import { SINGLE_TYPES } from '@kaoshi/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Tx } from '../../db/index.ts';
import { chapters, questions } from '../../db/schema/index.ts';

/** A chapter of a subject's bank as other modules read it. */
export interface ChapterNode {
  id: number;
  parentId: number | null;
  name: string;
  order: number;
}

const node = { id: chapters.id, parentId: chapters.parentId, name: chapters.name, order: chapters.order };

/** Every chapter of a subject, by order then id (docs/tables.md: `chapters` is this module's). */
export function chapterList(db: Database, appId: number): Promise<ChapterNode[]> {
  return db.select(node).from(chapters).where(eq(chapters.appId, appId)).orderBy(asc(chapters.order), asc(chapters.id));
}

/** One chapter of a subject, or undefined when the subject has no such chapter. */
export async function chapterOf(db: Database, appId: number, id: number): Promise<ChapterNode | undefined> {
  const [row] = await db
    .select(node)
    .from(chapters)
    .where(and(eq(chapters.appId, appId), eq(chapters.id, id)));
  return row;
}

/** The names of these chapters, one query for all (unknown ids left out). */
export async function chapterNames(db: Database | Tx, ids: Iterable<number>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: chapters.id, name: chapters.name }).from(chapters).where(inArray(chapters.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The first chapter of a subject with this name (by id order is not promised), or undefined. */
export async function chapterNamed(db: Database | Tx, appId: number, name: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: chapters.id })
    .from(chapters)
    .where(and(eq(chapters.appId, appId), eq(chapters.name, name)))
    .limit(1);
  return row?.id;
}

/** A question's subject, chapter, stem and whether it is retired (a discussion of a question); null when none. */
export async function questionFacts(db: Database, id: number) {
  const [row] = await db
    .select({ appId: questions.appId, chapterId: questions.chapterId, stem: questions.stem, retired: questions.retired })
    .from(questions)
    .where(eq(questions.id, id));
  return row ?? null;
}

/** Up to `limit` current single items (no group, no fill-in) of a chapter, by id (the campaign page's samples). */
export function sampleQuestions(db: Database, appId: number, chapterId: number, limit: number) {
  return db
    .select({
      id: questions.id,
      chapterId: questions.chapterId,
      type: questions.type,
      stem: questions.stem,
      options: questions.options,
      answer: questions.answer,
      explanation: questions.explanation,
    })
    .from(questions)
    .where(
      and(
        eq(questions.appId, appId),
        eq(questions.chapterId, chapterId),
        eq(questions.retired, false),
        isNull(questions.groupId),
        inArray(
          questions.type,
          SINGLE_TYPES.filter((t) => t !== 'FILL'),
        ),
      ),
    )
    .orderBy(asc(questions.id))
    .limit(limit);
}
