import { LIVE_STATUS } from '@kaoshi/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { detailPath, replayPath, roomPath, type LiveItem } from '../api';
import { roomOpen, statusText, timeRange } from '../live-format';
import styles from '../live.module.css';
import { BookButton, CollectButton, trackOpen } from './actions';

const BADGE: Record<number, string | undefined> = {
  [LIVE_STATUS.upcoming]: styles.badgeSoon,
  [LIVE_STATUS.live]: styles.badgeLive,
  [LIVE_STATUS.ended]: styles.badgeEnded,
  [LIVE_STATUS.replay]: styles.badgeReplay,
};

/** 预告 / 直播中 (with a pulsing dot) / 已结束 / 回放. */
export function StatusBadge({ item }: { item: Pick<LiveItem, 'status' | 'statusText'> }) {
  return (
    <span className={BADGE[item.status] ?? styles.badgeEnded}>
      {item.status === LIVE_STATUS.live ? <span className={styles.pulse} aria-hidden="true" /> : null}
      {statusText(item)}
    </span>
  );
}

/** The card's action: 进入直播间 when the room is open, 看回放 with a replay, else 预约 / 取消预约 (nothing once ended). */
function MainAction({ item, from, now }: { item: LiveItem; from: string; now: number }) {
  if (roomOpen(item, now)) {
    return (
      <Link className={styles.pillLive} to={roomPath(item)} onClick={() => trackOpen(item, from)}>
        进入直播间
      </Link>
    );
  }
  if (item.status === LIVE_STATUS.replay) {
    return (
      <Link className={styles.pill} to={replayPath(item)} onClick={() => trackOpen(item, from)}>
        看回放
      </Link>
    );
  }
  if (item.status === LIVE_STATUS.upcoming) return <BookButton item={item} />;
  return null;
}

export interface LiveCardProps {
  item: LiveItem;
  /** The list's name, sent as FuncPoint of tracking.liveClick when the session is opened from here. */
  from: string;
  now: number;
  /** Said first on the top line (the subject's name on /liveBroadcast). */
  tag?: string;
  /** Shown left of the card (a rank). */
  lead?: ReactNode;
  /** A line under the teacher (viewers on /hotMylive). */
  extra?: string;
}

/** A session in a list: status, time, title, teacher and course; a tap opens /livedetail; 收藏 and the main action. */
export function LiveCard({ item, from, now, tag, lead, extra }: LiveCardProps) {
  const who = [item.teacher ? `${item.teacher.name}${item.teacher.title ? ` ${item.teacher.title}` : ''}` : '', item.courseTitle].filter(Boolean).join(' · ');
  return (
    <article className={item.status === LIVE_STATUS.live ? styles.cardLive : styles.card} aria-label={item.title} data-testid={`live-${item.id}`}>
      {lead}
      <div className={styles.cardBody}>
        <Link className={styles.cardMain} to={detailPath(item.id)} onClick={() => trackOpen(item, from)}>
          <span className={styles.cardTop}>
            <StatusBadge item={item} />
            {item.free ? <span className={styles.tagFree}>公开课</span> : null}
            {tag ? <span className={styles.tagMuted}>{tag}</span> : null}
            <span className={styles.when}>{timeRange(item, now)}</span>
          </span>
          <span className={styles.cardTitle}>{item.title}</span>
          {who ? <span className={styles.meta}>{who}</span> : null}
          {extra ? <span className={styles.meta}>{extra}</span> : null}
        </Link>
        <div className={styles.cardActions}>
          <span className={styles.meta}>{item.reservations > 0 ? `${item.reservations} 人已预约` : item.chapterName}</span>
          <CollectButton item={item} />
          <MainAction item={item} from={from} now={now} />
        </div>
      </div>
    </article>
  );
}

/** A titled list of sessions; `empty` shows when there are none (no section at all without it). */
export function LiveSection<T extends LiveItem>({
  title,
  items,
  from,
  now,
  empty,
  tagOf,
}: {
  title: string;
  items: T[];
  from: string;
  now: number;
  empty?: string;
  tagOf?: (item: T) => string;
}) {
  if (items.length === 0 && !empty) return null;
  return (
    <section className={styles.section} aria-label={title}>
      <h2 className={styles.sectionTitle}>
        {title}
        {items.length > 0 ? <span className={styles.count}>{items.length}</span> : null}
      </h2>
      {items.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <ul className={styles.cards}>
          {items.map((item) => (
            <li key={item.id}>
              <LiveCard item={item} from={from} now={now} tag={tagOf?.(item)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
