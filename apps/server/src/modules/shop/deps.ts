import type { PayType } from '@kaoshi/contract';
import type { AgentRow } from '../../db/schema/index.ts';
import type { CacheBus } from '../../platform/cache/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RateLimiter } from '../../platform/rate-limit/limiter.ts';
import type { CatalogFacts } from '../catalog/index.ts';
import type { EntitlementService } from '../entitlement/index.ts';
import type { PostMessage } from '../message/index.ts';
import type { CouponStore } from './coupon-store.ts';
import type { DeliveryStore } from './delivery-store.ts';
import type { DiscountStore } from './discount-store.ts';
import type { GroupStore } from './group-store.ts';
import type { PaymentProvider } from './providers.ts';
import type { ShopStore } from './store.ts';

/** What the shop's parts are built from (service.ts builds ordering, payments and groups with it). */
export interface ShopDeps {
  store: ShopStore;
  couponStore: CouponStore;
  discountStore: DiscountStore;
  deliveryStore: DeliveryStore;
  groupStore: GroupStore;
  catalog: CatalogFacts;
  entitlements: EntitlementService;
  providers: ReadonlyMap<PayType, PaymentProvider>;
  clock: Clock;
  limiter: RateLimiter;
  bus: CacheBus;
  log: { warn(o: object, msg: string): void; error(o: object, msg: string): void };
  /** Orders one learner may create per ORDER_LIMIT.windowMs (default ORDER_LIMIT.perUser). */
  orderLimit?: number;
  /** The message module's postMessage: 购买成功 and 退款成功 reach the learner's inbox. */
  postMessage?: PostMessage;
  /** The agent a learner's account was registered with: its prices, coupons and codes are the learner's. */
  agentOfUser(userId: number): Promise<AgentRow>;
}
