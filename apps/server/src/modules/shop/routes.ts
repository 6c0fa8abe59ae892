import { SHOP_MSG, discountCalls as dsc, huabeiCalls as h, couponCalls as k, deliveryCalls as dc, groupBuyCalls as gc, saleCalls as sc, shopCalls as c } from '@kaoshi/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { handle } from '../../platform/calls.ts';
import type { Clock } from '../../platform/clock.ts';
import { NOTIFY_PREFIX, WECHAT_ANSWERS, type NotifyAnswer, type PaymentProvider } from './providers.ts';
import type { ShopService } from './service.ts';
import type { WechatPay } from './wechat-pay.ts';
import { discountView } from './discounts.ts';
import { badInput } from '../../platform/errors.ts';

/**
 * The shop's calls (contract calls/shop/): everything for the session's learner, at the prices, coupons, codes and
 * group buys of the agent the learner registered with — never the request's `ac` or subdomain (docs/shop.md).
 */
export function shopRoutes(shop: ShopService, clock: Clock, wechat?: WechatPay) {
  const agentOf = (ctx: { session: { userId: number } }) => shop.agentOf(ctx.session.userId);
  return [
    handle(c.pricelist, async (ctx) => shop.priceList(ctx.session.userId, await agentOf(ctx), ctx.input.appID, ctx.input.equipment)),
    handle(c.pricedetails, async (ctx) => shop.details(ctx.session.userId, await agentOf(ctx), ctx.input)),
    // hbfqnum is the spec's wire name of an order's Huabei instalments; inside the shop they are `instalments`.
    handle(c.getOrderNumber, async (ctx) => {
      const { hbfqnum, ...rest } = ctx.input;
      return shop.createOrder(ctx.session.userId, await agentOf(ctx), { ...rest, instalments: hbfqnum, ip: ctx.ip });
    }),
    handle(c.vipChange, async (ctx) => {
      const { vn, toVn, couponID, hbfqnum, ...rest } = ctx.input;
      return shop.createOrder(ctx.session.userId, await agentOf(ctx), { ...rest, vn: toVn, fromVn: vn, couponUserID: couponID, instalments: hbfqnum, ip: ctx.ip });
    }),
    handle(c.queryUserOrder, async (ctx) => shop.order(ctx.session.userId, ctx.input.orderID)),
    handle(c.userOrderList, async (ctx) => shop.orders(ctx.session.userId, ctx.input.page)),
    handle(c.shareOrder, async (ctx) => shop.share(ctx.session.userId, ctx.input.orderID)),
    handle(c.sharedOrder, async (ctx) => shop.shared(ctx.input.orderID, ctx.input.token)),
    handle(dsc.discountlist, async (ctx) => shop.discounts.listed(await agentOf(ctx), ctx.input.appID)),
    handle(dsc.discount, async (ctx) => {
      const { code, ...order } = ctx.input;
      const agent = await agentOf(ctx);
      const d = await shop.discounts.byCode(ctx.session.userId, agent, code);
      const q = await shop.details(ctx.session.userId, agent, { ...order, discountID: d.code });
      return { ...discountView(d), off: q.discountOff };
    }),
    handle(dsc.spread, async (ctx) => shop.discounts.spread(ctx.session.userId, await agentOf(ctx), ctx.input.code)),
    handle(h.getHuabeiPrice, async (ctx) => shop.huabei(ctx.session.userId, await agentOf(ctx), ctx.input)),
    handle(c.wechatJsapi, async (ctx) => {
      const o = await shop.order(ctx.session.userId, ctx.input.orderID);
      if (!wechat) throw badInput(SHOP_MSG.payTypeOff);
      if (o.payType !== 'wechat' || o.status !== 'created' || Date.parse(o.expiresAt) <= clock()) throw badInput(SHOP_MSG.notPayable);
      if (!ctx.input.code) return { authorizeUrl: wechat.authorizeUrl(o.orderID), params: null };
      const payer = await wechat.openid(ctx.input.code);
      if (!payer) throw badInput(SHOP_MSG.wechatAuth);
      const params = await wechat.jsapi({ orderNo: o.orderID, amountFen: o.amount, description: `${o.appName} ${o.vname}`, expiresAt: new Date(o.expiresAt) }, payer);
      return { authorizeUrl: null, params };
    }),
    handle(k.couponlist, async (ctx) => shop.coupons.claimable(ctx.session.userId, await agentOf(ctx), ctx.input.appID)),
    handle(k.receiveCoupon, async (ctx) => shop.coupons.claim(ctx.session.userId, await agentOf(ctx), ctx.input.couponID)),
    handle(k.myCoupon, async (ctx) => shop.coupons.mine(ctx.session.userId, ctx.input.status)),
    handle(dc.getuseraddresslist, async (ctx) => shop.delivery.list(ctx.session.userId)),
    handle(dc.adduserAddress, async (ctx) => shop.delivery.add(ctx.session.userId, ctx.input)),
    handle(dc.updateuserAddress, async (ctx) => shop.delivery.update(ctx.session.userId, ctx.input.id, ctx.input)),
    handle(dc.destroyuserAddress, async (ctx) => shop.delivery.remove(ctx.session.userId, ctx.input.id)),
    handle(dc.setDeliverInfo, async (ctx) => shop.delivery.setAddress(ctx.session.userId, ctx.input.orderID, ctx.input.addressID)),
    handle(dc.getexpressDetails, async (ctx) => shop.delivery.details(ctx.session.userId, ctx.input.orderID)),
    handle(dc.allDeliver, async (ctx) => shop.delivery.all(ctx.session.userId)),
    handle(dc.takeDeliveryInfo, async (ctx) => shop.delivery.take(ctx.session.userId, ctx.input.orderID)),
    handle(gc.listgroupbuy, async (ctx) => shop.groups.list(await agentOf(ctx), ctx.input.appID)),
    handle(gc.creategroupbuy, async (ctx) => shop.groups.create(ctx.session.userId, await agentOf(ctx), { ...ctx.input, ip: ctx.ip })),
    handle(gc.joingroupbuy, async (ctx) => shop.groups.join(ctx.session.userId, await agentOf(ctx), { ...ctx.input, ip: ctx.ip })),
    handle(gc.usergroupbuy, async (ctx) => shop.groups.mine(ctx.session.userId)),
    handle(sc.simpleSaleList, async (ctx) => shop.sale.byGroup(ctx.session.userId, await agentOf(ctx), ctx.input.appID, ctx.input.group)),
    handle(sc.recommend, async (ctx) => shop.sale.recommend(ctx.session.userId, await agentOf(ctx), ctx.input.appID)),
    handle(sc.purchasedUserList, async (ctx) => shop.buyers(await agentOf(ctx), ctx.input.appID, ctx.input.page)),
    handle(sc.getgradeinfo, async (ctx) => shop.sale.grade(ctx.session.userId, await agentOf(ctx), ctx.input.appID)),
  ];
}

