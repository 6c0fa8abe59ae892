import {
  EXAM_GRACE_SECONDS,
  EXAM_HISTORY_PAGE,
  EXAM_MODULE,
  EXAM_MSG,
  EXAM_TREND_MAX,
  replyFits,
  STYLE_IDS,
  type ExamMode,
  type ExamQuestion,
  type ExamReplyInput,
  type ExamResult,
  type ExamSession,
  paperTotal,
  type PracticeGroup,
  type QuestionType,
  PAPER_MODULES,
  paperModules,
  rowDisplay,
  startRowOf,
  testMode,
} from '@kaoshi/contract';
import type { ExamSessionRow } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import type { EntitlementService } from '../entitlement/index.ts';
import type { BookHooks } from '../book/index.ts';
import { blueprintOf } from '../papers/index.ts';
import { paperQuestionCache } from './question-cache.ts';
import { normalise, scoreSession } from './scoring.ts';
import { createSpecs, DRAWN_PASS_SHARE, paperSpec, type StartSpec, type StartWhich } from './specs.ts';
import type { ExamStore, HandedBy } from './store.ts';

const GRACE_MS = EXAM_GRACE_SECONDS * 1000;
/** A learner's hand-in this close to the deadline (or later) is the countdown's automatic one. */
const AUTO_HAND_IN_MS = 1000;
/** Sessions handed in per sweep round. */
export const SWEEP_BATCH = 200;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Whether leaving a section locks it: exam display, and the session's row asks for it (no row: a paper, it does). */
export const locksSections = (s: Pick<ExamSessionRow, 'mode' | 'testMode'>) => s.mode === 'exam' && (s.testMode === null || (testMode(s.testMode)?.lockSections ?? true));
const iso = (d: Date) => d.toISOString();

