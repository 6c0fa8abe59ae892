import { cancelChangeLog, getChangeInfo, Status } from '@kaoshi/contract';
import { CallResult, handle, sessionOf } from '../../platform/calls.ts';
import type { ChangeLogService } from './service.ts';

export const changeLogRoutes = (changes: ChangeLogService) => [
  handle(getChangeInfo, async (ctx) => {
    const list = await changes.unseen(sessionOf(ctx).userId);
    return list.length ? { changes: list } : new CallResult(Status.NO_CHANGE, '无变更', { changes: [] });
  }),
  handle(cancelChangeLog, async (ctx) => ({ cleared: await changes.markSeen(sessionOf(ctx).userId) })),
];
