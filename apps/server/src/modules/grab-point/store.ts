import type { Database } from '../../db/index.ts';
import { sessionsOfMode } from '../exam/index.ts';
import { latestRightOf } from '../practice/index.ts';
import { templatePaper } from '../papers/index.ts';
import { liveBankSize, livePointQuestions, pointList } from '../questions/index.ts';

/** The only SQL of 考前抢分 (docs/clearance-grabpoint.md). Learner reads filter by the given user id. */
export function createGrabPointStore(db: Database) {
  /** Per question of a subject the learner answered: whether the latest counted answer (not reset) is right. */
  const latest = (userId: number, appId: number) => latestRightOf(db, userId, appId);

  return {
    /** Per knowledge point with questions in use: its questions, those with a past-exam year, and those the learner answers right now. */
    async pointStats(userId: number, appId: number) {
      const [points, links, right] = await Promise.all([pointList(db, appId), livePointQuestions(db, appId, { texts: false }), latest(userId, appId)]);
      const per = new Map<number, { total: number; years: number; right: number }>();
      for (const l of links) {
        const s = per.get(l.pointId) ?? { total: 0, years: 0, right: 0 };
        per.set(l.pointId, { total: s.total + 1, years: s.years + (l.year === null ? 0 : 1), right: s.right + (right.get(l.questionId) ? 1 : 0) });
      }
      return points.flatMap(({ id, code, name }) => {
        const s = per.get(id);
        return s ? [{ id, code, name, ...s }] : [];
      });
    },

    /** Questions in use of the subject. */
    bankSize: (appId: number) => liveBankSize(db, appId),

    /** Questions in use carrying any of these points that the learner does not answer right now (never answered, or latest wrong). */
    async missing(userId: number, appId: number, pointIds: number[]) {
      if (pointIds.length === 0) return [];
      const wanted = new Set(pointIds);
      const [links, right] = await Promise.all([livePointQuestions(db, appId, { texts: false }), latest(userId, appId)]);
      return links
        .filter((l) => wanted.has(l.pointId) && right.get(l.questionId) !== true)
        .map((l) => ({ id: l.questionId, type: l.type, groupId: l.groupId, groupOrder: l.groupOrder, pointId: l.pointId }));
    },

    /** The learner's rounds (open and handed in), newest first. */
    rounds: (userId: number, appId: number, testMode: string) => sessionsOfMode(db, userId, appId, testMode, 'newest'),

    /** The template paper (marks per question type come from it). */
    templatePaper: (appId: number) => templatePaper(db, appId),
  };
}

export type GrabPointStore = ReturnType<typeof createGrabPointStore>;
