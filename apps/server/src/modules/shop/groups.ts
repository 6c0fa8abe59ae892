import { GROUP_MSG, type GroupOffer, type MyGroup, type OrderView, type PayType } from '@kaoshi/contract';
import type { Tx } from '../../db/index.ts';
import type { AgentRow, OrderRow } from '../../db/schema/index.ts';
import { maskPhone } from '../../platform/crypto.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import type { GroupStore } from './group-store.ts';
import { providerFor } from './pricing.ts';
import { countOrder, ORDER_TTL_MS, newOrderNo, startPayment } from './ordering.ts';
import type { GroupHook, RefundOutcome } from './payments.ts';
import type { ShopDeps } from './deps.ts';

const GROUP_SWEEP_BATCH = 100;

export interface GroupDeps extends ShopDeps {
  groupStore: GroupStore;
  view(o: OrderRow): Promise<OrderView>;
  /** The version's own price for this agent (the list price of a group order). */
  versionPrice(agent: AgentRow, appId: number, vn: string): Promise<number | undefined>;
}

/**
 * Group buys (docs/shop.md): an offer sells a version at a group price when `size` learners pay within `minutes`.
 * A payment counts one member (compare-and-set while the group is open and not full); the one that fills it grants
 * every member in the same transaction; a payment into a full or finished group is refunded at once; a group
 * still short at its end fails and every paid member is refunded (the shop's job, which also retries refunds
 * that failed).
 */
/** How a group order is paid: the method, the client, the idempotency key and the payer's IP. */
interface PayInput {
  payType: PayType;
  equipment?: string;
  requestId: string;
  ip?: string;
}

