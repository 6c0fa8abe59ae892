import type { PriceItem } from '@kaoshi/contract';
import type { AgentRow } from '../../db/schema/index.ts';
import { maskPhone } from '../../platform/crypto.ts';
import type { ShopStore } from './store.ts';

const TICKER_PAGE = 6;

interface SaleDeps {
  store: ShopStore;
  offer(userId: number, agent: AgentRow, appId: number): Promise<{ items: PriceItem[] }>;
  /** What upgrading fromVn → vn costs now (pricedetails' base), or null when it cannot be. */
  upgradeBase(userId: number, agent: AgentRow, appId: number, fromVn: string, vn: string): Promise<number | null>;
}

/** Sale lists (docs/shop.md): by sale-list group, the suggestions, the recent buyers, and the learner's grade. */
export function createSale(d: SaleDeps) {
  return {
    async byGroup(userId: number, agent: AgentRow, appId: number, group?: number) {
      const { items } = await d.offer(userId, agent, appId);
      return { list: group === undefined || group === 0 ? items : items.filter((i) => i.group === group) };
    },

    async recommend(userId: number, agent: AgentRow, appId: number) {
      const { items } = await d.offer(userId, agent, appId);
      const rank = (i: PriceItem) => (i.group === 1 ? 0 : 1);
      return { list: items.filter((i) => (i.group === 1 || i.group === 2) && i.isVip === 0).sort((a, b) => rank(a) - rank(b) || b.vnorder - a.vnorder) };
    },

    async buyers(agent: AgentRow, appId: number, versions: { vn: string; vname: string }[], page = 1) {
      const rows = await d.store.recentBuyers(agent.code, appId, (page - 1) * TICKER_PAGE, TICKER_PAGE + 1);
      return {
        list: rows
          .slice(0, TICKER_PAGE)
          .map((r) => ({ user: maskPhone(r.phone ?? ''), vname: (versions.find((v) => v.vn === r.vn)?.vname ?? r.vn).replace(/_MNDB$/i, ''), at: r.at!.toISOString() })),
        hasMore: rows.length > TICKER_PAGE,
      };
    },

    async grade(userId: number, agent: AgentRow, appId: number) {
      const { items } = await d.offer(userId, agent, appId);
      // The ladder is the versions proper: a simulated-exam variant (_MNDB) is a side product, not a grade.
      const levels = items
        .filter((i) => !/_MNDB$/i.test(i.vn) && !/_MNDB$/i.test(i.vname))
        .sort((a, b) => a.vnorder - b.vnorder)
        .map((i) => ({ vn: i.vn, vname: i.vname, vnorder: i.vnorder, held: i.isVip === 1, endTime: i.heldUntil }));
      const current = [...levels].reverse().find((l) => l.held) ?? null;
      const up = levels.find((l) => !l.held && (!current || l.vnorder > current.vnorder));
      const upItem = up ? items.find((i) => i.vn === up.vn)! : undefined;
      const next = upItem
        ? { vn: upItem.vn, vname: upItem.vname, price: upItem.price, upgradePrice: current ? await d.upgradeBase(userId, agent, appId, current.vn, upItem.vn) : null }
        : null;
      return { levels, current, next };
    },
  };
}
