import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { appID, choice, dbId, guid, optText, requestKey, text } from '../../fields.ts';
import { orderView, payTypes } from './orders.ts';

/** Group buys (docs/shop.md, "Group buys"): a version at a group price when enough learners pay in time. */

export const openGroup = z.object({
  groupID: z.number().int(),
  /** The leader's phone, masked. */
  leader: z.string(),
  paid: z.number().int(),
  need: z.number().int(),
  expiresAt: z.string(),
});

export const groupOffer = z.object({
  groupBuyID: z.number().int(),
  vn: z.string(),
  vname: z.string(),
  price: z.number().int(),
  /** The version's own price, for comparison. */
  originalPrice: z.number().int(),
  size: z.number().int(),
  minutes: z.number().int(),
  groups: z.array(openGroup),
});
export type GroupOffer = z.infer<typeof groupOffer>;

export const listgroupbuy = defineCall({
  id: 'group.list',
  method: 'GET',
  path: '/api/listgroupbuy',
  group: 'payment',
  needsSession: true,
  summary: "The subject's group-buy offers of the learner's agent, each with the open groups one may join (at least one member paid).",
  request: z.object({ guid: guid(), appID: appID() }),
  data: z.object({ list: z.array(groupOffer) }),
});

export const creategroupbuy = defineCall({
  id: 'group.create',
  method: 'POST',
  path: '/api/creategroupbuy',
  group: 'payment',
  needsSession: true,
  summary: "Start a group of the offer for version vn and create the leader's order at the group price (idempotent by requestId).",
  request: z.object({ guid: guid(), appID: appID(), vn: text('班次', 32), payType: choice('支付方式', payTypes), equipment: optText('设备', 100), requestId: requestKey() }),
  data: orderView,
});

export const joingroupbuy = defineCall({
  id: 'group.join',
  method: 'POST',
  path: '/api/joingroupbuy',
  group: 'payment',
  needsSession: true,
  summary: 'Join an open group with an order at its price (idempotent by requestId); refused when it is full, over or joined already.',
  request: z.object({ guid: guid(), groupID: dbId('拼团'), payType: choice('支付方式', payTypes), equipment: optText('设备', 100), requestId: requestKey() }),
  data: orderView,
});

export const myGroup = z.object({
  groupID: z.number().int(),
  appID: z.number().int(),
  appName: z.string(),
  vname: z.string(),
  price: z.number().int(),
  size: z.number().int(),
  paid: z.number().int(),
  status: z.enum(['open', 'full', 'failed']),
  expiresAt: z.string(),
  leader: z.boolean(),
  orderID: z.string(),
  orderStatus: z.enum(['created', 'paid', 'fulfilled', 'closed', 'refunded']),
});
export type MyGroup = z.infer<typeof myGroup>;

export const usergroupbuy = defineCall({
  id: 'group.mine',
  method: 'GET',
  path: '/api/usergroupbuy',
  group: 'payment',
  needsSession: true,
  summary: "The learner's group buys (/mypink), newest first: each group's progress and the learner's order in it.",
  request: z.object({ guid: guid() }),
  data: z.object({ list: z.array(myGroup) }),
});

export const GROUP_MSG = {
  noOffer: '该班次暂无拼团活动',
  unknown: '拼团不存在',
  full: '该拼团已满员',
  over: '该拼团已结束',
  joined: '您已参加该拼团',
} as const;

export const groupBuyCalls = { listgroupbuy, creategroupbuy, joingroupbuy, usergroupbuy };
