import {
  normaliseKeys,
  PRACTICE_MODULE,
  PRACTICE_MSG,
  replyFits,
  scoreReply,
  type ChapterProgress,
  type PracticeGroup,
  type PracticeQuestion,
  type QuestionType,
} from '@kaoshi/contract';
import type { Clock } from '../../platform/clock.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import { itemLoader } from '../../platform/items.ts';
import { chapterOpen, type EntitlementService } from '../entitlement/index.ts';
import { subtree, pointNamesOf, shownGroup, shownQuestion } from '../questions/index.ts';
import type { AnswerBook, QuestionMarks } from './links.ts';
import type { ChapterNode, PracticeStore, QuestionRow } from './store.ts';

/** A question as a call naming it by id gets it: its subject, chapter, type and key. */
export type QuestionKey = NonNullable<Awaited<ReturnType<PracticeStore['question']>>>;

export interface ReplyInput {
  appId: number;
  cptId: number;
  questionId: number;
  sbjId: number | undefined;
  reply: string;
  spendTime: number;
  examHistoryId: number;
  replyId: string;
}

/** Chapter practice (docs/practice.md). Every read and write is for the given (session) user only. */
export function createPracticeService(deps: {
  store: PracticeStore;
  clock: Clock;
  book: AnswerBook;
  marks: QuestionMarks;
  entitlements: Pick<EntitlementService, 'chapterAccess'>;
}) {
  const { store, clock, book, marks, entitlements } = deps;

  async function knownChapter(appId: number, cptId: number): Promise<ChapterNode> {
    const chapter = await store.chapter(appId, cptId);
    if (!chapter) throw notFound(PRACTICE_MSG.unknownChapter);
    return chapter;
  }

  /**
   * Question rows as practice shows them, in the given order: each with the learner's latest counted reply,
   * favourite and note, plus the groups (shared stems/options) they belong to, once each in first-seen order.
   */
  async function present(userId: number, rows: QuestionRow[]): Promise<{ groups: PracticeGroup[]; list: PracticeQuestion[] }> {
    const qids = rows.map((r) => r.id);
    const groupIds = [...new Set(rows.flatMap((r) => (r.groupId === null ? [] : [r.groupId])))];
    const [groups, points, replies, mine] = await Promise.all([store.groups(groupIds), store.points(qids), store.latestReplies(userId, qids), marks.marks(userId, qids)]);
    const pointsOf = pointNamesOf(points);
    const replyOf = new Map(replies.map((r) => [r.questionId, r]));
    const groupOrder = new Map(groupIds.map((id, i) => [id, i]));
    const list: PracticeQuestion[] = rows.map((r) => {
      const last = replyOf.get(r.id);
      return {
        ...shownQuestion(r),
        answer: r.answer,
        explanation: r.explanation,
        difficulty: r.difficulty,
        points: pointsOf.get(r.id) ?? [],
        last: last ? { lastUserReply: last.reply, right: last.right, score: last.score, spendTime: last.spentSeconds, answeredAt: last.createdAt.toISOString() } : null,
        favourite: mine.favourites.has(r.id),
        note: mine.notes.get(r.id) ?? null,
      };
    });
    return {
      groups: [...groups].sort((a, b) => groupOrder.get(a.id)! - groupOrder.get(b.id)!).map(shownGroup),
      list,
    };
  }

  return {
    /**
     * These questions of a subject as practice shows them, in the order of `ids`, with their groups (for the
     * study lists: wrong-answer book, favourites, notes, search). A group member pulls no siblings in.
     */
    async questionsByIds(userId: number, appId: number, ids: number[]) {
      const rows = await store.questionsByIds(appId, ids);
      const at = new Map(ids.map((id, i) => [id, i]));
      rows.sort((a, b) => at.get(a.id)! - at.get(b.id)!);
      return present(userId, rows);
    },

    /**
     * The chapters whose questions the learner may see (docs/entitlement.md): all of them (null) with a version
     * that has practice, the trial's chapters otherwise. Lists across chapters (search, 易错题) keep to these.
     */
    async openChapters(userId: number, appId: number): Promise<ReadonlySet<number> | null> {
      const access = await entitlements.chapterAccess(userId, appId, PRACTICE_MODULE);
      return access.all ? null : access.open;
    },

    /**
     * A question calls name by id (contract `gate.item`: 查看试题 cptcontent): 400 试题不存在 when there is none (or it
     * is retired), 400 when it is another subject's; the policy then asks that its chapter be open (a trial opens only some).
     */
    questions: itemLoader<QuestionKey>('question', async (id, input) => {
      const appId = input.appID as number;
      const q = await store.question(id!);
      if (!q) throw badInput(PRACTICE_MSG.unknownQuestion);
      if (q.appId !== appId) throw badInput(PRACTICE_MSG.wrongSubject);
      if (q.retired) throw badInput(PRACTICE_MSG.unknownQuestion);
      return { facts: { appId, module: PRACTICE_MODULE, chapter: q.chapterId }, value: q };
    }),

    /** The chapter tree with progress; a parent's numbers include its descendants'; `locked` beyond a trial. */
    async chapterMenu(userId: number, appId: number) {
      const [all, totals, progress, access] = await Promise.all([
        store.chapters(appId),
        store.questionCounts(appId),
        store.progress(userId, appId),
        entitlements.chapterAccess(userId, appId, PRACTICE_MODULE),
      ]);
      const own = new Map(all.map((c) => [c.id, { total: totals.get(c.id) ?? 0, done: 0, right: 0, spent: 0, last: null as Date | null }]));
      for (const p of progress) {
        const o = own.get(p.chapterId);
        if (o) Object.assign(o, { done: p.done, right: p.right, spent: p.spentSeconds, last: p.lastAnsweredAt });
      }
      // Parents add up their descendants: one bottom-up pass (memoised), linear in the number of chapters.
      type Sum = { total: number; done: number; right: number; spent: number; last: Date | null };
      const children = new Map<number, number[]>();
      for (const c of all) {
        if (c.parentId === null || !own.has(c.parentId)) continue;
        const list = children.get(c.parentId);
        if (list) list.push(c.id);
        else children.set(c.parentId, [c.id]);
      }
      const sums = new Map<number, Sum>();
      const sumOf = (id: number, path: Set<number>): Sum => {
        const known = sums.get(id);
        if (known) return known;
        const o = own.get(id)!;
        const sum: Sum = { ...o };
        path.add(id);
        for (const child of children.get(id) ?? []) {
          if (path.has(child)) continue; // a cycle in bad data: count each chapter once
          const s = sumOf(child, path);
          sum.total += s.total;
          sum.done += s.done;
          sum.right += s.right;
          sum.spent += s.spent;
          if (s.last && (!sum.last || s.last > sum.last)) sum.last = s.last;
        }
        path.delete(id);
        sums.set(id, sum);
        return sum;
      };
      const list: ChapterProgress[] = all.map((c) => {
        const sum = sumOf(c.id, new Set());
        return {
          cptID: c.id,
          parentID: c.parentId,
          name: c.name,
          order: c.order,
          locked: !chapterOpen(access, c.id),
          total: sum.total,
          done: sum.done,
          right: sum.right,
          wrong: sum.done - sum.right,
          accuracy: sum.done === 0 ? 0 : Math.round((sum.right / sum.done) * 10_000) / 10_000,
          spentSeconds: sum.spent,
          lastAnsweredAt: sum.last ? sum.last.toISOString() : null,
        };
      });
      return { AppID: appId, list, unlocking: access.all ? [] : access.unlocking };
    },

    /** A page of a chapter's questions: its own, or, when it holds none, its descendants'. */
    async chapterTest(userId: number, appId: number, cptId: number, page: number, pageSize: number) {
      const chapter = await knownChapter(appId, cptId);
      let ids = [cptId];
      let total = await store.countQuestions(appId, ids);
      if (total === 0) {
        ids = subtree(await store.chapters(appId), cptId);
        total = await store.countQuestions(appId, ids);
      }
      const rows = await store.chapterQuestions(appId, ids, (page - 1) * pageSize, pageSize);
      const [shown, recitePoint] = await Promise.all([present(userId, rows), marks.recitePoint(userId, chapter.id)]);
      return {
        AppID: appId,
        cptID: chapter.id,
        name: chapter.name,
        page,
        pageSize,
        total,
        ...shown,
        recitePoint,
      };
    },

    /** Scores and stores one answer exactly once per (user, replyId). */
    async submit(userId: number, input: ReplyInput) {
      if (input.sbjId !== undefined && input.sbjId !== input.appId) throw badInput(PRACTICE_MSG.wrongSubject);
      await knownChapter(input.appId, input.cptId);
      const q = await store.question(input.questionId);
      if (!q) throw badInput(PRACTICE_MSG.unknownQuestion);
      if (q.appId !== input.appId) throw badInput(PRACTICE_MSG.wrongSubject);
      // The gate opened chapter cptID (a trial opens only some): the question must lie in it or below it.
      if (q.chapterId !== input.cptId && !subtree(await store.chapters(input.appId), input.cptId).includes(q.chapterId)) throw badInput(PRACTICE_MSG.notInChapter);
      const type = q.type as QuestionType;
      if (!replyFits(type, input.reply)) throw badInput(PRACTICE_MSG.badReply);
      const reply = type === 'FILL' ? input.reply.trim() : normaliseKeys(input.reply);
      const scored = scoreReply(type, q.answer, reply);
      let inBookAfter: boolean | undefined;
      const { row } = await store.saveAnswer(
        {
          userId,
          appId: input.appId,
          chapterId: q.chapterId,
          questionId: q.id,
          replyId: input.replyId,
          reply,
          right: scored.right,
          score: scored.score,
          spentSeconds: input.spendTime,
          examHistoryId: input.examHistoryId,
          createdAt: new Date(clock()),
        },
        // Retired questions are stored but never counted, so they stay out of the book too.
        q.retired
          ? undefined
          : async (tx, r) => {
              inBookAfter = await book.onAnswerStored(tx, { userId, appId: r.appId, questionId: r.questionId, right: r.right, at: r.createdAt });
            },
      );
      if (row.questionId !== q.id) throw badInput(PRACTICE_MSG.replyIdReused);
      // A new answer knows the book's state from its own transaction; a replay (or a retired question) asks.
      const inBook = inBookAfter ?? (await book.inBook(userId, q.id));
      return { replyID: row.replyId, right: row.right, score: row.score, answer: q.answer, stored: true as const, inBook };
    },

    /** The learner starts a chapter (and its sub-chapters) again; rows are kept, marked reset. */
    async reset(userId: number, appId: number, cptId: number) {
      await knownChapter(appId, cptId);
      const ids = subtree(await store.chapters(appId), cptId);
      return { reset: await store.reset(userId, appId, ids, new Date(clock())) };
    },
  };
}

export type PracticeService = ReturnType<typeof createPracticeService>;
