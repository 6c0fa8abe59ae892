import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { appID, choice, guid, hbfqnum, optDbId, optText, page, requestKey, text } from '../../fields.ts';
import { orderStates, paymentStates } from './order-states.ts';

export * from './order-states.ts';

/**
 * A discount code as the learner presented it (typed, tapped in 限时优惠, or carried by a promotion link): the spec's
 * order field discountID carries the code itself, never a number that points at one (docs/shop.md).
 */
const discountCode = () => optText('优惠码', 20);

/**
 * The shop (docs/shop.md): prices, orders and their payment. Every amount is in fen (1/100 yuan) and is worked
 * out by the server; an amount sent by a client is never read.
 */

/** Payment methods. sandbox: the development provider (never in production). */
export const payTypes = ['sandbox', 'wechat', 'alipay'] as const;
export type PayType = (typeof payTypes)[number];
export const PAY_TYPE_NAMES: Record<PayType, string> = { sandbox: '沙箱支付（测试）', wechat: '微信支付', alipay: '支付宝' };

/** A version on sale: its price now, its list price, how long it lasts, and what it opens. */
export const priceItem = z.object({
  vn: z.string(),
  vname: z.string(),
  vnorder: z.number().int(),
  price: z.number().int(),
  originalPrice: z.number().int(),
  validityDays: z.number().int(),
  group: z.number().int(),
  modules: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The learner holds it now (buying again extends it). */
  isVip: z.union([z.literal(0), z.literal(1)]),
  /** When the learner's purchase of it ends (ISO), null when they hold none. */
  heldUntil: z.string().nullable(),
});

/** A printed book sold with the subject's versions (branchBookList). */
export const bookItem = z.object({ bookID: z.number().int(), title: z.string(), description: z.string(), price: z.number().int() });
export type BookItem = z.infer<typeof bookItem>;
export type PriceItem = z.infer<typeof priceItem>;

export const pricelist = defineCall({
  id: 'shop.pricelist',
  method: 'GET',
  path: '/api/pricelist',
  group: 'payment',
  needsSession: true,
  summary:
    "The versions of a subject the learner's agent sells, with prices and what each opens, and how this agent takes payment: its methods, or its own payment page (customPayUrl), or none (buyDisabled).",
  /** equipment: the client (clientKind(), or web_wechat inside WeChat); the methods offered depend on it. */
  request: z.object({ guid: guid(), appID: appID(), equipment: optText('设备', 100) }),
  data: z.object({
    appID: z.number().int(),
    appName: z.string(),
    items: z.array(priceItem),
    books: z.array(bookItem),
    payTypes: z.array(z.enum(payTypes)),
    customPayUrl: z.string().nullable(),
    buyDisabled: z.boolean(),
  }),
});

/** An order as its owner sees it. Times ISO 8601; payUrl only while it can still be paid. */
export const orderView = z.object({
  orderID: z.string(),
  appID: z.number().int(),
  appName: z.string(),
  vn: z.string(),
  vname: z.string(),
  /** buy: the version; upgrade: from the held fromVn to vn, running to the held one's end; group: a group buy. */
  kind: z.enum(['buy', 'upgrade', 'group']),
  groupID: z.number().int().nullable(),
  fromVn: z.string().nullable(),
  fromVname: z.string().nullable(),
  amount: z.number().int(),
  originalAmount: z.number().int(),
  couponOff: z.number().int(),
  /** What a discount code took off, after the coupon. */
  discountOff: z.number().int(),
  /** The printed books' part of amount, and their delivery status (none: no books). */
  booksAmount: z.number().int(),
  deliveryStatus: z.enum(['none', 'waiting', 'shipped', 'received']),
  payType: z.enum(payTypes),
  /** Huabei periods the order is paid in (0: at once). */
  instalments: z.number().int(),
  status: z.enum(orderStates),
  /** What the payment came to, worked out by the server (the client does not derive it from status and kind). */
  paymentState: z.enum(paymentStates),
  closedReason: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  payUrl: z.string().nullable(),
});
export type OrderView = z.infer<typeof orderView>;

