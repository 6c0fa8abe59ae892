import { serverModule, type Platform } from '../../platform/module.ts';
import type { PracticeService } from '../practice/index.ts';
import { sprintRoutes } from './routes.ts';
import { createSprintService } from './service.ts';
import { createSprintStore, type SprintStore } from './store.ts';

export type { SprintStore };
export { present } from './service.ts';
export { byChapterOrder, chineseNumber, idsOf, topOf, unitsOf } from './sets.ts';

/** 考前冲刺 (docs/sprint-zhiye.md): the sprint sets of the bank's hottest questions. */
export function createSprintModule(p: Platform, deps: { practice: PracticeService }) {
  const store = createSprintStore(p.db);
  return serverModule({ name: 'sprint', handlers: sprintRoutes(createSprintService({ store, practice: deps.practice })), store });
}
