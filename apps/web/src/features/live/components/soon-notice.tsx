import { Link } from 'react-router';
import { roomPath, type LiveItem } from '../api';
import { countdown, hm, startingSoon } from '../live-format';
import styles from '../live.module.css';
import { trackOpen } from './actions';

/** 即将开始: the booked sessions starting within LIVE_REMIND_BEFORE_MS, each with 进入直播间 (nothing when there are none). */
export function SoonNotice({ items, now, from }: { items: LiveItem[]; now: number; from: string }) {
  const soon = items.filter((i) => startingSoon(i, now));
  if (soon.length === 0) return null;
  return (
    <section className={styles.notice} aria-label="开播提醒">
      {soon.map((item) => {
        const left = Date.parse(item.startsAt) - now;
        return (
          <div key={item.id} className={styles.noticeRow}>
            <span className={styles.noticeBody}>
              <strong className={styles.noticeTitle}>即将开始</strong>
              <span className={styles.noticeText}>{`你预约的《${item.title}》${left > 0 ? `${countdown(left)}后开播（${hm(item.startsAt)}）` : '马上开始'}`}</span>
            </span>
            <Link className={styles.pillLive} to={roomPath(item)} onClick={() => trackOpen(item, from)}>
              进入直播间
            </Link>
          </div>
        );
      })}
    </section>
  );
}
