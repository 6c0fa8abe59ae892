import type { ReactNode } from 'react';
import { yuan, ymd } from './format';
import styles from './coupons.module.css';

interface Terms {
  title: string;
  kind: 'amount' | 'percent';
  value: number;
  minSpend: number;
  scope: string;
}

/** What a coupon gives, as a ticket: the reduction on the left, its title, scope and dates on the right, an action. */
export function CouponCard({ c, note, muted, action }: { c: Terms; note: string; muted?: boolean; action?: ReactNode }) {
  return (
    <li className={`${styles.ticket} ${muted ? styles.muted : ''}`}>
      <div className={styles.value}>
        {c.kind === 'amount' ? (
          <strong>
            <small>¥</small>
            {c.value / 100}
          </strong>
        ) : (
          <strong>
            {(100 - c.value) / 10}
            <small>折</small>
          </strong>
        )}
        <span>{c.minSpend > 0 ? `满${yuan(c.minSpend).slice(1).replace(/\.00$/, '')}元可用` : '无门槛'}</span>
      </div>
      <div className={styles.body}>
        <h3 className={styles.title}>{c.title}</h3>
        <p className={styles.scope}>适用：{c.scope}</p>
        <p className={styles.scope}>{note}</p>
      </div>
      {action ? <div className={styles.action}>{action}</div> : null}
    </li>
  );
}

export const until = (iso: string) => `有效期至 ${ymd(iso)}`;