export function createExamService(deps: { store: ExamStore; entitlements: EntitlementService; clock: Clock; book: BookHooks }) {
  const { store, entitlements, clock, book } = deps;
  const now = () => new Date(clock());
  const paperQuestions = paperQuestionCache(store.questions, clock);
  const specOf = createSpecs(store, clock);

  /** The one gate (modules/entitlement) for a stored paper's module, once the paper is loaded: 404 试卷不存在, 403 {unlocking}. */
  const gatePaper = (userId: number, appId: number, module: string) => entitlements.gate(userId, appId, { module }, EXAM_MSG.unknownPaper);

  /**
   * The modules of `PAPER_MODULES` the learner holds (the paper gate: a stored paper opens with any of the
   * modules its kind and tag name, `paperModules`). Unknown subject → 404.
   */
  async function paperAccess(userId: number, appId: number): Promise<Set<string>> {
    const decisions = await entitlements.decideAll(userId, appId, PAPER_MODULES.map((moduleId) => ({ moduleId })));
    if (decisions.some((d) => d.reason === 'unknown-subject')) throw notFound(EXAM_MSG.unknownPaper);
    return new Set(PAPER_MODULES.filter((_, i) => decisions[i]!.allowed));
  }
  const opens = (held: Set<string>, paper: { kind: string; tag: string | null }) => paperModules(paper).some((m) => held.has(m));

  const overdue = (s: ExamSessionRow, at: Date) => s.status === 'open' && s.deadlineAt !== null && at.getTime() > s.deadlineAt.getTime() + GRACE_MS;

  /**
   * Hands a session in (idempotent); `by` the learner, the server at the deadline, or a restart. Never later
   * than the deadline: a hand-in during the grace (or by the sweep) counts at the deadline, and a learner's
   * that arrives from a second before the deadline on is the screen's automatic one (时间到), so it is the
   * deadline's. Answers the handed row.
   */
  async function handInRow(userId: number, id: number, by: HandedBy): Promise<ExamSessionRow> {
    const at = now();
    const out = await store.handIn(
      userId,
      id,
      (s) => {
        if (!s.deadlineAt) return { at, by };
        const timeUp = at.getTime() >= s.deadlineAt.getTime() - AUTO_HAND_IN_MS;
        return { at: s.deadlineAt < at ? s.deadlineAt : at, by: by === 'learner' && timeUp ? 'deadline' : by };
      },
      scoreSession,
      (tx, appId, stored) => book.onAnswersStored(tx, userId, appId, stored),
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
    const { rows, groups, points } = await (s.paperId !== null ? paperQuestions(ids) : store.questions(ids));
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

  /** The session as the client shows it; `fresh`: just created, so it has no replies yet. */
  async function sessionView(s: ExamSessionRow, fresh = false): Promise<ExamSession> {
    const at = now();
    const [shown, replies] = await Promise.all([display(s), fresh ? [] : store.replies(s.id)]);
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
        locked: s.status !== 'open' || (locksSections(s) && i < s.sectionIndex),
        questions: sec.questions,
      })),
      groups: shown.groups,
      list: shown.list,
      replies: Object.fromEntries(replies.filter((r) => r.reply !== '').map((r) => [String(r.questionId), r.reply])),
      flags: replies.filter((r) => r.flagged).map((r) => r.questionId),
      ...(mode === 'practice' && { keys: shown.rows.map((r) => ({ allTestID: r.id, answer: r.answer, explanation: r.explanation, points: shown.pointsOf.get(r.id) ?? [] })) }),
      testMode: s.testMode,
      lockSections: locksSections(s),
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
      handedBy: s.handedBy === 'deadline' || s.handedBy === 'abandoned' ? s.handedBy : 'learner',
      testMode: s.testMode,
      counted: s.counted,
      usedSeconds: r.usedSeconds,
      bySection: r.bySection.map((b) => ({ ...b, type: b.type as QuestionType })),
      byChapter: r.byChapter,
    };
  }

  /** Opens the session of a spec, or answers the open one of its source (`restart`: abandon it first). */
  async function startSet(userId: number, appId: number, spec: StartSpec, restart: boolean): Promise<ExamSession> {
    const open = await store.open(userId, appId, spec.sourceKey);
    if (open) {
      const s = overdue(open, now()) ? await handInRow(userId, open.id, 'deadline') : open;
      if (s.status === 'open' && !restart) return sessionView(s);
      if (s.status === 'open') await handInRow(userId, s.id, 'abandoned');
    }
    const set = await spec.build();
    if (set.sections.every((sec) => sec.questions.length === 0)) throw notFound(EXAM_MSG.noQuestions);
    const at = now();
    const timed = spec.display === 'exam' || spec.timed === true;
    const limit = timed ? set.timeLimitSeconds : null;
    const { session, created } = await store.openOrCreate({
      userId,
      appId,
      paperId: set.paperId,
      kind: set.kind,
      mode: spec.display,
      sourceKey: spec.sourceKey,
      name: set.name,
      sections: set.sections,
      timeLimitSeconds: limit,
      passScore: set.passScore,
      totalScore: paperTotal({ sections: set.sections }),
      startedAt: at,
      deadlineAt: limit === null ? null : new Date(at.getTime() + limit * 1000),
      testMode: spec.testMode,
      period: spec.period,
    });
    return sessionView(session, created);
  }

  /** Which section holds each question of a session. */
  const sectionOf = (s: ExamSessionRow) => new Map(s.sections.flatMap((sec, i) => sec.questions.map((q) => [q, i] as const)));

  return {
    startSet,
    /** The stored papers the learner may sit (their kind and tag decide the module), with the learner's attempts. */
    async list(userId: number, appId: number, kind: 'mock' | 'past' | undefined) {
      const held = await paperAccess(userId, appId);
      if (held.size === 0) await gatePaper(userId, appId, EXAM_MODULE); // none: 403 with the versions that open the exam centre
      const [rows, attempts] = await Promise.all([store.papers(appId, kind), store.attemptsByPaper(userId, appId)]);
      const mine = new Map(attempts.map((a) => [a.paperId, a]));
      return {
        list: rows
          .filter((p) => p.kind !== 'daily' && opens(held, p))
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

    /**
     * Starts a session, or answers the learner's open session of the same source (resume on any device):
     * by `testMode` (a TEST_MODES row: paper rows take `paperId`, drawn rows `key`), or as before by paper or
     * daily. `restart` gives up the open session (handed in as abandoned) and starts anew.
     */
    async start(userId: number, appId: number, which: StartWhich, mode: ExamMode | undefined) {
      // The registrar has gated a row's start by its module (contract: startGate); a paper by id is gated here.
      const row = startRowOf(which);
      if (which.testMode !== undefined && !row) throw badInput(EXAM_MSG.badTestMode);
      const restart = which.restart ?? false;
      if (!row) {
        // A paper by its id alone: its own kind and tag decide the module; the learner picks exam or practice.
        if (which.paperId === undefined) throw badInput(EXAM_MSG.needPaper);
        const [held, paper] = await Promise.all([paperAccess(userId, appId), store.paper(appId, which.paperId)]);
        if (!paper || paper.kind === 'daily') throw notFound(EXAM_MSG.unknownPaper);
        if (!opens(held, paper)) {
          await gatePaper(userId, appId, paperModules(paper)[0] ?? EXAM_MODULE); // 403 with the versions that open it
          throw notFound(EXAM_MSG.unknownPaper); // a paper no row lists
        }
        return startSet(userId, appId, paperSpec(paper, null, mode ?? 'exam'), restart);
      }
      // A row's display is its own: a ranked or timed mode never turns into practice (with its keys) on request.
      const display: ExamMode = rowDisplay(row);
      if (mode !== undefined && mode !== display) throw badInput(EXAM_MSG.modeFixed);
      return startSet(userId, appId, await specOf(userId, appId, row, which, display), restart);
    },

    /** The structure of the subject's exam (template paper or the default blueprint); free to every learner. */
    async blueprint(appId: number) {
      const row = await store.templatePaper(appId);
      const bp = blueprintOf(row ?? undefined);
      const count = bp.count;
      const sections = row
        ? row.sections.map((sec) => ({ type: sec.type, title: sec.title, count: sec.questions.length, score: sec.score }))
        : bp.types.map((t) => ({ type: t.type, title: t.title, count: Math.round(count * t.share), score: 1 }));
      const totalScore = sections.reduce((n, sec) => n + sec.count * sec.score, 0);
      return {
        template: row?.id ?? null,
        name: row?.name ?? '标准题型结构',
        sections,
        limitSeconds: row?.timeLimitSeconds ?? count * bp.secondsPerQuestion,
        totalScore,
        passScore: row?.passScore ?? Math.ceil(totalScore * DRAWN_PASS_SHARE),
      };
    },

    /** The learner's open sessions (继续考试); overdue ones are handed in at their deadline and left out. */
    async openList(userId: number, appId: number) {
      const at = now();
      const out = [];
      for (const { row, answered } of await store.openSessions(userId, appId)) {
        if (overdue(row, at)) {
          await handInRow(userId, row.id, 'deadline');
          continue;
        }
        out.push({
          examHistoryID: row.id,
          testMode: row.testMode,
          name: row.name,
          mode: row.mode as ExamMode,
          startedAt: iso(row.startedAt),
          remainingSeconds: remaining(row, at),
          answered,
          total: row.sections.reduce((n, sec) => n + sec.questions.length, 0),
        });
      }
      return { list: out };
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
        else if (locksSections(s) && section < s.sectionIndex) refused.push({ replyID: r.replyID, msg: EXAM_MSG.sectionLocked });
        else if (locksSections(s) && section > s.sectionIndex) refused.push({ replyID: r.replyID, msg: EXAM_MSG.sectionAhead });
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
      if (!locksSections(s)) throw badInput(EXAM_MSG.noSections);
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
    async history(userId: number, appId: number, filter: { paperId?: number; testMode?: string }, page: number) {
      const [{ rows, total }, recent] = await Promise.all([
        store.history(userId, appId, filter, (page - 1) * EXAM_HISTORY_PAGE, EXAM_HISTORY_PAGE),
        store.history(userId, appId, filter, 0, EXAM_TREND_MAX),
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
          testMode: r.testMode,
          counted: r.counted,
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
