import {
  DAILY_MODULE,
  EXAM_GRACE_SECONDS,
  EXAM_HISTORY_PAGE,
  EXAM_MODULE,
  EXAM_MSG,
  EXAM_TREND_MAX,
  MSG,
  normaliseKeys,
  replyFits,
  scorePaper,
  scoreReply,
  Status,
  STYLE_IDS,
  type ExamMode,
  type ExamQuestion,
  type ExamReplyInput,
  type ExamResult,
  type ExamSession,
  type PaperKey,
  type PaperSection,
  paperTotal,
  type PracticeGroup,
  type QuestionType,
} from '@kaoshi/contract';
import type { ExamReplyRow, ExamResultJson, ExamSessionRow } from '../../db/schema/index.ts';
import { chinaDate, type Clock } from '../../platform/clock.ts';
import { AppError, badInput, notFound } from '../../platform/errors.ts';
import type { EntitlementService } from '../entitlement/service.ts';
import { dailyPaper } from '../papers/daily.ts';
import type { BookHooks } from '../practice/service.ts';
import type { ExamStore, HandInScore, KeyRow } from './store.ts';

const GRACE_MS = EXAM_GRACE_SECONDS * 1000;
/** Sessions handed in per sweep round. */
export const SWEEP_BATCH = 200;

const round2 = (n: number) => Math.round(n * 100) / 100;
const iso = (d: Date) => d.toISOString();

/** The learner's reply as stored: FILL text trimmed, keys normalised ('ca' → 'AC'); '' stays ''. */
function normalise(type: QuestionType, reply: string): string {
  const r = reply.trim();
  if (r === '') return '';
  return type === 'FILL' ? r : normaliseKeys(r);
}

/**
 * Scores a claimed session (pure): scorePaper over the frozen sections and the final replies, the breakdowns
 * with chapter names, and the answers to store (answered questions; `score` as a share of full marks, as
 * practice stores it).
 */
export function scoreSession(s: ExamSessionRow, replies: ExamReplyRow[], keys: KeyRow[], names: Map<number, string>): HandInScore {
  const keyOf = new Map(keys.map((k) => [k.id, k]));
  const replyOf = new Map(replies.filter((r) => r.reply !== '').map((r) => [r.questionId, r]));
  const paperKey = (id: number): PaperKey | undefined => {
    const k = keyOf.get(id);
    return k && { type: k.type as QuestionType, answer: k.answer, chapterId: k.chapterId };
  };
  const res = scorePaper({ sections: s.sections, passScore: s.passScore }, paperKey, new Map([...replyOf].map(([id, r]) => [id, r.reply])));
  const fullOf = new Map(s.sections.flatMap((sec) => sec.questions.map((q) => [q, sec.score] as const)));
  const usedSeconds = Math.max(0, Math.round(((s.handedAt ?? s.startedAt).getTime() - s.startedAt.getTime()) / 1000));
  const result: ExamResultJson = {
    total: res.total,
    right: res.right,
    wrong: res.wrong,
    unanswered: res.unanswered,
    passed: res.passed,
    usedSeconds,
    bySection: res.bySection.map(({ type, title, score, total, right, wrong, unanswered }) => ({ type, title, score, total, right, wrong, unanswered })),
    byChapter: res.byChapter.map(({ chapterId, score, total, right, wrong, unanswered }) => ({
      cptID: chapterId,
      name: names.get(chapterId) ?? '',
      score,
      total,
      right,
      wrong,
      unanswered,
    })),
    items: res.items.map((it) => ({ id: it.id, reply: replyOf.get(it.id)?.reply ?? '', score: it.score, full: fullOf.get(it.id) ?? 0, right: it.right, answered: it.answered })),
  };
  const answers = res.items
    .filter((it) => it.answered)
    .map((it) => {
      const k = keyOf.get(it.id)!;
      const r = replyOf.get(it.id)!;
      const one = scoreReply(k.type as QuestionType, k.answer, r.reply);
      return { questionId: it.id, chapterId: k.chapterId, reply: r.reply, right: one.right, score: one.score, spentSeconds: r.spentSeconds, retired: k.retired };
    });
  return { score: res.score, result, answers };
}

