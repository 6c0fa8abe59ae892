import { serverModule, type Platform } from '../../platform/module.ts';
import type { PracticeService } from '../practice/index.ts';
import { sprintRoutes } from './routes.ts';
import { createSprintService } from './service.ts';
import { createSprintStore, type PaperInfo, type PoolRow } from './store.ts';

export type { PaperInfo, PoolRow };
export { present } from './service.ts';
export { byChapterOrder, chineseNumber, idsOf, topOf, unitsOf } from './sets.ts';

/**
 * The question pool the sprint sets are cut from, as 执业 reads it (docs/sprint-zhiye.md): the subject's questions
 * with their points, its chapters, its papers of some kinds, and the questions a learner answered since the reset.
 */
export interface SprintPool {
  questions(appId: number): Promise<PoolRow[]>;
  chapters(appId: number): Promise<{ id: number; parentId: number | null; name: string; order: number }[]>;
  papers(appId: number, kinds: string[]): Promise<PaperInfo[]>;
  answered(userId: number, appId: number): Promise<Set<number>>;
}

/** 考前冲刺 (docs/sprint-zhiye.md): the sprint sets of the bank's hottest questions; `pool` serves 执业 the same pool. */
export function createSprintModule(p: Platform, deps: { practice: PracticeService }) {
  const store = createSprintStore(p.db);
  const pool: SprintPool = { questions: store.pool, chapters: store.chapters, papers: store.papers, answered: store.answered };
  return serverModule({ name: 'sprint', handlers: sprintRoutes(createSprintService({ store, practice: deps.practice })), pool });
}
