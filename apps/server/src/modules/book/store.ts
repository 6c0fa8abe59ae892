import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { bulk, columnNames, fromExcluded, unnestRows, type BulkColumn } from '../../db/bulk.ts';
import type { Database, Tx } from '../../db/index.ts';
import { bookItems, chapters, favourites, notes, questions, studySettings } from '../../db/schema/index.ts';
import { chapterList } from '../questions/index.ts';

/** A connection or a transaction handle: the book's writes run inside the answer's transaction. */
type Conn = Database | Tx;

export type BookRow = typeof bookItems.$inferSelect;
/** The FSRS card and counters a review changes. */
export type BookPatch = Partial<Omit<BookRow, 'userId' | 'questionId' | 'appId'>>;

export type ListKind = 'error' | 'fav' | 'note';

export interface CatalogRow {
  cptID: number;
  parentID: number | null;
  name: string;
  order: number;
  count: number;
  due: number;
}

/** Items in the book now: not removed, question not retired. */
const inBookNow = (userId: number, appId: number) => and(eq(bookItems.userId, userId), eq(bookItems.appId, appId), isNull(bookItems.removedAt), eq(questions.retired, false));

/** Every column of a book row, for writing whole rows. */
const ALL_COLUMNS: BulkColumn<BookRow>[] = Object.entries(getTableColumns(bookItems)).map(([key, column]) => [column, (row) => row[key as keyof BookRow]]);
/** What a review or a wrong answer changes: everything but the key and the subject. */
const CHANGING = ALL_COLUMNS.map(([column]) => column).filter((c) => c !== bookItems.userId && c !== bookItems.questionId && c !== bookItems.appId);

