import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { agents, prices, subjects } from '../db/schema/index.ts';
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

/** Insert the missing demo prices (content/demo/prices.json) of agents and subjects that exist. Idempotent. */
export async function seedShop(db: Database, dir: string): Promise<void> {
  const file = pricesFile.parse(JSON.parse(readFileSync(`${dir}prices.json`, 'utf8')));
  const [agentRows, subjectRows] = await Promise.all([db.select({ code: agents.code }).from(agents), db.select({ appId: subjects.appId }).from(subjects)]);
  const known = new Set(agentRows.map((a) => a.code));
  const apps = new Set(subjectRows.map((s) => s.appId));
  const rows = file.prices
    .filter((p) => known.has(p.agent) && apps.has(p.appId))
    .map((p) => ({ agentCode: p.agent, appId: p.appId, vn: p.vn, priceFen: p.price, originalFen: p.originalPrice, groupValue: p.group }));
  if (rows.length > 0) await db.insert(prices).values(rows).onConflictDoNothing();
}
