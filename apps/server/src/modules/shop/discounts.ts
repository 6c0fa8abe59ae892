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

  /** Running now for this agent's learners (its window, its agent). */
  function live(d: DiscountRow | undefined, agent: AgentRow): d is DiscountRow {
    const now = clock();
    return !!d && d.startsAt.getTime() <= now && d.endsAt.getTime() > now && (d.agentCode === null || d.agentCode === agent.code);
  }

  const triesKey = (userId: number) => `discount:user:${userId}`;

  /**
   * A code as the learner presented it (typed, tapped, carried by a link or by an order): a code that is not running
   * for this agent counts as a guess, and past CODE_TRIES guesses every code is refused for the window, so codes
   * are not found by trying. A running code is never a guess (re-pricing the same order costs nothing).
   */
  async function presented(userId: number, agent: AgentRow, code: string): Promise<DiscountRow> {
    if ((await limiter.peek(triesKey(userId))).count >= CODE_TRIES.perUser) throw tooMany(DISCOUNT_MSG.tooMany);
    const c = code.trim().toUpperCase();
    const row = CODE.test(c) ? await store.byCode(c) : undefined;
    if (!live(row, agent)) {
      await limiter.hit(triesKey(userId), CODE_TRIES.windowMs);
      throw badInput(DISCOUNT_MSG.unknown);
    }
    return row;
  }

  const usedUp = (d: DiscountRow) => d.maxUses !== null && d.used >= d.maxUses;

  /** A running code with uses left; else '优惠码无效或已过期' (a guess) or '该优惠码已被抢光'. */
  async function byCode(userId: number, agent: AgentRow, code: string): Promise<DiscountRow> {
    const d = await presented(userId, agent, code);
    if (usedUp(d)) throw badInput(DISCOUNT_MSG.usedUp);
    return d;
  }

  return {
    byCode,

    /**
     * The discount of an order being planned, by its code, for this subject and version. A code whose uses are all
     * taken still applies when one of them is held by this learner's unpaid order (the new order takes that hold).
     */
    async forOrder(userId: number, agent: AgentRow, code: string, appId: number, vn: string): Promise<DiscountRow> {
      const d = await presented(userId, agent, code);
      if (usedUp(d) && !(await store.heldBy(d.id, userId))) throw badInput(DISCOUNT_MSG.usedUp);
      if ((d.appId !== null && d.appId !== appId) || (d.vn !== null && d.vn !== vn)) throw badInput(DISCOUNT_MSG.notHere);
      return d;
    },

    /** An order carries a promoter's code: the learner's first visit is kept for the promoter's report, as a link's is. */
    async visited(d: DiscountRow, userId: number): Promise<void> {
      if (d.promoter) await store.visit(d.id, userId, new Date(clock()));
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
        d = await byCode(userId, agent, code);
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
