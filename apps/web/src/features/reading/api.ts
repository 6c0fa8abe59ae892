import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  dailyNotes,
  deleteMark,
  hotspotList,
  pocketContent,
  pocketMenu,
  pointDetail,
  pointsList,
  readingCatalog,
  readingContent,
  readingFeedback,
  shorthandCards,
  type shorthandDecks,
  shorthandGrade,
  shorthandSession,
  type DataOf,
  type READING_TARGETS,
  type ReadingKind,
} from '@kaoshi/contract';
import { call } from '../../api/client';
import { isApiError } from '../../api/errors';
import { decksKey } from '../../entities/reading/api';
import { flushReading, pendingReadingCount, queuePosition } from '../../lib/outbox/reading';
import { getUserID } from '../../lib/session';
import { forgetPositions, itemWithLocalPosition, rememberPosition, withLocalPositions } from './local-positions';

/**
 * Data of the reading screens (docs/reading.md): query options of calls/reading.ts and calls/reading-knowledge.ts. Lists are
 * silent (the screens show errors inline); an item's 403 is the buy prompt. Saves of positions, marks and grades go
 * through the reading outbox (lib/outbox/reading.ts).
 */

export type CatalogData = DataOf<typeof readingCatalog>;
export type ItemData = DataOf<typeof readingContent>;
export type PointsData = DataOf<typeof pointsList>;
export type PointData = DataOf<typeof pointDetail>;
export type DecksData = DataOf<typeof shorthandDecks>;
export type SessionData = DataOf<typeof shorthandSession>;
export type { CatalogChapter, PointItem, ReadingItem, ReadingKind, ReadingMark, ShorthandCard, DailyNote } from '@kaoshi/contract';

export const readingKeys = {
  all: ['reading'] as const,
  catalog: (appID: number, kind: ReadingKind) => ['reading', 'catalog', appID, kind] as const,
  /** Every list of the subject (handouts, theory, pocket book), for invalidation. */
  catalogs: (appID: number) => ['reading', 'catalog', appID] as const,
  item: (appID: number, kind: ReadingKind, id: number) => ['reading', 'item', appID, kind, id] as const,
  points: (appID: number) => ['reading', 'points', appID] as const,
  /** One point's page; without `by`, every point page of the subject (for invalidation). */
  point: (appID: number, by?: PointRef | number) => {
    if (by === undefined) return ['reading', 'point', appID] as const;
    const ref = typeof by === 'number' ? { pointID: by } : by;
    return ['reading', 'point', appID, ref.pointID ?? 0, ref.point ?? ''] as const;
  },
  hotspots: (appID: number) => ['reading', 'hotspots', appID] as const,
  decks: decksKey,
  session: (appID: number, cptID?: number, pointID?: number) => ['reading', 'session', appID, cptID ?? 0, pointID ?? 0] as const,
  cards: (appID: number, pointID: number) => ['reading', 'cards', appID, pointID] as const,
  daily: (appID: number, page: number) => ['reading', 'daily', appID, page] as const,
};

/*
 * The lists and pages are asked for even while the browser says it is offline ('offlineFirst'; TanStack Query would
 * otherwise wait for the network): the service worker answers those opened before (docs/reading.md "Offline").
 */
export const catalogQuery = (appID: number, kind: ReadingKind) =>
  queryOptions({
    queryKey: readingKeys.catalog(appID, kind),
    queryFn: async () =>
      withLocalPositions(await (kind === 'pocket' ? call(pocketMenu, { appID }, { silent: true }) : call(readingCatalog, { appID, kind }, { silent: true })), getUserID()),
    retry: false,
    networkMode: 'offlineFirst',
  });

export const itemQuery = (appID: number, kind: ReadingKind, id: number) =>
  queryOptions({
    queryKey: readingKeys.item(appID, kind, id),
    queryFn: async () =>
      itemWithLocalPosition(
        await (kind === 'pocket' ? call(pocketContent, { appID, id }, { silent: true }) : call(readingContent, { appID, kind, id }, { silent: true })),
        getUserID(),
      ),
    retry: false,
    networkMode: 'offlineFirst',
  });

/** What a page says offline when the worker has no copy of it: it was never opened on this device. */
export const NOT_SAVED_OFFLINE: Record<ReadingKind, string> = {
  handout: '离线时只能阅读已打开过的讲义。这篇讲义还没有保存到本机，请联网后打开一次，之后离线也能阅读',
  theory: '离线时只能阅读已打开过的文章。这篇文章还没有保存到本机，请联网后打开一次，之后离线也能阅读',
  pocket: '离线时只能阅读已打开过的口袋书。这一页还没有保存到本机，请联网后打开一次，之后离线也能阅读',
};

