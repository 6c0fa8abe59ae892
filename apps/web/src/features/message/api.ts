import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { MESSAGE_PAGE_SIZE, MESSAGE_TABS, messageList, messageRead, type DataOf, type MessageItem, type MessageTab } from '@kaoshi/contract';
import { call } from '../../api/client';
import { messageKeys, storeUnread } from '../../entities/message/api';
import { getGuid } from '../../lib/session';

/**
 * Data of /myMessage (docs/messages.md): a tab's messages a page at a time, and marking them read. The unread counts
 * (tabs, badges) are the shared query of src/entities/message/api.ts; every mark's reply carries the new counts.
 */

export { badgeText, useUnreadMessages } from '../../entities/message/api';
export type MessagePage = DataOf<typeof messageList>;

const silent = { silent: true } as const;

export const listQuery = (tab: MessageTab) =>
  infiniteQueryOptions({
    queryKey: messageKeys.list(getGuid(), tab),
    queryFn: ({ pageParam }) => call(messageList, { tab, page: pageParam, pageSize: MESSAGE_PAGE_SIZE }, silent),
    initialPageParam: 1,
    getNextPageParam: (last: MessagePage) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    retry: false,
    staleTime: 0,
  });

/** The tabs that show a message of this kind ('all' among them). */
const tabsOf = (kind: MessageItem['kind']): MessageTab[] => MESSAGE_TABS.filter((t) => (t.kinds as readonly string[]).includes(kind)).map((t) => t.id);

/** Marks the cached messages that `read` picks as read, in every tab's pages. */
function markCached(client: QueryClient, read: (m: MessageItem) => boolean): void {
  for (const t of MESSAGE_TABS) {
    client.setQueryData<InfiniteData<MessagePage>>(messageKeys.list(getGuid(), t.id), (data) =>
      data ? { ...data, pages: data.pages.map((p) => ({ ...p, list: p.list.map((m) => (!m.read && read(m) ? { ...m, read: true } : m)) })) } : data,
    );
  }
}

/** Marks one message read: the lists show it read at once, the badges take the reply's counts. */
export async function readOne(client: QueryClient, id: number): Promise<void> {
  markCached(client, (m) => m.id === id);
  try {
    storeUnread(client, await call(messageRead, { id }, silent));
  } catch {
    // Not marked after all: read the lists and counts again.
    void client.invalidateQueries({ queryKey: messageKeys.all });
  }
}

/** 全部已读: every message of the tab ('all': every message). */
export async function readTab(client: QueryClient, tab: MessageTab): Promise<void> {
  const reply = await call(messageRead, { tab }, silent);
  markCached(client, (m) => tab === 'all' || tabsOf(m.kind).includes(tab));
  storeUnread(client, reply);
}
