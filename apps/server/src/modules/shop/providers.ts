import type { PayType } from '@kaoshi/contract';
import type { NotifyKeys } from './wechat-v3.ts';

/** What the shop asks a provider to collect. */
export interface StartPayment {
  orderNo: string;
  amountFen: number;
  /** Shown on the provider's page (the version and subject). */
  description: string;
  /** Where the provider sends the learner back (the shop's /buyCallback for this order). */
  returnUrl: string;
}

/** A payment the provider holds as made (reconciliation). */
export interface ProviderPayment {
  transactionId: string;
  amountFen: number;
}

/**
 * A payment provider behind one interface (docs/shop.md): it starts a payment and says where the learner pays,
 * answers what it knows of an order's payment, and signs its notifications with keys the shop verifies.
 */
export interface PaymentProvider {
  readonly id: PayType;
  readonly notifyKeys: NotifyKeys;
  start(p: StartPayment): Promise<{ payUrl: string }>;
  query(orderNo: string): Promise<ProviderPayment | null>;
  /** Pay an order's amount back (idempotent by order number); throws when the provider holds no such payment. */
  refund?(orderNo: string, amountFen: number): Promise<void>;
}

/** Where each provider's notifications arrive (outside the contract: the provider's format, not ours). */
export const notifyPath = (provider: PayType) => `/api/pay/notify/${provider}`;