/** A page that failed for want of a network while the device is offline (not a server's answer). */
export const failedOffline = (err: unknown): boolean =>
  typeof navigator !== 'undefined' && navigator.onLine === false && isApiError(err) && (err.kind === 'network' || err.kind === 'timeout');

/**
 * Save where I stopped in a page (docs/reading.md "Reading progress"): the page's list and the page itself show it at
 * once (their cached answers, and any fetched before the outbox sent it), then it goes through the reading outbox;
 * once the outbox has sent everything, the lists of the subject are fetched again from the server.
 */
export function keepPosition(qc: QueryClient, item: Pick<ItemData, 'AppID' | 'kind' | 'id' | 'title'>, anchor: string, percent: number, at = Date.now()): void {
  const userID = getUserID();
  if (!userID) return;
  const position = { anchor, percent, updatedAt: new Date(at).toISOString() };
  rememberPosition({ userID, appID: item.AppID, kind: item.kind, id: item.id, title: item.title, position, at });
  qc.setQueryData(catalogQuery(item.AppID, item.kind).queryKey, (d) => (d ? withLocalPositions(d, userID) : d));
  qc.setQueryData(itemQuery(item.AppID, item.kind, item.id).queryKey, (d) => (d ? itemWithLocalPosition(d, userID) : d));
  void queuePosition(item.AppID, item.id, anchor, percent, at).then(async () => {
    // A flush already under way may have started before this save: it runs again after it, so wait for two.
    for (let round = 0; round < 2; round += 1) {
      await flushReading();
      if ((await pendingReadingCount()) > 0) continue;
      forgetPositions(userID, at);
      return qc.invalidateQueries({ queryKey: readingKeys.catalogs(item.AppID) });
    }
  });
}

export const pointsQuery = (appID: number) => queryOptions({ queryKey: readingKeys.points(appID), queryFn: () => call(pointsList, { appID }, { silent: true }), retry: false });
/** A point by its id, or by its name or code (a question's explanation names its points). */
export type PointRef = { pointID?: number; point?: string };
export const pointQuery = (appID: number, by: PointRef) =>
  queryOptions({ queryKey: readingKeys.point(appID, by), queryFn: () => call(pointDetail, { appID, ...by }, { silent: true }), retry: false });
export const hotspotsQuery = (appID: number) =>
  queryOptions({ queryKey: readingKeys.hotspots(appID), queryFn: () => call(hotspotList, { appID }, { silent: true }), retry: false });

export { decksQuery, dueToday } from '../../entities/reading/api';
export const sessionQuery = (appID: number, cptID?: number, pointID?: number) =>
  queryOptions({
    queryKey: readingKeys.session(appID, cptID, pointID),
    queryFn: () => call(shorthandSession, { appID, cptID, pointID }, { silent: true }),
    retry: false,
    // A session is a snapshot: grading changes it, so it is fetched once per visit.
    staleTime: Infinity,
    gcTime: 0,
  });
export const pointCardsQuery = (appID: number, pointID: number) =>
  queryOptions({ queryKey: readingKeys.cards(appID, pointID), queryFn: () => call(shorthandCards, { appID, pointID }, { silent: true }), retry: false });

export const dailyQuery = (appID: number, page: number) =>
  queryOptions({ queryKey: readingKeys.daily(appID, page), queryFn: () => call(dailyNotes, { appID, page }, { silent: true }), retry: false });

export const sendFeedback = (p: { appID: number; target: (typeof READING_TARGETS)[number]; targetID: number; kinds: string; content?: string }) => call(readingFeedback, p);
export const removeMark = (appID: number, clientId: string) => call(deleteMark, { appID, clientId }, { silent: true });

/** Where each kind's list and page live. */
export const READING_ROUTES: Record<ReadingKind, { list: string; page: string; title: string }> = {
  handout: { list: '/handoutList', page: '/handoutPage', title: '电子讲义' },
  theory: { list: '/theoryKnowledgelist', page: '/theoryKnowledgeContent', title: '理论知识' },
  pocket: { list: '/pocketMenu', page: '/pocketContent', title: '口袋书' },
};
/** A page, optionally at a section (`anchor`: a query parameter, as the app's guard keeps the query but not a #hash). */
export const pagePath = (kind: ReadingKind, id: number, anchor?: string) => `${READING_ROUTES[kind].page}?id=${id}${anchor ? `&anchor=${encodeURIComponent(anchor)}` : ''}`;

/** Grade a card (认识 / 模糊 / 不认识); the reviewID makes a retry of the same grade change nothing. */
export const gradeCard = (p: { appID: number; cardID: number; grade: 'know' | 'vague' | 'forgot'; reviewID: string; at: number }) => call(shorthandGrade, p);