export const getOrderNumber = defineCall({
  id: 'shop.getOrderNumber',
  method: 'POST',
  path: '/api/getOrderNumber',
  group: 'payment',
  needsSession: true,
  summary:
    'Create the order for one version (or give back the one this requestId already created) at the price the server works out, and start its payment with the chosen provider. Limited per learner.',
  request: z.object({
    guid: guid(),
    appID: appID(),
    vn: text('班次', 32),
    payType: choice('支付方式', payTypes),
    equipment: optText('设备', 100),
    requestId: requestKey(),
    couponUserID: optDbId('优惠券'),
    discountID: discountCode(),
    /** Printed books to send with it: their ids, comma-separated (pricelist's books); then addressID is needed. */
    branchBookList: optText('教材', 200),
    addressID: optDbId('地址'),
    /** Huabei instalments (Alipay only; getHuabeiPrice says when they are offered). */
    hbfqnum: hbfqnum(),
  }),
  data: orderView,
});

export const vipChange = defineCall({
  id: 'shop.vipChange',
  method: 'POST',
  path: '/api/vipChange',
  group: 'payment',
  needsSession: true,
  summary:
    "Create the upgrade order from the valid held version vn to the higher toVn: it pays the daily difference for the days left (docs/shop.md) and the target then runs to the held version's end. Same idempotency and limit as getOrderNumber.",
  request: z.object({
    guid: guid(),
    appID: appID(),
    vn: text('当前班次', 32),
    toVn: text('目标班次', 32),
    couponID: optDbId('优惠券'),
    discountID: discountCode(),
    payType: choice('支付方式', payTypes),
    equipment: optText('设备', 100),
    requestId: requestKey(),
    hbfqnum: hbfqnum(),
  }),
  data: orderView,
});

/** A coupon of the learner as it applies to one quote: what it takes off, or why it does not apply. */
export const quoteCoupon = z.object({ couponUserID: z.number().int(), title: z.string(), off: z.number().int(), usable: z.boolean(), reason: z.string().nullable() });

/** An order as it would be made, to price it (pricedetails, getHuabeiPrice, discount): the server works out the rest. */
export const wantedOrder = z.object({
  guid: guid(),
  appID: appID(),
  vn: text('班次', 32),
  fromVn: optText('当前班次', 32),
  couponUserID: optDbId('优惠券'),
  discountID: discountCode(),
  branchBookList: optText('教材', 200),
});

export const pricedetails = defineCall({
  id: 'shop.pricedetails',
  method: 'GET',
  path: '/api/pricedetails',
  group: 'payment',
  needsSession: true,
  allowedRepeat: true,
  summary:
    "What buying vn (or upgrading fromVn → vn) costs the learner now, with a coupon: the server's amounts, the learner's coupons with what each takes off, and when the version would end.",
  request: wantedOrder,
  data: z.object({
    kind: z.enum(['buy', 'upgrade']),
    vn: z.string(),
    vname: z.string(),
    fromVn: z.string().nullable(),
    fromVname: z.string().nullable(),
    originalPrice: z.number().int(),
    base: z.number().int(),
    couponOff: z.number().int(),
    /** The discount code's reduction (after the coupon) and its title; 0 and null without one. */
    discountOff: z.number().int(),
    discountTitle: z.string().nullable(),
    /** The printed books' sum (branchBookList), part of amount; a coupon is for the version only. */
    booksAmount: z.number().int(),
    amount: z.number().int(),
    couponUserID: z.number().int().nullable(),
    endsAt: z.string(),
    coupons: z.array(quoteCoupon),
  }),
});

export const queryUserOrder = defineCall({
  id: 'shop.queryUserOrder',
  method: 'POST',
  path: '/api/queryUserOrder',
  group: 'payment',
  needsSession: true,
  allowedRepeat: true,
  summary: "One of the caller's own orders and its status (another learner's order and an unknown one answer the same 404). Limited per learner.",
  request: z.object({ guid: guid(), orderID: text('订单号', 40) }),
  data: orderView,
});

