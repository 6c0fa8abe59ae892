import {
  EXAM_ACK_WAIT_MS,
  EXAM_HISTORY_PAGE,
  EXAM_MODULE,
  EXAM_MSG,
  EXAM_TREND_MAX,
  type ExamMode,
  type ExamReplyInput,
  type ExamSession,
  paperTotal,
  PAPER_MODULES,
  paperModules,
  rowDisplay,
  startRowOf,
} from '@kaoshi/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ExamSessionRow, PaperRow } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import type { JsonBytes } from '../../platform/json-bytes.ts';
import type { Pace } from '../../platform/pace.ts';
import { itemLoader } from '../../platform/items.ts';
import type { EntitlementService } from '../entitlement/index.ts';
import type { BookHooks } from '../book/index.ts';
import { blueprintOf } from '../papers/index.ts';
import { createAnswering } from './answering.ts';
import { createHandIn, overdue } from './hand-in.ts';
import { createSpecs, DRAWN_PASS_SHARE, paperSpec, type StartSpec, type StartWhich } from './specs.ts';
import type { ExamStore } from './store.ts';
import type { CacheBus } from '../../platform/cache/bus.ts';
import { createViews, iso, remaining, resultOf } from './views.ts';

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The exam engine (docs/exams.md): lists, starts, resume, autosave, locks, hand-in, results and history. */
export function createExamService(deps: {
  store: ExamStore;
  entitlements: EntitlementService;
  clock: Clock;
  book: BookHooks;
  bus?: CacheBus;
  log?: Pick<FastifyBaseLogger, 'error'>;
  /** How grading gives way to requests (production: platform/pace.ts; none by default). */
  pace?: Pace;
  /** Sheets graded per transaction (grading.ts: fewer on the embedded database). */
  gradeBatch?: number;
}) {
  const { store, entitlements, clock, book, bus, log, pace, gradeBatch } = deps;
  const now = () => new Date(clock());
  const specOf = createSpecs(store, clock);
  const { handInRow, handInCarrying, ownSession, sweep } = createHandIn({ store, clock, book, log, pace, gradeBatch });
  const views = createViews(store, clock, bus);
  const { sessionView } = views;
  // Autosave and section locks only need to know a sheet is handed in, not its grade.
  const answering = createAnswering({ store, clock, ownSession: (userId, id) => ownSession(userId, id, 0) });

  /** The learner's session handed in (by the learner now, if it was open): for modules that rank a hand-in (every-day). */
  async function handedRow(userId: number, id: number, waitMs = Infinity) {
    // The seal locks and reads the row (one not open is answered as it is; one past its deadline is handed in at it).
    return handInRow(userId, id, 'learner', waitMs);
  }

  /**
   * A stored paper a start names by its id alone (contract `gate.item`): 404 试卷不存在 when the subject has none
   * (or it is a daily paper); it opens with any of the modules its kind and tag name (`paperModules`), and the buy
   * prompt names the versions of the first (of the exam centre for a paper no row lists). A start by test mode or
   * daily names no paper here: its row's module was gated.
   */
  const papers = itemLoader<PaperRow>('paper', async (id, input) => {
    if (input.testMode !== undefined || startRowOf(input) || id === undefined) return null;
    const appId = input.appID as number;
    const paper = await store.paper(appId, id);
    if (!paper || paper.kind === 'daily') throw notFound(EXAM_MSG.unknownPaper);
    const modules = paperModules(paper);
    return { facts: { appId, module: modules[0] ?? EXAM_MODULE, anyOf: modules }, value: paper };
  });

  /** The modules of `PAPER_MODULES` the learner holds (a stored paper opens with any of the modules its kind and tag name). */
  async function paperAccess(userId: number, appId: number): Promise<Set<string>> {
    const decisions = await entitlements.decideAll(
      userId,
      appId,
      PAPER_MODULES.map((moduleId) => ({ moduleId })),
    );
    return new Set(PAPER_MODULES.filter((_, i) => decisions[i]!.allowed));
  }
  const opens = (held: Set<string>, paper: { kind: string; tag: string | null }) => paperModules(paper).some((m) => held.has(m));

  /** Opens the session of a spec, or answers the open one of its source (`restart`: abandon it first). */
  async function startSet(userId: number, appId: number, spec: StartSpec, restart: boolean): Promise<JsonBytes<ExamSession>> {
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

  return {
    startSet,
    papers,
    /**
     * The stored papers the learner may sit (their kind and tag decide the module), with the learner's attempts.
     * The contract's gate refused a learner holding none of the paper modules.
     */
    async list(userId: number, appId: number, kind: 'mock' | 'past' | undefined) {
      const held = await paperAccess(userId, appId);
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
    async start(userId: number, appId: number, which: StartWhich, mode: ExamMode | undefined, paper: PaperRow | undefined) {
      // The registrar has gated a row's start by its module (contract: startGate), and a paper by id as an item.
      const row = startRowOf(which);
      if (which.testMode !== undefined && !row) throw badInput(EXAM_MSG.badTestMode);
      const restart = which.restart ?? false;
      if (!row) {
        // A paper by its id alone: its own kind and tag decide the module; the learner picks exam or practice.
        if (which.paperId === undefined) throw badInput(EXAM_MSG.needPaper);
        if (!paper || paperModules(paper).length === 0) throw notFound(EXAM_MSG.unknownPaper); // a paper no row lists
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

    saveReplies: answering.saveReplies,
    lockSection: answering.lockSection,
    sweep,

    async resume(userId: number, id: number) {
      return sessionView(await ownSession(userId, id));
    },

    /**
     * Hands in (idempotent, safe under parallel duplicates) and answers the result with its review, or the sheet
     * being graded when its grade is not in within EXAM_ACK_WAIT_MS (an exam evening's rush).
     */
    async handIn(userId: number, id: number, replies?: ExamReplyInput[]) {
      if (!replies?.length) return views.resultOrGrading(await handedRow(userId, id, EXAM_ACK_WAIT_MS));
      // The device's last unsaved replies come with the hand-in: checked as an autosave's are, written in the
      // seal's transaction; one refused (a locked section …) is left out and the sheet is handed in all the same.
      // `repliesSaved` tells the device how many of them the sheet holds (fewer: another device handed in first, the
      // time was up …). A replay of a hand-in that went through finds its replies held: the same count.
      const replyIds = replies.map((r) => r.replyID);
      const held = () => store.heldReplies(userId, id, replyIds);
      const s = await ownSession(userId, id, 0);
      if (s.status !== 'open') return { ...(await views.resultOrGrading(await handedRow(userId, id, EXAM_ACK_WAIT_MS))), repliesSaved: await held() };
      const { writes } = await answering.checkReplies(s, replies);
      const { row, saved } = await handInCarrying(userId, id, EXAM_ACK_WAIT_MS, { writes, sectionIndex: s.sectionIndex });
      return { ...(await views.resultOrGrading(row)), repliesSaved: saved ?? (await held()) };
    },

    handedRow,

    /** The result with the review, or the sheet still being graded; refused before hand-in. */
    async result(userId: number, id: number) {
      return views.resultOrGrading(await ownSession(userId, id, EXAM_ACK_WAIT_MS));
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
          .map((e) => ({
            examHistoryID: e.examHistoryID,
            handedAt: e.handedAt,
            score: e.score,
            total: e.total,
            percent: e.total > 0 ? round2((e.score / e.total) * 100) : 0,
            passed: e.passed,
          })),
      };
    },
  };
}

export type ExamService = ReturnType<typeof createExamService>;
