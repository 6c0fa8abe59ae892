import { cancelChangeLog, getChangeInfo, Status } from '@kaoshi/contract';
import { CallResult, handle } from '../../platform/calls.ts';
import type { ChangeLogService } from './service.ts';

export const changeLogRoutes = (changes: ChangeLogService) => [
  handle(getChangeInfo, async (ctx) => {
    const s = ctx.session;
    const list = await changes.unseen(s.userId, s.tokenHash);
    return list.length ? { changes: list } : new CallResult(Status.NO_CHANGE, '无变更', { changes: [] });
  }),
  handle(cancelChangeLog, async (ctx) => {
    const s = ctx.session;
    return { cleared: await changes.markSeen(s.userId, s.tokenHash) };
  }),
];
