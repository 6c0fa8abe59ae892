import { z } from 'zod';
import { defineCall } from '../call.ts';
import { dbId, guid, optInt, page } from '../fields.ts';

/**
 * A learner's messages (/myMessage; docs/messages.md): what the modules tell the learner — system notices, orders and
 * deliveries, live-class reminders, answers to feedback, study-plan reminders, replies to one's discussion posts — with
 * read state. One inbox per learner
 * across subjects. The read call is the spec's "community message-read POST" (§7).
 */

export const MESSAGE_KINDS = ['system', 'order', 'delivery', 'live', 'feedback', 'plan', 'discussion'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
/** The tabs of /myMessage and the kinds each shows ('all': every kind). */
export const MESSAGE_TABS = [
  { id: 'all', name: '全部', kinds: MESSAGE_KINDS },
  { id: 'system', name: '系统通知', kinds: ['system'] },
  { id: 'order', name: '订单物流', kinds: ['order', 'delivery'] },
  { id: 'study', name: '学习提醒', kinds: ['live', 'plan'] },
  { id: 'feedback', name: '反馈回复', kinds: ['feedback'] },
  { id: 'discussion', name: '讨论回复', kinds: ['discussion'] },
] as const satisfies readonly { id: string; name: string; kinds: readonly MessageKind[] }[];
export type MessageTab = (typeof MESSAGE_TABS)[number]['id'];
export const MESSAGE_TAB_IDS = MESSAGE_TABS.map((t) => t.id) as [MessageTab, ...MessageTab[]];
export const MESSAGE_PAGE_SIZE = 20;
/** The badge shows at most this, then '99+'. */
export const MESSAGE_BADGE_MAX = 99;

export const MESSAGE_MSG = {
  empty: '暂无消息',
  unknown: '消息不存在',
  allRead: '已全部标记为已读',
  /** message.read with neither id nor tab. */
  noTarget: '请填写消息编号',
} as const;

export const messageItem = z.object({
  id: z.number().int(),
  kind: z.enum(MESSAGE_KINDS),
  title: z.string(),
  body: z.string(),
  /** An in-app route to open ('' when none). */
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type MessageItem = z.infer<typeof messageItem>;

/** Unread counts: in all, and per tab. */
export const messageUnread = z.object({ total: z.number().int(), byTab: z.record(z.string(), z.number().int()) });
export type MessageUnread = z.infer<typeof messageUnread>;

const tab = () => z.preprocess((v) => (v === '' || v === undefined ? 'all' : v), z.enum(MESSAGE_TAB_IDS, { error: '消息分类不正确' }));

export const messageList = defineCall({
  id: 'message.list',
  method: 'GET',
  path: '/api/message/list',
  group: 'general',
  needsSession: true,
  summary: "/myMessage: the learner's messages of a tab, newest first, with the unread counts.",
  request: z.object({ guid: guid(), tab: tab(), page: page(), pageSize: optInt('每页数量', 1, MESSAGE_PAGE_SIZE) }),
  data: z.object({ tab: z.enum(MESSAGE_TAB_IDS), page: z.number().int(), pageSize: z.number().int(), total: z.number().int(), list: z.array(messageItem), unread: messageUnread }),
});

export const messageUnreadCount = defineCall({
  id: 'message.unread',
  method: 'GET',
  path: '/api/message/unread',
  group: 'general',
  needsSession: true,
  summary: 'The unread counts for the badges (home page, settings, /myMessage tabs).',
  request: z.object({ guid: guid() }),
  data: messageUnread,
});

export const messageRead = defineCall({
  id: 'message.read',
  method: 'POST',
  path: '/api/community/readMessage',
  group: 'general',
  needsSession: true,
  allowedRepeat: true,
  summary: "Marks one of the learner's messages read (id), or every message of a tab (tab; 'all' for all). Idempotent; answers the unread counts.",
  request: z.object({ guid: guid(), id: dbId('消息编号').optional(), tab: z.enum(MESSAGE_TAB_IDS, { error: '消息分类不正确' }).optional() }),
  data: messageUnread,
});

export const messageCalls = { messageList, messageUnreadCount, messageRead };
