import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type SelectedSubject } from '../../lib/subject';
import { queryState } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { teachersQuery } from './api';
import { FollowButton } from './components/follow-button';
import styles from './video.module.css';

/** /loveTeacherList: the subject's teachers (those I follow first) with their lessons and followers. */
export function TeacherListScreen() {
  return <SubjectPage title="名师">{(subject) => <TeachersBody subject={subject} />}</SubjectPage>;
}

function TeachersBody({ subject }: { subject: SelectedSubject }) {
  const list = useQuery(teachersQuery(subject.AppID));
  const pending = queryState(list, subject, { feature: '视频精讲' });
  if (pending) return pending;
  const teachers = list.data!.list;
  return (
    <div className={styles.screen}>
      {teachers.length === 0 ? <p className={styles.muted}>暂无老师</p> : null}
      {teachers.map((t) => (
        <section key={t.id} className={styles.card} aria-label={t.name}>
          <div className={styles.teacher}>
            <span className={styles.avatar} aria-hidden="true">
              {t.name.slice(0, 1)}
            </span>
            <Link
              to={`/loveTeacherPlay?teacherID=${t.id}`}
              className={styles.lessonBody}
              style={{ color: 'inherit', textDecoration: 'none', minHeight: 44, justifyContent: 'center' }}
            >
              <strong>{t.name}</strong>
              <span className={styles.lessonMeta}>{`${t.title} · ${t.lessonCount} 节课 · ${t.followers} 人关注`}</span>
            </Link>
            <FollowButton teacher={t} />
          </div>
          {t.introduction ? <p className={styles.muted}>{t.introduction}</p> : null}
        </section>
      ))}
    </div>
  );
}
