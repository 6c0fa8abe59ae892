import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGE_MSG, MESSAGE_TAB_IDS, MESSAGE_TABS, type MessageItem, type MessageTab } from '@kaoshi/contract';
import { errorText } from '../../lib/error-text';
import { shortTime } from '../../lib/format';
import { hasScreen } from '../../lib/navigation';
import { safeTargetPath } from '../../lib/safe-path';
import { toast } from '../../ui/dialogs';
import { showNoContent } from '../../ui/no-content';
import { Page } from '../../ui/page';
import { StateMessage } from '../../ui/states';
import { badgeText, listQuery, readOne, readTab, useUnreadMessages } from './api';
import styles from './message.module.css';

const tabOf = (value: string | null): MessageTab => ((MESSAGE_TAB_IDS as readonly string[]).includes(value ?? '') ? (value as MessageTab) : 'all');

/**
 * /myMessage[?tab=] 我的消息: the tabs with their unread counts, the tab's messages newest first (a page at a time);
 * tapping one marks it read and opens its in-app link; 全部已读 marks the tab.
 */
export function MyMessageScreen() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const q = useInfiniteQuery(listQuery(tab));
  const unread = useUnreadMessages().data ?? q.data?.pages[0]?.unread;
  const queryClient = useQueryClient();
  const [marking, setMarking] = useState(false);
  const tabUnread = unread?.byTab[tab] ?? 0;
  // The tabs scroll sideways on a phone: keep the chosen one in view (e.g. opened with ?tab=feedback).
  const chosen = useRef<HTMLButtonElement>(null);
  useEffect(() => chosen.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' }), [tab]);

  const choose = (id: MessageTab) => setParams(id === 'all' ? {} : { tab: id }, { replace: true });

  async function markTab() {
    setMarking(true);
    try {
      await readTab(queryClient, tab);
      toast(MESSAGE_MSG.allRead);
    } catch (e) {
      toast(errorText(e));
    } finally {
      setMarking(false);
    }
  }

  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];
  let body;
  if (q.isError && !q.data) body = <StateMessage text={errorText(q.error)} onRetry={() => void q.refetch()} />;
  else if (q.isPending) body = <StateMessage text="加载中…" />;
  else if (rows.length === 0) body = <p className={styles.empty}>{MESSAGE_MSG.empty}</p>;
  else
    body = (
      <>
        <ul className={styles.list} aria-label="消息列表">
          {rows.map((m) => (
            <Message key={m.id} m={m} />
          ))}
        </ul>
        {q.hasNextPage ? (
          <button type="button" className={styles.more} disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
            {q.isFetchingNextPage ? '加载中…' : q.isFetchNextPageError ? '加载失败，点击重试' : '加载更多'}
          </button>
        ) : null}
      </>
    );

  return (
    <Page title="我的消息">
      <div className={styles.tabs} role="tablist" aria-label="消息分类">
        {MESSAGE_TABS.map((t) => {
          const n = badgeText(unread?.byTab[t.id]);
          return (
            <button
              key={t.id}
              type="button"
              role="tab"
              className={styles.tab}
              aria-selected={tab === t.id}
              aria-label={n ? `${t.name}，${unread!.byTab[t.id]}条未读` : t.name}
              onClick={() => choose(t.id)}
            >
              {t.name}
              {n ? (
                <span className={styles.count} aria-hidden="true">
                  {n}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      <div className={styles.screen} role="tabpanel" aria-label={MESSAGE_TABS.find((t) => t.id === tab)!.name}>
        <div className={styles.toolbar}>
          <span className={styles.muted}>{tabUnread > 0 ? `${tabUnread}条未读` : '没有未读消息'}</span>
          <button type="button" className={styles.allRead} disabled={tabUnread === 0 || marking} onClick={() => void markTab()}>
            全部已读
          </button>
        </div>
        {body}
      </div>
    </Page>
  );
}

/** One message: title, time, body, the unread dot; tapping marks it read and opens its link (in-app paths only). */
function Message({ m }: { m: MessageItem }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const target = m.link ? safeTargetPath(m.link) : null;

  function open() {
    if (!m.read) void readOne(queryClient, m.id);
    if (!target) return;
    if (hasScreen(target.split(/[?#]/)[0]!)) void navigate(target);
    else showNoContent();
  }

  return (
    <li>
      <button type="button" className={styles.item} onClick={open}>
        <span className={styles.head}>
          {m.read ? null : (
            <span className={styles.dot} data-testid={`unread-${m.id}`}>
              <span className="ks-visually-hidden">未读</span>
            </span>
          )}
          <span className={styles.title}>{m.title}</span>
          <time className={styles.time} dateTime={m.createdAt}>
            {shortTime(m.createdAt)}
          </time>
        </span>
        <span className={styles.body}>{m.body}</span>
        {target ? (
          <span className={styles.go} aria-hidden="true">
            查看详情 ›
          </span>
        ) : null}
      </button>
    </li>
  );
}
