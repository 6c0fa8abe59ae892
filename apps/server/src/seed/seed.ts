import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { AGREEMENT_VERSION, DEFAULT_AGENT_CODE, DEFAULT_STORE_NAME } from '@kaoshi/contract';
import { addAgents, agentByCode } from '../modules/agent/index.ts';
import { accountByLogin, createAccount } from '../modules/user/index.ts';
import { hashPassword } from '../platform/passwords.ts';
import type { NewAgentRow } from '../db/schema/index.ts';
import type { Database, DatabaseHandle } from '../db/index.ts';
import { seedCatalog } from './seed-catalog.ts';
import { seedPapers } from './seed-papers.ts';
import { seedQuestions } from './seed-questions.ts';
import { seedReading } from './seed-reading.ts';
import { seedLive } from './seed-live.ts';
import { seedMessages } from './seed-messages.ts';
import { seedShop } from './seed-shop.ts';
import { seedSubject } from './seed-subject.ts';

/** Where the demo content lives (the repository's content/ workspace). */
export const CONTENT_DIR = fileURLToPath(new URL('../../../../content/demo/', import.meta.url));

const tenantFile = z.array(
  z.object({
    code: z.string().regex(/^\d{1,12}$/),
    name: z.string().min(1),
    subdomain: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .optional(),
    themeColor: z
      .string()
      .regex(/^#[0-9a-f]{6}$/i)
      .optional(),
    qq: z.string().optional(),
    telephone: z.string().optional(),
    weixinContact: z.object({ WeiXinContact: z.string(), WeiXinIndexContact: z.union([z.literal(1), z.literal(2)]) }).optional(),
    alipay: z.string().optional(),
    phonePayUrl: z.string().optional(),
    weixinPayUrl: z.string().optional(),
    weixinPay: z.string().optional(),
    isWeixinPay: z.number().int().optional(),
    downloadAddress: z.string().optional(),
    storeName: z.string().optional(),
    contactOnly: z.boolean().optional(),
    ackOnly: z.boolean().optional(),
    buyDisabled: z.boolean().optional(),
    customStyle: z.boolean().optional(),
    customPayment: z.boolean().optional(),
  }),
);
const learnerFile = z.object({
  password: z.string().min(6),
  /**
   * since: when the account was created (the demo learners came over from the old system); default now. password: the
   * learner's own, else the shared one. agreed: the 用户协议/隐私政策 version they accepted (default the current one).
   */
  learners: z.array(
    z.object({
      phone: z.string().regex(/^1[3-9]\d{9}$/),
      nickName: z.string().min(1),
      since: z.iso.datetime().optional(),
      password: z.string().min(6).optional(),
      agreed: z.string().optional(),
    }),
  ),
});

const readJson = (name: string): unknown => JSON.parse(readFileSync(`${CONTENT_DIR}${name}`, 'utf8'));

/** Demo tenants (content/demo/tenants.json): the default 888, a second themed agent, and the agents of spec §6. */
export const DEMO_AGENTS: NewAgentRow[] = tenantFile.parse(readJson('tenants.json')).map(({ weixinContact, ...a }) => ({
  ...a,
  storeName: a.storeName ?? DEFAULT_STORE_NAME,
  weixinContact: weixinContact ? JSON.stringify(weixinContact) : '',
}));

/** Demo learners (content/demo/learners.json, README): the first owns nothing; the second will own the top version of the main demo subject. */
const learners = learnerFile.parse(readJson('learners.json'));
export const DEMO_PASSWORD = learners.password;
export const DEMO_USERS = learners.learners;

const md5hex = (s: string) => createHash('md5').update(s).digest('hex');

/** Insert whatever demo data is missing (agents, learners, then the catalog, purchases and codes, then banners, notices, guide pages, sprint configs and module-update marks, then the demo question banks, then the demo papers, reading, live classes and the demo member's messages); safe to run at every start. Returns how many agents and learners it added and a summary line per question bank. */
export async function seed(
  db: Database,
  now = Date.now(),
  opts: { extraPapersDir?: string; learners?: boolean } = {},
): Promise<{ agents: number; users: number; banks: string[]; papers: string[]; reading: string[]; live: string[]; messages: number }> {
  let agentsAdded = 0;
  for (const agent of DEMO_AGENTS) {
    if (await agentByCode(db, agent.code)) continue;
    await addAgents(db, [agent]);
    agentsAdded++;
  }
  let usersAdded = 0;
  // The demo learners sign in with the README's password: made unless the start says not to (DEMO_LEARNERS).
  for (const u of opts.learners === false ? [] : DEMO_USERS) {
    if (await accountByLogin(db, u.phone)) continue;
    const created = await createAccount(
      db,
      {
        userName: u.phone,
        phone: u.phone,
        nickName: u.nickName,
        agentCode: DEFAULT_AGENT_CODE,
        passwordHash: await hashPassword(md5hex(u.password ?? DEMO_PASSWORD)),
        createdAt: new Date(u.since ? Date.parse(u.since) : now),
      },
      { version: u.agreed ?? AGREEMENT_VERSION, via: 'seed', ip: null, acceptedAt: new Date(u.since ? Date.parse(u.since) : now) },
    );
    if (created) usersAdded++;
  }
  await seedCatalog(db, CONTENT_DIR, now);
  await seedSubject(db, CONTENT_DIR, now);
  await seedShop(db, CONTENT_DIR);
  const banks = await seedQuestions(db, CONTENT_DIR, now);
  const papers = await seedPapers(db, CONTENT_DIR, now, undefined, opts.extraPapersDir);
  const reading = await seedReading(db, CONTENT_DIR, now);
  const live = await seedLive(db, CONTENT_DIR, now);
  const messages = await seedMessages(db, CONTENT_DIR, now);
  return { agents: agentsAdded, users: usersAdded, banks, papers, reading, live, messages };
}

/**
 * What a start does before serving: apply the pending migrations, then seed. Processes starting at once on one
 * PostgreSQL database take turns (DatabaseHandle.exclusive: an advisory lock), so neither sees the other's half-made
 * tables or rows; the later one finds everything in place.
 */
export function migrateAndSeed(handle: DatabaseHandle, now = Date.now(), opts: Parameters<typeof seed>[2] = {}): ReturnType<typeof seed> {
  return handle.exclusive(async () => {
    await handle.migrate();
    return seed(handle.db, now, opts);
  });
}
