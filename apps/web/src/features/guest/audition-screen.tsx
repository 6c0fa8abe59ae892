import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { errorText } from '../../lib/error-text';
import { clock } from '../../lib/format';
import { getSelectedSubject } from '../../lib/subject';
import { Page } from '../../ui/page';
import { NoSubject, StateMessage } from '../../ui/states';
import { freeLessonsQuery, samplesQuery } from './api';
import { SampleQuiz } from './sample-quiz';
import styles from './guest.module.css';

/**
 * /audition — 免费试听: the free lessons of the current subject (played whole by every learner) and its sample
 * questions (answered here, saved to the account). A subject without free lessons says so.
 */
export function AuditionScreen() {
  const navigate = useNavigate();
  const subject = getSelectedSubject();
  const appID = subject?.AppID ?? 0;
  const lessons = useQuery({ ...freeLessonsQuery(appID), enabled: appID > 0 });
  const samples = useQuery({ ...samplesQuery(appID), enabled: appID > 0 });
  if (!subject) {
    return (
      <Page title="免费试听">
        <NoSubject />
      </Page>
    );
  }

  let lessonList;
  if (lessons.isPending) lessonList = <StateMessage text="加载中…" />;
  else if (lessons.isError) lessonList = <StateMessage text={errorText(lessons.error)} onRetry={() => void lessons.refetch()} />;
  else if (lessons.data.length === 0) lessonList = <p className={styles.note}>该科目暂无免费课程</p>;
  else
    lessonList = (
      <ul className={styles.list}>
        {lessons.data.map((l) => (
          <li key={l.id}>
            <button type="button" className={styles.row} onClick={() => void navigate(`/videoStudy?lessonID=${l.id}`)}>
              <span className={styles.label}>免费</span>
              <span className={styles.rowMain}>
                <span className={`${styles.rowTitle} ${styles.block}`}>{l.title}</span>
                <span className={`${styles.muted} ${styles.block}`}>
                  {l.courseTitle} · {clock(l.durationS)}
                  {l.teacher ? ` · ${l.teacher.name}` : ''}
                </span>
              </span>
              <span className={styles.chevron} aria-hidden="true">
                ›
              </span>
            </button>
          </li>
        ))}
      </ul>
    );

  return (
    <Page title="免费试听">
      <div className={styles.screen}>
        <section className={styles.hero}>
          <p className={styles.badge}>{subject.AppName}</p>
          <h2 className={styles.title}>免费课程与试做题目</h2>
          <p className={styles.muted}>以下内容所有学员都可免费学习，开通班次后可学习全部课程与题库。</p>
        </section>
        <section aria-label="免费课程" className={styles.stack}>
          <h3 className={styles.sectionTitle}>免费课程</h3>
          {lessonList}
        </section>
        <section aria-label="试做题目" className={styles.stack}>
          <h3 className={styles.sectionTitle}>试做题目{samples.data ? ` · ${samples.data.chapterName}` : ''}</h3>
          {samples.data ? (
            <SampleQuiz appID={appID} list={samples.data.list} />
          ) : samples.isError ? (
            <StateMessage text={errorText(samples.error)} onRetry={() => void samples.refetch()} />
          ) : (
            <StateMessage text="加载中…" />
          )}
        </section>
        <button type="button" className={styles.secondary} onClick={() => void navigate('/memberCenter')}>
          了解班次
        </button>
      </div>
    </Page>
  );
}
