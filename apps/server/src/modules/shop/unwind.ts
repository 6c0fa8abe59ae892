import type { Tx } from '../../db/index.ts';
import type { VersionRow } from '../../db/schema/index.ts';
import { revokeForOrder } from '../entitlement/index.ts';
import { unwoundEnd } from './quote.ts';
import type { ShopStore } from './store.ts';

/** An upgrade a refund shortened: the target version and when it now ends (at or before the refund: it ended). */
export interface Unwound {
  vn: string;
  vname: string;
  endsAt: Date;
}

/**
 * A refund took time off a purchase (docs/shop.md, "Refunds"): every upgrade that built on it keeps only what is
 * still paid — the days the shortened purchase backs, plus what the rest of the upgrade's own price buys of the
 * target (quote.ts `unwoundEnd`) — in the refund's transaction. An upgrade shortened in turn unwinds the upgrades
 * built on its target (基础班 → VIP班 → 至尊班). Each is revoked with its change-log row, and its order keeps the
 * new grant, so refunding it later takes back only what is left.
 */
export async function unwindUpgrades(
  tx: Tx,
  store: Pick<ShopStore, 'upgradesFrom' | 'setUpgradeGrant'>,
  shrunk: { userId: number; appId: number; vn: string; endsAt: Date },
  versions: readonly VersionRow[],
  at: Date,
): Promise<Unwound[]> {
  const changed: Unwound[] = [];
  const queue = [{ vn: shrunk.vn, endsAt: shrunk.endsAt.getTime() }];
  const seen = new Set<number>();
  for (let next = queue.shift(); next; next = queue.shift()) {
    for (const up of await store.upgradesFrom(tx, shrunk.userId, shrunk.appId, next.vn, at)) {
      if (seen.has(up.id) || !up.upgradeTerms || !up.grantUntil) continue;
      seen.add(up.id);
      const until = up.grantUntil.getTime();
      const from = until - up.grantedSeconds * 1000;
      const keep = Math.max(at.getTime(), unwoundEnd(up.upgradeTerms, up.baseFen, from, until, Math.max(next.endsAt, at.getTime())));
      const cut = Math.floor((until - keep) / 1000);
      if (cut <= 0) continue;
      const purchase = await revokeForOrder(tx, { userId: up.userId, appId: up.appId, vn: up.vn, seconds: cut, at }, `AppID=${up.appId} vn=${up.vn} source=refund-unwind`);
      await store.setUpgradeGrant(tx, up.orderNo, new Date(until - cut * 1000), up.grantedSeconds - cut);
      const endsAt = purchase?.endTime ?? at;
      changed.push({ vn: up.vn, vname: versions.find((v) => v.vn === up.vn)?.vname ?? up.vn, endsAt });
      queue.push({ vn: up.vn, endsAt: endsAt.getTime() });
    }
  }
  return changed;
}
