import type { ReactNode } from 'react';
import styles from './handover.module.css';

/** The short loading state of an entry gateway. */
export function HandoverLoading({ text = '正在进入…' }: { text?: string }) {
  return (
    <main className={styles.screen} aria-busy="true">
      <div className={styles.spinner} role="progressbar" aria-label="加载中" />
      <p className={styles.status}>{text}</p>
    </main>
  );
}

export interface Action {
  label: string;
  onClick: () => void;
  primary?: boolean;
}

/** A gateway that cannot continue: what went wrong, in Chinese, and where to go instead. */
export function HandoverError({ title, message, actions }: { title: string; message: string; actions: Action[] }) {
  return (
    <main className={styles.screen}>
      <div className={`${styles.icon} ${styles.iconError}`} aria-hidden="true">
        !
      </div>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text} role="alert">
        {message}
      </p>
      <Actions actions={actions} />
    </main>
  );
}

export function Actions({ actions }: { actions: Action[] }) {
  return (
    <div className={styles.actions}>
      {actions.map((a) => (
        <button key={a.label} type="button" className={a.primary === false ? styles.secondary : styles.primary} onClick={a.onClick}>
          {a.label}
        </button>
      ))}
    </div>
  );
}

/** A titled panel with an icon, for gateways that show something before going on (free try). */
export function HandoverPanel({ icon, title, children }: { icon: string; title: string; children: ReactNode }) {
  return (
    <main className={styles.screen}>
      <div className={styles.icon} aria-hidden="true">
        {icon}
      </div>
      <h1 className={styles.title}>{title}</h1>
      {children}
    </main>
  );
}
