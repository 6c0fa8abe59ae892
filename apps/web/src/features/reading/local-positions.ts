import type { DataOf, readingCatalog, readingContent, ReadingKind, ReadingPosition } from '@kaoshi/contract';

/**
 * Positions saved on this device that the server may not have yet (docs/reading.md "Reading progress"). A position
 * goes through the reading outbox, so the catalog and the page may be fetched again before it arrives: their answers
 * are shown with these laid over them, and the list says where I just stopped and continues the page I read last.
 * They go when the outbox has sent everything (api.ts `keepPosition`); until then each is newer than what the
 * server holds.
 */

type Catalog = DataOf<typeof readingCatalog>;
type Item = DataOf<typeof readingContent>;

export interface LocalPosition {
  userID: string;
  appID: number;
  kind: ReadingKind;
  id: number;
  title: string;
  position: ReadingPosition;
  /** The client's time of the save (ms): the newest is the one to continue. */
  at: number;
}

const local = new Map<string, LocalPosition>();
const keyOf = (userID: string, id: number) => `${userID}:${id}`;

export function rememberPosition(p: LocalPosition): void {
  local.set(keyOf(p.userID, p.id), p);
}

/** The outbox sent everything saved until `upTo`: the server's answers show those (without arguments: all, for tests). */
export function forgetPositions(userID?: string, upTo = Infinity): void {
  for (const [k, p] of local) if ((userID === undefined || p.userID === userID) && p.at <= upTo) local.delete(k);
}

const mine = (userID: string, appID: number, kind: ReadingKind) =>
  userID === '' ? [] : [...local.values()].filter((p) => p.userID === userID && p.appID === appID && p.kind === kind);

/** A catalog with my local positions over the server's, and 继续阅读 the page of the newest of them. */
export function withLocalPositions(data: Catalog, userID: string): Catalog {
  const ours = mine(userID, data.AppID, data.kind);
  if (ours.length === 0) return data;
  const byId = new Map(ours.map((p) => [p.id, p]));
  const list = data.list.map((c) => ({ ...c, items: c.items.map((i) => (byId.has(i.id) ? { ...i, position: byId.get(i.id)!.position } : i)) }));
  const open = new Set(data.list.filter((c) => c.open).flatMap((c) => c.items.map((i) => i.id)));
  const newest = ours.filter((p) => open.has(p.id)).sort((a, b) => b.at - a.at)[0];
  return { ...data, list, last: newest ? { id: newest.id, title: newest.title, position: newest.position } : data.last };
}

/** A page with my local position over the server's. */
export function itemWithLocalPosition(data: Item, userID: string): Item {
  const p = userID === '' ? undefined : local.get(keyOf(userID, data.id));
  return !p || p.appID !== data.AppID ? data : { ...data, position: p.position };
}
