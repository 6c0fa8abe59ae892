import { useQuery } from '@tanstack/react-query';
import { VIDEO_RESUME_TAIL_S } from '@kaoshi/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { positiveInt } from '../../lib/url-params';
import { pendingPosition } from '../../lib/outbox/video';
import { getSelectedSubject } from '../../lib/subject';
import { Page } from '../../ui/page';
import { queryState, StateMessage } from '../../ui/states';
import { clock, courseQuery, lessonQuery, playPath, type LessonData, type LessonItem } from './api';
import { CourseLessons } from './components/lesson-list';
import { NotesTab } from './components/notes-tab';
import { PointLinks } from '../../ui/point-links';
import { DiscussionLink } from '../../entities/discussion/discussion-link';
import { VideoPlayer, type PlayerControl } from './components/player';
import styles from './video.module.css';

export type StudyMode = 'study' | 'ej' | 'only';

/**
 * /videoStudy (the player with the course's lessons and the lesson's key points), /videoEjPlay (the same for a
 * second-level course) and /videoPlayonly (the player alone: deep links and 看讲解). ?lessonID=N, optionally &t=S
 * to start at a second (else where I stopped, on any device).
 */
export function VideoStudyScreen({ mode }: { mode: StudyMode }) {
  const [params] = useSearchParams();
  const lessonID = positiveInt(params.get('lessonID'));
  const t = params.get('t');
  const at = t !== null && /^\d{1,5}$/.test(t) ? Number(t) : null;
  const lesson = useQuery({ ...lessonQuery(lessonID ?? 0), enabled: lessonID !== null });
  const title = lesson.data?.lesson.title ?? '视频精讲';
  if (lessonID === null) {
    return (
      <Page title="视频精讲">
        <StateMessage text="视频不存在" />
      </Page>
    );
  }
  const pending = queryState(lesson, getSelectedSubject(), { feature: '视频精讲' });
  return <Page title={title}>{pending ?? <Study key={`${lessonID}:${at ?? ''}`} data={lesson.data!} at={at} mode={mode} />}</Page>;
}

/** Where to start: the asked second, a newer unsent save of this device, or the saved position (from the start near the end). */
function useStart(data: LessonData, at: number | null): number | null {
  const [start, setStart] = useState<number | null>(at);
  useEffect(() => {
    if (at !== null) return;
    let live = true;
    void pendingPosition(data.lesson.id).then((p) => {
      if (!live) return;
      const saved = data.lesson.progress;
      const newer = p && (!saved || p.at > Date.parse(saved.updatedAt)) ? p.position : (saved?.position ?? 0);
      setStart(newer >= data.lesson.durationS - VIDEO_RESUME_TAIL_S ? 0 : newer);
    });
    return () => {
      live = false;
    };
  }, [at, data]);
  if (start === null) return null;
  const limit = data.play.limitSeconds;
  return limit > 0 ? Math.min(start, Math.max(0, limit - 2)) : start;
}

