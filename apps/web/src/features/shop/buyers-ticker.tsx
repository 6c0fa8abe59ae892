import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { versionLabel } from '../../ui/buy-flow';
import { buyersQuery } from './api';
import styles from './shop.module.css';

/** '3分钟前' style time since an ISO moment. */
export function ago(iso: string, now = Date.now()): string {
  const min = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (min < 1) return '刚刚';
  if (min < 60) return `${min}分钟前`;
  if (min < 1440) return `${Math.floor(min / 60)}小时前`;
  return `${Math.floor(min / 1440)}天前`;
}

/** /buyapp: who bought lately (phones masked), one line at a time, turning every 3 s. Nothing when nobody did. */
export function BuyersTicker({ appID }: { appID: number }) {
  const { data } = useQuery(buyersQuery(appID));
  const [i, setI] = useState(0);
  const list = data?.list ?? [];
  useEffect(() => {
    if (list.length < 2) return;
    const t = setInterval(() => setI((n) => (n + 1) % list.length), 3000);
    return () => clearInterval(t);
  }, [list.length]);
  const b = list[i % Math.max(1, list.length)];
  if (!b) return null;
  return (
    <p className={styles.ticker} aria-label="最近开通">
      <span aria-hidden="true">🔔</span> {b.user} {ago(b.at)}开通了{versionLabel(b.vname)}
    </p>
  );
}
