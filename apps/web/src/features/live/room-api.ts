import { queryOptions } from '@tanstack/react-query';
import { liveAnswer, liveOptimal, liveRecord, liveReplay, liveRoom, type DataOf, type RequestOf } from '@kaoshi/contract';
import { baseUrl, call } from '../../api/client';
import { getGuid } from '../../lib/session';

/**
 * Data of the live room and the replay (docs/live.md): the room call (its 403 is the buy prompt), the replay, a
 * renewed play address before the current one runs out, answering a quiz card and the record of a visit.
 * The lists' data is in api.ts.
 */

export type RoomData = DataOf<typeof liveRoom>;
export type ReplayData = DataOf<typeof liveReplay>;
export type AnswerData = DataOf<typeof liveAnswer>;

export const liveRoomKeys = {
  room: (liveID: number, host: string) => ['live', 'room', liveID, host] as const,
  replay: (liveID: number) => ['live', 'replay', liveID] as const,
};

/** The room as I enter it (signed play address included: never reused from the cache). */
export const roomQuery = (liveID: number, host?: string) =>
  queryOptions({
    queryKey: liveRoomKeys.room(liveID, host ?? ''),
    queryFn: () => call(liveRoom, { liveID, host: host || undefined }, { silent: true, allowedRepeat: true }),
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

export const replayQuery = (liveID: number) =>
  queryOptions({
    queryKey: liveRoomKeys.replay(liveID),
    queryFn: () => call(liveReplay, { liveID }, { silent: true }),
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

/** A fresh signed address (the best line) before the current one runs out. */
export async function renewPlay(liveID: number): Promise<{ url: string; expiresAt: string }> {
  const d = await call(liveOptimal, { liveID, client: 'h5' }, { silent: true, allowedRepeat: true });
  const line = d.lines[0];
  if (!line) throw new Error('no line');
  return { url: line.url, expiresAt: d.expiresAt };
}

/** Answer a pushed card (once; errors such as 答题已结束 reject with their Chinese text, the screen toasts them). */
export const answerCard = (liveID: number, cardID: number, choice: string) =>
  call(liveAnswer, { liveID, cardID, choice: choice as RequestOf<typeof liveAnswer>['choice'] }, { silent: true });

/** POST /api/live/record when the room or the replay opens (fire and forget). */
export function recordVisit(appID: number, liveID: number): void {
  call(liveRecord, { appID, liveID }, { quiet: true }).catch(() => undefined);
}

/** The room's socket address: the room reply's `socket` (a path or URL) with the liveID, my guid and the host key. */
export function socketUrl(socket: string, liveID: number, host?: string): string {
  const origin = baseUrl('video') || window.location.origin;
  const url = new URL(socket || '/api/live/ws', origin.startsWith('http') ? origin : window.location.origin);
  url.protocol = url.protocol === 'https:' || url.protocol === 'wss:' ? 'wss:' : 'ws:';
  url.searchParams.set('liveID', String(liveID));
  const guid = getGuid();
  if (guid) url.searchParams.set('guid', guid);
  if (host) url.searchParams.set('host', host);
  return url.toString();
}
