import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../../lib/error-text';
import { toast } from '../../../ui/dialogs';
import { appoint, clock, videoKeys, type LessonItem } from '../api';
import styles from '../video.module.css';

/** An upcoming lesson with 预约 / 取消预约 (POST /api/user/live/appoint, status 1 / 0). */
export function UpcomingRow({ appID, lesson }: { appID: number; lesson: LessonItem & { appointed: boolean } }) {
  const client = useQueryClient();
  const book = useMutation({
    mutationFn: () => appoint(appID, lesson.id, !lesson.appointed),
    onSuccess: (r) => {
      toast(r.status === 1 ? '预约成功，上线后可在这里观看' : '已取消预约');
      void client.invalidateQueries({ queryKey: videoKeys.all });
    },
    onError: (err) => toast(errorText(err)),
  });
  const when = new Date(lesson.publishedAt);
  const day = `${when.getMonth() + 1}月${when.getDate()}日 ${String(when.getHours()).padStart(2, '0')}:${String(when.getMinutes()).padStart(2, '0')}`;
  return (
    <div className={styles.lesson} data-testid={`upcoming-${lesson.id}`}>
      <span className={styles.lessonBody}>
        <span className={styles.lessonTitle}>{lesson.title}</span>
        <span className={styles.lessonMeta}>{[`${day} 上线`, clock(lesson.durationS), lesson.teacher?.name].filter(Boolean).join(' · ')}</span>
      </span>
      <button type="button" className={lesson.appointed ? styles.followOn : styles.follow} disabled={book.isPending} onClick={() => book.mutate()}>
        {lesson.appointed ? '取消预约' : '预约'}
      </button>
    </div>
  );
}

/** 即将上线: the upcoming lessons to book (nothing when there are none). */
export function UpcomingSection({ appID, lessons }: { appID: number; lessons: (LessonItem & { appointed: boolean })[] }) {
  if (lessons.length === 0) return null;
  return (
    <section className={styles.card} aria-label="即将上线">
      <h2 className={styles.cardTitle}>即将上线</h2>
      {lessons.map((l) => (
        <UpcomingRow key={l.id} appID={appID} lesson={l} />
      ))}
    </section>
  );
}
