import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { isNull } from 'drizzle-orm';
import { NOTICE_AUDIENCES } from '@kaoshi/contract';
import { isInAppLink } from '../modules/subject/index.ts';
import { agents, banners, guidePages, moduleUpdates, notices, sprintConfigs, subjects, versions } from '../db/schema/index.ts';
import type { Database } from '../db/index.ts';

/** Text the learner reads as plain text: no markup at all (nothing from the database is trusted as HTML). */
const plain = (what: string) => z.string().refine((s) => !/<[a-z!/?]/i.test(s), `${what} must be plain text, not HTML`);
const link = z.string().refine(isInAppLink, { error: (issue) => `link "${String(issue.input)}" is not an in-app path ('/…', not '//…', no scheme)` });
const window = { startsAt: z.iso.datetime(), endsAt: z.iso.datetime() };
const scope = {
  agentCode: z
    .string()
    .regex(/^\d{1,12}$/)
    .nullable(),
  appId: z.number().int().positive().nullable(),
};

const bannerFile = z.array(
  z.object({
    id: z.number().int().positive(),
    imageId: z.number().int().nonnegative(),
    position: z.enum(['home', 'switch']),
    ...scope,
    /** The version of appId the banner promotes: hidden from learners who hold it or a version containing it. */
    vn: z.string().min(1).nullable().default(null),
    title: plain('title').pipe(z.string().min(1)),
    subTitle: plain('subTitle').default(''),
    imageUrl: z
      .string()
      .regex(/^(\/static\/banners\/[\w.-]+)?$/, 'imageUrl must be under /static/banners/ or empty')
      .default(''),
    link,
    color: z
      .string()
      .regex(/^(#[0-9a-f]{6})?$/i)
      .default(''),
    order: z.number().int(),
    ...window,
  }),
);
const noticeFile = z.array(
  z.object({
    id: z.number().int().positive(),
    ...scope,
    title: plain('title'),
    content: plain('content'),
    link: link.default(''),
    buttonText: plain('buttonText').default(''),
    audience: z.enum(NOTICE_AUDIENCES).default('all'),
    ...window,
  }),
);
const guideFile = z.array(
  z.object({
    id: z.number().int().positive(),
    kind: z.enum(['guidance', 'introduce']),
    ...scope,
    title: plain('title').pipe(z.string().min(1)),
    sections: z.array(z.object({ title: plain('section title'), body: plain('section body') })).min(1),
  }),
);
const sprintFile = z.array(z.object({ appId: z.number().int().positive(), classType: z.number().int().min(0).max(2), newClassType: z.number().int().min(0).max(1) }));
const moduleUpdateFile = z.array(z.object({ appId: z.number().int().positive(), moduleId: z.string().min(1) }));

/**
 * Insert the missing demo banners, notices, guide pages, sprint configs and module-update marks
 * (content/demo/banners.json, notices.json, guides.json, sprint.json, module-updates.json). Validates every
 * file first (in-app links, plain text, known tenants, subjects and modules) and fails with the file and
 * the reason. Idempotent: existing rows are left as they are.
 */
export async function seedSubject(db: Database, dir: string, now: number): Promise<void> {
  const read = <T>(name: string, schema: z.ZodType<T>): T => {
    const parsed = schema.safeParse(JSON.parse(readFileSync(`${dir}${name}`, 'utf8')));
    if (!parsed.success) throw new Error(`${name}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    return parsed.data;
  };
  const bannerRows = read('banners.json', bannerFile);
  const noticeRows = read('notices.json', noticeFile);
  const guideRows = read('guides.json', guideFile);
  const sprintRows = read('sprint.json', sprintFile);
  const updates = read('module-updates.json', moduleUpdateFile);

  const agentCodes = new Set((await db.select({ code: agents.code }).from(agents)).map((a) => a.code));
  const appIds = new Set((await db.select({ appId: subjects.appId }).from(subjects)).map((s) => s.appId));
  const versionRows = await db.select({ appId: versions.appId, vn: versions.vn, vnjson: versions.vnjson }).from(versions);
  const modules = new Set(versionRows.flatMap((v) => v.vnjson.map((m) => `${v.appId}/${m.id}`)));
  const versionKeys = new Set(versionRows.map((v) => `${v.appId}/${v.vn}`));
  const checkScope = (file: string, id: number | string, r: { agentCode: string | null; appId: number | null }) => {
    if (r.agentCode !== null && !agentCodes.has(r.agentCode)) throw new Error(`${file}: ${id} names unknown agent ${r.agentCode}`);
    if (r.appId !== null && !appIds.has(r.appId)) throw new Error(`${file}: ${id} names unknown subject ${r.appId}`);
  };
  const checkWindow = (file: string, id: number, r: { startsAt: string; endsAt: string }) => {
    if (Date.parse(r.startsAt) >= Date.parse(r.endsAt)) throw new Error(`${file}: ${id} ends before it starts`);
  };
  for (const b of bannerRows) {
    checkScope('banners.json', b.id, b);
    checkWindow('banners.json', b.id, b);
    if (b.position === 'switch' && b.appId !== null) throw new Error(`banners.json: ${b.id} is a 'switch' banner for one subject (switch banners are for every subject)`);
    if (b.vn !== null && !versionKeys.has(`${b.appId}/${b.vn}`)) throw new Error(`banners.json: ${b.id} promotes version ${b.vn}, which subject ${b.appId} does not have`);
  }
  for (const n of noticeRows) {
    checkScope('notices.json', n.id, n);
    checkWindow('notices.json', n.id, n);
  }
  for (const g of guideRows) {
    checkScope('guides.json', g.id, g);
    if ((g.kind === 'introduce') !== (g.appId !== null)) throw new Error(`guides.json: ${g.id}: an 'introduce' page needs appId, a 'guidance' page must not have one`);
  }
  for (const s of sprintRows) checkScope('sprint.json', s.appId, { agentCode: null, appId: s.appId });
  for (const u of updates) if (!modules.has(`${u.appId}/${u.moduleId}`)) throw new Error(`module-updates.json: subject ${u.appId} offers no module ${u.moduleId}`);

  for (const b of bannerRows) {
    // An existing row stays as it is, except that a promoted version the file names fills a row seeded before it
    // had one (migration 0039).
    const insert = db.insert(banners).values({ ...b, startsAt: new Date(b.startsAt), endsAt: new Date(b.endsAt) });
    await (b.vn === null ? insert.onConflictDoNothing() : insert.onConflictDoUpdate({ target: banners.id, set: { vn: b.vn }, where: isNull(banners.vn) }));
  }
  for (const n of noticeRows) {
    await db
      .insert(notices)
      .values({ ...n, startsAt: new Date(n.startsAt), endsAt: new Date(n.endsAt) })
      .onConflictDoNothing();
  }
  for (const g of guideRows) await db.insert(guidePages).values(g).onConflictDoNothing();
  for (const s of sprintRows) await db.insert(sprintConfigs).values(s).onConflictDoNothing();
  // Only missing marks: a restart must not light every red dot again (touchModule is for real updates).
  for (const u of updates)
    await db
      .insert(moduleUpdates)
      .values({ appId: u.appId, moduleId: u.moduleId, updatedAt: new Date(now) })
      .onConflictDoNothing();
}
