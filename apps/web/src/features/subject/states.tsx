import { errorText } from '../../lib/error-text';
import styles from './subject.module.css';

/** The subject screens' inline states: loading, a failed read with a retry, a plain message. */

export function Loading({ text = '加载中…' }: { text?: string }) {
  return (
    <p className={styles.state} role="status">
      {text}
    </p>
  );
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className={styles.state} role="alert">
      <p className={styles.stateText}>{errorText(error)}</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        重试
      </button>
    </div>
  );
}

export function Message({ text }: { text: string }) {
  return <p className={styles.state}>{text}</p>;
}
