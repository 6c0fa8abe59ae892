import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { getSelectedSubject } from '../../lib/subject';
import { Page } from '../../ui/page';
import { queryState } from '../../ui/states';
import { collectionsQuery, reservationsQuery } from './api';
import { LiveSection } from './components/live-card';
import { SoonNotice } from './components/soon-notice';
import { useNow } from './components/use-now';
import styles from './live.module.css';

/** Nothing of mine yet: the text and a way to the sessions. */
function NoneYet({ text }: { text: string }) {
  return (
    <div className={styles.panel}>
      <p className={styles.empty}>{text}</p>
      <Link className={styles.secondary} to="/livelist">
        去看看直播
      </Link>
    </div>
  );
}

/** /myLiveReservation 我的预约: my booked sessions of every subject, coming first (cancel from here), then past. */
export function MyLiveReservationScreen() {
  const q = useQuery(reservationsQuery());
  const now = useNow();
  const pending = queryState(q, getSelectedSubject(), { feature: '直播课堂' });
  const data = q.data;
  return (
    <Page title="我的预约">
      {pending ??
        (data!.upcoming.length + data!.past.length === 0 ? (
          <div className={styles.screen}>
            <NoneYet text="还没有预约直播，预约后开播前会提醒你" />
          </div>
        ) : (
          <div className={styles.screen}>
            <SoonNotice items={data!.upcoming} now={now} from="reservation-notice" />
            <LiveSection title="即将开始" items={data!.upcoming} from="reservation" now={now} empty="没有即将开始的预约" />
            <LiveSection title="已结束" items={data!.past} from="reservation" now={now} />
          </div>
        ))}
    </Page>
  );
}

/** /myLiveCollection 我的收藏: the sessions I collected, the last first; 已收藏 removes one. */
export function MyLiveCollectionScreen() {
  const q = useQuery(collectionsQuery());
  const now = useNow();
  const pending = queryState(q, getSelectedSubject(), { feature: '直播课堂' });
  return (
    <Page title="我的收藏">
      {pending ?? (
        <div className={styles.screen}>
          {q.data!.list.length === 0 ? <NoneYet text="还没有收藏直播" /> : <LiveSection title="收藏的直播" items={q.data!.list} from="collection" now={now} />}
        </div>
      )}
    </Page>
  );
}
