import { LIVE_MSG, LIVE_STATUS } from '@kaoshi/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { positiveInt } from '../../lib/url-params';
import { clock } from '../../lib/format';
import { getSelectedSubject } from '../../lib/subject';
import { Markdown } from '../../ui/markdown';
import { Page } from '../../ui/page';
import { queryState, StateMessage } from '../../ui/states';
import { coursePath, detailPath, detailQuery, introductionPath, type LiveDetailData } from './api';
import { BookButton, CollectButton } from './components/actions';
import { AccessPanel, mainAction, MainButton, openHint, TeacherRow, useBuyPrompt } from './components/detail-parts';
import { StatusBadge } from './components/live-card';
import { useNow } from './components/use-now';
import { countdown, timeRange } from './live-format';
import styles from './live.module.css';
import detail from './detail.module.css';

/**
 * /livedetail?liveID and /liveIntroduction?liveID (docs/live.md "Screens"). The detail is the session's page of
 * action: when and what, its status, 预约 / 收藏 / 添加到日历, and the main button (进入直播间, 观看回放, or the buy
 * prompt). The introduction is the reading view: who teaches (the teacher's profile) and what the course covers (its
 * Markdown introduction), with the course's other sessions.
 */
export function LiveDetailScreen() {
  return <WithDetail title="直播详情">{(data) => <DetailBody data={data} />}</WithDetail>;
}

export function LiveIntroductionScreen() {
  return <WithDetail title="直播介绍">{(data) => <IntroductionBody data={data} />}</WithDetail>;
}

function WithDetail({ title, children }: { title: string; children: (data: LiveDetailData) => ReactNode }) {
  const [params] = useSearchParams();
  const liveID = positiveInt(params.get('liveID'));
  const q = useQuery({ ...detailQuery(liveID ?? 0), enabled: liveID !== null });
  if (liveID === null) {
    return (
      <Page title={title}>
        <StateMessage text={LIVE_MSG.unknownLive} />
      </Page>
    );
  }
  const pending = queryState(q, getSelectedSubject(), { feature: '直播课堂' });
  return <Page title={title}>{pending ?? <div className={styles.screen}>{children(q.data!)}</div>}</Page>;
}

function whenLine(data: LiveDetailData, now: number): string {
  const { item } = data;
  if (item.status === LIVE_STATUS.upcoming) {
    const left = Date.parse(item.startsAt) - now;
    return left > 0 ? `距开播 ${countdown(left)}` : '即将开始';
  }
  if (item.status === LIVE_STATUS.live) return '正在直播';
  if (item.status === LIVE_STATUS.replay) return data.replayDurationS ? `回放时长 ${clock(data.replayDurationS)}` : '可观看回放';
  return item.provider === 'cc' ? LIVE_MSG.ended : LIVE_MSG.replayNotReady;
}

function Hero({ data, now }: { data: LiveDetailData; now: number }) {
  const { item } = data;
  return (
    <section className={detail.hero} aria-label="直播信息">
      <span className={styles.cardTop}>
        <StatusBadge item={item} />
        {item.free ? <span className={styles.tagFree}>公开课</span> : null}
        {item.provider === 'cc' ? <span className={styles.tagMuted}>合作平台</span> : null}
      </span>
      <h2 className={detail.title}>{item.title}</h2>
      <p className={detail.when}>{timeRange(item, now)}</p>
      <p className={detail.status}>{whenLine(data, now)}</p>
      <p className={styles.muted}>{[item.courseTitle, item.chapterName].filter(Boolean).join(' · ')}</p>
      {item.reservations > 0 ? <p className={styles.muted}>{`${item.reservations} 人已预约`}</p> : null}
    </section>
  );
}

function DetailBody({ data }: { data: LiveDetailData }) {
  const now = useNow();
  const buy = useBuyPrompt();
  const { item, access, course, teacher } = data;
  const action = mainAction(item, access, now);
  const upcoming = item.status === LIVE_STATUS.upcoming;
  return (
    <>
      <Hero data={data} now={now} />
      <MainButton action={action} item={item} onBuy={buy.show} />
      {action.kind === 'book' ? <BookButton item={item} wide /> : null}
      {upcoming && action.kind === 'book' ? <p className={detail.hint}>{openHint(item, now)}</p> : null}
      {access.allowed ? null : <AccessPanel access={access} open={buy.open} onOpen={buy.show} onClose={buy.hide} />}
      <div className={detail.tools}>
        {upcoming && action.kind !== 'book' ? <BookButton item={item} /> : null}
        <CollectButton item={item} plain />
        {upcoming && data.calendarUrl ? (
          <a className={styles.tool} href={data.calendarUrl} download={`live-${item.id}.ics`}>
            <span aria-hidden="true">＋</span>
            添加到日历
          </a>
        ) : null}
        <Link className={styles.tool} to={introductionPath(item.id)}>
          直播介绍
        </Link>
      </div>
      {teacher ? (
        <section className={styles.panel} aria-label="主讲老师">
          <h2 className={styles.panelTitle}>主讲老师</h2>
          <TeacherRow teacher={teacher} />
        </section>
      ) : null}
      <section className={styles.panel} aria-label="所属课程">
        <h2 className={styles.panelTitle}>{course.title}</h2>
        {course.summary ? <p className={styles.muted}>{course.summary}</p> : null}
        <Link className={styles.secondary} to={coursePath(course.id)}>{`查看本课程全部 ${course.sessions} 场直播`}</Link>
      </section>
    </>
  );
}

function IntroductionBody({ data }: { data: LiveDetailData }) {
  const now = useNow();
  const { item, course, teacher } = data;
  return (
    <>
      <section className={detail.hero} aria-label="直播信息">
        <span className={styles.cardTop}>
          <StatusBadge item={item} />
          <span className={styles.when}>{timeRange(item, now)}</span>
        </span>
        <h2 className={detail.title}>{item.title}</h2>
        <Link className={styles.primary} to={detailPath(item.id)}>
          {item.status === LIVE_STATUS.upcoming ? '去预约' : '查看直播'}
        </Link>
      </section>
      {teacher ? (
        <section className={styles.panel} aria-label="讲师介绍">
          <h2 className={styles.panelTitle}>讲师介绍</h2>
          <TeacherRow teacher={teacher} />
          {teacher.introduction ? <Markdown className={detail.markdown} source={teacher.introduction} appID={item.appID} /> : null}
        </section>
      ) : null}
      <section className={styles.panel} aria-label="课程介绍">
        <h2 className={styles.panelTitle}>{`课程介绍：${course.title}`}</h2>
        {course.introduction ? (
          <Markdown className={detail.markdown} source={course.introduction} appID={item.appID} />
        ) : (
          <p className={styles.muted}>{course.summary || '暂无介绍'}</p>
        )}
        <Link className={styles.secondary} to={coursePath(course.id)}>{`本课程全部 ${course.sessions} 场直播`}</Link>
      </section>
    </>
  );
}
