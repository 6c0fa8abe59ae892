import { LIVE_MSG } from '@kaoshi/contract';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { positiveInt } from '../../lib/url-params';
import { getSelectedSubject } from '../../lib/subject';
import { Markdown } from '../../ui/markdown';
import { Page } from '../../ui/page';
import { queryState, StateMessage } from '../../ui/states';
import { courseQuery } from './api';
import { TeacherRow } from './components/detail-parts';
import { LiveSection } from './components/live-card';
import { useNow } from './components/use-now';
import styles from './live.module.css';
import courses from './courses.module.css';

/** /liveCourseList?courseID: the course's header (teacher, summary, Markdown introduction) and its sessions in order. */
export function LiveCourseListScreen() {
  const [params] = useSearchParams();
  const courseID = positiveInt(params.get('courseID'));
  const q = useQuery({ ...courseQuery(courseID ?? 0), enabled: courseID !== null });
  const now = useNow();
  const title = q.data?.course.title ?? '直播课程';
  if (courseID === null) {
    return (
      <Page title="直播课程">
        <StateMessage text={LIVE_MSG.unknownCourse} />
      </Page>
    );
  }
  const pending = queryState(q, getSelectedSubject(), { feature: '直播课堂' });
  if (pending) return <Page title="直播课程">{pending}</Page>;
  const { course, sessions } = q.data!;
  return (
    <Page title={title}>
      <div className={styles.screen}>
        <section className={courses.head} aria-label="课程介绍">
          <h2 className={courses.headTitle}>{course.title}</h2>
          <p className={styles.muted}>{`共 ${course.sessions} 场直播${course.summary ? ` · ${course.summary}` : ''}`}</p>
          {course.teacher ? <TeacherRow teacher={course.teacher} /> : null}
          {course.introduction ? <Markdown className={courses.markdown} source={course.introduction} appID={course.appID} /> : null}
        </section>
        <LiveSection title="课程安排" items={sessions} from="course" now={now} empty="本课程暂无直播安排" />
      </div>
    </Page>
  );
}