/** The only SQL of the wrong-answer book (docs/book.md). Every read and write is filtered by the given user id. */
export function createBookStore(db: Database) {
  return {
    transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    /** The learner's item for a question, locked until the transaction ends (waits for a concurrent writer). */
    async lock(tx: Tx, userId: number, questionId: number): Promise<BookRow | undefined> {
      const [row] = await tx
        .select()
        .from(bookItems)
        .where(and(eq(bookItems.userId, userId), eq(bookItems.questionId, questionId)))
        .for('update');
      return row;
    },

    /**
     * For a wrong answer, in one statement: inserts the learner's row for the question when
     * missing, else takes the existing row's lock (a no-op update), and answers the row either way.
     */
    async ensureLocked(tx: Tx, row: { userId: number; questionId: number; appId: number; at: Date }): Promise<BookRow> {
      const [locked] = await tx
        .insert(bookItems)
        .values({ userId: row.userId, questionId: row.questionId, appId: row.appId, due: row.at, addedAt: row.at, lastWrongAt: row.at })
        .onConflictDoUpdate({ target: [bookItems.userId, bookItems.questionId], set: { userId: sql`${bookItems.userId}` } })
        .returning();
      if (!locked) throw new Error('book item neither inserted nor found');
      return locked;
    },

    async update(tx: Tx, userId: number, questionId: number, patch: BookPatch): Promise<BookRow> {
      const [row] = await tx
        .update(bookItems)
        .set(patch)
        .where(and(eq(bookItems.userId, userId), eq(bookItems.questionId, questionId)))
        .returning();
      if (!row) throw new Error('book item vanished inside its transaction');
      return row;
    },

    /**
     * `lock` for many learners' questions at once, in (learner, question) order, so two batches never wait on each
     * other in a cycle.
     */
    lockMany(tx: Tx, keys: readonly { userId: number; questionId: number }[]): Promise<BookRow[]> {
      if (keys.length === 0) return Promise.resolve([]);
      return tx
        .select()
        .from(bookItems)
        .where(
          sql`(${bookItems.userId}, ${bookItems.questionId}) in (select * from unnest(${sql.param(keys.map((k) => k.userId))}::integer[], ${sql.param(keys.map((k) => k.questionId))}::integer[]))`,
        )
        .orderBy(asc(bookItems.userId), asc(bookItems.questionId))
        .for('update');
    },

    /**
     * Makes sure each learner has a row for each of these questions (a new card, in the book), in one statement
     * (rows in (learner, question) order); existing rows are left alone.
     */
    async ensureMany(tx: Tx, items: readonly { userId: number; appId: number; questionId: number; at: Date }[]): Promise<void> {
      if (items.length === 0) return;
      const sorted = [...items].sort((a, b) => a.userId - b.userId || a.questionId - b.questionId);
      const columns: BulkColumn<(typeof items)[number]>[] = [
        [bookItems.userId, (r) => r.userId],
        [bookItems.questionId, (r) => r.questionId],
        [bookItems.appId, (r) => r.appId],
        [bookItems.due, (r) => r.at],
        [bookItems.addedAt, (r) => r.at],
        [bookItems.lastWrongAt, (r) => r.at],
      ];
      await bulk(tx, sql`insert into ${bookItems} ${unnestRows(columns, sorted)} on conflict (${columnNames(bookItems.userId, bookItems.questionId)}) do nothing`);
    },

    /** Several learners' clear-after settings (those who set one). */
    async clearAfterOf(tx: Tx, userIds: readonly number[]): Promise<Map<number, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await tx
        .select({ userId: studySettings.userId, n: studySettings.clearAfter })
        .from(studySettings)
        .where(inArray(studySettings.userId, [...userIds]));
      return new Map(rows.map((r) => [r.userId, r.n]));
    },

    /**
     * Writes whole rows the caller holds locked (`lockMany`) in one statement: an INSERT … ON CONFLICT DO UPDATE
     * that sets every changing column from the new row, i.e. a multi-row UPDATE.
     */
    async writeMany(tx: Tx, rows: BookRow[]): Promise<void> {
      if (rows.length === 0) return;
      await bulk(
        tx,
        sql`insert into ${bookItems} ${unnestRows(ALL_COLUMNS, rows)}
            on conflict (${columnNames(bookItems.userId, bookItems.questionId)}) do update set ${fromExcluded(CHANGING)}`,
      );
    },

    /** The learner's clear-after setting, or undefined when never set. */
    async clearAfter(userId: number, conn: Conn = db): Promise<number | undefined> {
      const [row] = await conn.select({ n: studySettings.clearAfter }).from(studySettings).where(eq(studySettings.userId, userId));
      return row?.n;
    },

    async setClearAfter(userId: number, n: number): Promise<number> {
      const [row] = await db
        .insert(studySettings)
        .values({ userId, clearAfter: n })
        .onConflictDoUpdate({ target: studySettings.userId, set: { clearAfter: n } })
        .returning({ n: studySettings.clearAfter });
      return row!.n;
    },

    async inBook(userId: number, questionId: number): Promise<boolean> {
      const [row] = await db
        .select({ q: bookItems.questionId })
        .from(bookItems)
        .where(and(eq(bookItems.userId, userId), eq(bookItems.questionId, questionId), isNull(bookItems.removedAt)));
      return row !== undefined;
    },

    /** The learner's book rows (in the book now) among these questions. */
    states(userId: number, questionIds: number[]): Promise<BookRow[]> {
      if (questionIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(bookItems)
        .where(and(eq(bookItems.userId, userId), inArray(bookItems.questionId, questionIds), isNull(bookItems.removedAt)));
    },

    async question(id: number) {
      const [row] = await db
        .select({ id: questions.id, appId: questions.appId, chapterId: questions.chapterId, retired: questions.retired })
        .from(questions)
        .where(eq(questions.id, id));
      return row;
    },

    /** All chapters of a subject (for a chapter's subtree). */
    chapters: (appId: number) => chapterList(db, appId),

    /**
     * A page of the learner's book (optionally of some chapters, optionally only items due at `dueAt`) with the total.
     * Order: by due time when `dueAt` is given, else most recently wrong first.
     */
    async page(userId: number, appId: number, opts: { chapterIds?: number[]; dueAt?: Date }, offset: number, limit: number) {
      const conds: (SQL | undefined)[] = [inBookNow(userId, appId)];
      if (opts.chapterIds) conds.push(inArray(questions.chapterId, opts.chapterIds));
      if (opts.dueAt) conds.push(lte(bookItems.due, opts.dueAt));
      const where = and(...conds);
      const order = opts.dueAt ? [asc(bookItems.due), asc(bookItems.questionId)] : [desc(bookItems.lastWrongAt), desc(bookItems.questionId)];
      const [rows, [total]] = await Promise.all([
        db
          .select({ item: bookItems })
          .from(bookItems)
          .innerJoin(questions, eq(questions.id, bookItems.questionId))
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(bookItems).innerJoin(questions, eq(questions.id, bookItems.questionId)).where(where),
      ]);
      return { rows: rows.map((r) => r.item), total: total?.n ?? 0 };
    },

    /** Items, due now, next due after now and cleared items of the learner's book for a subject. */
    async summary(userId: number, appId: number, now: Date) {
      const [inBook] = await db
        .select({
          items: count(),
          due: sql<number>`count(*) filter (where ${bookItems.due} <= ${now})`.mapWith(Number),
          nextDueAt: sql<Date | null>`min(${bookItems.due}) filter (where ${bookItems.due} > ${now})`.mapWith((v) => (v === null ? null : new Date(v))),
        })
        .from(bookItems)
        .innerJoin(questions, eq(questions.id, bookItems.questionId))
        .where(inBookNow(userId, appId));
      const [cleared] = await db
        .select({ n: count() })
        .from(bookItems)
        .innerJoin(questions, eq(questions.id, bookItems.questionId))
        .where(and(eq(bookItems.userId, userId), eq(bookItems.appId, appId), eq(bookItems.removedBy, 'cleared'), eq(questions.retired, false)));
      return { items: inBook?.items ?? 0, due: inBook?.due ?? 0, nextDueAt: inBook?.nextDueAt ?? null, cleared: cleared?.n ?? 0 };
    },

    /**
     * The chapters holding the learner's book items, favourites or notes (the question's current chapter, not
     * retired), with counts (and, for the book, items due at `now`), by chapter order; plus the totals.
     */
    async catalog(kind: ListKind, userId: number, appId: number, now: Date, offset: number, limit: number) {
      const per = (() => {
        if (kind === 'error') {
          return db
            .select({
              chapterId: questions.chapterId,
              n: count().as('n'),
              due: sql<number>`count(*) filter (where ${bookItems.due} <= ${now})`.mapWith(Number).as('due'),
            })
            .from(bookItems)
            .innerJoin(questions, eq(questions.id, bookItems.questionId))
            .where(inBookNow(userId, appId))
            .groupBy(questions.chapterId)
            .as('per');
        }
        const table = kind === 'fav' ? favourites : notes;
        return db
          .select({ chapterId: questions.chapterId, n: count().as('n'), due: sql<number>`0`.mapWith(Number).as('due') })
          .from(table)
          .innerJoin(questions, eq(questions.id, table.questionId))
          .where(and(eq(table.userId, userId), eq(table.appId, appId), eq(questions.retired, false)))
          .groupBy(questions.chapterId)
          .as('per');
      })();
      const [list, [totals]] = await Promise.all([
        db
          .select({ cptID: chapters.id, parentID: chapters.parentId, name: chapters.name, order: chapters.order, count: per.n, due: per.due })
          .from(per)
          .innerJoin(chapters, eq(chapters.id, per.chapterId))
          .orderBy(asc(chapters.order), asc(chapters.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ chapters: count(), items: sql<number>`coalesce(sum(${per.n}), 0)`.mapWith(Number) })
          .from(per)
          .innerJoin(chapters, eq(chapters.id, per.chapterId)),
      ]);
      return { list: list as CatalogRow[], total: totals?.chapters ?? 0, items: totals?.items ?? 0 };
    },

    /** The learner takes a question out of the book; false when it was not in it. */
    async remove(userId: number, questionId: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(bookItems)
        .set({ removedAt: at, removedBy: 'learner' })
        .where(and(eq(bookItems.userId, userId), eq(bookItems.questionId, questionId), isNull(bookItems.removedAt)))
        .returning({ q: bookItems.questionId });
      return rows.length > 0;
    },
  };
}

export type BookStore = ReturnType<typeof createBookStore>;
