import { pricedetails, pricelist, SHOP_MSG, upgradable, vipChange, vipinfo } from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { purchases } from '../../db/schema/index.ts';
import { createTestApp, nextPhone, type TestApp } from '../../test/helpers.ts';
import { DAY_MS } from './quote.ts';
import { confirmPay, order, requestId, waitForStatus } from './shop-setup.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A new learner who bought 基础班 of 1001 through the sandbox. */
async function basicHolder() {
  const phone = nextPhone();
  const { guid } = await t.register(phone);
  const o = (await order(t, guid, '1')).data;
  await confirmPay(t, o.payUrl);
  await waitForStatus(t, guid, o.orderID, 'fulfilled');
  const held = (await t.call(pricelist, { guid, appID: 1001 })).data.items.find((i: { vn: string }) => i.vn === '1');
  return { guid, phone, endsAt: Date.parse(held.heldUntil) };
}
const upgrade = (guid: string, vn: string, toVn: string) => t.call(vipChange, { guid, appID: 1001, vn, toVn, payType: 'sandbox', requestId: requestId() });

describe('upgrades (vipChange)', () => {
  it('基础班 → 至尊班 pays the daily difference for the days left, and 至尊班 then runs to the same end', async () => {
    const { guid, endsAt } = await basicHolder();
    const quote = (await t.call(pricedetails, { guid, appID: 1001, vn: '3', fromVn: '1' })).data;
    expect(quote).toMatchObject({ kind: 'upgrade', fromVname: '基础班', vname: '至尊班', base: 50000, amount: 50000, endsAt: new Date(endsAt).toISOString() });
    const o = (await upgrade(guid, '1', '3')).data;
    expect(o).toMatchObject({ kind: 'upgrade', fromVn: '1', vn: '3', amount: 50000 });
    await confirmPay(t, o.payUrl);
    await waitForStatus(t, guid, o.orderID, 'fulfilled');
    const v = (await t.call(vipinfo, { guid, appID: 1001 })).data.vipdata;
    expect(v).toMatchObject({ AppVn: '3', EndTime: new Date(endsAt).toISOString() });
  });

  it('half a year in, pays half; on the last day, one day of the difference', async () => {
    const { phone } = await basicHolder();
    t.clock.advance(182.5 * DAY_MS);
    let guid = await t.login(phone, 'Passw0rd!');
    expect((await t.call(pricedetails, { guid, appID: 1001, vn: '3', fromVn: '1' })).data.amount).toBe(Math.ceil((50000 / 365) * 183));
    t.clock.advance(182 * DAY_MS);
    guid = await t.login(phone, 'Passw0rd!');
    expect((await t.call(pricedetails, { guid, appID: 1001, vn: '3', fromVn: '1' })).data.amount).toBe(Math.ceil(50000 / 365));
  });

  it('refuses an expired or unheld version, the same version and a downgrade', async () => {
    const { guid, phone } = await basicHolder();
    expect((await upgrade(guid, '1', '1')).msg).toBe(SHOP_MSG.upgradeSame);
    expect((await upgrade(guid, '2', '3')).msg).toBe(SHOP_MSG.upgradeNotHeld);
    const vip = (await order(t, guid, '2')).data;
    await confirmPay(t, vip.payUrl);
    await waitForStatus(t, guid, vip.orderID, 'fulfilled');
    expect((await upgrade(guid, '2', '1')).msg).toBe(SHOP_MSG.upgradeDown);
    t.clock.advance(366 * DAY_MS);
    const later = await t.login(phone, 'Passw0rd!');
    expect((await upgrade(later, '1', '3')).msg).toBe(SHOP_MSG.upgradeNotHeld);
    expect((await t.callRaw(vipChange, { guid: later, appID: 1001, vn: '1', toVn: '3', payType: 'sandbox' })).msg).toBe('请填写请求编号');
  });
});

