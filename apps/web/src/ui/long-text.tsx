import { useState, type CSSProperties } from 'react';
import styles from './long-text.module.css';

/** Longer than this (in characters, or in lines), a text is folded to `lines` lines with 展开/收起. */
export const LONG_TEXT_CHARS = 120;

/**
 * A learner's own text that may be long (a note): folded to a few lines with 展开, so what follows it —
 * the question's actions, the next item — stays within reach. Plain text, never HTML.
 */
export function LongText({ text, className, lines = 4 }: { text: string; className?: string; lines?: number }) {
  const [open, setOpen] = useState(false);
  const long = text.length > LONG_TEXT_CHARS || text.split('\n').length > lines;
  const folded = long && !open;
  return (
    <>
      <p className={[className, folded ? styles.clamped : ''].filter(Boolean).join(' ')} style={{ '--lines': lines } as CSSProperties} data-folded={folded || undefined}>
        {text}
      </p>
      {long ? (
        <button type="button" className={styles.toggle} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? '收起' : '展开'}
        </button>
      ) : null}
    </>
  );
}
