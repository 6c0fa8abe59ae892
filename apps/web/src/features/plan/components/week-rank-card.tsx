import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { weekRankQuery, type WeekRank } from '../api';
import { shortDay } from '../plan-format';
import shared from '../plan.module.css';
import styles from '../week-rank.module.css';

type Row = WeekRank['list'][number];

const TOP = 3;

/**
 * 本周排行: learners of the subject by questions newly answered right this week (China time). The top 3 and my place
 * (pinned under them when lower); 查看完整榜单 opens the top 50. Quiet when it fails: the plan matters more.
 */
export function WeekRankCard({ appID }: { appID: number }) {
  const rank = useQuery(weekRankQuery(appID));
  const [all, setAll] = useState(false);
  if (!rank.data) return null;
  const { list, me, from, to } = rank.data;
  const shown = all ? list : list.slice(0, TOP);
  const pinned = me && !shown.some((r) => r.me) ? me : null;
  return (
    <section className={shared.card} aria-labelledby="week-rank-title">
      <div className={shared.cardHead}>
        <h2 id="week-rank-title" className={shared.cardTitle}>
          本周排行
        </h2>
        <span className={shared.muted}>{`${shortDay(from)}–${shortDay(to)} · 新掌握题数`}</span>
      </div>
      {list.length === 0 ? (
        <p className={shared.empty}>本周还没有人上榜，去做题抢第一吧</p>
      ) : (
        <ol className={styles.rank} aria-label="排行榜">
          {shown.map((r) => (
            <RankRow key={`${r.rank}-${r.name}-${r.me}`} row={r} />
          ))}
        </ol>
      )}
      {pinned ? (
        <ol className={styles.rankPinned} aria-label="我的排名">
          <RankRow row={pinned} />
        </ol>
      ) : me === null ? (
        <p className={shared.muted}>本周答对新题即可上榜</p>
      ) : null}
      {list.length > TOP ? (
        <button type="button" className={shared.textButton} aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? '收起榜单' : `查看完整榜单（前${list.length}名）`}
        </button>
      ) : null}
    </section>
  );
}

function RankRow({ row }: { row: Row }) {
  return (
    <li className={row.me ? styles.rankMe : styles.rankRow} aria-current={row.me ? 'true' : undefined}>
      <span className={row.rank <= TOP ? styles.placeTop : styles.place}>{row.rank}</span>
      <span className={styles.rankName}>{row.me ? `${row.name}（我）` : row.name}</span>
      <span className={styles.rankScore}>{`${row.gained} 题`}</span>
    </li>
  );
}
