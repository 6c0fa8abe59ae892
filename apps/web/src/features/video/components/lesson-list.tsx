import type { CourseWithLessons, LessonItem } from '../api';
import { clock, progressText } from '../api';
import styles from '../video.module.css';

/** What a lesson row's tag says: 即将上线, 免费, 试看, or nothing (the learner holds the version). */
function tagOf(l: LessonItem, full: boolean): { text: string; cls: string } | null {
  if (l.upcoming) return { text: '即将上线', cls: styles.tagMuted };
  if (l.progress?.completed) return { text: '已学完', cls: styles.tagDone };
  if (full) return null;
  if (l.free) return { text: '免费', cls: styles.tag };
  if (l.previewSeconds > 0) return { text: '试看', cls: styles.tag };
  return { text: '需开通', cls: styles.tagMuted };
}

/** One lesson: title, length, teacher, my progress, and its tag. */
export function LessonRow({ lesson, full, current, onOpen }: { lesson: LessonItem; full: boolean; current?: boolean; onOpen: (l: LessonItem) => void }) {
  const tag = tagOf(lesson, full);
  const done = progressText(lesson);
  const meta = [clock(lesson.durationS), lesson.teacher?.name, lesson.upcoming ? `${lesson.publishedAt.slice(0, 10)} 上线` : done].filter(Boolean).join(' · ');
  return (
    <button
      type="button"
      className={`${styles.lesson} ${current ? styles.lessonCurrent : ''}`}
      onClick={() => onOpen(lesson)}
      aria-current={current ? 'true' : undefined}
      data-testid={`lesson-${lesson.id}`}
    >
      <span className={styles.lessonBody}>
        <span className={styles.lessonTitle}>{lesson.title}</span>
        <span className={styles.lessonMeta}>{meta}</span>
        {lesson.progress && !lesson.progress.completed ? (
          <span
            className={styles.progress}
            role="progressbar"
            aria-label={`${lesson.title} 观看进度`}
            aria-valuenow={lesson.progress.percent}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <span className={styles.progressFill} style={{ width: `${lesson.progress.percent}%` }} />
          </span>
        ) : null}
      </span>
      {tag ? <span className={tag.cls}>{tag.text}</span> : null}
    </button>
  );
}

/** A course's chapters and lessons. */
export function CourseLessons({ course, full, currentID, onOpen }: { course: CourseWithLessons; full: boolean; currentID?: number; onOpen: (l: LessonItem) => void }) {
  return (
    <>
      {course.chapters.map((ch) => (
        <section key={ch.id} aria-label={ch.title}>
          <h3 className={styles.chapterTitle}>{ch.title}</h3>
          <ul className={styles.lessons}>
            {ch.lessons.map((l) => (
              <li key={l.id}>
                <LessonRow lesson={l} full={full} current={l.id === currentID} onOpen={onOpen} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
