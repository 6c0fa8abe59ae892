import { useInfiniteQuery } from '@tanstack/react-query';
import { FEEDBACK_MSG, FEEDBACK_STATUS_NAMES, type FeedbackItem } from '@kaoshi/contract';
import { Link } from 'react-router';
import { errorText } from '../../lib/error-text';
import { shortTime } from '../../lib/format';
import { Page } from '../../ui/page';
import { StateMessage } from '../../ui/states';
import { categoryName, feedbackListQuery } from './api';
import list from './feedback.module.css';
import styles from './help.module.css';

/** /feedback 我的反馈: my feedback, newest first, with its status (待回复 / 已回复 / 已关闭); each opens /feedbackAnswer. */
export function FeedbackListScreen() {
  const q = useInfiniteQuery(feedbackListQuery());
  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];

  let body;
  if (q.isError && !q.data) body = <StateMessage text={errorText(q.error)} onRetry={() => void q.refetch()} />;
  else if (q.isPending) body = <StateMessage text="加载中…" />;
  else if (rows.length === 0) body = <StateMessage text={FEEDBACK_MSG.empty} />;
  else
    body = (
      <>
        <ul className={list.list} aria-label="反馈列表">
          {rows.map((f) => (
            <Item key={f.id} f={f} />
          ))}
        </ul>
        {q.hasNextPage ? (
          <button type="button" className={list.more} disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
            {q.isFetchingNextPage ? '加载中…' : q.isFetchNextPageError ? '加载失败，点击重试' : '加载更多'}
          </button>
        ) : null}
      </>
    );

  return (
    <Page title="我的反馈">
      <div className={styles.screen}>
        {body}
        <Link className={styles.primary} to="/adviceFeedback?from=%2Ffeedback">
          我要反馈
        </Link>
      </div>
    </Page>
  );
}

function Item({ f }: { f: FeedbackItem }) {
  return (
    <li>
      <Link className={list.item} to={`/feedbackAnswer?id=${f.id}`}>
        <span className={list.head}>
          <span className={list.category}>{categoryName(f.category)}</span>
          <time dateTime={f.createdAt}>{shortTime(f.createdAt)}</time>
          <span className={list.status} data-status={f.status}>
            {FEEDBACK_STATUS_NAMES[f.status]}
          </span>
        </span>
        <span className={list.excerpt}>{f.content}</span>
        {f.imageCount > 0 ? <span className={styles.muted}>{`${f.imageCount}张截图`}</span> : null}
      </Link>
    </li>
  );
}
