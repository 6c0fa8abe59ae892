import { useQuery } from '@tanstack/react-query';
import { VIDEO_SORTS } from '@kaoshi/contract';
import { useNavigate, useSearchParams } from 'react-router';
import { positiveInt } from '../../lib/url-params';
import { type SelectedSubject } from '../../lib/subject';
import { queryState } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { allcoursesQuery, clock } from './api';
import styles from './video.module.css';

const SORT_NAMES: Record<(typeof VIDEO_SORTS)[number], string> = { new: '最新', hot: '最热' };

/** /videoAllList: every course of the subject (main and 专题), filtered by teacher, sorted by ?videoSort=new|hot. */
export function AllListScreen() {
  return <SubjectPage title="全部课程">{(subject) => <AllBody subject={subject} />}</SubjectPage>;
}

function AllBody({ subject }: { subject: SelectedSubject }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const sortParam = params.get('videoSort');
  const sort = sortParam === 'hot' || sortParam === 'new' ? sortParam : undefined;
  const teacherID = positiveInt(params.get('teacherID')) ?? undefined;
  const list = useQuery(allcoursesQuery(subject.AppID, teacherID, sort));
  const set = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value === undefined) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };
  const pending = queryState(list, subject, { feature: '视频精讲' });
  return (
    <div className={styles.screen}>
      <ul className={styles.chips} aria-label="排序">
        {VIDEO_SORTS.map((s) => (
          <li key={s}>
            <button type="button" className={sort === s ? styles.chipOn : styles.chip} aria-pressed={sort === s} onClick={() => set('videoSort', sort === s ? undefined : s)}>
              {SORT_NAMES[s]}
            </button>
          </li>
        ))}
      </ul>
      {list.data && list.data.teachers.length > 1 ? (
        <ul className={styles.chips} aria-label="老师">
          <li>
            <button type="button" className={teacherID === undefined ? styles.chipOn : styles.chip} onClick={() => set('teacherID', undefined)}>
              全部老师
            </button>
          </li>
          {list.data.teachers.map((t) => (
            <li key={t.id}>
              <button type="button" className={teacherID === t.id ? styles.chipOn : styles.chip} aria-pressed={teacherID === t.id} onClick={() => set('teacherID', String(t.id))}>
                {t.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {pending ??
        (list.data!.courses.length === 0 ? (
          <p className={styles.muted}>暂无课程</p>
        ) : (
          <section className={styles.course} aria-label="课程">
            <ul className={styles.lessons}>
              {list.data!.courses.map((c) => (
                <li key={c.id}>
                  <button type="button" className={styles.lesson} onClick={() => void navigate(`/videoetails?courseID=${c.id}`)}>
                    <span className={c.level === 1 ? styles.tagMuted : styles.tag}>{c.level === 1 ? '专题' : '课程'}</span>
                    <span className={styles.lessonBody}>
                      <span className={styles.lessonTitle}>{c.title}</span>
                      <span className={styles.lessonMeta}>{`${c.teacher ? `${c.teacher.name} · ` : ''}${c.lessonCount} 节 · ${clock(c.durationS)} · ${c.learners} 人学过`}</span>
                      {c.lessonCount > 0 ? (
                        <span
                          className={styles.progress}
                          role="progressbar"
                          aria-label={`${c.title} 完成度`}
                          aria-valuenow={Math.round((c.completedCount * 100) / c.lessonCount)}
                          aria-valuemin={0}
                          aria-valuemax={100}
                        >
                          <span className={styles.progressFill} style={{ width: `${(c.completedCount * 100) / c.lessonCount}%` }} />
                        </span>
                      ) : null}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
    </div>
  );
}
