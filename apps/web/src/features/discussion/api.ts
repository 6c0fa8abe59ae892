import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import {
  discussionDelete,
  discussionLike,
  discussionList,
  discussionPostCall,
  discussionReply,
  discussionReport,
  discussionThread,
  type DataOf,
  type DiscussionKind,
  type DiscussionPost,
  type DiscussionReason,
  type DiscussionSort,
} from '@kaoshi/contract';
import { call } from '../../api/client';
import { discussionKeys } from '../../entities/discussion/api';

/**
 * Data of /msComment and /discussionreply (docs/discussions.md): a target's comments and a thread's replies a page at
 * a time, and the writes. Every write refreshes the discussion queries (lists, threads, the 讨论 (N) counts).
 */

export { commentsPath, discussionKeys } from '../../entities/discussion/api';
export type CommentPage = DataOf<typeof discussionList>;
export type ThreadPage = DataOf<typeof discussionThread>;

const silent = { silent: true } as const;

export const commentsQuery = (appID: number, kind: DiscussionKind, id: number, sort: DiscussionSort) =>
  infiniteQueryOptions({
    queryKey: discussionKeys.list(appID, kind, id, sort),
    queryFn: ({ pageParam }) => call(discussionList, { appID, kind, id, sort, page: pageParam }, silent),
    initialPageParam: 1,
    getNextPageParam: (last: CommentPage) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    retry: false,
    staleTime: 0,
  });

export const threadQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: discussionKeys.thread(id),
    queryFn: ({ pageParam }) => call(discussionThread, { id, page: pageParam }, silent),
    initialPageParam: 1,
    getNextPageParam: (last: ThreadPage) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    retry: false,
    staleTime: 0,
  });

const refresh = (client: QueryClient) => client.invalidateQueries({ queryKey: discussionKeys.all });

export async function writeComment(client: QueryClient, target: { appID: number; kind: DiscussionKind; id: number }, body: string): Promise<DiscussionPost> {
  const post = await call(discussionPostCall, { ...target, body }, silent);
  await refresh(client);
  return post;
}

/** Replies to a comment, or to a reply inside its thread. */
export async function writeReply(client: QueryClient, id: number, body: string): Promise<DiscussionPost> {
  const post = await call(discussionReply, { id, body }, silent);
  await refresh(client);
  return post;
}

/** Shows the new state in every cached list and thread at once, then asks the server. */
export async function setLike(client: QueryClient, post: DiscussionPost, like: boolean): Promise<void> {
  const patch = (p: DiscussionPost): DiscussionPost => (p.id === post.id ? { ...p, liked: like, likeCount: Math.max(0, p.likeCount + (like ? 1 : -1)) } : p);
  client.setQueriesData<{ pages: (CommentPage | ThreadPage)[] }>({ queryKey: discussionKeys.all }, (data) =>
    data?.pages
      ? { ...data, pages: data.pages.map((pg) => ('thread' in pg ? { ...pg, thread: patch(pg.thread), list: pg.list.map(patch) } : { ...pg, list: pg.list.map(patch) })) }
      : data,
  );
  try {
    await call(discussionLike, { id: post.id, like }, silent);
  } finally {
    void refresh(client);
  }
}

export async function report(id: number, reason: DiscussionReason): Promise<void> {
  await call(discussionReport, { id, reason }, silent);
}

export async function remove(client: QueryClient, id: number): Promise<void> {
  await call(discussionDelete, { id }, silent);
  await refresh(client);
}