/** A notification's body is at most this (WeChat's are about 1 KiB). */
const NOTIFY_BODY_LIMIT = 16 * 1024;

/** What is not taken is never answered 2xx: the provider would count it as delivered and never send it again. */
const notTaken = (a: NotifyAnswer): NotifyAnswer => (a.status >= 400 ? a : { ...a, status: 400 });
const send = (reply: FastifyReply, a: NotifyAnswer) => reply.code(a.status).send(a.body);

/** A failure inside the notification routes, answered with its own HTTP status in the provider's shape (never 200). */
const failure = (provider: PaymentProvider | undefined) => (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  const code = error.statusCode;
  const status = code !== undefined && code >= 400 && code < 600 ? code : 500;
  if (status >= 500) request.log.error({ provider: provider?.id, err: error }, 'payment notification failed');
  else request.log.warn({ provider: provider?.id, status, code: error.code }, 'payment notification rejected');
  return send(reply, notTaken((provider?.answers ?? WECHAT_ANSWERS).failed(status)));
};

/**
 * The providers' notification routes (outside the contract: each provider's own format), under their own
 * prefix. The raw body is kept for the signature. Each is answered as its provider expects (WeChat Pay v3: 204
 * once taken, also a duplicate; 401 for a signature or clock that does not verify; 400 for a notification that is
 * not a payment of ours or a refused payment such as an unknown order or a wrong amount. Alipay: the text success,
 * else fail). Every failure answers its real HTTP status in the provider's shape, never 2xx (the app's envelope is
 * not used here): a body over the limit 413, bad content 4xx, an unknown route 404, a failure to store 500, and
 * the provider sends it again.
 */
export function installNotifyRoutes(app: FastifyInstance, shop: ShopService, providers: Iterable<PaymentProvider>, clock: Clock) {
  return app.register(
    async (notify) => {
      notify.removeAllContentTypeParsers();
      notify.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_req, body, done) => done(null, body));
      notify.setErrorHandler(failure(undefined));
      notify.setNotFoundHandler((_request, reply) => send(reply, WECHAT_ANSWERS.failed(404)));
      for (const provider of providers) {
        await notify.register(async (scope) => {
          scope.setErrorHandler(failure(provider));
          scope.post(`/${provider.id}`, async (request, reply) => {
            const opened = provider.open(request.headers, typeof request.body === 'string' ? request.body : '', clock());
            if (!opened.ok) {
              // A short English word only (headers, signature, event, merchant, app ...): no field of the notification.
              request.log.warn({ provider: provider.id, reason: opened.reason }, opened.authentic ? 'payment notification refused' : 'payment notification not verified');
              return send(reply, notTaken(opened.authentic ? provider.answers.refused(opened.reason) : provider.answers.unverified));
            }
            const outcome = await shop.applyPayment(provider.id, opened.id, opened.event);
            return send(reply, typeof outcome === 'object' ? notTaken(provider.answers.refused(outcome.refused)) : provider.answers.taken);
          });
        });
      }
    },
    { prefix: NOTIFY_PREFIX },
  );
}
