import { useQuery } from '@tanstack/react-query';
import { clock } from '../../lib/format';
import { Link } from 'react-router';
import { explainQuery } from './api';
import styles from '../../ui/question-answer.module.css';

/**
 * 看讲解 under an explanation: when a lesson covers one of the question's knowledge points, a link to the player at
 * the moment that explains it (/videoPlayonly?lessonID=N&t=S). Nothing when no lesson covers it, or the call fails.
 */
export function ExplainLesson({ appID, allTestID }: { appID: number; allTestID: number }) {
  const q = useQuery(explainQuery(appID, allTestID));
  const first = q.data?.list[0];
  if (!first) return null;
  return (
    <Link className={styles.explainLesson} to={`/videoPlayonly?lessonID=${first.lessonID}&t=${first.from}`} aria-label={`看讲解：${first.title} ${clock(first.from)}`}>
      <span aria-hidden="true">▶</span>
      <span>看讲解</span>
      <span className={styles.explainLessonMeta}>{`${first.title} · ${clock(first.from)}`}</span>
    </Link>
  );
}
