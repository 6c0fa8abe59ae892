import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import {
  chapters,
  knowledgePoints,
  LIVE_CARD_EXT_PREFIX,
  questionBanks,
  questionGroups,
  questionImages,
  questionPoints,
  questions,
  subjects,
  type StoredOption,
} from '../../db/schema/index.ts';

/** One subject's bank, ready to write (codes still unresolved: the store maps them to serial ids). */
export interface BankRows {
  appId: number;
  chapters: { code: string; name: string; parent: string | null; order: number }[];
  points: { code: string; name: string }[];
  groups: { extId: string; type: string; chapter: string; stem: string; options: StoredOption[] }[];
  questions: {
    extId: string;
    type: string;
    chapter: string;
    group: string | null;
    groupOrder: number;
    stem: string;
    options: StoredOption[];
    answer: string | string[];
    explanation: string;
    difficulty: number;
    year: number | null;
    source: string;
    points: string[];
  }[];
  images: { name: string; mime: string; bytes: Buffer; sha256: string }[];
}

export interface WriteCounts {
  /** Questions inserted. */
  added: number;
  /** Questions whose content changed (or that came back from retirement). */
  updated: number;
  /** Questions present and identical. */
  unchanged: number;
  /** Questions of the subject left out of this import, newly marked retired. */
  retired: number;
  /** Images inserted or replaced. */
  images: number;
}

/** Rows per INSERT (PostgreSQL allows 65535 parameters per statement). */
const CHUNK = 1000;
const chunks = <T>(rows: T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
};

