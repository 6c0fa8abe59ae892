import { useState } from 'react';
import { DISCUSSION_MAX_WIDTH, DISCUSSION_MSG, textWidth } from '@kaoshi/contract';
import { errorText } from '../../../lib/error-text';
import { toast } from '../../../ui/dialogs';
import styles from '../discussion.module.css';

/** Characters as the learner counts them: a Chinese character is one of DISCUSSION_MAX_WIDTH / 2. */
const MAX_CHARS = DISCUSSION_MAX_WIDTH / 2;
const countOf = (text: string) => Math.ceil(textWidth(text.trim()) / 2);

/**
 * The write box at the bottom of /msComment and /discussionreply: a text area with its count (Chinese characters;
 * two letters or digits count one) and 发表. `hint` names whom a reply answers; `onCancel` drops that.
 */
export function WriteBox({ placeholder, hint, onCancel, onSend }: { placeholder: string; hint?: string; onCancel?: () => void; onSend: (body: string) => Promise<unknown> }) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const n = countOf(text);
  const over = textWidth(text.trim()) > DISCUSSION_MAX_WIDTH;

  async function send() {
    if (!text.trim()) return toast(DISCUSSION_MSG.empty);
    if (over) return toast(DISCUSSION_MSG.tooLong);
    setSending(true);
    try {
      await onSend(text);
      setText('');
      toast(DISCUSSION_MSG.posted);
    } catch (e) {
      toast(errorText(e));
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      className={styles.writeBox}
      aria-label="发表评论"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      {hint ? (
        <div className={styles.hintRow}>
          <span className={styles.hint}>{hint}</span>
          {onCancel ? (
            <button type="button" className={styles.cancel} onClick={onCancel}>
              取消
            </button>
          ) : null}
        </div>
      ) : null}
      <div className={styles.writeRow}>
        <label className={styles.field}>
          <span className="ks-visually-hidden">{placeholder}</span>
          <textarea className={styles.input} value={text} placeholder={placeholder} rows={2} onChange={(e) => setText(e.target.value)} />
          <span className={over ? `${styles.counter} ${styles.over}` : styles.counter} aria-live="polite">{`${n}/${MAX_CHARS}`}</span>
        </label>
        <button type="submit" className={styles.send} disabled={sending || !text.trim() || over}>
          发表
        </button>
      </div>
    </form>
  );
}
