import type { ReactNode } from 'react';
import styles from './plain-list.module.css';

/** Shared pieces of the sprint and zhiye list screens. */

export function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <span className={styles.bar} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(value * 100)}>
      <span className={styles.barFill} style={{ width: `${value * 100}%` }} />
    </span>
  );
}

/** A tappable card row: a badge, a title, a meta line and an optional progress bar. */
export function ItemRow({
  badge,
  title,
  meta,
  progress,
  onOpen,
  disabled,
  label,
}: {
  badge?: ReactNode;
  title: string;
  meta: ReactNode;
  progress?: number;
  onOpen: () => void;
  disabled?: boolean;
  label?: string;
}) {
  return (
    <button type="button" className={styles.row} onClick={onOpen} disabled={disabled} aria-label={label ?? title}>
      {badge !== undefined ? (
        <span className={styles.badge} aria-hidden="true">
          {badge}
        </span>
      ) : null}
      <span className={styles.rowBody}>
        <span className={styles.rowTitle}>{title}</span>
        <span className={styles.rowMeta}>{meta}</span>
        {progress !== undefined ? <ProgressBar value={progress} label={`${title} 完成度`} /> : null}
      </span>
      <span className={styles.chevron} aria-hidden="true" />
    </button>
  );
}
