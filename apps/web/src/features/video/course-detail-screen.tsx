import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { positiveInt } from '../../lib/url-params';
import { getSelectedSubject } from '../../lib/subject';
import { Page } from '../../ui/page';
import { queryState, StateMessage } from '../../ui/states';
import { clock, courseQuery, playPath, useRefreshOnProgress, type LessonItem } from './api';
import { CourseLessons } from './components/lesson-list';
import styles from './video.module.css';

/** /videoetails?courseID=N: a course's introduction, teacher, and its lessons with my progress. */
export function CourseDetailScreen() {
  const [params] = useSearchParams();
  const courseID = positiveInt(params.get('courseID'));
  const navigate = useNavigate();
  const course = useQuery({ ...courseQuery(courseID ?? 0), enabled: courseID !== null });
  useRefreshOnProgress();
  if (courseID === null) {
    return (
      <Page title="课程详情">
        <StateMessage text="课程不存在" />
      </Page>
    );
  }
  const pending = queryState(course, getSelectedSubject(), { feature: '视频精讲' });
  if (pending) return <Page title="课程详情">{pending}</Page>;
  const { course: c, teacherIntro, full } = course.data!;
  const first = c.chapters.flatMap((ch) => ch.lessons).find((l) => !l.upcoming && (l.progress === null || !l.progress.completed));
  const open = (l: LessonItem) => void navigate(l.upcoming ? '/upVideo' : playPath(l.id, { ej: c.level === 1 }));
  return (
    <Page title={c.title}>
      <div className={styles.screen}>
        <section className={styles.card} aria-label="课程介绍">
          <h2 className={styles.cardTitle}>{c.title}</h2>
          <p className={styles.muted}>{`${c.lessonCount} 节 · ${clock(c.durationS)} · 已学完 ${c.completedCount} 节 · ${c.learners} 人学过`}</p>
          {c.introduction ? <p className={styles.muted}>{c.introduction}</p> : null}
        </section>
        {c.teacher ? (
          <section className={styles.card} aria-label="主讲老师">
            <div className={styles.teacher}>
              <span className={styles.avatar} aria-hidden="true">
                {c.teacher.name.slice(0, 1)}
              </span>
              <div>
                <strong>{c.teacher.name}</strong>
                <p className={styles.muted}>{c.teacher.title}</p>
              </div>
            </div>
            {teacherIntro ? <p className={styles.muted}>{teacherIntro}</p> : null}
          </section>
        ) : null}
        {first ? (
          <button type="button" className={styles.primary} onClick={() => open(first)}>
            {first.progress ? `继续学习：${first.title}` : `开始学习：${first.title}`}
          </button>
        ) : null}
        <section className={styles.course} aria-label="课程目录">
          <CourseLessons course={c} full={full} onOpen={open} />
        </section>
      </div>
    </Page>
  );
}
