import { useQuery } from '@tanstack/react-query';
import { LIVE_HOT_DAYS } from '@kaoshi/contract';
import { useSearchParams } from 'react-router';
import { positiveInt } from '../../lib/url-params';
import { type SelectedSubject } from '../../lib/subject';
import { queryState } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { hotQuery } from './api';
import { LiveCard } from './components/live-card';
import { useNow } from './components/use-now';
import { NO_CONTENT } from './live-format';
import styles from './live.module.css';

/** /hotMylive 热门直播: the subject's sessions of the last LIVE_HOT_DAYS days and coming, ranked by viewers and bookings. */
export function HotLiveScreen() {
  return <SubjectPage title="热门直播">{(subject) => <HotBody subject={subject} />}</SubjectPage>;
}

function HotBody({ subject }: { subject: SelectedSubject }) {
  const [params] = useSearchParams();
  const appID = positiveInt(params.get('appID')) ?? subject.AppID;
  const q = useQuery(hotQuery(appID));
  const now = useNow();
  const pending = queryState(q, subject, { feature: '直播课堂' });
  if (pending) return pending;
  const list = q.data!.list;
  return (
    <div className={styles.screen}>
      <p className={styles.muted}>{`近 ${LIVE_HOT_DAYS} 天及即将开播的直播，按观看和预约人数排序`}</p>
      {list.length === 0 ? <p className={styles.emptyPage}>{NO_CONTENT}</p> : null}
      <ol className={styles.cards} aria-label="热门直播">
        {list.map((item, i) => (
          <li key={item.id}>
            <LiveCard
              item={item}
              from="hot"
              now={now}
              lead={
                <span className={i < 3 ? styles.rankTop : styles.rank} aria-label={`第${i + 1}名`}>
                  {i + 1}
                </span>
              }
              extra={`${item.viewers} 人观看`}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}
