import { EXAM_MSG, type ExamMode, type ExamQuestion, type ExamResult, type ExamSession, type PracticeGroup, type QuestionType } from '@kaoshi/contract';
import type { ExamSessionRow } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { badInput } from '../../platform/errors.ts';
import { JsonBytes, jsonBytes } from '../../platform/json-bytes.ts';
import { locksSections } from './hand-in.ts';
import type { CacheBus } from '../../platform/cache/bus.ts';
import { paperQuestionCache } from './question-cache.ts';
import type { ExamStore } from './store.ts';
import { pointNamesOf, shownGroup, shownQuestion } from '../questions/index.ts';

export const iso = (d: Date) => d.toISOString();

const LIST_KEY = Buffer.from(',"list":');
const CLOSE = Buffer.from('}');

/** Seconds left of a session at `at`: null untimed, 0 once handed in. */
export const remaining = (s: ExamSessionRow, at: Date) =>
  s.deadlineAt === null ? null : s.status !== 'open' ? 0 : Math.max(0, Math.ceil((s.deadlineAt.getTime() - at.getTime()) / 1000));

/** Who handed a session in, as the contract names it. */
const handedByOf = (s: ExamSessionRow): ExamResult['handedBy'] => (s.handedBy === 'deadline' || s.handedBy === 'abandoned' ? s.handedBy : 'learner');

/** The head of a handed-in session's result; refused (400) before the hand-in. */
export function resultOf(s: ExamSessionRow): ExamResult {
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
    handedBy: handedByOf(s),
    testMode: s.testMode,
    counted: s.counted,
    usedSeconds: r.usedSeconds,
    bySection: r.bySection.map((b) => ({ ...b, type: b.type as QuestionType })),
    byChapter: r.byChapter,
  };
}

/** How the exam engine shows sessions and results (no keys before the hand-in, except in practice display). */
export function createViews(store: ExamStore, clock: Clock, bus?: CacheBus) {
  const now = () => new Date(clock());
  const paperQuestions = paperQuestionCache(store.questions, clock, bus);

  // What a stored paper's sessions show is the same for every learner: made (and its JSON) once per read of the
  // paper's questions (paperQuestionCache answers one object per paper until the bank changes or it expires).
  const shownOf = new WeakMap<object, ReturnType<typeof shownFrom>>();

  /** Questions of a session in paper order, with their groups, as the exam shows them (no keys). */
  async function display(s: ExamSessionRow) {
    const ids = s.sections.flatMap((sec) => sec.questions);
    const read = await (s.paperId !== null ? paperQuestions(ids) : store.questions(ids));
    let shown = shownOf.get(read);
    if (!shown) shownOf.set(read, (shown = shownFrom(ids, read)));
    return shown;
  }

  /** The JSON of what a session shows, made once per `display` answer (kept on it). */
  const shownBytes = (shown: ReturnType<typeof shownFrom>) => (shown.json ??= { groups: jsonBytes(shown.groups), list: jsonBytes(shown.list) });

  function shownFrom(ids: number[], { rows, groups, points }: Awaited<ReturnType<ExamStore['questions']>>) {
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ordered = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    const groupIds = [...new Set(ordered.flatMap((r) => (r.groupId === null ? [] : [r.groupId])))];
    const groupOf = new Map(groups.map((g) => [g.id, g]));
    const pointsOf = pointNamesOf(points);
    const list: ExamQuestion[] = ordered.map(shownQuestion);
    const shownGroups: PracticeGroup[] = groupIds.flatMap((id) => {
      const g = groupOf.get(id);
      return g ? [shownGroup(g)] : [];
    });
    return { list, groups: shownGroups, rows: ordered, pointsOf, json: undefined as { groups: Buffer; list: Buffer } | undefined };
  }

  /** The session as the client shows it; `fresh`: just created, so it has no replies yet. */
  async function sessionView(s: ExamSessionRow, fresh = false): Promise<JsonBytes<ExamSession>> {
    const at = now();
    const [shown, replies] = await Promise.all([display(s), fresh ? [] : store.replies(s.id)]);
    const mode = s.mode as ExamMode;
    const own: Omit<ExamSession, 'groups' | 'list'> = {
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
      replies: Object.fromEntries(replies.filter((r) => r.reply !== '').map((r) => [String(r.questionId), r.reply])),
      flags: replies.filter((r) => r.flagged).map((r) => r.questionId),
      ...(mode === 'practice' && {
        keys: shown.rows.map((r) => ({ allTestID: r.id, answer: r.answer, explanation: r.explanation, points: shown.pointsOf.get(r.id) ?? [] })),
      }),
      testMode: s.testMode,
      lockSections: locksSections(s),
    };
    // The questions' JSON is shared by every learner of the paper: only the session's own fields are serialized.
    const bytes = shownBytes(shown);
    return new JsonBytes(
      () => ({ ...own, groups: shown.groups, list: shown.list }),
      [Buffer.from(`${JSON.stringify(own).slice(0, -1)},"groups":`), bytes.groups, LIST_KEY, bytes.list, CLOSE],
    );
  }

  /** The result with the review of every question (keys, explanations, the learner's replies and flags). */
  async function result(s: ExamSessionRow) {
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
  }

  return {
    sessionView,
    result,
    /** The result of a graded session; of one sealed and not graded yet, the sheet being graded (docs/exams.md). */
    async resultOrGrading(s: ExamSessionRow) {
      if (s.status !== 'sealed' || s.handedAt === null) return result(s);
      return {
        examHistoryID: s.id,
        appID: s.appId,
        paperID: s.paperId,
        name: s.name,
        mode: s.mode as ExamMode,
        startedAt: iso(s.startedAt),
        handedAt: iso(s.handedAt),
        handedBy: handedByOf(s),
        grading: true as const,
      };
    },
  };
}