function Study({ data, at, mode }: { data: LessonData; at: number | null; mode: StudyMode }) {
  const navigate = useNavigate();
  const [tab, setTab] = useState<'list' | 'points' | 'notes'>('list');
  const control = useRef<PlayerControl | null>(null);
  const [ended, setEnded] = useState(false);
  const start = useStart(data, at);
  const { lesson } = data;
  const go = (l: LessonItem, second?: number) => void navigate(l.upcoming ? '/upVideo' : playPath(l.id, { second, ej: mode === 'ej', only: mode === 'only' }), { replace: true });
  const player =
    start === null ? (
      <div className={styles.stage} />
    ) : (
      <VideoPlayer
        data={data}
        startAt={start}
        screen={mode === 'only' ? 'videoPlayonly' : mode === 'ej' ? 'videoEjPlay' : 'videoStudy'}
        onPreviewEnd={() => void navigate(`/videoNoVip?lessonID=${lesson.id}`)}
        onEnded={() => setEnded(true)}
        control={control}
      />
    );
  const end = ended ? (
    <section className={styles.endCard} aria-label="本节已播完">
      <strong>本节已播完</strong>
      <div className={styles.row}>
        <button type="button" className={styles.secondary} onClick={() => go(lesson, 0)}>
          重新播放
        </button>
        {data.next ? (
          <button type="button" className={styles.primary} onClick={() => go(data.next!)}>
            {`下一节：${data.next.title}`}
          </button>
        ) : null}
      </div>
    </section>
  ) : null;
  if (mode === 'only') {
    return (
      <div className={styles.study}>
        {player}
        {end}
        <div className={styles.panel}>
          <p className={styles.muted}>{`${lesson.courseTitle} · ${lesson.chapterTitle}`}</p>
          <DiscussionLink appID={lesson.appID} kind="lesson" id={lesson.id} />
          <Link
            className={styles.secondary}
            to={playPath(lesson.id, { second: at ?? undefined })}
            replace
            style={{ textAlign: 'center', textDecoration: 'none', boxSizing: 'border-box' }}
          >
            查看课程目录
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className={styles.study}>
      <div>
        {player}
        {end}
        <div className={styles.panel}>
          <p className={styles.muted}>{`${lesson.courseTitle} · ${lesson.chapterTitle}${lesson.teacher ? ` · ${lesson.teacher.name}` : ''}`}</p>
          {data.access.mode === 'preview' ? <p className={styles.muted}>{`试看 ${clock(data.play.limitSeconds)}，开通后可观看完整课程`}</p> : null}
          <DiscussionLink appID={lesson.appID} kind="lesson" id={lesson.id} />
        </div>
      </div>
      <div>
        <div className={styles.tabs}>
          <div className={styles.tabList} role="tablist">
            <button type="button" role="tab" aria-selected={tab === 'list'} className={tab === 'list' ? styles.tabActive : styles.tab} onClick={() => setTab('list')}>
              目录
            </button>
            <button type="button" role="tab" aria-selected={tab === 'points'} className={tab === 'points' ? styles.tabActive : styles.tab} onClick={() => setTab('points')}>
              要点
            </button>
            <button type="button" role="tab" aria-selected={tab === 'notes'} className={tab === 'notes' ? styles.tabActive : styles.tab} onClick={() => setTab('notes')}>
              笔记
            </button>
          </div>
          <button type="button" className={styles.tab} onClick={() => void navigate(`/videoFeedback?lessonID=${lesson.id}&t=${Math.floor(control.current?.time() ?? 0)}`)}>
            反馈
          </button>
        </div>
        <div className={styles.panel}>
          {tab === 'list' ? <CourseTab data={data} onOpen={go} /> : null}
          {tab === 'points' ? <PointsTab data={data} onSeek={(s) => (control.current ? control.current.seek(s) : go(lesson, s))} /> : null}
          {tab === 'notes' ? <NotesTab lessonID={lesson.id} control={control} /> : null}
        </div>
      </div>
    </div>
  );
}

function CourseTab({ data, onOpen }: { data: LessonData; onOpen: (l: LessonItem) => void }) {
  const course = useQuery(courseQuery(data.lesson.courseId));
  const pending = queryState(course, getSelectedSubject(), { feature: '视频精讲' });
  if (pending) return pending;
  return <CourseLessons course={course.data!.course} full={course.data!.full} currentID={data.lesson.id} onOpen={onOpen} />;
}

/** A titled list of moments of the lesson; a tap plays from there. */
function SeekList({ title, items, onSeek }: { title: string; items: { key: number; name: string; second: number; when: string }[]; onSeek: (second: number) => void }) {
  if (items.length === 0) return null;
  return (
    <section aria-label={title}>
      <h3 className={styles.chapterTitle}>{title}</h3>
      <ul className={styles.lessons}>
        {items.map((m) => (
          <li key={m.key}>
            <button type="button" className={styles.lesson} onClick={() => onSeek(m.second)}>
              <span className={styles.lessonBody}>
                <span className={styles.lessonTitle}>{m.name}</span>
                <span className={styles.lessonMeta}>{m.when}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function PointsTab({ data, onSeek }: { data: LessonData; onSeek: (second: number) => void }) {
  const { markers, points } = data.lesson;
  if (markers.length === 0 && points.length === 0) return <p className={styles.muted}>本节暂无要点</p>;
  return (
    <>
      <SeekList title="本节章节" items={markers.map((m) => ({ key: m.second, name: m.title, second: m.second, when: clock(m.second) }))} onSeek={onSeek} />
      <SeekList title="本节考点" items={points.map((p) => ({ key: p.pointId, name: p.name, second: p.from, when: `${clock(p.from)} – ${clock(p.to)}` }))} onSeek={onSeek} />
      {/* Each point's page: its summary, the handout passage, questions and 速记 cards (docs/reading.md "Links"). */}
      <PointLinks points={[...new Set(points.map((p) => p.name))]} />
    </>
  );
}
