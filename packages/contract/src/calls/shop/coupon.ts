import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { choice, dbId, guid, optAppID } from '../../fields.ts';

/** Coupons (docs/shop.md, "Coupons"): claimed by learners, used once by a paid order, returned when it closes. */

export const couponKinds = ['amount', 'percent'] as const;

/** What a coupon gives, shared by the claimable list and the learner's own. */
const couponTerms = {
  title: z.string(),
  kind: z.enum(couponKinds),
  /** amount: fen off; percent: percent off. */
  value: z.number().int(),
  minSpend: z.number().int(),
  /** What it applies to, in words: '全部科目', a subject's name, or a subject and version. */
  scope: z.string(),
  appID: z.number().int().nullable(),
  vn: z.string().nullable(),
};

export const claimableCoupon = z.object({
  couponID: z.number().int(),
  ...couponTerms,
  claimUntil: z.string(),
  validDays: z.number().int(),
  claimed: z.boolean(),
  soldOut: z.boolean(),
});
export type ClaimableCoupon = z.infer<typeof claimableCoupon>;

export const userCoupon = z.object({
  couponUserID: z.number().int(),
  ...couponTerms,
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
  status: z.enum(['usable', 'used', 'expired']),
});
export type UserCoupon = z.infer<typeof userCoupon>;

export const couponlist = defineCall({
  id: 'coupon.couponlist',
  method: 'GET',
  path: '/api/couponlist',
  group: 'payment',
  needsSession: true,
  summary: "Coupons the learner's agent offers now (of one subject and those for all subjects when appID is given), each marked claimed or sold out.",
  request: z.object({ guid: guid(), appID: optAppID() }),
  data: z.object({ list: z.array(claimableCoupon) }),
});

export const receiveCoupon = defineCall({
  id: 'coupon.receive',
  method: 'POST',
  path: '/api/coupon/receive',
  group: 'payment',
  needsSession: true,
  summary: 'Claim one coupon (once per learner, while the claim window is open and stock is left).',
  request: z.object({ guid: guid(), couponID: dbId('优惠券') }),
  data: userCoupon,
});

export const myCoupon = defineCall({
  id: 'coupon.mine',
  method: 'GET',
  path: '/api/coupon/mine',
  group: 'payment',
  needsSession: true,
  summary: "The learner's coupons of one status: usable (not used, not expired, not held by an unpaid order), used, or expired.",
  request: z.object({ guid: guid(), status: choice('状态', ['usable', 'used', 'expired']) }),
  data: z.object({ list: z.array(userCoupon) }),
});

export const COUPON_MSG = {
  unknown: '优惠券不存在',
  notOpen: '该优惠券不在领取时间内',
  soldOut: '优惠券已领完',
  already: '您已领取过该优惠券',
} as const;

export const couponCalls = { couponlist, receiveCoupon, myCoupon };
