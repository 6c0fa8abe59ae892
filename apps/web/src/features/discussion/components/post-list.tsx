import type { DiscussionPost } from '@kaoshi/contract';
import { LoadMore } from '../../../entities/study/question-answer';
import { PostCard } from './post-card';
import styles from '../discussion.module.css';

interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The posts of a page (comments on /msComment, replies on /discussionreply), or its empty text, and 加载更多 while the
 * infinite query has another page. `replyLink` links each post's 回复 to its thread; `onReply` answers inside it.
 */
export function PostList({
  posts,
  label,
  empty,
  pages,
  replyLink,
  onReply,
}: {
  posts: readonly DiscussionPost[];
  label: string;
  empty: string;
  pages: Pages;
  replyLink?: (p: DiscussionPost) => string;
  onReply?: (p: DiscussionPost) => void;
}) {
  return (
    <>
      {posts.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <ul className={styles.list} aria-label={label}>
          {posts.map((p) => (
            <li key={p.id}>
              <PostCard post={p} replyLink={replyLink?.(p)} onReply={onReply} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore hasMore={pages.hasNextPage} loading={pages.isFetchingNextPage} onMore={() => void pages.fetchNextPage()} />
    </>
  );
}
