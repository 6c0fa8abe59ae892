import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { activationCodes, agentSubjects, classes, purchases, subjects, users, versions } from '../db/schema/index.ts';
import type { Database } from '../db/index.ts';
import { hashCode } from '../modules/entitlement/index.ts';

const DAY = 86_400_000;
const levels = ['chuzhongji', 'zhiye', 'gaoji', 'jkgls', 'other'] as const;

const moduleSchema = z.object({
  id: z
    .string()
    .min(1)
    .refine((id) => id !== 'ar', 'module id "ar" is reserved'),
  name: z.string().min(1),
  route: z.string().startsWith('/'),
  free: z.boolean().optional(),
  trial: z.object({ chaptersPerPart: z.number().int().min(1) }).optional(),
});
const catalogFile = z.object({
  classes: z.array(z.object({ id: z.number().int(), name: z.string().min(1), order: z.number().int(), parent: z.number().int().optional() })),
  subjects: z.array(
    z.object({
      appId: z.number().int().positive(),
      appEName: z.string().regex(/^[A-Za-z0-9_]+$/),
      appName: z.string().min(1),
      classId: z.number().int(),
      level: z.enum(levels),
      order: z.number().int(),
      agents: z.array(z.string().regex(/^\d{1,12}$/)),
      versions: z
        .array(
          z.object({
            vn: z.string().min(1),
            vname: z.string().min(1),
            vnorder: z.number().int(),
            validityDays: z.number().int().positive(),
            modules: z.array(moduleSchema).min(1),
            rules: z.object({ hideByVip: z.array(z.string()) }).optional(),
            buyListHide: z.boolean().optional(),
            subList: z.array(z.object({ ID: z.number().int(), Name: z.string() })),
          }),
        )
        .min(1),
    }),
  ),
  purchases: z.array(z.object({ phone: z.string(), appId: z.number().int(), vn: z.string(), days: z.number().int().positive() })),
});
const codesFile = z.array(z.object({ code: z.string().min(6), appId: z.number().int(), vn: z.string(), validityDays: z.number().int().positive(), expiresAt: z.iso.datetime() }));

/** A version is a simulated-exam variant when its code or name ends in _MNDB (spec §3). */
export const isSimulated = (vn: string, vname: string) => /_MNDB$/i.test(vn) || /_MNDB$/i.test(vname);

/** Insert the missing demo catalog (content/demo/catalog.json) and activation codes (codes.json). Idempotent. */
export async function seedCatalog(db: Database, dir: string, now: number): Promise<void> {
  const read = (name: string): unknown => JSON.parse(readFileSync(`${dir}${name}`, 'utf8'));
  const file = catalogFile.parse(read('catalog.json'));
  const codes = codesFile.parse(read('codes.json'));

  const classNames = new Map(file.classes.map((c) => [c.id, c.name]));
  // Parents first (the file lists them first; insert in file order).
  for (const c of file.classes) {
    await db
      .insert(classes)
      .values({ id: c.id, name: c.name, order: c.order, parentId: c.parent ?? null })
      .onConflictDoNothing();
  }
  for (const s of file.subjects) {
    const cName = classNames.get(s.classId);
    if (!cName) throw new Error(`catalog.json: subject ${s.appId} names unknown class ${s.classId}`);
    await db.insert(subjects).values({ appId: s.appId, appEName: s.appEName, appName: s.appName, cName, classId: s.classId, level: s.level, order: s.order }).onConflictDoNothing();
    for (const v of s.versions) {
      await db
        .insert(versions)
        .values({
          appId: s.appId,
          vn: v.vn,
          vname: v.vname,
          vnorder: v.vnorder,
          simulated: isSimulated(v.vn, v.vname),
          vnjson: v.modules,
          rules: v.rules ?? { hideByVip: [] },
          buyListHide: v.buyListHide ?? false,
          validityDays: v.validityDays,
          subList: v.subList,
        })
        .onConflictDoNothing();
    }
    for (const agentCode of s.agents) await db.insert(agentSubjects).values({ agentCode, appId: s.appId }).onConflictDoNothing();
  }
  for (const p of file.purchases) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.userName, p.phone));
    const version = file.subjects.find((s) => s.appId === p.appId)?.versions.find((v) => v.vn === p.vn);
    if (!version) throw new Error(`catalog.json: purchase of ${p.phone} names an unknown version`);
    // The demo learners are not made in production (DEMO_LEARNERS): their purchases are skipped with them.
    if (!user) continue;
    await db
      .insert(purchases)
      .values({
        userId: user.id,
        appId: p.appId,
        vn: p.vn,
        vnOrder: version.vnorder,
        endTime: new Date(now + p.days * DAY),
        source: 'seed',
        createdAt: new Date(now),
      })
      .onConflictDoNothing();
  }
  for (const c of codes) {
    await db
      .insert(activationCodes)
      .values({
        codeHash: hashCode(c.code),
        appId: c.appId,
        vn: c.vn,
        validityDays: c.validityDays,
        expiresAt: new Date(c.expiresAt),
        createdAt: new Date(now),
      })
      .onConflictDoNothing();
  }
}
