import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { positiveInt } from '../../lib/url-params';
import { type SelectedSubject } from '../../lib/subject';
import { queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { playPath, teacherQuery } from './api';
import { FollowButton } from './components/follow-button';
import { LessonRow } from './components/lesson-list';
import { UpcomingSection } from './components/upcoming';
import styles from './video.module.css';

/** /loveTeacherPlay?teacherID=N: a teacher, follow, their upcoming lessons to book and their lessons to play. */
export function TeacherPlayScreen() {
  const [params] = useSearchParams();
  const teacherID = positiveInt(params.get('teacherID'));
  return (
    <SubjectPage title="名师课程">{(subject) => (teacherID === null ? <StateMessage text="老师不存在" /> : <TeacherBody subject={subject} teacherID={teacherID} />)}</SubjectPage>
  );
}

function TeacherBody({ subject, teacherID }: { subject: SelectedSubject; teacherID: number }) {
  const navigate = useNavigate();
  const q = useQuery(teacherQuery(teacherID, subject.AppID));
  const pending = queryState(q, subject, { feature: '视频精讲' });
  if (pending) return pending;
  const { teacher, lessons, upcoming } = q.data!;
  return (
    <div className={styles.screen}>
      <section className={styles.card} aria-label={teacher.name}>
        <div className={styles.teacher}>
          <span className={styles.avatar} aria-hidden="true">
            {teacher.name.slice(0, 1)}
          </span>
          <div className={styles.lessonBody}>
            <strong>{teacher.name}</strong>
            <span className={styles.lessonMeta}>{`${teacher.title} · ${teacher.followers} 人关注`}</span>
          </div>
          <FollowButton teacher={teacher} />
        </div>
        {teacher.introduction ? <p className={styles.muted}>{teacher.introduction}</p> : null}
      </section>
      <UpcomingSection appID={subject.AppID} lessons={upcoming} />
      <section className={styles.card} aria-label="TA的课程">
        <h2 className={styles.cardTitle}>TA的课程</h2>
        {lessons.length === 0 ? <p className={styles.muted}>暂无课程</p> : null}
        <ul className={styles.lessons}>
          {lessons.map((l) => (
            <li key={l.id}>
              <LessonRow lesson={l} full onOpen={() => void navigate(playPath(l.id))} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
