import { useQuery } from '@tanstack/react-query';
import type { DiscussionKind } from '@kaoshi/contract';
import { Link } from 'react-router';
import { commentsPath, discussionCountQuery } from './api';
import styles from '../../ui/discussion-link.module.css';

/**
 * 讨论 (N) under a question's explanation or on a lesson: opens /msComment. Shown as 讨论 until the count arrives;
 * nothing when the learner may not open the target (the count call's 403) — the screen itself would refuse.
 */
export function DiscussionLink({ appID, kind, id }: { appID: number; kind: DiscussionKind; id: number }) {
  const q = useQuery(discussionCountQuery(appID, kind, id));
  if (q.isError) return null;
  const n = q.data?.count;
  return (
    <Link className={styles.link} to={commentsPath(appID, kind, id)} aria-label={n === undefined ? '讨论' : `讨论，${n}条`}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path d="M4 5h16v11H9l-5 4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      </svg>
      <span>{n === undefined ? '讨论' : `讨论 (${n})`}</span>
    </Link>
  );
}
