import { ACCOUNT_MSG, type DeviceItem } from '@kaoshi/contract';
import type { Clock } from '../../platform/clock.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import type { Session, SessionService } from '../../platform/session/service.ts';
import type { AccountStore, OpenSessionRow } from './store.ts';
import { describeUserAgent, maskIp, placeOf } from './user-agent.ts';

/** A device's id on /accountKeys: derived from the session's key, so neither the key nor the guid leaves the server. */
export const deviceId = (tokenHash: string) => sha256Hex(`device:${tokenHash}`).slice(0, 24);

const view = (r: OpenSessionRow, current: string): DeviceItem => ({
  id: deviceId(r.tokenHash),
  ...describeUserAgent(r.userAgent),
  ip: maskIp(r.ip),
  place: placeOf(r.ip),
  createdAt: r.createdAt.toISOString(),
  lastSeenAt: r.lastSeenAt.toISOString(),
  current: r.tokenHash === current,
});

/** /accountKeys (docs/account-deletion.md, "Devices"): the learner's open sessions; sign out one or all others. */
export function createDeviceService(deps: { store: AccountStore; sessions: SessionService; clock: Clock }) {
  const { store, sessions, clock } = deps;
  const open = (userId: number) => store.openSessions(userId, new Date(clock()));

  return {
    /** This device first, then the others by last use. */
    async list(session: Session): Promise<{ list: DeviceItem[] }> {
      const rows = (await open(session.userId)).map((r) => view(r, session.tokenHash));
      return { list: [...rows.filter((d) => d.current), ...rows.filter((d) => !d.current)] };
    },

    async signOut(session: Session, id: string): Promise<{ ended: number }> {
      const row = (await open(session.userId)).find((r) => deviceId(r.tokenHash) === id);
      if (!row) throw notFound(ACCOUNT_MSG.deviceUnknown);
      if (row.tokenHash === session.tokenHash) throw badInput(ACCOUNT_MSG.currentDevice);
      await sessions.end(row.tokenHash, 'device');
      return { ended: 1 };
    },

    async signOutOthers(session: Session): Promise<{ ended: number }> {
      const others = (await open(session.userId)).filter((r) => r.tokenHash !== session.tokenHash).length;
      await sessions.endAll(session.userId, 'device', session.tokenHash);
      return { ended: others };
    },
  };
}

export type DeviceService = ReturnType<typeof createDeviceService>;
