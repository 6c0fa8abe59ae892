import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { positiveInt } from '../../lib/url-params';
import { type SelectedSubject } from '../../lib/subject';
import { queryState } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { coursePath, coursesQuery, type LiveCourseItem } from './api';
import { useNow } from './components/use-now';
import { NO_CONTENT, timeRange } from './live-format';
import styles from './live.module.css';
import courses from './courses.module.css';

/**
 * /liveIntroduceNew 课程介绍: the subject's live courses, each with its summary, teacher, number of sessions and the
 * next session; a tap opens the course (/liveCourseList). The subject-level catalogue, where /liveIntroduction is one
 * session's teacher and course.
 */
export function LiveIntroduceNewScreen() {
  return <SubjectPage title="课程介绍">{(subject) => <CoursesBody subject={subject} />}</SubjectPage>;
}

function CoursesBody({ subject }: { subject: SelectedSubject }) {
  const [params] = useSearchParams();
  const appID = positiveInt(params.get('appID')) ?? subject.AppID;
  const q = useQuery(coursesQuery(appID));
  const now = useNow();
  const pending = queryState(q, subject, { feature: '直播课堂' });
  if (pending) return pending;
  const list = q.data!.list;
  return (
    <div className={styles.screen}>
      {list.length === 0 ? <p className={styles.emptyPage}>{NO_CONTENT}</p> : null}
      <ul className={styles.cards}>
        {list.map((c) => (
          <li key={c.id}>
            <CourseCard course={c} now={now} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function CourseCard({ course, now }: { course: LiveCourseItem; now: number }) {
  const navigate = useNavigate();
  return (
    <button type="button" className={courses.course} onClick={() => void navigate(coursePath(course.id))}>
      <span className={courses.title}>{course.title}</span>
      {course.summary ? <span className={courses.summary}>{course.summary}</span> : null}
      <span className={styles.meta}>{[course.teacher ? `主讲：${course.teacher.name}` : '', `共 ${course.sessions} 场`].filter(Boolean).join(' · ')}</span>
      <span className={courses.next}>
        {course.next ? (
          <>
            <span className={courses.nextLabel}>下一场</span>
            <span className={courses.nextText}>{`${timeRange(course.next, now)} ${course.next.title}`}</span>
          </>
        ) : (
          <span className={styles.meta}>暂无排期，可查看往期回放</span>
        )}
      </span>
    </button>
  );
}
