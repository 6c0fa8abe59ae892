import { LIVE_MSG } from '@kaoshi/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { positiveInt } from '../../lib/url-params';
import { getSelectedSubject } from '../../lib/subject';
import { Page } from '../../ui/page';
import { queryState, StateMessage } from '../../ui/states';
import { detailPath } from './api';
import { StatusBadge } from './components/live-card';
import { useNow } from './components/use-now';
import { timeRange } from './live-format';
import { recordVisit, roomQuery } from './room-api';
import styles from './live.module.css';
import cczb from './cczb.module.css';

/**
 * /cczbPage?liveID: a session hosted by a third-party provider (CC直播). The room call (gated: 403 is the buy prompt)
 * answers the provider's player address (`external`), shown in a sandboxed frame at 16:9 with the session's title,
 * and 在浏览器中打开 where the frame cannot play.
 */
export function CczbScreen() {
  const [params] = useSearchParams();
  const liveID = positiveInt(params.get('liveID'));
  const q = useQuery({ ...roomQuery(liveID ?? 0), enabled: liveID !== null });
  const now = useNow();
  const room = q.data;
  useEffect(() => {
    if (room) recordVisit(room.item.appID, room.item.id);
  }, [room]);
  if (liveID === null) {
    return (
      <Page title="直播">
        <StateMessage text={LIVE_MSG.unknownLive} />
      </Page>
    );
  }
  const pending = queryState(q, getSelectedSubject(), { feature: '直播课堂' });
  if (pending) return <Page title="直播">{pending}</Page>;
  const { item, external } = room!;
  return (
    <Page title={item.title}>
      <div className={cczb.stage}>
        {external ? (
          <iframe
            className={cczb.frame}
            src={external}
            title={`${item.title}（合作平台播放器）`}
            sandbox="allow-scripts allow-same-origin allow-presentation"
            allow="autoplay; fullscreen"
            referrerPolicy="no-referrer"
          />
        ) : (
          <p className={cczb.waiting}>{LIVE_MSG.notOpen}</p>
        )}
      </div>
      <div className={styles.screen}>
        <section className={styles.panel} aria-label="直播信息">
          <span className={styles.cardTop}>
            <StatusBadge item={item} />
            <span className={styles.tagMuted}>合作平台</span>
            <span className={styles.when}>{timeRange(item, now)}</span>
          </span>
          <h2 className={styles.panelTitle}>{item.title}</h2>
          {item.teacher ? <p className={styles.muted}>{`主讲：${item.teacher.name}${item.teacher.title ? ` ${item.teacher.title}` : ''}`}</p> : null}
          <p className={styles.muted}>{LIVE_MSG.thirdParty}</p>
          {external ? (
            <a className={styles.secondary} href={external} target="_blank" rel="noopener noreferrer">
              在浏览器中打开
            </a>
          ) : null}
          <Link className={styles.secondary} to={detailPath(item.id)}>
            直播详情
          </Link>
        </section>
      </div>
    </Page>
  );
}
