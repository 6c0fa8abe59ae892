import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { agents, books, coupons, discounts, groupBuys, prices, subjects } from '../db/schema/index.ts';
import type { Database } from '../db/index.ts';

const pricesFile = z.object({
  prices: z.array(
    z.object({
      agent: z.string().regex(/^\d{1,12}$/),
      appId: z.number().int().positive(),
      vn: z.string().min(1),
      price: z.number().int().positive(),
      originalPrice: z.number().int().positive(),
      group: z.number().int().min(0),
    }),
  ),
});

const booksFile = z.object({
  books: z.array(z.object({ appId: z.number().int(), title: z.string().min(1).max(60), description: z.string().max(200), price: z.number().int().positive() })),
});

const groupBuysFile = z.object({
  groupBuys: z.array(
    z.object({
      agent: z.string().nullable(),
      appId: z.number().int(),
      vn: z.string().min(1),
      price: z.number().int().positive(),
      size: z.number().int().min(2).max(50),
      minutes: z.number().int().positive(),
    }),
  ),
});

/** What a coupon and a discount code both say: who it is for and what it takes off. */
const offTerms = {
  title: z.string().min(1).max(40),
  agent: z.string().nullable(),
  kind: z.enum(['amount', 'percent']),
  value: z.number().int().positive(),
  minSpend: z.number().int().min(0),
  appId: z.number().int().nullable(),
  vn: z.string().nullable(),
};

const couponsFile = z.object({
  coupons: z.array(
    z.object({
      ...offTerms,
      claimFrom: z.iso.datetime(),
      claimUntil: z.iso.datetime(),
      validDays: z.number().int().positive(),
      total: z.number().int().positive().nullable(),
    }),
  ),
});

const discountsFile = z.object({
  discounts: z.array(
    z.object({
      code: z.string().regex(/^[A-Z0-9]{4,20}$/),
      ...offTerms,
      startsAt: z.iso.datetime(),
      endsAt: z.iso.datetime(),
      maxUses: z.number().int().positive().nullable(),
      listed: z.boolean(),
      promoter: z.string().min(1).max(40).nullable(),
    }),
  ),
});

/** Insert the missing demo prices (content/demo/prices.json) of agents and subjects that exist, the demo printed books, group-buy offers, discount codes and coupons. Idempotent. */
export async function seedShop(db: Database, dir: string): Promise<void> {
  const file = pricesFile.parse(JSON.parse(readFileSync(`${dir}prices.json`, 'utf8')));
  const [agentRows, subjectRows] = await Promise.all([db.select({ code: agents.code }).from(agents), db.select({ appId: subjects.appId }).from(subjects)]);
  const known = new Set(agentRows.map((a) => a.code));
  const apps = new Set(subjectRows.map((s) => s.appId));
  const rows = file.prices
    .filter((p) => known.has(p.agent) && apps.has(p.appId))
    .map((p) => ({ agentCode: p.agent, appId: p.appId, vn: p.vn, priceFen: p.price, originalFen: p.originalPrice, groupValue: p.group }));
  if (rows.length > 0) await db.insert(prices).values(rows).onConflictDoNothing();

  // Books and coupons have no natural key: the demo ones go in once, into an empty table.
  const [anyBook] = await db.select({ id: books.id }).from(books).limit(1);
  if (!anyBook) {
    const list = booksFile.parse(JSON.parse(readFileSync(`${dir}books.json`, 'utf8'))).books.filter((b) => apps.has(b.appId));
    if (list.length > 0) await db.insert(books).values(list.map((b) => ({ appId: b.appId, title: b.title, description: b.description, priceFen: b.price })));
  }

  const [anyGroupBuy] = await db.select({ id: groupBuys.id }).from(groupBuys).limit(1);
  if (!anyGroupBuy) {
    const list = groupBuysFile.parse(JSON.parse(readFileSync(`${dir}group-buys.json`, 'utf8'))).groupBuys.filter((g) => apps.has(g.appId));
    if (list.length > 0)
      await db.insert(groupBuys).values(list.map((g) => ({ agentCode: g.agent, appId: g.appId, vn: g.vn, priceFen: g.price, size: g.size, minutes: g.minutes })));
  }

  // Discount codes are keyed by their code: the missing demo ones go in (content/demo/discounts.json).
  const codes = discountsFile.parse(JSON.parse(readFileSync(`${dir}discounts.json`, 'utf8'))).discounts;
  await db
    .insert(discounts)
    .values(
      codes.map((d) => ({
        code: d.code,
        title: d.title,
        agentCode: d.agent,
        appId: d.appId,
        vn: d.vn,
        kind: d.kind,
        value: d.value,
        minSpendFen: d.minSpend,
        startsAt: new Date(d.startsAt),
        endsAt: new Date(d.endsAt),
        maxUses: d.maxUses,
        listed: d.listed,
        promoter: d.promoter,
      })),
    )
    .onConflictDoNothing();

  // Coupons have no natural key: the demo ones go in once, into an empty table (content/demo/coupons.json).
  const [anyCoupon] = await db.select({ id: coupons.id }).from(coupons).limit(1);
  if (anyCoupon) return;
  const list = couponsFile.parse(JSON.parse(readFileSync(`${dir}coupons.json`, 'utf8'))).coupons;
  await db.insert(coupons).values(
    list.map((c) => ({
      agentCode: c.agent,
      title: c.title,
      kind: c.kind,
      value: c.value,
      minSpendFen: c.minSpend,
      appId: c.appId,
      vn: c.vn,
      claimFrom: new Date(c.claimFrom),
      claimUntil: new Date(c.claimUntil),
      validDays: c.validDays,
      total: c.total,
    })),
  );
}
