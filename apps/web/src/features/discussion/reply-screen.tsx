import { useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { DISCUSSION_MSG, type DiscussionPost } from '@kaoshi/contract';
import { Link, useSearchParams } from 'react-router';
import { positiveInt } from '../../lib/url-params';
import { getSelectedSubject } from '../../lib/subject';
import { Page } from '../../ui/page';
import { queryState, StateMessage } from '../../ui/states';
import { commentsPath, threadQuery, writeReply } from './api';
import { PostCard } from './components/post-card';
import { PostList } from './components/post-list';
import { WriteBox } from './components/write-box';
import styles from './discussion.module.css';

/**
 * /discussionreply?id=N: one comment with its replies (oldest first) and the reply box. 回复 on a reply answers it
 * (回复 @nickname); a reply's id opens its comment's thread.
 */
export function ReplyScreen() {
  const [params] = useSearchParams();
  const id = positiveInt(params.get('id'));
  if (id === null) {
    return (
      <Page title="回复">
        <StateMessage text={DISCUSSION_MSG.unknownPost} />
      </Page>
    );
  }
  return (
    <Page title="回复" className={styles.page}>
      <Thread id={id} />
    </Page>
  );
}

function Thread({ id }: { id: number }) {
  const q = useInfiniteQuery(threadQuery(id));
  const client = useQueryClient();
  const [to, setTo] = useState<DiscussionPost | null>(null);
  const pending = queryState(q, getSelectedSubject(), { feature: '讨论' });
  if (pending && !q.data) return <div className={styles.screen}>{pending}</div>;
  const first = q.data!.pages[0]!;
  const { thread, target } = first;
  const rows = q.data!.pages.flatMap((p) => p.list);
  const answering = to && to.id !== thread.id ? to : null;
  return (
    <>
      <div className={styles.screen}>
        <PostCard post={thread} onReply={() => setTo(null)} />
        <Link className={styles.back} to={commentsPath(target.appID, target.kind, target.id)}>
          {`查看全部讨论 · ${target.title}`}
        </Link>
        <h2 className={styles.count}>{`回复 (${first.total})`}</h2>
        <PostList posts={rows} label="回复列表" empty={DISCUSSION_MSG.noReplies} pages={q} onReply={setTo} />
      </div>
      <WriteBox
        placeholder={answering ? `回复 @${answering.author.nickName}` : `回复 @${thread.author.nickName}`}
        hint={answering ? `回复 @${answering.author.nickName}` : undefined}
        onCancel={() => setTo(null)}
        onSend={async (body) => {
          await writeReply(client, answering?.id ?? thread.id, body);
          setTo(null);
        }}
      />
    </>
  );
}
