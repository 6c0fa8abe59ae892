import type { LiveChatMessage, LiveHostMessage } from '@kaoshi/contract';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { HostMessageActions, type HostTools } from './host-message-actions';
import styles from '../room.module.css';

/** The pinned notice (公告) above the chat. */
export function PinnedNotice({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    <p className={styles.pinned} role="note">
      <span className={styles.pinnedTag}>公告</span>
      <span>{text}</span>
    </p>
  );
}

/** One chat line: the name (主讲 for the host, 我 for mine), the text, and the host's 删除 / 禁言. */
export function ChatLine({ m, tools }: { m: LiveChatMessage | LiveHostMessage; tools?: HostTools }) {
  const userId = 'userId' in m ? m.userId : null;
  return (
    <li className={m.mine ? `${styles.line} ${styles.lineMine}` : styles.line} data-id={m.id}>
      <span className={styles.lineName}>
        {m.host ? <span className={styles.hostTag}>主讲</span> : null}
        {m.name}
        {m.mine ? '（我）' : ''}：
      </span>
      <span className={styles.lineText}>{m.text}</span>
      {tools && !m.host ? <HostMessageActions id={m.id} userId={userId} name={m.name} tools={tools} /> : null}
    </li>
  );
}

/**
 * A scrolling chat that keeps to its newest line while the learner is at the bottom (reading older lines, it stays
 * where it is). `version` changes when lines are added.
 */
export function ChatScroller({ version, children, label = '聊天消息' }: { version: unknown; children: ReactNode; label?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  useLayoutEffect(() => {
    const el = box.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [version]);
  const onScroll = () => {
    const el = box.current;
    if (el) stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
  };
  return (
    <div className={styles.chatBox} ref={box} onScroll={onScroll} aria-live="polite">
      <ul className={styles.lines} aria-label={label}>
        {children}
      </ul>
    </div>
  );
}

/** The room's chat: the notice, then the lines (empty: a hint). */
export function ChatList({ messages, pinned, tools }: { messages: (LiveChatMessage | LiveHostMessage)[]; pinned?: string | null; tools?: HostTools }) {
  return (
    <>
      <PinnedNotice text={pinned} />
      <ChatScroller version={messages.length > 0 ? messages[messages.length - 1]!.id : 0}>
        {messages.length === 0 ? <li className={styles.empty}>还没有人发言，来说两句吧</li> : null}
        {messages.map((m) => (
          <ChatLine key={m.id} m={m} tools={tools} />
        ))}
      </ChatScroller>
    </>
  );
}
