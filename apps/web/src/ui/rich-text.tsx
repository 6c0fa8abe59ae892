import { parseMarkup } from '@kaoshi/contract';
import { useMemo } from 'react';
import styles from './rich-text.module.css';

/** Where an image of the subject's bank (`[name.png]`) is served. */
export const bankImageUrl = (appID: number, name: string) => `/api/images/${appID}/${encodeURIComponent(name)}`;

/**
 * Question text (stems, options, explanations): plain text with the two marks of parseMarkup —
 * `[name.png]` shows the subject's image, 【…】 a highlighted key point. Everything is rendered as text
 * nodes; nothing from the bank is ever HTML.
 */
export function RichText({ text, appID, className }: { text: string; appID: number; className?: string }) {
  const parts = useMemo(() => parseMarkup(text), [text]);
  return (
    <span className={className}>
      {parts.map((p, i) =>
        p.kind === 'text' ? (
          <span key={i}>{p.text}</span>
        ) : p.kind === 'key' ? (
          <mark key={i} className={styles.key}>
            {p.text}
          </mark>
        ) : (
          <img key={i} className={styles.image} src={bankImageUrl(appID, p.name)} alt={p.name.replace(/\.[a-z]+$/i, '')} loading="lazy" decoding="async" />
        ),
      )}
    </span>
  );
}
