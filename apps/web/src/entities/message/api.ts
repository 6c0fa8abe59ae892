import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { MESSAGE_BADGE_MAX, messageUnreadCount, type MessageUnread } from '@kaoshi/contract';
import { call } from '../../api/client';
import { getGuid } from '../../lib/session';

/**
 * The learner's unread messages (GET /api/message/unread, docs/messages.md): the badges of the home page's header,
 * the 我的消息 row of /settings and the tabs of /myMessage read this one query, so marking a message read on
 * /myMessage (whose reply carries the new counts) updates every badge.
 */

export const messageKeys = {
  all: ['message'] as const,
  unread: (guid: string | null) => ['message', 'unread', guid ?? ''] as const,
  /** A tab's pages on /myMessage (features/message/api.ts). */
  list: (guid: string | null, tab: string) => ['message', 'list', guid ?? '', tab] as const,
};

export const unreadQuery = () => {
  const guid = getGuid();
  return queryOptions({
    queryKey: messageKeys.unread(guid),
    queryFn: () => call(messageUnreadCount, {}, { silent: true }),
    // Only a signed-in learner has messages (asking without a session would be a 401).
    enabled: guid !== null,
    retry: false,
    staleTime: 30_000,
  });
};

export const useUnreadMessages = () => useQuery(unreadQuery());

/** New counts (a mark's reply): every badge shows them. */
export const storeUnread = (client: QueryClient, unread: MessageUnread) => client.setQueryData(unreadQuery().queryKey, unread);

/** A badge's text: '' for none, the count, '99+' above MESSAGE_BADGE_MAX. */
export const badgeText = (n: number | undefined): string => (!n || n <= 0 ? '' : n > MESSAGE_BADGE_MAX ? `${MESSAGE_BADGE_MAX}+` : String(n));

/** The accessible name of a messages entry: '我的消息' or '我的消息，3条未读'. */
export const messagesLabel = (n: number | undefined): string => (n && n > 0 ? `我的消息，${n}条未读` : '我的消息');
