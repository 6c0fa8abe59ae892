import { cutToWidth, LIVE_CHAT_MAX_WIDTH, LIVE_MSG, textWidth } from '@kaoshi/contract';
import { useState } from 'react';
import styles from '../room.module.css';

/**
 * The chat input: at most LIVE_CHAT_MAX_WIDTH wide (a Chinese character counts 2, as the server counts), with the
 * width shown; Enter or 发送 sends. Muted, it is disabled and says 你已被禁言; `offline` says why it cannot send now.
 */
export function ChatInput({ onSend, muted, offline }: { onSend: (text: string) => boolean; muted: boolean; offline: string | null }) {
  const [text, setText] = useState('');
  const width = textWidth(text);
  const send = () => {
    const t = text.trim();
    if (!t || muted) return;
    if (onSend(t)) setText('');
  };
  return (
    <form
      className={styles.inputRow}
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <input
        className={styles.input}
        value={muted ? '' : text}
        disabled={muted}
        placeholder={muted ? LIVE_MSG.muted : (offline ?? '说点什么…')}
        aria-label="聊天内容"
        enterKeyHint="send"
        onChange={(e) => setText(cutToWidth(e.target.value, LIVE_CHAT_MAX_WIDTH))}
      />
      {!muted ? <span className={styles.counter} aria-label="字数">{`${width}/${LIVE_CHAT_MAX_WIDTH}`}</span> : null}
      <button type="submit" className={styles.send} disabled={muted || offline !== null || text.trim() === ''}>
        发送
      </button>
    </form>
  );
}
