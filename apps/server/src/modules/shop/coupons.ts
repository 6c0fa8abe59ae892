import { COUPON_MSG, type ClaimableCoupon, type UserCoupon } from '@kaoshi/contract';
import type { AgentRow, CouponRow } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import type { CatalogFacts } from '../catalog/index.ts';
import type { CouponStore, HeldCoupon } from './coupon-store.ts';
import { couponOff, type CouponTerms } from './quote.ts';

const terms = (c: CouponRow): CouponTerms => ({ kind: c.kind === 'percent' ? 'percent' : 'amount', value: c.value, minSpendFen: c.minSpendFen });

/** Whether a coupon applies to a version of a subject at a base price, and what it takes off; or why not. */
export function applies(c: CouponRow, agentCode: string, appId: number, vn: string, baseFen: number): { off: number; reason: string | null } {
  if (c.agentCode !== null && c.agentCode !== agentCode) return { off: 0, reason: '不适用于当前渠道' };
  if (c.appId !== null && c.appId !== appId) return { off: 0, reason: '不适用于该科目' };
  if (c.vn !== null && c.vn !== vn) return { off: 0, reason: '不适用于该班次' };
  if (baseFen < c.minSpendFen) return { off: 0, reason: `满${c.minSpendFen / 100}元可用` };
  const off = couponOff(baseFen, terms(c));
  return off > 0 ? { off, reason: null } : { off: 0, reason: '金额过低' };
}

/** Coupons (docs/shop.md): the claimable list, claiming, the learner's own, and their scope in words. */
export function createCoupons(deps: { store: CouponStore; catalog: CatalogFacts; clock: Clock }) {
  const { store, catalog, clock } = deps;

  async function scope(c: CouponRow): Promise<string> {
    if (c.appId === null) return c.vn === null ? '全部科目' : '全部科目 · 指定班次';
    const [subject, versions] = await Promise.all([catalog.subject(c.appId), catalog.versions(c.appId)]);
    const name = subject?.appName ?? '';
    const vname = c.vn === null ? null : (versions.find((v) => v.vn === c.vn)?.vname ?? c.vn);
    return vname ? `${name} · ${vname.replace(/_MNDB$/i, '')}` : name;
  }

  const termsOf = async (c: CouponRow) => ({
    title: c.title,
    kind: c.kind === 'percent' ? ('percent' as const) : ('amount' as const),
    value: c.value,
    minSpend: c.minSpendFen,
    scope: await scope(c),
    appID: c.appId,
    vn: c.vn,
  });

  async function view(h: HeldCoupon): Promise<UserCoupon> {
    const now = clock();
    const status = h.usedAt ? 'used' : h.expiresAt.getTime() <= now ? 'expired' : 'usable';
    return { couponUserID: h.id, ...(await termsOf(h.coupon)), expiresAt: h.expiresAt.toISOString(), usedAt: h.usedAt?.toISOString() ?? null, status };
  }

  return {
    async claimable(userId: number, agent: AgentRow, appId?: number): Promise<{ list: ClaimableCoupon[] }> {
      const [open, claimed] = await Promise.all([store.claimable(agent.code, new Date(clock())), store.claimedIds(userId)]);
      const list = open.filter((c) => appId === undefined || c.appId === null || c.appId === appId);
      return {
        list: await Promise.all(
          list.map(async (c) => ({
            couponID: c.id,
            ...(await termsOf(c)),
            claimUntil: c.claimUntil.toISOString(),
            validDays: c.validDays,
            claimed: claimed.has(c.id),
            soldOut: c.total !== null && c.claimed >= c.total,
          })),
        ),
      };
    },

    async claim(userId: number, agent: AgentRow, couponId: number): Promise<UserCoupon> {
      const c = await store.byId(couponId);
      if (!c || (c.agentCode !== null && c.agentCode !== agent.code)) throw notFound(COUPON_MSG.unknown);
      const now = clock();
      if (c.claimFrom.getTime() > now || c.claimUntil.getTime() <= now) throw badInput(COUPON_MSG.notOpen);
      const got = await store.claim(c, userId, new Date(now));
      if (got === 'soldOut') throw badInput(COUPON_MSG.soldOut);
      if (got === 'already') throw badInput(COUPON_MSG.already);
      return view({ ...got, coupon: c });
    },

    async mine(userId: number, status: 'usable' | 'used' | 'expired'): Promise<{ list: UserCoupon[] }> {
      const now = new Date(clock());
      const rows = status === 'usable' ? await store.usable(userId, now) : status === 'used' ? await store.used(userId) : await store.expired(userId, now);
      return { list: await Promise.all(rows.map(view)) };
    },

    /** The learner's usable coupons, each as it applies to this quote. */
    async forQuote(userId: number, agent: AgentRow, appId: number, vn: string, baseFen: number) {
      const rows = await store.usable(userId, new Date(clock()));
      return rows.map((h) => ({ held: h, ...applies(h.coupon, agent.code, appId, vn, baseFen) }));
    },
  };
}

export type Coupons = ReturnType<typeof createCoupons>;
