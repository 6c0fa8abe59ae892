import { messageCalls as c } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import type { MessageService } from './service.ts';

/** The calls of contract calls/message.ts; everything is read and marked for the session's user. */
export const messageRoutes = (messages: MessageService) => [
  handle(c.messageList, async (ctx) => messages.list(ctx.session.userId, ctx.input.tab, ctx.input.page, ctx.input.pageSize)),
  handle(c.messageUnreadCount, async (ctx) => messages.unread(ctx.session.userId)),
  handle(c.messageRead, async (ctx) => messages.read(ctx.session.userId, { id: ctx.input.id, tab: ctx.input.tab })),
];
