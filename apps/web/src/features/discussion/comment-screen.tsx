import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { DISCUSSION_KINDS, DISCUSSION_MSG, DISCUSSION_SORTS, type DiscussionKind, type DiscussionSort } from '@kaoshi/contract';
import { useSearchParams } from 'react-router';
import { positiveInt } from '../../lib/url-params';
import { getSelectedSubject } from '../../lib/subject';
import { Page } from '../../ui/page';
import { queryState, StateMessage } from '../../ui/states';
import { commentsQuery, writeComment } from './api';
import { PostList } from './components/post-list';
import { TargetCard } from './components/target-card';
import { WriteBox } from './components/write-box';
import styles from './discussion.module.css';

const SORT_NAMES: Record<DiscussionSort, string> = { new: '最新', hot: '最热' };
const kindOf = (v: string | null): DiscussionKind | null => ((DISCUSSION_KINDS as readonly string[]).includes(v ?? '') ? (v as DiscussionKind) : null);

/**
 * /msComment?kind=question|lesson&id=N&appID=A: the comments of one question or lesson (最新 / 最热, pinned first),
 * each with 赞, 回复 (its thread on /discussionreply), 举报 or 删除, and the write box. appID defaults to the
 * selected subject's.
 */
export function CommentScreen() {
  const [params, setParams] = useSearchParams();
  const kind = kindOf(params.get('kind'));
  const id = positiveInt(params.get('id'));
  const appID = positiveInt(params.get('appID')) ?? getSelectedSubject()?.AppID ?? null;
  if (kind === null || id === null || appID === null) {
    return (
      <Page title="讨论">
        <StateMessage text={DISCUSSION_MSG.unknownPost} />
      </Page>
    );
  }
  const sort: DiscussionSort = params.get('sort') === 'hot' ? 'hot' : 'new';
  const choose = (s: DiscussionSort) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (s === 'new') next.delete('sort');
        else next.set('sort', s);
        return next;
      },
      { replace: true },
    );
  return (
    <Page title="讨论" className={styles.page}>
      <Comments appID={appID} kind={kind} id={id} sort={sort} onSort={choose} />
    </Page>
  );
}

function Comments({ appID, kind, id, sort, onSort }: { appID: number; kind: DiscussionKind; id: number; sort: DiscussionSort; onSort: (s: DiscussionSort) => void }) {
  const q = useInfiniteQuery(commentsQuery(appID, kind, id, sort));
  const client = useQueryClient();
  const pending = queryState(q, getSelectedSubject(), { feature: kind === 'question' ? '章节练习' : '视频精讲' });
  if (pending && !q.data) return <div className={styles.screen}>{pending}</div>;
  const first = q.data!.pages[0]!;
  const rows = q.data!.pages.flatMap((p) => p.list);
  return (
    <>
      <div className={styles.screen}>
        <TargetCard target={first.target} />
        <div className={styles.bar}>
          <h2 className={styles.count}>{`全部讨论 (${first.count})`}</h2>
          <div className={styles.sorts} role="tablist" aria-label="排序">
            {DISCUSSION_SORTS.map((s) => (
              <button key={s} type="button" role="tab" aria-selected={sort === s} className={styles.sort} onClick={() => onSort(s)}>
                {SORT_NAMES[s]}
              </button>
            ))}
          </div>
        </div>
        <PostList posts={rows} label="评论列表" empty={DISCUSSION_MSG.noComments} pages={q} replyLink={(p) => `/discussionreply?id=${p.id}`} />
      </div>
      <WriteBox placeholder="说说你的看法…" onSend={(body) => writeComment(client, { appID, kind, id }, body)} />
    </>
  );
}
