import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { badgeText, messagesLabel, useUnreadMessages } from '../../api/messages';
import styles from './settings.module.css';

/** One row of a settings group: a link with an arrow, or a label with something on the right. */
export function LinkRow({ to, label, extra }: { to: string; label: string; extra?: string }) {
  return (
    <li>
      <Link className={styles.row} to={to}>
        <span className={styles.label}>{label}</span>
        {extra ? <span className={styles.extra}>{extra}</span> : null}
        <span className={styles.arrow} aria-hidden="true">
          ›
        </span>
      </Link>
    </li>
  );
}

export function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <li className={styles.row}>
      <span className={styles.label}>{label}</span>
      <span className={styles.extra}>{children}</span>
    </li>
  );
}

export function Group({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className={styles.group} aria-label={title}>
      {title ? <h2 className={styles.groupTitle}>{title}</h2> : null}
      <ul className={styles.list}>{children}</ul>
    </section>
  );
}

/** 我的消息, with the unread count once known. */
export function MessagesRow() {
  const total = useUnreadMessages().data?.total;
  const badge = badgeText(total);
  return (
    <li>
      <Link className={styles.row} to="/myMessage" aria-label={messagesLabel(total)}>
        <span className={styles.label}>我的消息</span>
        {badge ? (
          <span className={styles.badge} aria-hidden="true" data-testid="message-badge">
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
