import { serverModule, type Platform } from '../../platform/module.ts';
import { changeLogRoutes } from './routes.ts';
import { createChangeLogService } from './service.ts';
import { createChangeLogStore } from './store.ts';

export { logChange, type Change } from './log.ts';
export { eraseChangesOf } from './erase.ts';

/** What changed in the app's data since a client's last look (getChangeInfo). */
export function createChangeLogModule(p: Platform) {
  return serverModule({ name: 'change-log', handlers: changeLogRoutes(createChangeLogService(createChangeLogStore(p.db), p.clock)) });
}