/** The question bank's SQL (docs/questions.md). */
export function createQuestionStore(db: Database) {
  return {
    /**
     * Refreshes the planner's statistics of the bank's tables after an import changed their size (PGlite has no
     * autovacuum: without this a 100,000-question bank is planned as if it were empty).
     */
    async analyze(): Promise<void> {
      await db.execute(sql`analyze chapters, knowledge_points, question_groups, questions, question_points`);
    },

    /** The subject's chapter tree (id, parent, order), by order: what a trial rule reads (modules/entitlement). */
    chapterTree(appId: number): Promise<{ id: number; parentId: number | null; order: number }[]> {
      return db
        .select({ id: chapters.id, parentId: chapters.parentId, order: chapters.order })
        .from(chapters)
        .where(eq(chapters.appId, appId))
        .orderBy(asc(chapters.order), asc(chapters.id));
    },

    /** The subject's display name, or undefined when there is no such subject. */
    async subjectName(appId: number): Promise<string | undefined> {
      const [row] = await db.select({ name: subjects.appName }).from(subjects).where(eq(subjects.appId, appId));
      return row?.name;
    },

    /**
     * Writes a validated bank in one transaction: chapters, points, groups and questions are upserted by
     * (subject, code or id), so serial ids stay; a question's row changes only when its content does;
     * questions of the subject missing from `bank` are marked retired (never deleted).
     */
    async writeBank(bank: BankRows, at: Date, origin: 'demo' | 'import'): Promise<WriteCounts> {
      const appId = bank.appId;
      return db.transaction(async (tx) => {
        await tx
          .insert(questionBanks)
          .values({ appId, origin, importedAt: at })
          .onConflictDoUpdate({ target: questionBanks.appId, set: { origin, importedAt: at }, setWhere: sql`${questionBanks.origin} <> excluded.origin` });
        // Chapters, then their parents (by serial id).
        const chapterIds = new Map<string, number>();
        for (const part of chunks(bank.chapters)) {
          const rows = await tx
            .insert(chapters)
            .values(part.map((c) => ({ appId, code: c.code, name: c.name, order: c.order })))
            .onConflictDoUpdate({ target: [chapters.appId, chapters.code], set: { name: sql`excluded.name`, order: sql`excluded."order"` } })
            .returning({ id: chapters.id, code: chapters.code, parentId: chapters.parentId });
          for (const r of rows) chapterIds.set(r.code, r.id);
        }
        const current = new Map((await tx.select({ id: chapters.id, parentId: chapters.parentId }).from(chapters).where(eq(chapters.appId, appId))).map((r) => [r.id, r.parentId]));
        for (const c of bank.chapters) {
          const id = chapterIds.get(c.code)!;
          const parentId = c.parent === null ? null : chapterIds.get(c.parent)!;
          if (current.get(id) !== parentId) await tx.update(chapters).set({ parentId }).where(eq(chapters.id, id));
        }

        const pointIds = new Map<string, number>();
        for (const part of chunks(bank.points)) {
          const rows = await tx
            .insert(knowledgePoints)
            .values(part.map((p) => ({ appId, code: p.code, name: p.name })))
            .onConflictDoUpdate({ target: [knowledgePoints.appId, knowledgePoints.code], set: { name: sql`excluded.name` } })
            .returning({ id: knowledgePoints.id, code: knowledgePoints.code });
          for (const r of rows) pointIds.set(r.code, r.id);
        }

        const groupIds = new Map<string, number>();
        for (const part of chunks(bank.groups)) {
          const rows = await tx
            .insert(questionGroups)
            .values(part.map((g) => ({ appId, extId: g.extId, type: g.type, chapterId: chapterIds.get(g.chapter)!, stem: g.stem, options: g.options })))
            .onConflictDoUpdate({
              target: [questionGroups.appId, questionGroups.extId],
              set: { type: sql`excluded.type`, chapterId: sql`excluded.chapter_id`, stem: sql`excluded.stem`, options: sql`excluded.options` },
            })
            .returning({ id: questionGroups.id, extId: questionGroups.extId });
          for (const r of rows) groupIds.set(r.extId, r.id);
        }

        // Questions: a row is touched only when something differs (or it was retired).
        let added = 0;
        let updated = 0;
        for (const part of chunks(bank.questions)) {
          const rows = await tx
            .insert(questions)
            .values(
              part.map((q) => ({
                appId,
                extId: q.extId,
                type: q.type,
                chapterId: chapterIds.get(q.chapter)!,
                groupId: q.group === null ? null : groupIds.get(q.group)!,
                groupOrder: q.groupOrder,
                stem: q.stem,
                options: q.options,
                answer: q.answer,
                explanation: q.explanation,
                difficulty: q.difficulty,
                year: q.year,
                source: q.source,
                retired: false,
                updatedAt: at,
              })),
            )
            .onConflictDoUpdate({
              target: [questions.appId, questions.extId],
              set: {
                type: sql`excluded.type`,
                chapterId: sql`excluded.chapter_id`,
                groupId: sql`excluded.group_id`,
                groupOrder: sql`excluded.group_order`,
                stem: sql`excluded.stem`,
                options: sql`excluded.options`,
                answer: sql`excluded.answer`,
                explanation: sql`excluded.explanation`,
                difficulty: sql`excluded.difficulty`,
                year: sql`excluded.year`,
                source: sql`excluded.source`,
                retired: sql`false`,
                updatedAt: sql`excluded.updated_at`,
              },
              setWhere: sql`(${questions.type}, ${questions.chapterId}, ${questions.groupId}, ${questions.groupOrder}, ${questions.stem}, ${questions.options}, ${questions.answer}, ${questions.explanation}, ${questions.difficulty}, ${questions.year}, ${questions.source}, ${questions.retired})
                is distinct from (excluded.type, excluded.chapter_id, excluded.group_id, excluded.group_order, excluded.stem, excluded.options, excluded.answer, excluded.explanation, excluded.difficulty, excluded.year, excluded.source, false)`,
            })
            .returning({ inserted: sql<boolean>`(xmax = 0)` });
          for (const r of rows) {
            if (r.inserted) added++;
            else updated++;
          }
        }

        // Retire what this import left out; map ids for the points.
        const imported = new Set(bank.questions.map((q) => q.extId));
        const all = await tx.select({ id: questions.id, extId: questions.extId, retired: questions.retired }).from(questions).where(eq(questions.appId, appId));
        const idOf = new Map(all.map((r) => [r.extId, r.id]));
        // Questions made from live classes' quiz cards (docs/live.md) are not the file's: an import keeps them.
        const toRetire = all.filter((r) => !r.retired && !imported.has(r.extId) && !r.extId.startsWith(LIVE_CARD_EXT_PREFIX)).map((r) => r.id);
        for (const part of chunks(toRetire, 5000)) await tx.update(questions).set({ retired: true, updatedAt: at }).where(inArray(questions.id, part));

        // Question ↔ point links of the imported questions: add the missing, drop the stale.
        const want = new Set<string>();
        for (const q of bank.questions) for (const p of q.points) want.add(`${idOf.get(q.extId)!}:${pointIds.get(p)!}`);
        const have = await tx
          .select({ questionId: questionPoints.questionId, pointId: questionPoints.pointId })
          .from(questionPoints)
          .innerJoin(questions, eq(questions.id, questionPoints.questionId))
          .where(and(eq(questions.appId, appId)));
        const importedIds = new Set(bank.questions.map((q) => idOf.get(q.extId)!));
        const haveKeys = new Set(have.map((h) => `${h.questionId}:${h.pointId}`));
        const stale = have.filter((h) => importedIds.has(h.questionId) && !want.has(`${h.questionId}:${h.pointId}`));
        for (const s of stale) await tx.delete(questionPoints).where(and(eq(questionPoints.questionId, s.questionId), eq(questionPoints.pointId, s.pointId)));
        const missing = [...want]
          .filter((k) => !haveKeys.has(k))
          .map((k) => {
            const [questionId, pointId] = k.split(':').map(Number) as [number, number];
            return { questionId, pointId };
          });
        for (const part of chunks(missing, 5000)) await tx.insert(questionPoints).values(part).onConflictDoNothing();

        let images = 0;
        for (const img of bank.images) {
          const rows = await tx
            .insert(questionImages)
            .values({ appId, ...img })
            .onConflictDoUpdate({
              target: [questionImages.appId, questionImages.name],
              set: { mime: sql`excluded.mime`, bytes: sql`excluded.bytes`, sha256: sql`excluded.sha256` },
              setWhere: sql`${questionImages.sha256} <> excluded.sha256 or ${questionImages.mime} <> excluded.mime`,
            })
            .returning({ name: questionImages.name });
          images += rows.length;
        }

        return { added, updated, unchanged: bank.questions.length - added - updated, retired: toRetire.length, images };
      });
    },

    /** Where the subject's bank came from ('demo' seed or 'import'), or undefined when it has none. */
    async bankOrigin(appId: number): Promise<'demo' | 'import' | undefined> {
      const [row] = await db.select({ origin: questionBanks.origin }).from(questionBanks).where(eq(questionBanks.appId, appId));
      return row?.origin;
    },

    /** One image of a subject. */
    async image(appId: number, name: string) {
      const [row] = await db
        .select()
        .from(questionImages)
        .where(and(eq(questionImages.appId, appId), eq(questionImages.name, name)));
      return row;
    },

    /** The subject's chapters in file order (for tests and the practice calls). */
    async chapters(appId: number) {
      return db.select().from(chapters).where(eq(chapters.appId, appId)).orderBy(asc(chapters.order), asc(chapters.id));
    },

    async points(appId: number) {
      return db.select().from(knowledgePoints).where(eq(knowledgePoints.appId, appId)).orderBy(asc(knowledgePoints.code));
    },

    async groups(appId: number) {
      return db.select().from(questionGroups).where(eq(questionGroups.appId, appId)).orderBy(asc(questionGroups.id));
    },

    /** Every question of the subject (retired ones too), by serial id. */
    async questions(appId: number) {
      return db.select().from(questions).where(eq(questions.appId, appId)).orderBy(asc(questions.id));
    },

    /** Knowledge point codes of each question of the subject. */
    async questionPointCodes(appId: number): Promise<Map<number, string[]>> {
      const rows = await db
        .select({ questionId: questionPoints.questionId, code: knowledgePoints.code })
        .from(questionPoints)
        .innerJoin(knowledgePoints, eq(knowledgePoints.id, questionPoints.pointId))
        .where(eq(knowledgePoints.appId, appId))
        .orderBy(asc(questionPoints.questionId), asc(knowledgePoints.code));
      const out = new Map<number, string[]>();
      for (const r of rows) out.set(r.questionId, [...(out.get(r.questionId) ?? []), r.code]);
      return out;
    },
  };
}

export type QuestionStore = ReturnType<typeof createQuestionStore>;
