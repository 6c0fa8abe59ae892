import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { type SelectedSubject } from '../../lib/subject';
import { queryState } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { courselistQuery, playPath, useRefreshOnProgress, type LessonItem } from './api';
import { CourseLessons, LessonRow } from './components/lesson-list';
import styles from './video.module.css';

/**
 * /videoList (视频精讲) and /videoEj (专题课: the second-level courses, docs/video.md "Routes"): the subject's courses
 * by chapter with each lesson's length, teacher and my progress, and 最近观看 on top.
 */
export function VideoListScreen({ ej = false }: { ej?: boolean }) {
  return <SubjectPage title={ej ? '专题课' : '视频精讲'}>{(subject) => <ListBody subject={subject} ej={ej} />}</SubjectPage>;
}

function ListBody({ subject, ej }: { subject: SelectedSubject; ej: boolean }) {
  const navigate = useNavigate();
  const list = useQuery(courselistQuery(subject.AppID, ej ? 1 : undefined));
  useRefreshOnProgress();
  const pending = queryState(list, subject, { feature: '视频精讲' });
  if (pending) return pending;
  const data = list.data!;
  const open = (l: LessonItem) => void navigate(l.upcoming ? '/upVideo' : playPath(l.id, { ej }));
  return (
    <div className={styles.screen}>
      {ej ? null : (
        <nav className={styles.links} aria-label="视频导航">
          <Link className={styles.link} to="/videoAllList">
            <span className={styles.linkGlyph} aria-hidden="true">
              ▦
            </span>
            全部课程
          </Link>
          <Link className={styles.link} to="/upVideo">
            <span className={styles.linkGlyph} aria-hidden="true">
              ✦
            </span>
            最新上线
          </Link>
          <Link className={styles.link} to="/loveTeacherList">
            <span className={styles.linkGlyph} aria-hidden="true">
              ☺
            </span>
            名师
          </Link>
          <Link className={styles.link} to="/videoEj">
            <span className={styles.linkGlyph} aria-hidden="true">
              ❖
            </span>
            专题课
          </Link>
        </nav>
      )}
      {data.recent ? (
        <section className={styles.card} aria-label="最近观看">
          <h2 className={styles.cardTitle}>最近观看</h2>
          <LessonRow lesson={data.recent} full={data.full} onOpen={open} />
        </section>
      ) : null}
      {!data.full && data.hasVideo ? <p className={styles.muted}>试用版可观看免费课程，其余课程可试看开头部分</p> : null}
      {data.courses.length === 0 ? <p className={styles.muted}>{ej ? '暂无专题课' : '内容更新中，敬请期待～'}</p> : null}
      {data.courses.map((c) => (
        <section key={c.id} className={styles.course} aria-label={c.title}>
          <div className={styles.courseHead}>
            <Link className={styles.courseTitle} to={`/videoetails?courseID=${c.id}`}>
              {c.title}
            </Link>
            <span className={styles.lessonMeta}>{`${c.completedCount}/${c.lessonCount} 节已学完`}</span>
          </div>
          {c.teacher ? <p className={styles.muted}>{`主讲：${c.teacher.name} ${c.teacher.title}`}</p> : null}
          <CourseLessons course={c} full={data.full} onOpen={open} />
        </section>
      ))}
    </div>
  );
}
