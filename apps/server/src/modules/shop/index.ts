import { DEFAULT_AGENT_CODE, type PayType } from '@kaoshi/contract';
import type { AgentRow } from '../../db/schema/index.ts';
import type { AccountDirectory } from '../user/index.ts';
import { createMemo } from '../../platform/cache/memo.ts';
import { eq } from 'drizzle-orm';
import { groups, orders } from '../../db/schema/index.ts';
import { MINUTE, serverModule, type Platform } from '../../platform/module.ts';
import type { EntitlementService } from '../entitlement/index.ts';
import type { PaymentProvider } from './providers.ts';
import { installNotifyRoutes, shopRoutes } from './routes.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox.ts';
import { createShopService } from './service.ts';
import { messagePoster, type PostMessage } from '../message/index.ts';
import { createPayments } from './payments.ts';
import { localCacheBus } from '../../platform/cache/bus.ts';
import { catalogFacts, type CatalogFacts } from '../catalog/index.ts';
import { createCouponStore } from './coupon-store.ts';
import { createDiscountStore } from './discount-store.ts';
import { createDeliveryStore } from './delivery-store.ts';
import { createGroupStore } from './group-store.ts';
import { createShopStore } from './store.ts';
import { realProviders } from './provider-config.ts';

export type { ShopService } from './service.ts';
export type { RefundOutcome } from './payments.ts';
export type { SandboxProvider } from './sandbox.ts';
export { eraseShopOf } from './erase.ts';
export { openOrdersOf, pricesOf } from './readers.ts';

/**
 * The shop (docs/shop.md): prices, orders and their payment. Providers: the sandbox outside production, and
 * WeChat Pay and Alipay when the environment configures them (provider-config.ts). Notifications arrive on routes of
 * `install`; a job reconciles unpaid orders with their provider and closes the expired ones.
 */
export function createShopModule(
  p: Platform,
  deps: { catalog: CatalogFacts; entitlements: EntitlementService; postMessage?: PostMessage; accounts: AccountDirectory; agentByCode(code: string): Promise<AgentRow> },
) {
  // The agent a learner registered with never changes: held per learner (the agent row itself is the agent module's cache).
  // An operator who moves a learner to another agent tells the caches as for a change of their purchases.
  const agentCodes = createMemo<number, string>(p.bus, { max: 100_000, ttlMs: 10 * MINUTE });
  p.bus.on('purchase', (e) => (e && e.userId !== '*' ? agentCodes.delete(e.userId) : agentCodes.clear()));
  const agentOfUser = async (userId: number) => {
    const code = await agentCodes.get(userId, async () => (await deps.accounts.byId(userId))?.agentCode ?? DEFAULT_AGENT_CODE);
    return deps.agentByCode(code);
  };
  const sandbox: SandboxProvider | undefined =
    p.config.NODE_ENV === 'production'
      ? undefined
      : createSandboxProvider(p.db, p.clock, { retryScale: p.config.SANDBOX_RETRY_SCALE, copies: 2, keysFile: p.config.SANDBOX_KEYS_FILE });
  const providers = new Map<PayType, PaymentProvider>();
  if (sandbox) providers.set('sandbox', sandbox.provider);
  const real = realProviders(p.config);
  for (const provider of real.providers) providers.set(provider.id, provider);
  const off = (['wechat', 'alipay'] as const).filter((id) => !providers.has(id));
  p.log.info(`payment providers: ${[...providers.keys()].join(', ') || 'none'}${off.length ? ` (off: ${off.join(', ')}; README "Payments")` : ''}`);
  const shop = createShopService({
    store: createShopStore(p.db),
    couponStore: createCouponStore(p.db),
    discountStore: createDiscountStore(p.db),
    deliveryStore: createDeliveryStore(p.db),
    groupStore: createGroupStore(p.db),
    catalog: deps.catalog,
    entitlements: deps.entitlements,
    providers,
    clock: p.clock,
    limiter: p.limiter,
    bus: p.bus,
    log: p.log,
    orderLimit: p.config.ORDER_RATE_LIMIT,
    postMessage: deps.postMessage,
    agentOfUser,
  });
  return serverModule({
    name: 'shop',
    handlers: shopRoutes(shop, p.clock, real.wechat),
    async install(app) {
      sandbox?.install(app);
      await installNotifyRoutes(app, shop, providers.values(), p.clock);
      // Test-only hook (NODE_ENV=test, the browser journeys): the group of an order runs out of time now, and
      // the expiry job runs at once, as it would once the group's hours were over.
      if (p.config.NODE_ENV === 'test')
        app.post('/__test__/group-expiry', async (request) => {
          const orderNo = String((request.query as { orderID?: string }).orderID ?? '');
          const [o] = await p.db.select({ groupId: orders.groupId }).from(orders).where(eq(orders.orderNo, orderNo));
          if (!o?.groupId) return { status: 404, msg: 'no group order', data: null };
          await p.db
            .update(groups)
            .set({ expiresAt: new Date(p.clock() - 1000) })
            .where(eq(groups.id, o.groupId));
          return { status: 200, msg: '', data: await shop.groupSweep() };
        });
      // Test-only hook (NODE_ENV=test, the browser journeys): the operator's refund (cli/refund.ts runs the same
      // function), since the journeys' embedded database cannot be opened by a second process.
      if (p.config.NODE_ENV === 'test')
        app.post('/__test__/refund', async (request) => {
          const orderNo = String((request.query as { orderID?: string }).orderID ?? '');
          return { status: 200, msg: '', data: await shop.refund(orderNo, '学员申请退款') };
        });
    },
    jobs: [
      { name: 'order reconcile and expiry', everyMs: MINUTE, run: shop.sweep },
      { name: 'group buy expiry', everyMs: MINUTE, run: shop.groupSweep },
      { name: 'discount code holds', everyMs: MINUTE, run: shop.releaseDiscountHolds },
    ],
    shop,
    sandbox,
  });
}

