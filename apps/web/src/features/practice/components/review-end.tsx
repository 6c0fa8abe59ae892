import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { formatTime } from '../../../entities/study/format';
import { summaryQuery } from '../../../entities/study/api';
import { onReplySent } from '../../../lib/outbox/practice';
import styles from '../review-end.module.css';

/**
 * The end of a review set (`source=review`, every question answered; docs/study-screens.md): the way on. Once the
 * outbox has sent the answers it asks the book what is due now — items past the set's cap, or answered wrong early
 * in the set and due again — and offers 下一组 (the same URL as a new history entry: the set is read anew), or says
 * the round is complete with the next due time and 返回错题本.
 */
export function ReviewEnd({ appID, count, pending }: { appID: number; count: number; pending: number }) {
  const navigate = useNavigate();
  const location = useLocation();
  const summary = useQuery(summaryQuery(appID));
  const { refetch } = summary;
  // Read on showing (staleTime 0), and again as the answers reach the server: each one acknowledged, none waiting.
  useEffect(() => onReplySent(() => void refetch()), [refetch]);
  const waited = useRef(pending);
  useEffect(() => {
    if (waited.current > 0 && pending === 0) void refetch();
    waited.current = pending;
  }, [pending, refetch]);

  const due = summary.data?.due ?? 0;
  const syncing = pending > 0 || summary.isFetching;
  const next = () => void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  let text: string;
  let action: { label: string; onClick: () => void };
  if (pending > 0) {
    text = `还有 ${pending} 条作答正在同步，同步后可继续复习`;
    action = { label: '下一组', onClick: next };
  } else if (summary.isError) {
    text = '没能查到还有没有到期的错题';
    action = { label: '下一组', onClick: next };
  } else if (due > 0) {
    text = `还有 ${due} 道错题到期`;
    action = { label: `下一组（${due}）`, onClick: next };
  } else {
    const at = summary.data?.nextDueAt;
    text = `到期的错题都复习过了${at ? `，下一题在${formatTime(at)}再复习` : ''}`;
    action = { label: '返回错题本', onClick: () => void navigate('/consolidate') };
  }
  const complete = !syncing && !summary.isError && due === 0;

  return (
    <section className={styles.setEnd} aria-label="本组复习" aria-live="polite">
      <h2 className={styles.setEndTitle}>{complete ? '本轮复习完成' : `本组 ${count} 题已答完`}</h2>
      <p className={styles.setEndText}>{summary.isPending && pending === 0 ? '正在查看还有没有到期的错题…' : text}</p>
      <button type="button" className={styles.setEndButton} disabled={syncing} onClick={action.onClick}>
        {action.label}
      </button>
    </section>
  );
}
