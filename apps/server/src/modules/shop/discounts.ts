import { DISCOUNT_MSG, Status, type DiscountView } from '@kaoshi/contract';
import type { AgentRow, DiscountRow } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, badInput, tooMany } from '../../platform/errors.ts';
import { MINUTE } from '../../platform/module.ts';
import type { RateLimiter } from '../../platform/rate-limit/limiter.ts';
import type { DiscountStore } from './discount-store.ts';
import type { CouponTerms } from './quote.ts';

/** Codes one learner may try in a window (typed, tapped or by a link). */
export const CODE_TRIES = { perUser: 30, windowMs: 10 * MINUTE };

/** A code as typed: letters and digits only, upper-cased. */
const CODE = /^[A-Z0-9]{4,20}$/;

export const discountTerms = (d: DiscountRow): CouponTerms => ({ kind: d.kind === 'percent' ? 'percent' : 'amount', value: d.value, minSpendFen: d.minSpendFen });

export const discountView = (d: DiscountRow): DiscountView => ({
  discountID: d.id,
  code: d.code,
  title: d.title,
  kind: d.kind === 'percent' ? 'percent' : 'amount',
  value: d.value,
  minSpend: d.minSpendFen,
  appID: d.appId,
  vn: d.vn,
  endsAt: d.endsAt.toISOString(),
});

/**
 * Discount codes (docs/shop.md, "Discount codes and promotion links"): which are running for an agent, which
 * apply to an order (subject, version, window, uses left; the minimum spend is checked by the quote), and the
 * promotion links' visits.
 */
export function createDiscounts(deps: { store: DiscountStore; clock: Clock; limiter: RateLimiter }) {
  const { store, clock, limiter } = deps;

  /** Running now for this agent, with uses left; else refused '优惠码无效或已过期' / '该优惠码已被抢光'. */
  function running(d: DiscountRow | undefined, agent: AgentRow): DiscountRow {
    const now = clock();
    if (!d || d.startsAt.getTime() > now || d.endsAt.getTime() <= now || (d.agentCode !== null && d.agentCode !== agent.code)) throw badInput(DISCOUNT_MSG.unknown);
    if (d.maxUses !== null && d.used >= d.maxUses) throw badInput(DISCOUNT_MSG.usedUp);
    return d;
  }

  return {
    /** A code typed by the learner (or carried by a link): tries are limited per learner, so codes are not guessed. */
    async byCode(userId: number, agent: AgentRow, code: string): Promise<DiscountRow> {
      if ((await limiter.hit(`discount:user:${userId}`, CODE_TRIES.windowMs)).count > CODE_TRIES.perUser) throw tooMany(DISCOUNT_MSG.tooMany);
      const c = code.trim().toUpperCase();
      return running(CODE.test(c) ? await store.byCode(c) : undefined, agent);
    },

    /** The discount of an order being planned, for this subject and version. */
    async forOrder(agent: AgentRow, discountId: number, appId: number, vn: string): Promise<DiscountRow> {
      const d = running(await store.byId(discountId), agent);
      if ((d.appId !== null && d.appId !== appId) || (d.vn !== null && d.vn !== vn)) throw badInput(DISCOUNT_MSG.notHere);
      return d;
    },

    async listed(agent: AgentRow, appId?: number): Promise<{ list: DiscountView[] }> {
      const rows = await store.listed(agent.code, new Date(clock()));
      return {
        list: rows
          .filter((d) => appId === undefined || d.appId === null || d.appId === appId)
          .filter((d) => d.maxUses === null || d.used < d.maxUses)
          .map(discountView),
      };
    },

    /** A promotion link: only a promoter's code; the learner's first visit is kept for the promoter's report. */
    async spread(userId: number, agent: AgentRow, code: string): Promise<DiscountView> {
      let d: DiscountRow;
      try {
        d = await this.byCode(userId, agent, code);
      } catch (err) {
        throw err instanceof AppError && err.status === Status.TOO_MANY ? err : badInput(DISCOUNT_MSG.notSpread);
      }
      if (!d.promoter) throw badInput(DISCOUNT_MSG.notSpread);
      await store.visit(d.id, userId, new Date(clock()));
      return discountView(d);
    },
  };
}

export type Discounts = ReturnType<typeof createDiscounts>;
