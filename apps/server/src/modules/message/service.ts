import { MESSAGE_MSG, MESSAGE_PAGE_SIZE, MESSAGE_TABS, type MessageItem, type MessageKind, type MessageTab, type MessageUnread } from '@kaoshi/contract';
import type { Clock } from '../../platform/clock.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import type { MessageRow, MessageStore } from './store.ts';

/** What another module writes: `dedupe` makes it once-only (e.g. 'live-remind:<session>:<start>'). */
export interface MessageDraft {
  kind: MessageKind;
  title: string;
  body: string;
  /** An in-app route to open, or ''. */
  link?: string;
  dedupe?: string;
}

/** The kinds a tab shows; null for 'all' (every kind, so no filter). */
export const kindsOf = (tab: MessageTab): readonly MessageKind[] | null => (tab === 'all' ? null : MESSAGE_TABS.find((t) => t.id === tab)!.kinds);

/** The unread counts of every tab from the unread counts per kind. */
export function unreadOf(byKind: ReadonlyMap<MessageKind, number>): MessageUnread {
  const byTab: Record<string, number> = {};
  for (const t of MESSAGE_TABS) byTab[t.id] = t.kinds.reduce((n, k) => n + (byKind.get(k) ?? 0), 0);
  return { total: byTab.all ?? 0, byTab };
}

const itemOf = (r: MessageRow): MessageItem => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  body: r.body,
  link: r.link,
  createdAt: r.createdAt.toISOString(),
  read: r.readAt !== null,
});

/** The learner's inbox (docs/messages.md): one per learner across subjects, newest first, read by id or by tab. */
export function createMessageService(deps: { store: MessageStore; clock: Clock }) {
  const { store, clock } = deps;
  const unread = async (userId: number) => unreadOf(await store.unreadByKind(userId));

  return {
    unread,

    async list(userId: number, tab: MessageTab, page = 1, pageSize = MESSAGE_PAGE_SIZE) {
      const kinds = kindsOf(tab);
      const [rows, total, counts] = await Promise.all([store.page(userId, kinds, (page - 1) * pageSize, pageSize), store.total(userId, kinds), unread(userId)]);
      return { tab, page, pageSize, total, list: rows.map(itemOf), unread: counts };
    },

    /** Marks one message (id) or a tab's messages read; marking again changes nothing. Answers the unread counts. */
    async read(userId: number, target: { id?: number | undefined; tab?: MessageTab | undefined }): Promise<MessageUnread> {
      const at = new Date(clock());
      if (target.id !== undefined) {
        if (!(await store.markOne(userId, target.id, at))) throw notFound(MESSAGE_MSG.unknown);
      } else if (target.tab !== undefined) {
        await store.markKinds(userId, kindsOf(target.tab), at);
      } else {
        throw badInput(MESSAGE_MSG.noTarget);
      }
      return unread(userId);
    },

    /** The one write other modules use (through index.ts); null when `dedupe` was written before. */
    post(userId: number, m: MessageDraft, at = new Date(clock())): Promise<number | null> {
      return store.insert({ userId, kind: m.kind, title: m.title, body: m.body, link: m.link ?? '', dedupe: m.dedupe ?? null, at });
    },
  };
}

export type MessageService = ReturnType<typeof createMessageService>;