/**
 * Refunds for the operator's command line (cli/refund.ts), with the providers this environment has (the sandbox
 * outside production). The server's caches hear of the change through the database's notifications.
 */
export async function createRefunder(db: Platform['db'], config: Platform['config'], clock: Platform['clock']) {
  const providers = new Map<PayType, PaymentProvider>();
  if (config.NODE_ENV !== 'production') providers.set('sandbox', createSandboxProvider(db, clock, { retryScale: 1, copies: 0, keysFile: config.SANDBOX_KEYS_FILE }).provider);
  for (const provider of realProviders(config).providers) providers.set(provider.id, provider);
  const quiet = { warn() {}, error() {} };
  const payments = createPayments({
    store: createShopStore(db),
    couponStore: createCouponStore(db),
    catalog: catalogFacts(db),
    providers,
    clock,
    bus: await localCacheBus(),
    log: quiet,
    postMessage: messagePoster(db, clock),
  });
  return payments.refund;
}

/**
 * Shipping for the operator's command line (cli/ship.ts): marks a paid order's books shipped, then tells the learner
 * in 订单物流 (docs/messages.md), once per order. Undefined when the order cannot be shipped; `told` false when the
 * order shipped but its message could not be written (the shipping stands).
 */
export function createShipper(db: Platform['db'], clock: Platform['clock']) {
  const store = createDeliveryStore(db);
  const postMessage = messagePoster(db, clock);
  return async (orderNo: string, courier: string, trackingNo: string) => {
    const row = await store.ship(orderNo, courier, trackingNo, new Date(clock()));
    if (!row) return undefined;
    const message = postMessage(row.userId, {
      kind: 'delivery',
      title: '商品已发货',
      body: `你订单中的图书已由${courier}发出，运单号 ${trackingNo}。收到后请在订单详情中确认收货。`,
      link: `/receiptDetail?orderID=${row.orderNo}`,
      dedupe: `order-shipped:${row.orderNo}`,
    });
    const told = await message.then(
      () => true,
      () => false,
    );
    return { ...row, told };
  };
}
