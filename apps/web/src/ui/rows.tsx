import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './rows.module.css';

/** A titled group of rows on a card (/settings, the 我的 hub, /currency, /aboutUs, /agreementList). */
export function Group({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className={styles.group} aria-label={title}>
      {title ? <h2 className={styles.groupTitle}>{title}</h2> : null}
      <ul className={styles.list}>{children}</ul>
    </section>
  );
}

/** A row that opens a screen: its label, something on the right (a count, a badge), an arrow. */
export function LinkRow({ to, label, extra, badge, ariaLabel }: { to: string; label: string; extra?: ReactNode; badge?: string; ariaLabel?: string }) {
  return (
    <li>
      <Link className={styles.row} to={to} aria-label={ariaLabel}>
        <span className={styles.label}>{label}</span>
        {extra !== undefined && extra !== '' ? <span className={styles.extra}>{extra}</span> : null}
        {badge ? (
          <span className={styles.badge} aria-hidden="true" data-testid="row-badge">
            {badge}
          </span>
        ) : null}
        <span className={styles.arrow} aria-hidden="true">
          ›
        </span>
      </Link>
    </li>
  );
}

/** A row with a label and a value (no action). */
export function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <li className={styles.row}>
      <span className={styles.label}>{label}</span>
      <span className={styles.extra}>{children}</span>
    </li>
  );
}

/** An on/off setting: the whole row is the switch's label (one 52 px tap target). */
export function SwitchRow({ label, hint, checked, onChange }: { label: string; hint?: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <li>
      <label className={styles.row}>
        <span className={styles.label}>
          {label}
          {hint ? <span className={styles.hint}>{hint}</span> : null}
        </span>
        <input type="checkbox" role="switch" className={styles.switch} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      </label>
    </li>
  );
}
