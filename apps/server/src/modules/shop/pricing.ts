import { SHOP_MSG, type PayType, type PriceItem } from '@kaoshi/contract';
import { badInput } from '../../platform/errors.ts';
import type { AgentRow, PurchaseRow, PriceRow, VersionRow } from '../../db/schema/index.ts';
import { equipmentKind, type PaymentProvider } from './providers.ts';

/** The price row of a version for an agent: its own, else the default agent's; none: not on sale. */
export function priceFor(rows: PriceRow[], agentCode: string, defaultAgent: string, vn: string): PriceRow | undefined {
  return rows.find((r) => r.agentCode === agentCode && r.vn === vn) ?? rows.find((r) => r.agentCode === defaultAgent && r.vn === vn);
}

/**
 * The versions a learner can buy, with the price the server charges (docs/shop.md): listed ones (not buyListHide,
 * not hidden from the learner by hideByVip), with a price of the agent or the default
 * agent. The amount of an order is `price` — nothing a client sends enters it.
 */
export function saleItems(versions: VersionRow[], rows: PriceRow[], held: { valid: PurchaseRow[]; hidden: Set<string> }, agentCode: string, defaultAgent: string): PriceItem[] {
  const items: PriceItem[] = [];
  for (const v of versions) {
    if (v.buyListHide || held.hidden.has(v.vn)) continue;
    const row = priceFor(rows, agentCode, defaultAgent, v.vn);
    if (!row || row.priceFen <= 0) continue;
    const mine = held.valid.find((p) => p.vn === v.vn);
    items.push({
      vn: v.vn,
      vname: v.vname,
      vnorder: v.vnorder,
      price: row.priceFen,
      originalPrice: Math.max(row.originalFen, row.priceFen),
      validityDays: v.validityDays,
      group: row.groupValue,
      modules: v.vnjson.map((m) => ({ id: m.id, name: m.name })),
      isVip: mine ? 1 : 0,
      heldUntil: mine ? mine.endTime.toISOString() : null,
    });
  }
  return items;
}

/** An agent that sells nothing online: buying disabled, or selling through its customer service only (spec §6). */
export const buyingOff = (agent: AgentRow) => agent.buyDisabled || agent.contactOnly;

/** A custom-payment agent's own payment page (PhonePayUrl, else WeiXinPayUrl); null for the others. */
export const customPayUrl = (agent: AgentRow) => (agent.customPayment ? agent.phonePayUrl || agent.weixinPayUrl || null : null);

/** Every order (a purchase, an upgrade, a group buy) is refused for an agent that does not take payment here. */
export function assertSellsOnline(agent: AgentRow): void {
  if (buyingOff(agent)) throw badInput(SHOP_MSG.buyDisabled);
  if (customPayUrl(agent)) throw badInput(SHOP_MSG.customPayment);
}

/**
 * The payment methods offered to this agent's learner on this device (docs/shop.md, "Providers"): a provider
 * configured here, that the agent takes (WeChat Pay: IsWeiXinPay = 1; Alipay: an Alipay account; the sandbox:
 * every agent, outside production) and that works on this equipment (no Alipay inside WeChat).
 */
export function methodsFor(agent: AgentRow, providers: ReadonlyMap<PayType, PaymentProvider>, equipment = ''): PaymentProvider[] {
  if (buyingOff(agent) || customPayUrl(agent)) return [];
  const kind = equipmentKind(equipment);
  const agentTakes = (id: PayType) => (id === 'wechat' ? agent.isWeixinPay === 1 : id === 'alipay' ? agent.alipay !== '' : true);
  return [...providers.values()].filter((p) => agentTakes(p.id) && p.equipments.includes(kind));
}

/** The provider of an order: one of methodsFor, else refused (暂不支持该支付方式). */
export function providerFor(agent: AgentRow, providers: ReadonlyMap<PayType, PaymentProvider>, payType: PayType, equipment = ''): PaymentProvider {
  assertSellsOnline(agent);
  const provider = methodsFor(agent, providers, equipment).find((p) => p.id === payType);
  if (!provider) throw badInput(SHOP_MSG.payTypeOff);
  return provider;
}
