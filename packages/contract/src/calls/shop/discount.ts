import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { guid, optAppID, text } from '../../fields.ts';
import { couponKinds } from './coupon.ts';
import { wantedOrder } from './orders.ts';

/**
 * Discount codes and promotion links (docs/shop.md): a code typed on /payPage, a listed one (限时优惠), or a
 * promoter's code carried by a promotion link (/buyapp?spread=CODE). It takes off after the coupon.
 */
export const discountView = z.object({
  discountID: z.number().int(),
  code: z.string(),
  title: z.string(),
  kind: z.enum(couponKinds),
  /** amount: fen off; percent: percent off. */
  value: z.number().int(),
  minSpend: z.number().int(),
  appID: z.number().int().nullable(),
  vn: z.string().nullable(),
  endsAt: z.string(),
});
export type DiscountView = z.infer<typeof discountView>;

/** A discount code as typed: letters and digits, case not minded. */
const discountCode = () => text('优惠码', 20);

export const discountlist = defineCall({
  id: 'discount.discountlist',
  method: 'GET',
  path: '/api/discountlist',
  group: 'payment',
  needsSession: true,
  summary: "The listed discount codes the learner's agent runs now (限时优惠), of one subject and those for all when appID is given.",
  request: z.object({ guid: guid(), appID: optAppID() }),
  data: z.object({ list: z.array(discountView) }),
});

export const discount = defineCall({
  id: 'discount.discount',
  method: 'POST',
  path: '/api/discount',
  group: 'payment',
  needsSession: true,
  allowedRepeat: true,
  summary: 'Check a discount code for an order (vn, or the upgrade fromVn → vn, after the coupon): what it takes off, or why it does not apply.',
  request: wantedOrder.omit({ discountID: true, branchBookList: true }).extend({ code: discountCode() }),
  data: discountView.extend({ off: z.number().int() }),
});

export const spread = defineCall({
  id: 'discount.spread',
  method: 'POST',
  path: '/api/spread',
  group: 'payment',
  needsSession: true,
  allowedRepeat: true,
  summary: "A promotion link was opened (/buyapp?spread=CODE): records the learner's first visit by this promoter's code and answers its discount.",
  request: z.object({ guid: guid(), code: discountCode() }),
  data: discountView,
});

export const DISCOUNT_MSG = {
  unknown: '优惠码无效或已过期',
  notHere: '该优惠码不适用于当前班次',
  minSpend: '未达到该优惠码的使用金额',
  usedUp: '该优惠码已被抢光',
  notSpread: '推广链接无效或已过期',
  tooMany: '优惠码尝试次数过多，请稍后再试',
} as const;

export const discountCalls = { discountlist, discount, spread };
