import type { RoomEvent } from './relay.ts';
import type { Room, RoomState } from './room.ts';

/**
 * A room brought up to the database's state after the relay missed events (docs/live.md, "Chat across processes"):
 * the difference goes through `apply` as the events that were missed, so the room's sockets get it in their next
 * frame like any other change (a learner muted meanwhile is told so, the messages come in the frame).
 */
export function resyncRoom(room: Room, state: RoomState): void {
  const s = room.sessionId;
  const missed: RoomEvent[] = [];
  // Messages: the newest RING of the database. One in the ring but not there, within the ids read, was deleted
  // (one newer than the read came since, through the relay).
  const stored = new Set(state.recent.map((m) => m.id));
  const [floor, top] = [state.recent[0]?.id ?? Infinity, state.recent.at(-1)?.id ?? -Infinity];
  for (const m of room.ring) if (m.id >= floor && m.id <= top && !stored.has(m.id)) missed.push({ k: 'del', s, id: m.id });
  const known = new Set(room.ring.map((m) => m.id));
  for (const m of state.recent) if (!known.has(m.id)) missed.push({ k: 'msg', s, m });
  // Mutes: set, changed or lifted.
  for (const [userId, until] of state.mutes) if (room.mutes.get(userId) !== until) missed.push({ k: 'mute', s, userId, until });
  for (const userId of room.mutes.keys()) if (!state.mutes.has(userId)) missed.push({ k: 'mute', s, userId, until: null });
  if (room.pinned !== state.pinned) missed.push({ k: 'pin', s, text: state.pinned });
  if (room.status !== state.status) missed.push({ k: 'status', s, status: state.status });
  // Likes: the stored count wins (an event may have been both missed and counted).
  if (room.likes !== state.likes) missed.push({ k: 'likes', s, n: state.likes - room.likes });
  // Cards: each made, pushed or closed meanwhile; answers counted again where they changed.
  for (const card of state.cards) {
    const had = room.cards.find((c) => c.id === card.id);
    if (!had || had.state !== card.state || had.second !== card.second) missed.push({ k: 'card', s, card });
    const was = room.results.get(card.id);
    const now = state.results.get(card.id);
    if ((was?.total ?? 0) !== (now?.total ?? 0)) missed.push({ k: 'ans', s, cardId: card.id });
  }
  for (const e of missed) room.apply(e);
}
