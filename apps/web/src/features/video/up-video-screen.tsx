import { useQuery } from '@tanstack/react-query';
import { VIDEO_LATEST_DAYS } from '@kaoshi/contract';
import { useNavigate } from 'react-router';
import { type SelectedSubject } from '../../lib/subject';
import { queryState } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { latestQuery, playPath } from './api';
import { LessonRow } from './components/lesson-list';
import { UpcomingSection } from './components/upcoming';
import styles from './video.module.css';

/** /upVideo 最新上线 (docs/video.md "Routes"): lessons added to my subject in the last 30 days, and those coming soon to book. */
export function UpVideoScreen() {
  return <SubjectPage title="最新上线">{(subject) => <UpBody subject={subject} />}</SubjectPage>;
}

function UpBody({ subject }: { subject: SelectedSubject }) {
  const navigate = useNavigate();
  const latest = useQuery(latestQuery(subject.AppID));
  const pending = queryState(latest, subject, { feature: '视频精讲' });
  if (pending) return pending;
  const { list, upcoming } = latest.data!;
  return (
    <div className={styles.screen}>
      <UpcomingSection appID={subject.AppID} lessons={upcoming} />
      <section className={styles.card} aria-label="最新上线">
        <h2 className={styles.cardTitle}>{`近${VIDEO_LATEST_DAYS}天上线`}</h2>
        {list.length === 0 ? <p className={styles.muted}>{`近${VIDEO_LATEST_DAYS}天暂无新课`}</p> : null}
        <ul className={styles.lessons}>
          {list.map((l) => (
            <li key={l.id}>
              <LessonRow lesson={l} full onOpen={() => void navigate(playPath(l.id))} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
