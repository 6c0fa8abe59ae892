import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { positiveInt } from '../../lib/url-params';
import { useAgent } from '../../lib/agent';
import { getSelectedSubject, versionBadge } from '../../lib/subject';
import { buyAction, buyAppPath, stopNativeVideo } from '../../ui/buy-flow';
import { BUY_TEXT, VersionChips } from '../../ui/buy-prompt';
import { Page } from '../../ui/page';
import { queryState, StateMessage } from '../../ui/states';
import { clock, courselistQuery, lessonQuery, playPath } from './api';
import styles from './video.module.css';

/**
 * /videoNoVip: the preview of a lesson ended. What the lesson is, what a version with 视频精讲 adds (every lesson
 * whole, from the subject's course list), the versions that open it with their prices, and 去开通 to /buyApp by the
 * agent's buy rules (buy-flow.ts; the contact text where the agent does not sell here). The page is the one buy
 * prompt: no dialog opens over it. Arriving from the player, the iOS shell is told to stop its player (spec §4).
 */
export function VideoNoVipScreen() {
  const [params] = useSearchParams();
  const lessonID = positiveInt(params.get('lessonID'));
  const navigate = useNavigate();
  const agent = useAgent();
  const subject = getSelectedSubject();
  useEffect(() => {
    stopNativeVideo();
  }, []);
  const lesson = useQuery({ ...lessonQuery(lessonID ?? 0), enabled: lessonID !== null });
  const list = useQuery({ ...courselistQuery(subject?.AppID ?? 0), enabled: subject !== null });
  if (lessonID === null) {
    return (
      <Page title="试看结束">
        <StateMessage text="视频不存在" />
      </Page>
    );
  }
  const pending = queryState(lesson, subject, { feature: '视频精讲' });
  if (pending) return <Page title="试看结束">{pending}</Page>;
  const data = lesson.data!;
  const all = list.data?.courses.flatMap((c) => c.chapters.flatMap((ch) => ch.lessons)).filter((l) => !l.upcoming) ?? [];
  const total = all.reduce((n, l) => n + l.durationS, 0);
  const versions = data.access.unlocking;
  const sells = buyAction(agent.Flags) === 'navigate' && versions.length > 0;
  return (
    <Page title="试看结束">
      <div className={styles.screen}>
        <section className={styles.card} aria-label="试看已结束">
          <h2 className={styles.cardTitle}>试看已结束</h2>
          <p className={styles.muted}>{`《${data.lesson.title}》可试看前 ${clock(data.play.limitSeconds)}，全长 ${clock(data.lesson.durationS)}。`}</p>
          {subject ? <p className={styles.muted}>{`当前班次：${versionBadge(subject)}`}</p> : null}
        </section>
        {data.access.mode === 'full' ? (
          <StateMessage text="你已开通本课程，可观看完整视频" action={{ label: '继续观看', onClick: () => void navigate(playPath(data.lesson.id), { replace: true }) }} />
        ) : (
          <>
            <section className={styles.card} aria-label="开通后可享">
              <h2 className={styles.cardTitle}>开通后可享</h2>
              <ul className={styles.muted}>
                {all.length > 0 ? <li>{`全部 ${all.length} 节视频课完整观看，共 ${Math.round(total / 60)} 分钟`}</li> : null}
                <li>名师精讲考点，章节标记随时跳转</li>
                <li>多端同步播放进度，换设备接着看</li>
                <li>做题时点“看讲解”直达对应讲解片段</li>
              </ul>
              <p className={styles.muted}>开通以下任一班次可观看完整视频：</p>
              <VersionChips versions={versions} cards />
              {sells ? null : <p className={styles.muted}>{BUY_TEXT.contactOnly}</p>}
            </section>
            {sells ? (
              <button type="button" className={styles.primary} onClick={() => void navigate(buyAppPath(versions))}>
                {BUY_TEXT.buy}
              </button>
            ) : null}
            <button type="button" className={styles.secondary} onClick={() => void navigate(playPath(data.lesson.id, { second: 0 }), { replace: true })}>
              重新试看
            </button>
          </>
        )}
      </div>
    </Page>
  );
}