export const userOrderList = defineCall({
  id: 'shop.userOrderList',
  method: 'GET',
  path: '/api/userOrderList',
  group: 'payment',
  needsSession: true,
  summary: "The caller's orders, newest first, 20 a page.",
  request: z.object({ guid: guid(), page: page() }),
  data: z.object({ list: z.array(orderView), hasMore: z.boolean() }),
});

export const shareOrder = defineCall({
  id: 'shop.shareOrder',
  method: 'POST',
  path: '/api/shareOrder',
  group: 'payment',
  needsSession: true,
  summary: "Let someone else pay one of the caller's unpaid orders (请人代付): the token of its /qRcodePayNew link.",
  request: z.object({ guid: guid(), orderID: text('订单号', 40) }),
  data: z.object({ orderID: z.string(), token: z.string() }),
});

/** What a payer without an account sees of a shared order: what it is, how much, and where to pay. */
export const sharedOrderView = z.object({
  orderID: z.string(),
  appName: z.string(),
  vname: z.string(),
  amount: z.number().int(),
  status: z.enum(orderStates),
  expiresAt: z.string(),
  payUrl: z.string().nullable(),
  /** The learner who asked, masked. */
  requester: z.string(),
});

export const sharedOrder = defineCall({
  id: 'shop.sharedOrder',
  method: 'GET',
  path: '/api/sharedOrder',
  group: 'payment',
  needsSession: false,
  allowedRepeat: true,
  summary: 'A shared order as its link shows it to anyone holding the token (/qRcodePayNew, open to guests).',
  request: z.object({ orderID: text('订单号', 40), token: text('代付凭证', 64) }),
  data: sharedOrderView,
});

/** What /htmlWeChatPay passes to WeixinJSBridge's getBrandWCPayRequest (WeChat Pay JSAPI, signed by the server). */
export const jsapiParams = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.literal('RSA'),
  paySign: z.string(),
});

export type JsapiParams = z.infer<typeof jsapiParams>;
export const wechatJsapi = defineCall({
  id: 'shop.wechatJsapi',
  method: 'POST',
  path: '/api/pay/wechatJsapi',
  group: 'payment',
  needsSession: true,
  summary:
    "Paying inside WeChat (/htmlWeChatPay) for the caller's unpaid WeChat Pay order: without code, WeChat's silent authorize link that comes back with one; with it, the JSAPI payment for that payer, signed for WeixinJSBridge.",
  request: z.object({ guid: guid(), orderID: text('订单号', 40), code: optText('授权码', 128) }),
  data: z.object({ authorizeUrl: z.string().nullable(), params: jsapiParams.nullable() }),
});

export const SHOP_MSG = {
  notOnSale: '该班次暂不可购买',
  buyDisabled: '当前渠道暂不支持在线购买，请联系客服',
  customPayment: '请通过本渠道的支付页面购买',
  payTypeOff: '暂不支持该支付方式',
  orderUnknown: '订单不存在',
  notYourOrder: '无权查看该订单',
  queryTooMany: '查询过于频繁，请稍后再试',
  tooMany: '下单过于频繁，请稍后再试',
  hiddenVersion: '您已开通更高班次，无需购买该班次',
  couponUnusable: '该优惠券不可用于本订单',
  upgradeNotHeld: '当前班次未开通或已过期，请直接购买',
  upgradeSame: '已是该班次，无需升级',
  upgradeDown: '只能升级到更高的班次',
  upgradeNotContained: '该班次不包含当前班次的全部内容，请直接购买',
  upgradeNothing: '目标班次的有效期已覆盖当前班次，无需升级',
  notShareable: '该订单已支付或已关闭，无需代付',
  shareUnknown: '代付链接无效或已失效',
  notPayable: '该订单已支付或已关闭',
  wechatOnly: '请在微信中打开此页面完成支付',
  wechatAuth: '微信授权失败，请重新打开支付页面',
} as const;

export const shopCalls = { pricelist, pricedetails, getOrderNumber, vipChange, queryUserOrder, userOrderList, shareOrder, sharedOrder, wechatJsapi };