/** The exam engine (docs/exams.md). Every read and write is for the given (session) user only. */
export function createExamService(deps: { store: ExamStore; entitlements: EntitlementService; clock: Clock; book: BookHooks }) {
  const { store, entitlements, clock, book } = deps;
  const now = () => new Date(clock());

  /** The entitlement gate of starting and listing: unknown subject → 404, denied → 403 with the unlocking versions. */
  async function guard(userId: number, appId: number, moduleId = EXAM_MODULE) {
    const d = await entitlements.decide(userId, appId, { moduleId });
    if (d.reason === 'unknown-subject') throw notFound(EXAM_MSG.unknownPaper);
    if (!d.allowed) throw new AppError(Status.FORBIDDEN, MSG.buyAny, { unlocking: d.unlockingVersions });
  }

  const overdue = (s: ExamSessionRow, at: Date) => s.status === 'open' && s.deadlineAt !== null && at.getTime() > s.deadlineAt.getTime() + GRACE_MS;

  /** Hands a session in (idempotent); `by` the learner, or the server at the deadline. Answers the handed row. */
  async function handInRow(userId: number, id: number, by: 'learner' | 'deadline'): Promise<ExamSessionRow> {
    const at = now();
    const out = await store.handIn(
      userId,
      id,
      // Never later than the deadline: a hand-in during the grace (or by the sweep) counts at the deadline.
      (s) => (s.deadlineAt && s.deadlineAt < at ? s.deadlineAt : at),
      by,
      scoreSession,
      (tx, row) => book.onAnswerStored(tx, { userId, appId: row.appId, questionId: row.questionId, right: row.right, at: row.createdAt }),
    );
    if (!out) throw notFound(EXAM_MSG.unknownSession);
    return out.session;
  }

  /** The learner's session; one past its deadline (and the grace) is handed in first, at the deadline. */
  async function ownSession(userId: number, id: number): Promise<ExamSessionRow> {
    const s = await store.session(userId, id);
    if (!s) throw notFound(EXAM_MSG.unknownSession);
    if (overdue(s, now())) return handInRow(userId, id, 'deadline');
    return s;
  }

  const remaining = (s: ExamSessionRow, at: Date) =>
    s.deadlineAt === null ? null : s.status !== 'open' ? 0 : Math.max(0, Math.ceil((s.deadlineAt.getTime() - at.getTime()) / 1000));

  /** Questions of a session in paper order, with their groups, as the exam shows them (no keys). */
  async function display(s: ExamSessionRow) {
    const ids = s.sections.flatMap((sec) => sec.questions);
    const { rows, groups, points } = await store.questions(ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ordered = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    const groupIds = [...new Set(ordered.flatMap((r) => (r.groupId === null ? [] : [r.groupId])))];
    const groupOf = new Map(groups.map((g) => [g.id, g]));
    const pointsOf = new Map<number, string[]>();
    for (const p of points) pointsOf.set(p.questionId, [...(pointsOf.get(p.questionId) ?? []), p.name]);
    const list: ExamQuestion[] = ordered.map((r) => ({
      allTestID: r.id,
      srcID: r.extId,
      cptID: r.chapterId,
      childTableID: r.groupId ?? 0,
      groupOrder: r.groupOrder,
      childTableName: r.type as QuestionType,
      styleID: STYLE_IDS[r.type as QuestionType] ?? 0,
      stem: r.stem,
      options: r.options,
    }));
    const shownGroups: PracticeGroup[] = groupIds.flatMap((id) => {
      const g = groupOf.get(id);
      return g ? [{ childTableID: g.id, childTableName: g.type as QuestionType, stem: g.stem, options: g.options }] : [];
    });
    return { list, groups: shownGroups, rows: ordered, pointsOf };
  }

  async function sessionView(s: ExamSessionRow): Promise<ExamSession> {
    const at = now();
    const [shown, replies] = await Promise.all([display(s), store.replies(s.id)]);
    const mode = s.mode as ExamMode;
    return {
      examHistoryID: s.id,
      appID: s.appId,
      paperID: s.paperId,
      name: s.name,
      kind: s.kind,
      mode,
      status: s.status === 'open' ? 'open' : 'handed',
      timeLimitSeconds: s.timeLimitSeconds,
      passScore: s.passScore,
      total: s.totalScore,
      startedAt: iso(s.startedAt),
      deadline: s.deadlineAt ? iso(s.deadlineAt) : null,
      serverNow: iso(at),
      remainingSeconds: remaining(s, at),
      sectionIndex: s.sectionIndex,
      sections: s.sections.map((sec, i) => ({
        type: sec.type,
        title: sec.title,
        score: sec.score,
        locked: s.status !== 'open' || (mode === 'exam' && i < s.sectionIndex),
        questions: sec.questions,
      })),
      groups: shown.groups,
      list: shown.list,
      replies: Object.fromEntries(replies.filter((r) => r.reply !== '').map((r) => [String(r.questionId), r.reply])),
      flags: replies.filter((r) => r.flagged).map((r) => r.questionId),
      ...(mode === 'practice' && { keys: shown.rows.map((r) => ({ allTestID: r.id, answer: r.answer, explanation: r.explanation })) }),
    };
  }

  function resultOf(s: ExamSessionRow): ExamResult {
    const r = s.result;
    if (s.status !== 'handed' || !r || s.handedAt === null) throw badInput(EXAM_MSG.notHanded);
    return {
      examHistoryID: s.id,
      appID: s.appId,
      paperID: s.paperId,
      name: s.name,
      mode: s.mode as ExamMode,
      score: s.score ?? 0,
      total: r.total,
      right: r.right,
      wrong: r.wrong,
      unanswered: r.unanswered,
      passScore: s.passScore,
      passed: r.passed,
      startedAt: iso(s.startedAt),
      handedAt: iso(s.handedAt),
      handedBy: s.handedBy === 'deadline' ? 'deadline' : 'learner',
      usedSeconds: r.usedSeconds,
      bySection: r.bySection.map((b) => ({ ...b, type: b.type as QuestionType })),
      byChapter: r.byChapter,
    };
  }

  /** Which section holds each question of a session. */
  const sectionOf = (s: ExamSessionRow) => new Map(s.sections.flatMap((sec, i) => sec.questions.map((q) => [q, i] as const)));

  return {
    async list(userId: number, appId: number, kind: 'mock' | 'past' | undefined) {
      await guard(userId, appId);
      const [rows, attempts] = await Promise.all([store.papers(appId, kind), store.attemptsByPaper(userId, appId)]);
      const mine = new Map(attempts.map((a) => [a.paperId, a]));
      return {
        list: rows
          .filter((p) => p.kind !== 'daily')
          .map((p) => {
            const a = mine.get(p.id);
            return {
              paperID: p.id,
              name: p.name,
              kind: p.kind,
              tag: p.tag,
              year: p.year,
              questionCount: p.sections.reduce((n, s) => n + s.questions.length, 0),
              totalScore: p.totalScore,
              passScore: p.passScore,
              timeLimitSeconds: p.timeLimitSeconds,
              attempts: a?.attempts ?? 0,
              best: a?.best ?? null,
              open: a?.open ?? null,
            };
          }),
      };
    },

    /** Starts a paper (or today's daily test), or answers the learner's open session of it (resume on any device). */
    async start(userId: number, appId: number, which: { paperId?: number; daily?: boolean }, mode: ExamMode) {
      if (!which.daily && which.paperId === undefined) throw badInput(EXAM_MSG.needPaper);
      await guard(userId, appId, which.daily ? DAILY_MODULE : EXAM_MODULE);
      const day = chinaDate(clock());
      const sourceKey = which.daily ? `daily:${day}` : `paper:${which.paperId}`;
      const open = await store.open(userId, appId, sourceKey);
      if (open) {
        const s = overdue(open, now()) ? await handInRow(userId, open.id, 'deadline') : open;
        if (s.status === 'open') return sessionView(s);
      }
      let paper: { id: number | null; kind: string; name: string; sections: PaperSection[]; timeLimitSeconds: number; passScore: number; totalScore: number };
      if (which.daily) {
        const drawn = dailyPaper(appId, day, await store.dailyBank(appId));
        if (!drawn) throw notFound(EXAM_MSG.noDaily);
        paper = { ...drawn, id: null, totalScore: paperTotal(drawn) };
      } else {
        const row = await store.paper(appId, which.paperId!);
        if (!row) throw notFound(EXAM_MSG.unknownPaper);
        paper = row;
      }
      const at = now();
      const timed = mode === 'exam';
      const { session } = await store.openOrCreate({
        userId,
        appId,
        paperId: paper.id,
        kind: paper.kind,
        mode,
        sourceKey,
        name: paper.name,
        sections: paper.sections,
        timeLimitSeconds: timed ? paper.timeLimitSeconds : null,
        passScore: paper.passScore,
        totalScore: paper.totalScore,
        startedAt: at,
        deadlineAt: timed ? new Date(at.getTime() + paper.timeLimitSeconds * 1000) : null,
      });
      return sessionView(session);
    },

    async resume(userId: number, id: number) {
      return sessionView(await ownSession(userId, id));
    },

    /** A batch autosave: checked per reply, written in one transaction that holds the session. */
    async saveReplies(userId: number, id: number, input: ExamReplyInput[]) {
      const s = await ownSession(userId, id);
      const at = now();
      const refusedMsg = (row: ExamSessionRow) => {
        if (row.status !== 'open') return row.handedBy === 'deadline' ? EXAM_MSG.timeUp : EXAM_MSG.handedIn;
        if (row.deadlineAt && at.getTime() > row.deadlineAt.getTime() + GRACE_MS) return EXAM_MSG.timeUp;
        return null;
      };
      const early = refusedMsg(s);
      if (early) throw badInput(early);
      const where = sectionOf(s);
      const keys = new Map((await store.keys([...new Set(input.map((r) => r.allTestID))].filter((q) => where.has(q)))).map((k) => [k.id, k]));
      const refused: { replyID: string; msg: string }[] = [];
      const writes = [];
      for (const r of input) {
        const section = where.get(r.allTestID);
        const key = keys.get(r.allTestID);
        if (section === undefined || !key) refused.push({ replyID: r.replyID, msg: EXAM_MSG.notInPaper });
        else if (s.mode === 'exam' && section < s.sectionIndex) refused.push({ replyID: r.replyID, msg: EXAM_MSG.sectionLocked });
        else if (s.mode === 'exam' && section > s.sectionIndex) refused.push({ replyID: r.replyID, msg: EXAM_MSG.sectionAhead });
        else {
          const type = key.type as QuestionType;
          const reply = normalise(type, r.lastUserReply);
          if (r.lastUserReply.trim() !== '' && !replyFits(type, r.lastUserReply.trim())) refused.push({ replyID: r.replyID, msg: EXAM_MSG.badReply });
          else writes.push({ replyId: r.replyID, questionId: r.allTestID, reply, flagged: r.flagged ?? false, spentSeconds: r.spendTime ?? 0 });
        }
      }
      let saved = 0;
      if (writes.length) {
        const out = await store.saveReplies(
          userId,
          id,
          at,
          (row) => {
            const msg = refusedMsg(row);
            if (msg) throw badInput(msg);
            // A section locked since the checks above (another device): refuse the batch, the client re-reads.
            if (row.sectionIndex !== s.sectionIndex) throw badInput(EXAM_MSG.sectionLocked);
          },
          writes,
        );
        saved = out.saved;
        for (const replyID of out.reused) refused.push({ replyID, msg: EXAM_MSG.replyIdReused });
      }
      // A batch of which nothing could be kept answers the reason in the body (400), so the learner reads it.
      if (refused.length > 0 && refused.length === input.length) throw badInput(refused[0]!.msg);
      return { saved, refused, deadline: s.deadlineAt ? iso(s.deadlineAt) : null, serverNow: iso(at), remainingSeconds: remaining(s, at) };
    },

    /** Leaves section `index` of an exam: it locks and the next one opens; already left → the current state. */
    async lockSection(userId: number, id: number, index: number) {
      const s = await ownSession(userId, id);
      if (s.status !== 'open') throw badInput(s.handedBy === 'deadline' ? EXAM_MSG.timeUp : EXAM_MSG.handedIn);
      if (s.mode !== 'exam') throw badInput(EXAM_MSG.noSections);
      if (index >= s.sections.length) throw badInput(EXAM_MSG.notInPaper);
      if (index > s.sectionIndex) throw badInput(EXAM_MSG.sectionAhead);
      let row = s;
      if (index === s.sectionIndex) {
        if (index === s.sections.length - 1) throw badInput(EXAM_MSG.lastSection);
        row = (await store.lockSection(userId, id, index)) ?? (await ownSession(userId, id));
      }
      const at = now();
      return { sectionIndex: row.sectionIndex, serverNow: iso(at), remainingSeconds: remaining(row, at) };
    },

    /** Hands in (idempotent, safe under parallel duplicates) and answers the result. */
    async handIn(userId: number, id: number) {
      const s = await ownSession(userId, id);
      return resultOf(s.status === 'open' ? await handInRow(userId, id, 'learner') : s);
    },

    /** The result with the review; refused before hand-in. */
    async result(userId: number, id: number) {
      const s = await ownSession(userId, id);
      const head = resultOf(s);
      const [shown, replies] = await Promise.all([display(s), store.replies(s.id)]);
      const flagged = new Set(replies.filter((r) => r.flagged).map((r) => r.questionId));
      const items = new Map((s.result?.items ?? []).map((it) => [it.id, it]));
      return {
        ...head,
        review: {
          groups: shown.groups,
          list: shown.rows.map((r, i) => {
            const it = items.get(r.id);
            return {
              ...shown.list[i]!,
              answer: r.answer,
              explanation: r.explanation,
              points: shown.pointsOf.get(r.id) ?? [],
              mine: { lastUserReply: it?.reply ?? '', answered: it?.answered ?? false, right: it?.right ?? false, score: it?.score ?? 0, full: it?.full ?? 0 },
              flagged: flagged.has(r.id),
            };
          }),
        },
      };
    },

    /** Handed-in attempts newest first, and the trend of the newest EXAM_TREND_MAX oldest first. */
    async history(userId: number, appId: number, paperId: number | undefined, page: number) {
      const [{ rows, total }, recent] = await Promise.all([
        store.history(userId, appId, paperId, (page - 1) * EXAM_HISTORY_PAGE, EXAM_HISTORY_PAGE),
        store.history(userId, appId, paperId, 0, EXAM_TREND_MAX),
      ]);
      const entry = (s: ExamSessionRow) => {
        const r = resultOf(s);
        return {
          examHistoryID: s.id,
          paperID: s.paperId,
          name: s.name,
          mode: r.mode,
          score: r.score,
          total: r.total,
          passed: r.passed,
          startedAt: r.startedAt,
          handedAt: r.handedAt,
          handedBy: r.handedBy,
          usedSeconds: r.usedSeconds,
        };
      };
      return {
        total,
        page,
        list: rows.map(entry),
        trend: recent.rows
          .map(entry)
          .reverse()
          .map((e) => ({ examHistoryID: e.examHistoryID, handedAt: e.handedAt, score: e.score, total: e.total, percent: e.total > 0 ? round2((e.score / e.total) * 100) : 0, passed: e.passed })),
      };
    },

    /** Hands in every open session whose deadline (and the grace) has passed, at its deadline; answers how many. */
    async sweep(): Promise<number> {
      let n = 0;
      for (;;) {
        const due = await store.overdue(new Date(clock() - GRACE_MS), SWEEP_BATCH);
        for (const d of due) {
          const s = await handInRow(d.userId, d.id, 'deadline');
          if (s.status === 'handed') n++;
        }
        if (due.length < SWEEP_BATCH) return n;
      }
    },
  };
}

export type ExamService = ReturnType<typeof createExamService>;
