import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { appID, guid, optInt, page } from '../../fields.ts';
import { priceItem } from './orders.ts';

/**
 * Sale lists (docs/shop.md, "Sale lists"): the spec §9 group values tag each price row; the lists filter by them.
 * 0 ordinary · 1 recommended · 2 best seller · 5 limited-time offer · 9 new learners · 12 exam sprint ·
 * 13 past papers and mock exams · 14 video courses · 15 live courses · 16 printed-book bundles · 17 renewal ·
 * 18 upgrade · 19 the agent's own.
 */
export const SALE_GROUPS = [0, 1, 2, 5, 9, 12, 13, 14, 15, 16, 17, 18, 19] as const;
export const SALE_GROUP_NAMES: Record<(typeof SALE_GROUPS)[number], string> = {
  0: '全部',
  1: '推荐',
  2: '热销',
  5: '限时特价',
  9: '新人专享',
  12: '考前冲刺',
  13: '真题模考',
  14: '视频课程',
  15: '直播课程',
  16: '教材套装',
  17: '续费',
  18: '升级',
  19: '渠道专享',
};

export const simpleSaleList = defineCall({
  id: 'sale.simpleSaleList',
  method: 'GET',
  path: '/api/simpleSaleList',
  group: 'payment',
  needsSession: true,
  summary: 'The versions on sale of one sale-list group (spec §9 values; none: every group), as pricelist shows them.',
  request: z.object({ guid: guid(), appID: appID(), group: optInt('分组', 0, 99) }),
  data: z.object({ list: z.array(priceItem) }),
});

export const recommend = defineCall({
  id: 'sale.recommend',
  method: 'GET',
  path: '/api/recommend',
  group: 'payment',
  needsSession: true,
  summary: 'What to suggest to this learner: recommended and best-selling versions they do not hold, the best first.',
  request: z.object({ guid: guid(), appID: appID() }),
  data: z.object({ list: z.array(priceItem) }),
});

export const purchasedUser = z.object({ user: z.string(), vname: z.string(), at: z.string() });

export const purchasedUserList = defineCall({
  id: 'sale.purchasedUserList',
  method: 'GET',
  path: '/api/purchasedUserList',
  group: 'payment',
  needsSession: true,
  summary: 'Recent buyers of the subject (phones masked), 6 a page, newest first: the ticker of /buyapp.',
  request: z.object({ guid: guid(), appID: appID(), page: page() }),
  data: z.object({ list: z.array(purchasedUser), hasMore: z.boolean() }),
});

export const gradeLevel = z.object({ vn: z.string(), vname: z.string(), vnorder: z.number().int(), held: z.boolean(), endTime: z.string().nullable() });

export const getgradeinfo = defineCall({
  id: 'sale.getgradeinfo',
  method: 'GET',
  path: '/api/getgradeinfo',
  group: 'payment',
  needsSession: true,
  summary: "The learner's grade in the subject: the version ladder (on sale, by order) marked held, the current version, and the next one up with what upgrading to it costs now.",
  request: z.object({ guid: guid(), appID: appID() }),
  data: z.object({
    levels: z.array(gradeLevel),
    current: gradeLevel.nullable(),
    next: z.object({ vn: z.string(), vname: z.string(), price: z.number().int(), upgradePrice: z.number().int().nullable() }).nullable(),
  }),
});

export const saleCalls = { simpleSaleList, recommend, purchasedUserList, getgradeinfo };
