import { eq } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { sprintConfigs } from '../../db/schema/index.ts';
import { chapterList, livePointLinks, livePool } from '../questions/index.ts';
import { handedPerPaper } from '../exam/index.ts';
import { answeredQuestions } from '../practice/index.ts';
import { subjectPapers } from '../papers/index.ts';

/** A bank question as the sprint and zhiye sets see it (no texts: those come from practice's questionsByIds). */
export interface PoolRow {
  id: number;
  chapterId: number;
  groupId: number | null;
  groupOrder: number;
  type: string;
  difficulty: number;
  year: number | null;
  /** Knowledge point ids. */
  points: number[];
}

/** A stored paper as a list shows it. */
export interface PaperInfo {
  id: number;
  name: string;
  kind: string;
  tag: string | null;
  year: number | null;
  questionCount: number;
}

/**
 * The only SQL of the sprint and zhiye modules (docs/sprint-zhiye.md): the subject's question pool with
 * points, its sprint config, its papers, and the learner's answered questions. Learner reads filter by
 * the given user id.
 */
export function createSprintStore(db: Database) {
  return {
    async config(appId: number): Promise<{ classType: number; newClassType: number } | undefined> {
      const [row] = await db.select({ classType: sprintConfigs.classType, newClassType: sprintConfigs.newClassType }).from(sprintConfigs).where(eq(sprintConfigs.appId, appId));
      return row;
    },

    /** The subject's questions that are not retired, with their knowledge point ids, by id. */
    async pool(appId: number): Promise<PoolRow[]> {
      const [rows, links] = await Promise.all([livePool(db, appId), livePointLinks(db, appId)]);
      const pointsOf = new Map<number, number[]>();
      for (const l of links) {
        const list = pointsOf.get(l.questionId);
        if (list) list.push(l.pointId);
        else pointsOf.set(l.questionId, [l.pointId]);
      }
      return rows.map((r) => ({ ...r, points: pointsOf.get(r.id) ?? [] }));
    },

    /** All chapters of a subject, by order. */
    chapters: (appId: number) => chapterList(db, appId),

    /** The subject's papers (not retired) of these kinds, by id, with their question counts. */
    async papers(appId: number, kinds: string[]): Promise<PaperInfo[]> {
      const rows = await subjectPapers(db, appId, { kinds, order: 'id' });
      return rows.map((p) => ({ id: p.id, name: p.name, kind: p.kind, tag: p.tag, year: p.year, questionCount: p.sections.reduce((n, s) => n + s.questions.length, 0) }));
    },

    /** The learner's handed-in attempts per paper. */
    async attempts(userId: number, appId: number, paperIds: number[]): Promise<Map<number, number>> {
      return new Map([...(await handedPerPaper(db, userId, appId, paperIds))].map(([id, h]) => [id, h.n]));
    },

    /** Question ids of the subject the learner has answered since the last reset. */
    answered: (userId: number, appId: number) => answeredQuestions(db, userId, { appId, counted: true }),
  };
}

export type SprintStore = ReturnType<typeof createSprintStore>;