export function createGroups(d: GroupDeps) {
  const { groupStore: store, clock } = d;

  async function order(
    userId: number,
    agent: AgentRow,
    g: { appId: number; vn: string; priceFen: number; size: number } & PayInput,
    group: (tx: Tx, orderNo: string) => Promise<number>,
  ) {
    const provider = providerFor(agent, d.providers, g.payType, g.equipment);
    await countOrder(d, userId);
    const now = clock();
    const list = (await d.versionPrice(agent, g.appId, g.vn)) ?? g.priceFen;
    const row = await d.store.transaction(async (tx) => {
      const made = await d.store.insertOrder(
        tx,
        {
          orderNo: newOrderNo(now),
          userId,
          agentCode: agent.code,
          appId: g.appId,
          vn: g.vn,
          kind: 'group',
          amountFen: g.priceFen,
          baseFen: g.priceFen,
          listFen: Math.max(list, g.priceFen),
          payType: provider.id,
          equipment: g.equipment ?? '',
          requestId: g.requestId,
          status: 'created',
          createdAt: new Date(now),
          expiresAt: new Date(now + ORDER_TTL_MS),
        },
        () => newOrderNo(now),
      );
      if (made.fresh) made.row.groupId = await group(tx, made.row.orderNo);
      return made.row;
    });
    if (row.status === 'created' && !row.payUrl) {
      // What the provider's page shows: '护士执业资格 VIP班 拼团（3人团）'.
      const [subject, versions] = await Promise.all([d.catalog.subject(row.appId), d.catalog.versions(row.appId)]);
      const vname = versions.find((v) => v.vn === row.vn)?.vname ?? row.vn;
      await startPayment(d, provider, row, `${subject?.appName ?? ''} ${vname} 拼团（${g.size}人团）`, g.ip);
    }
    return d.view(row);
  }

  /** The offers of a subject for an agent's learners; none when the agent does not sell the subject. */
  const sold = async (agent: AgentRow, appId: number) => ((await d.catalog.sells(agent.code, appId)) ? store.offers(agent.code, appId) : []);

  const hook: GroupHook = {
    async onPaid(tx, o, at) {
      // Read in the paying transaction (PGlite has one connection: a read beside it would wait for it).
      const group = o.groupId === null ? undefined : await store.group(o.groupId, tx);
      const offer = group ? await store.offer(group.groupBuyId, tx) : undefined;
      if (!group || !offer) return { grant: [], refund: true };
      const counted = await store.countPaid(tx, group.id, offer.size, at);
      if (!counted) return { grant: [], refund: true };
      if (counted.paidCount < offer.size) return { grant: [], refund: false };
      await store.close(group.id, 'full', at, tx);
      return { grant: await store.paidOrders(group.id, tx), refund: false };
    },
  };

  return {
    hook,

    async list(agent: AgentRow, appId: number): Promise<{ list: GroupOffer[] }> {
      const offers = await sold(agent, appId);
      const [versions, open] = await Promise.all([
        d.catalog.versions(appId),
        store.joinable(
          offers.map((o) => o.id),
          new Date(clock()),
        ),
      ]);
      const list: GroupOffer[] = [];
      for (const o of offers) {
        const v = versions.find((x) => x.vn === o.vn);
        if (!v) continue;
        list.push({
          groupBuyID: o.id,
          vn: o.vn,
          vname: v.vname,
          price: o.priceFen,
          originalPrice: Math.max((await d.versionPrice(agent, appId, o.vn)) ?? o.priceFen, o.priceFen),
          size: o.size,
          minutes: o.minutes,
          groups: open
            .filter((g) => g.group.groupBuyId === o.id)
            .map((g) => ({
              groupID: g.group.id,
              leader: maskPhone(g.phone ?? ''),
              paid: g.group.paidCount,
              need: g.size - g.group.paidCount,
              expiresAt: g.group.expiresAt.toISOString(),
            })),
        });
      }
      return { list };
    },

    async create(userId: number, agent: AgentRow, input: { appID: number; vn: string } & PayInput) {
      const offer = (await sold(agent, input.appID)).find((o) => o.vn === input.vn);
      if (!offer) throw badInput(GROUP_MSG.noOffer);
      const now = clock();
      return order(userId, agent, { ...input, appId: input.appID, priceFen: offer.priceFen, size: offer.size }, async (tx, orderNo) => {
        const g = await store.startGroup(tx, {
          groupBuyId: offer.id,
          leaderId: userId,
          status: 'open',
          createdAt: new Date(now),
          expiresAt: new Date(now + offer.minutes * 60_000),
        });
        await store.attach(tx, orderNo, g.id);
        return g.id;
      });
    },

    async join(userId: number, agent: AgentRow, input: { groupID: number } & PayInput) {
      const group = await store.group(input.groupID);
      const offer = group ? await store.offer(group.groupBuyId) : undefined;
      if (!group || !offer || (offer.agentCode !== null && offer.agentCode !== agent.code) || !(await d.catalog.sells(agent.code, offer.appId))) throw notFound(GROUP_MSG.unknown);
      if (group.status !== 'open' || group.expiresAt.getTime() <= clock()) throw badInput(GROUP_MSG.over);
      if (group.paidCount >= offer.size) throw badInput(GROUP_MSG.full);
      const mine = await store.memberOrder(group.id, userId);
      if (mine && mine.requestId !== input.requestId) throw badInput(GROUP_MSG.joined);
      return order(userId, agent, { ...input, appId: offer.appId, vn: offer.vn, priceFen: offer.priceFen, size: offer.size }, async (tx, orderNo) => {
        await store.attach(tx, orderNo, group.id);
        return group.id;
      });
    },

    async mine(userId: number): Promise<{ list: MyGroup[] }> {
      const rows = await store.mine(userId);
      const list: MyGroup[] = [];
      for (const r of rows) {
        const [subject, versions] = await Promise.all([d.catalog.subject(r.offer.appId), d.catalog.versions(r.offer.appId)]);
        list.push({
          groupID: r.group.id,
          appID: r.offer.appId,
          appName: subject?.appName ?? '',
          vname: versions.find((v) => v.vn === r.offer.vn)?.vname ?? r.offer.vn,
          price: r.offer.priceFen,
          size: r.offer.size,
          paid: r.group.paidCount,
          status: r.group.status as MyGroup['status'],
          expiresAt: r.group.expiresAt.toISOString(),
          leader: r.group.leaderId === userId,
          orderID: r.order.orderNo,
          orderStatus: r.order.status as MyGroup['orderStatus'],
        });
      }
      return { list };
    },

    /** Groups over their time and short of members fail: every paid member refunded, unpaid orders closed. */
    async sweep(refund: (orderNo: string, reason: string) => Promise<RefundOutcome>): Promise<{ failed: number; refunded: number }> {
      const now = new Date(clock());
      let failed = 0;
      let refunded = 0;
      for (const g of await store.overdue(now, GROUP_SWEEP_BATCH)) {
        if (!(await store.close(g.id, 'failed', now))) continue;
        failed++;
        for (const o of await store.paidOrders(g.id)) if ((await refund(o.orderNo, '拼团未成团，自动退款')) === 'refunded') refunded++;
        for (const o of await store.unpaidOrders(g.id)) await d.store.close(o.orderNo, 'group failed', now);
      }
      // Refunds that failed before (a provider down): a paid member of a group that is over and was not granted.
      for (const o of await store.stranded(GROUP_SWEEP_BATCH)) if ((await refund(o.orderNo, '拼团已结束，自动退款')) === 'refunded') refunded++;
      return { failed, refunded };
    },
  };
}

export type Groups = ReturnType<typeof createGroups>;
