import { useId, useState } from 'react';
import type { FaqItem } from '@kaoshi/contract';
import styles from '../help.module.css';

/** FAQ questions, each opening its answer (plain text: paragraphs split by blank lines, never HTML). */
export function FaqItems({ items, label, open: initiallyOpen = null }: { items: readonly FaqItem[]; label: string; open?: string | null }) {
  const [open, setOpen] = useState<string | null>(initiallyOpen);
  const base = useId();
  return (
    <ul className={styles.faq} aria-label={label}>
      {items.map((item) => {
        const expanded = open === item.id;
        const panel = `${base}-${item.id}`;
        return (
          <li key={item.id}>
            <button type="button" className={styles.question} aria-expanded={expanded} aria-controls={panel} onClick={() => setOpen(expanded ? null : item.id)}>
              <span>{item.q}</span>
              <span className={styles.chevron} aria-hidden="true">
                {expanded ? '︿' : '﹀'}
              </span>
            </button>
            {expanded ? (
              <div id={panel} className={styles.answer}>
                {item.a.split(/\n{2,}/).map((p, i) => (
                  <p key={i}>{p}</p>
                ))}
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
