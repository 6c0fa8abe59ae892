import { queryOptions } from '@tanstack/react-query';
import { sprintList, type DataOf, type SprintItem } from '@kaoshi/contract';
import { call } from '../../api/client';
import { getUserID } from '../../lib/session';

/** Sprint data (docs/sprint-zhiye.md): the sprint list with the bank's sets. Silent: a 403 is the screen's buy prompt. */

export type SprintListData = DataOf<typeof sprintList>;
export type { SprintItem };

export const NO_CONTENT = '内容更新中，敬请期待～';

export const sprintKeys = {
  list: (appID: number) => ['sprint', 'list', getUserID(), appID] as const,
};

export const sprintListQuery = (appID: number) =>
  queryOptions({
    queryKey: sprintKeys.list(appID),
    queryFn: () => call(sprintList, { appID }, { silent: true }),
    retry: false,
    // Progress changes in the player: read again whenever a screen opens.
    staleTime: 0,
  });

/** '已做 3/50' for question sets, '已考2次' / '未考' for papers. */
export function progressText(item: Pick<SprintItem, 'kind' | 'done' | 'count'>): string {
  if (item.kind === 'paper') return `${item.count}题 · ${item.done > 0 ? `已考${item.done}次` : '未考'}`;
  return `已做 ${item.done}/${item.count}`;
}

/** done / count for a progress bar (0..1); papers have none. */
export const ratio = (done: number, count: number): number => (count > 0 ? Math.min(1, done / count) : 0);
