import { Link } from 'react-router';
import styles from '../help.module.css';

/** A row of the help screens that opens another screen: its text, an optional hint on the right, an arrow. */
export function HelpRow({ to, text, hint }: { to: string; text: string; hint?: string }) {
  return (
    <Link className={styles.row} to={to}>
      <span className={styles.rowText}>{text}</span>
      {hint !== undefined ? <span className={styles.rowHint}>{hint}</span> : null}
      <span className={styles.chevron} aria-hidden="true">
        ›
      </span>
    </Link>
  );
}
