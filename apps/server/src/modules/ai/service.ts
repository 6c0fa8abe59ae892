import { AI_MSG, AI_RECENT_HOURS, AI_ROUND_COUNT, testMode, type AiReason, type CardGrade, type PointCard, type TipsPoint } from '@kaoshi/contract';
import type { Clock } from '../../platform/clock.ts';
import { HOUR } from '../../platform/module.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import type { ExamService } from '../exam/index.ts';
import { hotCount, pointHeat, subtree } from '../questions/index.ts';
import type { StudyService } from '../study/index.ts';
import { adaptiveOrder, whyOf, chooseRound, markedSentences, tipsOf, GRADE_RANK, sectionsOf, order, type MasteryRow, type AnswerState, round2, firstSentence } from './choose.ts';
import { AI_TEST_MODE, type AiStore, type PointQuestionRow } from './store.ts';

/**
 * AI practice (docs/ai-practice.md): the adaptive round on the exam engine, tips points (type 40) and point
 * cards (type 48). Mastery comes from the study module (one definition); rounds are exam sessions.
 */
export function createAiService(deps: { store: AiStore; exams: ExamService; study: StudyService; clock: Clock }) {
  const { store, exams, study, clock } = deps;

  /** Question ids per point (in chapter order, id) and one row per question. */
  function index(rows: readonly PointQuestionRow[]) {
    const byPoint = new Map<number, number[]>();
    const byQuestion = new Map<number, PointQuestionRow>();
    for (const r of rows) {
      byPoint.set(r.pointId, [...(byPoint.get(r.pointId) ?? []), r.questionId]);
      if (!byQuestion.has(r.questionId)) byQuestion.set(r.questionId, r);
    }
    return { byPoint, byQuestion };
  }

  async function chapterSubtree(appId: number, cptId: number): Promise<number[]> {
    const all = await store.chapters(appId);
    if (!all.some((c) => c.id === cptId)) throw notFound(AI_MSG.unknownChapter);
    return subtree(all, cptId);
  }

  const stateFrom =
    (latest: ReadonlyMap<number, boolean>) =>
    (q: number): AnswerState =>
      !latest.has(q) ? 0 : latest.get(q) ? 2 : 1;

  /** Reasons for a session whose stored reasons are missing (a start cut short): each question's highest-priority point, now. */
  async function reasonsNow(userId: number, appId: number, ids: readonly number[]): Promise<AiReason[]> {
    const [points, rows, latest] = await Promise.all([study.masteryOf(userId, appId), store.pointQuestions(appId, { texts: false }), store.latestRight(userId, appId)]);
    const rank = new Map(adaptiveOrder(points).map((p, i) => [p.id, i]));
    const pointsOf = new Map<number, MasteryRow[]>();
    const byId = new Map(points.map((p) => [p.id, p]));
    for (const r of rows) if (byId.has(r.pointId)) pointsOf.set(r.questionId, [...(pointsOf.get(r.questionId) ?? []), byId.get(r.pointId)!]);
    const state = stateFrom(latest);
    return ids.flatMap((id) => {
      const p = (pointsOf.get(id) ?? []).sort((a, b) => rank.get(a.id)! - rank.get(b.id)!)[0];
      return p ? [{ allTestID: id, point: p.id, name: p.point, mastery: p.mastery, weight: p.weight, why: whyOf(p, state(id)) }] : [];
    });
  }

  return {
    /** The open round (resumed with its stored reasons) or a new one of `count` questions. */
    async next(userId: number, appId: number, count = AI_ROUND_COUNT) {
      const open = await store.openRound(userId, appId);
      if (open) {
        const session = (await exams.resume(userId, open.sessionId)).value();
        if (session.status === 'open') {
          const round = open.round ?? Number(open.sourceKey.split(':')[1] ?? 0);
          const reasons =
            open.reasons ??
            (
              await store.saveRound({
                sessionId: open.sessionId,
                userId,
                appId,
                round,
                reasons: await reasonsNow(
                  userId,
                  appId,
                  session.list.map((q) => q.allTestID),
                ),
                createdAt: new Date(clock()),
              })
            ).reasons;
          return {
            round,
            session,
            reasons: order(
              reasons,
              session.list.map((q) => q.allTestID),
            ),
          };
        }
      }
      const [points, rows, latest, recent, started] = await Promise.all([
        study.masteryOf(userId, appId),
        store.pointQuestions(appId, { texts: false }),
        store.latestRight(userId, appId),
        store.answeredSince(userId, appId, new Date(clock() - AI_RECENT_HOURS * HOUR)),
        store.roundCount(userId, appId),
      ]);
      const { byPoint, byQuestion } = index(rows);
      const chosen = chooseRound(points, byPoint, stateFrom(latest), recent, count);
      if (chosen.length === 0) throw notFound(AI_MSG.noQuestions);
      const round = started + 1;
      const reasons: AiReason[] = chosen.map((c) => ({
        allTestID: c.questionId,
        point: c.point.id,
        name: c.point.point,
        mastery: c.point.mastery,
        weight: c.point.weight,
        why: whyOf(c.point, c.state),
      }));
      const row = testMode(AI_TEST_MODE)!;
      const session = await exams
        .startSet(
          userId,
          appId,
          {
            testMode: AI_TEST_MODE,
            sourceKey: `ai:${round}`,
            period: null,
            display: 'practice',
            build: async () => ({
              paperId: null,
              kind: 'drawn',
              name: `${row.title}·第${round}轮`,
              sections: sectionsOf(
                chosen.map((c) => c.questionId),
                byQuestion,
              ),
              timeLimitSeconds: 0,
              passScore: Math.ceil(chosen.length * 0.6),
            }),
          },
          false,
        )
        .then((bytes) => bytes.value());
      // A concurrent call for the same round gets the same session; the first stored reasons win.
      const stored = await store.saveRound({ sessionId: session.examHistoryID, userId, appId, round, reasons, createdAt: new Date(clock()) });
      return {
        round: stored.round,
        session,
        reasons: order(
          stored.reasons,
          session.list.map((q) => q.allTestID),
        ),
      };
    },

    /** The last handed-in round: right/total and each point's mastery when chosen and now. */
    async last(userId: number, appId: number) {
      const row = await store.lastHanded(userId, appId);
      if (!row || !row.result || !row.handedAt) return { last: null };
      const now = new Map((await study.masteryOf(userId, appId)).map((p) => [p.id, p.mastery]));
      const seen = new Set<number>();
      const points = row.reasons.flatMap((r) => {
        if (seen.has(r.point)) return [];
        seen.add(r.point);
        return [{ point: r.point, name: r.name, before: r.mastery, after: now.get(r.point) ?? r.mastery }];
      });
      return {
        last: {
          examHistoryID: row.sessionId,
          round: row.round,
          right: row.result.right,
          total: row.result.total,
          handedAt: row.handedAt.toISOString(),
          points,
        },
      };
    },

    /** Exam type 40: tips points (module 'sprint'); 48: point cards (module 'ai'). */
    async list(userId: number, appId: number, examType: 40 | 48, cptId: number | undefined): Promise<{ list?: TipsPoint[]; cards?: PointCard[] }> {
      const chapterIds = cptId === undefined ? undefined : await chapterSubtree(appId, cptId);
      const [points, rows] = await Promise.all([study.masteryOf(userId, appId), store.pointQuestions(appId)]);
      const inScope = chapterIds ? new Set(rows.filter((r) => chapterIds.includes(r.chapterId)).map((r) => r.pointId)) : undefined;
      const perPoint = new Map<number, PointQuestionRow[]>();
      for (const r of rows) perPoint.set(r.pointId, [...(perPoint.get(r.pointId) ?? []), r]);
      const scoped = points.filter((p) => perPoint.has(p.id) && (!inScope || inScope.has(p.id)));
      const tips = (p: MasteryRow) => tipsOf((perPoint.get(p.id) ?? []).map((r) => r.explanation));

      if (examType === 40) {
        const heat = (p: MasteryRow) => round2(pointHeat((perPoint.get(p.id) ?? []).filter((r) => r.year !== null).length, p.weight));
        const ranked = scoped.map((p) => ({ p, heat: heat(p) })).sort((a, b) => b.heat - a.heat || b.p.weight - a.p.weight || a.p.code.localeCompare(b.p.code));
        // The whole subject: its hot points; one chapter: every point of the chapter, hottest first.
        const shown = chapterIds ? ranked : ranked.slice(0, hotCount(ranked.length));
        return {
          list: shown.map(({ p, heat }) => ({ point: p.id, name: p.point, heat, weight: p.weight, mastery: p.mastery, total: p.total, tips: tips(p) })),
        };
      }

      const graded = new Map((await store.cards(userId, appId)).map((c) => [c.pointId, c]));
      const rank = (id: number) => {
        const g = graded.get(id);
        return g ? (GRADE_RANK[g.grade as CardGrade] ?? 3) : 0;
      };
      const ordered = adaptiveOrder(scoped)
        .map((p, i) => ({ p, i }))
        .sort((a, b) => rank(a.p.id) - rank(b.p.id) || (graded.get(a.p.id)?.seenAt.getTime() ?? 0) - (graded.get(b.p.id)?.seenAt.getTime() ?? 0) || a.i - b.i);
      return {
        cards: ordered.map(({ p }) => {
          const qs = perPoint.get(p.id) ?? [];
          const chapterCount = new Map<string, number>();
          for (const q of qs) chapterCount.set(q.chapterName, (chapterCount.get(q.chapterName) ?? 0) + 1);
          const front = [...chapterCount].reduce((best, c) => (c[1] > best[1] ? c : best), ['', 0] as [string, number])[0];
          const back = tips(p);
          const sample = qs.find((q) => markedSentences(q.explanation).length > 0) ?? qs[0]!;
          const g = graded.get(p.id);
          return {
            point: p.id,
            name: p.point,
            front,
            back: back.length ? back : [firstSentence(sample.explanation)].filter((s) => s !== ''),
            sample: sample.questionId,
            grade: g ? (g.grade as CardGrade) : null,
            seenAt: g ? g.seenAt.toISOString() : null,
          };
        }),
      };
    },

    /** Stores the learner's grade of a point card. */
    async grade(userId: number, appId: number, pointId: number, grade: CardGrade) {
      if (!(await store.point(appId, pointId))) throw badInput(AI_MSG.unknownPoint);
      const at = new Date(clock());
      await store.grade(userId, appId, pointId, grade, at);
      return { point: pointId, grade, seenAt: at.toISOString() };
    },
  };
}

export type AiService = ReturnType<typeof createAiService>;
