import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { optText } from '../../fields.ts';
import { wantedOrder, type PayType } from './orders.ts';

/** The methods that take Huabei: Alipay's, and the sandbox, which stands in for every provider in development. */
export const HUABEI_PAY_TYPES: readonly PayType[] = ['alipay', 'sandbox'];

export const huabeiPlan = z.object({
  periods: z.number().int(),
  /** The fee rate of these periods, in per mille of the amount (23 = 2.3 %). */
  feeRatePermille: z.number().int(),
  /** The whole fee, and whether the seller pays it (the learner then pays the amount only: 免息). */
  fee: z.number().int(),
  sellerPays: z.boolean(),
  /** What the learner pays in all, each period, and in the first (which carries the fen left over). */
  total: z.number().int(),
  perPeriod: z.number().int(),
  firstPeriod: z.number().int(),
});
export type HuabeiPlan = z.infer<typeof huabeiPlan>;

export const getHuabeiPrice = defineCall({
  id: 'shop.getHuabeiPrice',
  method: 'POST',
  path: '/api/getHuabeiPrice',
  group: 'payment',
  needsSession: true,
  allowedRepeat: true,
  summary:
    'Huabei instalments for what the order would cost now (the same amount as pricedetails): 3, 6 and 12 periods with their fee and who pays it, or why they are not offered (Alipay not offered here, or the amount below the minimum).',
  request: wantedOrder.extend({ equipment: optText('设备', 100) }),
  data: z.object({ amount: z.number().int(), available: z.boolean(), reason: z.string().nullable(), plans: z.array(huabeiPlan) }),
});

export const HUABEI_MSG = {
  noAlipay: '花呗分期需使用支付宝支付',
  tooSmall: '订单金额满100元可使用花呗分期',
  refused: '该订单不支持花呗分期',
} as const;

export const huabeiCalls = { getHuabeiPrice };
