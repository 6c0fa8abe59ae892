import { QueryClientProvider } from '@tanstack/react-query';
import { Link } from 'react-router';
import { badgeText, messagesLabel, useUnreadMessages } from '../entities/message/api';
import { queryClient } from '../api/query-client';
import { TABS, type Tab } from './tabs';
import styles from './tab-bar.module.css';

/**
 * The bottom tab bar (docs/navigation.md), shown by the root layout on the tab screens only (tabs.ts). It sits outside
 * the fading route view, so switching tabs does not redraw it; loaded lazily with TanStack Query, so the entry route
 * stays small. 我的 carries the unread messages count (the same query as the home header's badge).
 */
export default function TabBar({ current }: { current: Tab }) {
  return (
    <QueryClientProvider client={queryClient}>
      <div className={styles.space} aria-hidden="true" />
      <nav className={styles.bar} aria-label="主导航">
        {TABS.map((t) => (
          <TabLink key={t.to} tab={t} active={t === current} />
        ))}
      </nav>
    </QueryClientProvider>
  );
}

function TabLink({ tab, active }: { tab: Tab; active: boolean }) {
  const unread = useUnreadMessages().data?.total;
  const badge = tab.icon === 'mine' ? badgeText(unread) : '';
  return (
    <Link
      to={tab.to}
      className={active ? `${styles.tab} ${styles.active}` : styles.tab}
      aria-current={active ? 'page' : undefined}
      aria-label={badge ? `${tab.label}，${messagesLabel(unread)}` : undefined}
      replace={active}
    >
      <span className={styles.iconWrap}>
        <TabIcon name={tab.icon} />
        {badge ? (
          <span className={styles.badge} aria-hidden="true" data-testid="tab-badge">
            {badge}
          </span>
        ) : null}
      </span>
      <span className={styles.label}>{tab.label}</span>
    </Link>
  );
}

const PATHS: Record<Tab['icon'], string> = {
  home: 'M4 11.5 12 5l8 6.5V20a1 1 0 0 1-1 1h-4.5v-5.5h-5V21H5a1 1 0 0 1-1-1z',
  bank: 'M6 4h10l3 3v13a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zm3 6h6m-6 4h6m-6 4h4',
  study: 'M3 7.5 12 4l9 3.5-9 3.5zM7 9.5V15c0 1.5 2.2 3 5 3s5-1.5 5-3V9.5M21 7.5V13',
  mine: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7.5 8.5c.8-3.5 3.8-5.5 7.5-5.5s6.7 2 7.5 5.5',
};

function TabIcon({ name }: { name: Tab['icon'] }) {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
