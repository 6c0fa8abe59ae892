import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { positiveInt } from '../../lib/url-params';
import { type SelectedSubject } from '../../lib/subject';
import { queryState } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { listQuery } from './api';
import { NO_CONTENT } from './live-format';
import { LiveSection } from './components/live-card';
import { SoonNotice } from './components/soon-notice';
import { useNow } from './components/use-now';
import styles from './live.module.css';

const LINKS = [
  { to: '/liveCalendar', glyph: '▦', label: '日历' },
  { to: '/hotMylive', glyph: '♨', label: '热门' },
  { to: '/myLiveReservation', glyph: '◷', label: '我的预约' },
  { to: '/myLiveCollection', glyph: '★', label: '我的收藏' },
  { to: '/liveIntroduceNew', glyph: '▤', label: '课程介绍' },
  { to: '/liveBroadcast', glyph: '◉', label: '各科直播' },
] as const;

/**
 * /livelist?appID (the chosen subject by default): the subject's sessions live now, coming (soonest first) and
 * past (newest first, with replays); a booked session about to start is announced on top with 进入直播间.
 */
export function LiveListScreen() {
  return <SubjectPage title="直播课堂">{(subject) => <ListBody subject={subject} />}</SubjectPage>;
}

function ListBody({ subject }: { subject: SelectedSubject }) {
  const [params] = useSearchParams();
  const appID = positiveInt(params.get('appID')) ?? subject.AppID;
  const list = useQuery(listQuery(appID));
  const now = useNow();
  const pending = queryState(list, subject, { feature: '直播课堂' });
  const data = list.data;
  const none = data !== undefined && data.live.length + data.upcoming.length + data.replays.length === 0;
  return (
    <div className={styles.screen}>
      <nav className={styles.links} aria-label="直播导航">
        {LINKS.map((l) => (
          <Link key={l.to} className={styles.link} to={l.to}>
            <span className={styles.linkGlyph} aria-hidden="true">
              {l.glyph}
            </span>
            {l.label}
          </Link>
        ))}
      </nav>
      {pending ??
        (none ? (
          <p className={styles.emptyPage}>{NO_CONTENT}</p>
        ) : (
          <>
            <SoonNotice items={data!.upcoming} now={now} from="list-notice" />
            <LiveSection title="直播中" items={data!.live} from="list" now={now} />
            <LiveSection title="即将开始" items={data!.upcoming} from="list" now={now} empty="暂无即将开始的直播" />
            <LiveSection title="往期回放" items={data!.replays} from="list" now={now} empty="暂无往期直播" />
          </>
        ))}
    </div>
  );
}
