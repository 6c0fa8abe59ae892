import { Link } from 'react-router';
import type { DiscussionTarget } from '@kaoshi/contract';
import styles from '../discussion.module.css';

/** What is being discussed: the question's stem (one line) or the lesson's title, the lesson with a link to play it. */
export function TargetCard({ target }: { target: DiscussionTarget }) {
  const label = target.kind === 'question' ? '试题' : '视频';
  return (
    <section className={styles.target} aria-label="讨论对象">
      <span className={styles.targetKind}>{label}</span>
      <p className={styles.targetTitle}>{target.title}</p>
      {target.kind === 'lesson' ? (
        <Link className={styles.targetLink} to={`/videoPlayonly?lessonID=${target.id}`}>
          观看
        </Link>
      ) : null}
    </section>
  );
}
