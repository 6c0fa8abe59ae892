import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type SelectedSubject } from '../../lib/subject';
import { queryState } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { broadcastQuery } from './api';
import { LiveSection } from './components/live-card';
import { useNow } from './components/use-now';
import styles from './live.module.css';

/**
 * /liveBroadcast 各科直播: across my subjects (bought, booked, and the chosen one), the sessions live now, then those
 * starting within 24 hours, each tagged with its subject's name.
 */
export function LiveBroadcastScreen() {
  return <SubjectPage title="各科直播">{(subject) => <BroadcastBody subject={subject} />}</SubjectPage>;
}

function BroadcastBody({ subject }: { subject: SelectedSubject }) {
  const q = useQuery(broadcastQuery(subject.AppID));
  const now = useNow();
  const pending = queryState(q, subject, { feature: '直播课堂' });
  if (pending) return pending;
  const { live, soon } = q.data!;
  const tagOf = (item: { appName: string }) => item.appName;
  return (
    <div className={styles.screen}>
      {live.length + soon.length === 0 ? (
        <div className={styles.panel}>
          <p className={styles.empty}>我的科目暂无正在进行或 24 小时内开播的直播</p>
          <Link className={styles.secondary} to="/livelist">
            查看本科目全部直播
          </Link>
        </div>
      ) : null}
      <LiveSection title="正在直播" items={live} from="broadcast" now={now} tagOf={tagOf} />
      <LiveSection title="24小时内开播" items={soon} from="broadcast" now={now} tagOf={tagOf} />
    </div>
  );
}
