import { couponCalls as k, deliveryCalls as dc, groupBuyCalls as gc, saleCalls as sc, shopCalls as c } from '@kaoshi/contract';
import type { FastifyInstance } from 'fastify';
import { handle } from '../../platform/calls.ts';
import type { Clock } from '../../platform/clock.ts';
import { notifyPath, type PaymentProvider } from './providers.ts';
import type { ShopService } from './service.ts';
import { openNotification } from './wechat-v3.ts';

/** The shop's calls (contract calls/shop.ts): everything for the session's learner, in the request's tenant. */
export const shopRoutes = (shop: ShopService) => [
  handle(c.pricelist, async (ctx) => shop.priceList(ctx.session.userId, await ctx.tenant(), ctx.input.appID)),
  handle(c.pricedetails, async (ctx) => shop.details(ctx.session.userId, await ctx.tenant(), ctx.input)),
  handle(c.getOrderNumber, async (ctx) => shop.createOrder(ctx.session.userId, await ctx.tenant(), ctx.input)),
  handle(c.vipChange, async (ctx) => {
    const { vn, toVn, couponID, ...rest } = ctx.input;
    return shop.createOrder(ctx.session.userId, await ctx.tenant(), { ...rest, vn: toVn, fromVn: vn, couponUserID: couponID });
  }),
  handle(c.queryUserOrder, async (ctx) => shop.order(ctx.session.userId, ctx.input.orderID)),
  handle(c.userOrderList, async (ctx) => shop.orders(ctx.session.userId, ctx.input.page)),
  handle(c.shareOrder, async (ctx) => shop.share(ctx.session.userId, ctx.input.orderID)),
  handle(c.sharedOrder, async (ctx) => shop.shared(ctx.input.orderID, ctx.input.token)),
  handle(k.couponlist, async (ctx) => shop.coupons.claimable(ctx.session.userId, await ctx.tenant(), ctx.input.appID)),
  handle(k.receiveCoupon, async (ctx) => shop.coupons.claim(ctx.session.userId, await ctx.tenant(), ctx.input.couponID)),
  handle(k.myCoupon, async (ctx) => shop.coupons.mine(ctx.session.userId, ctx.input.status)),
  handle(dc.getuseraddresslist, async (ctx) => shop.delivery.list(ctx.session.userId)),
  handle(dc.adduserAddress, async (ctx) => shop.delivery.add(ctx.session.userId, ctx.input)),
  handle(dc.updateuserAddress, async (ctx) => shop.delivery.update(ctx.session.userId, ctx.input.id, ctx.input)),
  handle(dc.destroyuserAddress, async (ctx) => shop.delivery.remove(ctx.session.userId, ctx.input.id)),
  handle(dc.setDeliverInfo, async (ctx) => shop.delivery.setAddress(ctx.session.userId, ctx.input.orderID, ctx.input.addressID)),
  handle(dc.getexpressDetails, async (ctx) => shop.delivery.details(ctx.session.userId, ctx.input.orderID)),
  handle(dc.allDeliver, async (ctx) => shop.delivery.all(ctx.session.userId)),
  handle(dc.takeDeliveryInfo, async (ctx) => shop.delivery.take(ctx.session.userId, ctx.input.orderID)),
  handle(gc.listgroupbuy, async (ctx) => shop.groups.list(await ctx.tenant(), ctx.input.appID)),
  handle(gc.creategroupbuy, async (ctx) => shop.groups.create(ctx.session.userId, await ctx.tenant(), ctx.input)),
  handle(gc.joingroupbuy, async (ctx) => shop.groups.join(ctx.session.userId, await ctx.tenant(), ctx.input)),
  handle(gc.usergroupbuy, async (ctx) => shop.groups.mine(ctx.session.userId)),
  handle(sc.simpleSaleList, async (ctx) => shop.sale.byGroup(ctx.session.userId, await ctx.tenant(), ctx.input.appID, ctx.input.group)),
  handle(sc.recommend, async (ctx) => shop.sale.recommend(ctx.session.userId, await ctx.tenant(), ctx.input.appID)),
  handle(sc.purchasedUserList, async (ctx) => shop.buyers(await ctx.tenant(), ctx.input.appID, ctx.input.page)),
  handle(sc.getgradeinfo, async (ctx) => shop.sale.grade(ctx.session.userId, await ctx.tenant(), ctx.input.appID)),
];

/** A notification's body is at most this (WeChat's are about 1 KiB). */
const NOTIFY_BODY_LIMIT = 16 * 1024;

/**
 * The providers' notification routes (outside the contract: each provider's own format). The raw body is kept
 * for the signature. Answers as WeChat Pay v3 expects: 204 once taken (also a duplicate), 401 for a signature
 * or clock that does not verify, 400 for a refused payment (unknown order, wrong amount); a failure to store
 * answers 500 and the provider sends it again.
 */
export function installNotifyRoutes(app: FastifyInstance, shop: ShopService, providers: Iterable<PaymentProvider>, clock: Clock) {
  return app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_req, body, done) => done(null, body));
    for (const provider of providers) {
      scope.post(notifyPath(provider.id), async (request, reply) => {
        const opened = openNotification(provider.notifyKeys, request.headers, typeof request.body === 'string' ? request.body : '', clock());
        if (!opened.ok) {
          request.log.warn({ provider: provider.id, reason: opened.reason }, 'payment notification not verified');
          return reply.code(401).send({ code: 'FAIL', message: 'signature not verified' });
        }
        const outcome = await shop.applyPayment(provider.id, opened.id, opened.transaction);
        if (typeof outcome === 'object') return reply.code(400).send({ code: 'FAIL', message: `refused: ${outcome.refused}` });
        return reply.code(204).send();
      });
    }
  });
}
