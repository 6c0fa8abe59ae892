import { queryOptions } from '@tanstack/react-query';
import { discussionCount, type DiscussionKind } from '@kaoshi/contract';
import { call } from '../../api/client';
import { getGuid } from '../../lib/session';

/**
 * Discussions' shared data (docs/discussions.md): the query keys and the 讨论 (N) count that the practice and exam
 * explanations and the lesson screen show (entities/discussion/discussion-link.tsx). /msComment's lists are features/discussion/api.ts.
 */

export const discussionKeys = {
  all: ['discussion'] as const,
  /** Everything of one question or lesson: its count and its lists. */
  target: (appID: number, kind: DiscussionKind, id: number) => ['discussion', getGuid() ?? '', kind, appID, id] as const,
  count: (appID: number, kind: DiscussionKind, id: number) => [...discussionKeys.target(appID, kind, id), 'count'] as const,
  list: (appID: number, kind: DiscussionKind, id: number, sort: string) => [...discussionKeys.target(appID, kind, id), 'list', sort] as const,
  thread: (id: number) => ['discussion', getGuid() ?? '', 'thread', id] as const,
};

export const discussionCountQuery = (appID: number, kind: DiscussionKind, id: number) =>
  queryOptions({
    queryKey: discussionKeys.count(appID, kind, id),
    queryFn: () => call(discussionCount, { appID, kind, id }, { silent: true }),
    enabled: getGuid() !== null,
    retry: false,
    staleTime: 60_000,
  });

/** The path of /msComment for a question or a lesson. */
export const commentsPath = (appID: number, kind: DiscussionKind, id: number) => `/msComment?kind=${kind}&id=${id}&appID=${appID}`;
