import { PLAN_EVALUATION_SIZE, PLAN_MSG, QUESTION_TYPE_NAMES, QUESTION_TYPES, type PaperSection, type PlanEvaluation, type QuestionType } from '@kaoshi/contract';
import type { Clock } from '../../platform/clock.ts';
import type { ExamService } from '../exam/index.ts';
import type { Facts } from './facts.ts';
import type { FactsStore, SubjectContent } from './facts-store.ts';
import { boostsOf, readinessOf, weakOf } from './readiness.ts';
import type { PlanCore } from './service.ts';
import type { PlanStore } from './store.ts';

/** The entrance evaluation's exam source (one open session per learner and subject). */
export const EVALUATION_SOURCE = 'plan-eval';
/** The pass line without mock papers (0–100). */
const DEFAULT_PASS_LINE = 60;

/** Up to `size` single questions spread over the chapters: one per chapter in turn, chapters evenly spaced. */
export function spread(chapterIds: readonly number[], questions: readonly { id: number; chapterId: number }[], size: number): number[] {
  const byChapter = new Map<number, number[]>();
  for (const q of questions) byChapter.set(q.chapterId, [...(byChapter.get(q.chapterId) ?? []), q.id]);
  const chs = chapterIds.filter((id) => byChapter.has(id));
  if (chs.length >= size) return Array.from({ length: size }, (_, i) => byChapter.get(chs[Math.floor((i * chs.length) / size)]!)![0]!);
  const picked: number[] = [];
  for (let round = 0; picked.length < size; round++) {
    const ids = chs.flatMap((c) => byChapter.get(c)!.slice(round, round + 1));
    if (ids.length === 0) break;
    picked.push(...ids.slice(0, size - picked.length));
  }
  return picked;
}

function sectionsOf(ids: readonly number[], typeOf: ReadonlyMap<number, string>): PaperSection[] {
  return QUESTION_TYPES.flatMap((t: QuestionType) => {
    const qs = ids.filter((id) => typeOf.get(id) === t);
    return qs.length > 0 ? [{ type: t, title: QUESTION_TYPE_NAMES[t], score: 1, questions: qs }] : [];
  });
}

/** The pass line of the subject: its mock papers' pass score over total (mean), else 60 %. */
export const passLineOf = (content: SubjectContent) => {
  const papers = content.mocks.filter((p) => p.totalScore > 0);
  return papers.length > 0 ? (100 * papers.reduce((s, p) => s + p.passScore / p.totalScore, 0)) / papers.length : DEFAULT_PASS_LINE;
};

/** The entrance evaluation (entrancesetp) and the readiness with mock re-plans (getEvaluate). */
export function createEvaluation(d: {
  store: PlanStore;
  records: FactsStore;
  facts: Facts;
  core: PlanCore;
  content: (appId: number) => Promise<SubjectContent>;
  exams: Pick<ExamService, 'startSet'>;
  clock: Clock;
}) {
  return {
    async entrance(userId: number, appId: number, action: 'start' | 'skip') {
      const plan = await d.store.ensurePlan(userId, appId, new Date(d.clock()));
      if (action === 'skip') {
        await d.store.updatePlan(userId, plan.id, { evaluation: 'skipped', updatedAt: new Date(d.clock()) });
        return { state: 'skipped' as const, examHistoryID: null };
      }
      const [content, access] = await Promise.all([d.content(appId), d.facts.access(userId, appId)]);
      const chapterIds = d.facts.open(content, access).chapters.map((c) => c.id);
      const session = await d.exams
        .startSet(
          userId,
          appId,
          {
            testMode: null,
            sourceKey: EVALUATION_SOURCE,
            period: null,
            display: 'practice',
            build: async () => {
              const questions = await d.records.singleQuestions(appId, chapterIds);
              const ids = spread(chapterIds, questions, PLAN_EVALUATION_SIZE);
              const typeOf = new Map(questions.map((q) => [q.id, q.type]));
              return { paperId: null, kind: 'drawn', name: '学习计划·入学测评', sections: sectionsOf(ids, typeOf), timeLimitSeconds: 0, passScore: Math.ceil(ids.length * 0.6) };
            },
          },
          false,
        )
        .then((bytes) => bytes.value());
      await d.store.updatePlan(userId, plan.id, { evaluation: 'started', evaluationSession: session.examHistoryID, updatedAt: new Date(d.clock()) });
      return { state: 'started' as const, examHistoryID: session.examHistoryID };
    },

    /** Readiness, and the newest handed-in mock since the plan began: its weak chapters re-plan the plan once. */
    async evaluate(userId: number, appId: number): Promise<PlanEvaluation> {
      const { plan } = await d.core.planned(userId, appId);
      const [content, mocks] = await Promise.all([d.content(appId), d.records.mockSessions(userId, appId)]);
      const newest = mocks.find((m) => m.handedAt.getTime() >= plan.createdAt.getTime());
      const weak = newest ? weakOf(newest.byChapter.map((c) => ({ cptID: c.cptID, name: c.name, right: c.right, total: c.total }))) : [];
      let replanned = false;
      if (newest && plan.evaluatedSession !== newest.id) {
        const boosts = boostsOf(weak);
        const row = await d.core.replanQuietly(userId, plan, { boosts, notice: () => PLAN_MSG.replannedMock, set: { evaluatedSession: newest.id } });
        if (row) replanned = true;
        else await d.store.updatePlan(userId, plan.id, { evaluatedSession: newest.id, boosts, updatedAt: new Date(d.clock()) });
      }
      const fresh = (await d.store.plan(userId, appId)) ?? plan;
      const chapters = await d.facts.chapters(userId, appId, fresh.boosts);
      return {
        readiness: readinessOf(
          chapters,
          mocks.map((m) => ({ score: m.score, total: m.total })),
          passLineOf(content),
        ),
        weak,
        basedOn: newest ? { examHistoryID: newest.id, name: newest.name, score: newest.score, total: newest.total, handedAt: newest.handedAt.toISOString() } : null,
        replanned,
      };
    },
  };
}