describe('upgrades that cannot be gamed (issue 31)', () => {
  it('refuses 至尊班 or VIP班 → 考前模拟: a different product is bought, not upgraded into for ¥0.01', async () => {
    const guid = await t.newLearner();
    for (const vn of ['2', '3']) {
      const o = (await order(t, guid, vn)).data;
      await confirmPay(t, o.payUrl);
      await waitForStatus(t, guid, o.orderID, 'fulfilled');
    }
    for (const from of ['2', '3']) {
      expect(await t.call(pricedetails, { guid, appID: 1001, vn: '4_MNDB', fromVn: from })).toMatchObject({ status: 400, msg: SHOP_MSG.upgradeNotContained });
      expect((await upgrade(guid, from, '4_MNDB')).msg).toBe(SHOP_MSG.upgradeNotContained);
    }
    // Bought as the product it is: ¥49 for its 90 days.
    expect((await order(t, guid, '4_MNDB')).data).toMatchObject({ amount: 4900, kind: 'buy' });
  });

  it('three stacked years of 基础班 upgrade to three years of 至尊班 only for three years of the difference', async () => {
    const phone = nextPhone();
    const { guid } = await t.register(phone);
    for (let i = 0; i < 3; i++) {
      const o = (await order(t, guid, '1')).data;
      await confirmPay(t, o.payUrl);
      await waitForStatus(t, guid, o.orderID, 'fulfilled');
    }
    const held = Date.parse((await t.call(pricelist, { guid, appID: 1001 })).data.items.find((i: { vn: string }) => i.vn === '1').heldUntil);
    expect(held - t.clock.now).toBe(3 * 365 * DAY_MS);
    const quote = (await t.call(pricedetails, { guid, appID: 1001, vn: '3', fromVn: '1' })).data;
    // ¥594 + ¥1,500 = ¥2,094: exactly three years of 至尊班.
    expect(quote).toMatchObject({ amount: 150000, endsAt: new Date(held).toISOString() });
    const o = (await upgrade(guid, '1', '3')).data;
    expect(o.amount).toBe(quote.amount);
    await confirmPay(t, o.payUrl);
    await waitForStatus(t, guid, o.orderID, 'fulfilled');
    expect((await t.call(vipinfo, { guid, appID: 1001 })).data.vipdata).toMatchObject({ AppVn: '3', EndTime: quote.endsAt });
  });

  it('charges only for the days beyond the target already held, and refuses when there are none', async () => {
    const { guid } = await basicHolder();
    const buy = async (vn: string) => {
      const o = (await order(t, guid, vn)).data;
      await confirmPay(t, o.payUrl);
      await waitForStatus(t, guid, o.orderID, 'fulfilled');
    };
    await buy('3'); // 至尊班 for the same year as 基础班: nothing left to upgrade
    expect(await t.call(pricedetails, { guid, appID: 1001, vn: '3', fromVn: '1' })).toMatchObject({ status: 400, msg: SHOP_MSG.upgradeNothing });
    await buy('1');
    await buy('1'); // 基础班 now runs three years, 至尊班 one: the upgrade covers the second and third years only
    expect((await t.call(pricedetails, { guid, appID: 1001, vn: '3', fromVn: '1' })).data.amount).toBe(100000);
  });

  it('property: no sequence of purchases and upgrades gives more version-days than were paid for, and quote, order and grant agree', async () => {
    const versions = (await t.call(pricelist, { guid: await t.newLearner(), appID: 1001 })).data.items as {
      vn: string;
      vnorder: number;
      price: number;
      validityDays: number;
      modules: { id: string }[];
    }[];
    const perDay = new Map(versions.map((v) => [v.vn, v.price / v.validityDays]));
    const byVn = new Map(versions.map((v) => [v.vn, v]));
    // A held version counts unless another held one contains all it opens (考前模拟 beside 基础班 counts as well).
    const counts = (vn: string, held: string[]) => !held.some((w) => w !== vn && upgradable(byVn.get(vn)!, byVn.get(w)!));
    const step = fc.oneof(
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('buy' as const), vn: fc.constantFrom('1', '1', '2', '3', '4_MNDB'), times: fc.integer({ min: 1, max: 3 }) }) },
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('upgrade' as const), from: fc.constantFrom('1', '2', '3'), to: fc.constantFrom('2', '3', '4_MNDB') }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 1, max: 500 }) }) },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        const phone = nextPhone();
        const { userID } = await t.register(phone);
        let paid = 0;
        let value = 0;
        let at = t.clock.now;
        const ends = async () => new Map((await t.db.select().from(purchases).where(eq(purchases.userId, userID))).map((p) => [p.vn, p.endTime.getTime()]));
        // The value of holding what is held from `from` to `to`: each moment, the list daily price of every version
        // held then that no other held version contains.
        const worth = (held: Map<string, number>, from: number, to: number) => {
          const cuts = [from, ...[...held.values()].filter((e) => e > from && e < to), to].sort((a, b) => a - b);
          let v = 0;
          for (let i = 1; i < cuts.length; i++) {
            const now = [...held].filter(([, e]) => e > cuts[i - 1]!).map(([vn]) => vn);
            const rate = now.filter((vn) => counts(vn, now)).reduce((sum, vn) => sum + (perDay.get(vn) ?? 0), 0);
            v += (rate * (cuts[i]! - cuts[i - 1]!)) / DAY_MS;
          }
          return v;
        };
        for (const s of steps) {
          const guid = await t.login(phone, 'Passw0rd!');
          if (s.kind === 'wait') {
            value += worth(await ends(), at, at + s.days * DAY_MS);
            t.clock.advance(s.days * DAY_MS);
            at = t.clock.now;
            continue;
          }
          for (let i = 0; i < (s.kind === 'buy' ? s.times : 1); i++) {
            const wanted = s.kind === 'buy' ? { guid, appID: 1001, vn: s.vn } : { guid, appID: 1001, vn: s.to, fromVn: s.from };
            const quote = await t.call(pricedetails, wanted);
            const made = s.kind === 'buy' ? await order(t, guid, s.vn) : await upgrade(guid, s.from, s.to);
            expect(made.status).toBe(quote.status);
            if (made.status !== 200) continue;
            expect(made.data.amount).toBe(quote.data.amount);
            await confirmPay(t, made.data.payUrl);
            await waitForStatus(t, guid, made.data.orderID, 'fulfilled');
            paid += made.data.amount;
            expect((await ends()).get(made.data.vn)).toBe(Date.parse(quote.data.endsAt));
          }
        }
        value += worth(await ends(), at, Number.MAX_SAFE_INTEGER);
        expect(value).toBeLessThanOrEqual(paid + 1e-6);
      }),
      { numRuns: 40 },
    );
    // 40 runs of up to six purchases each: ~25 s on PostgreSQL on a busy two-core machine, near the default 30 s.
  }, 90_000);
});
