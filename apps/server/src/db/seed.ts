import { createHash } from 'node:crypto';
import { DEFAULT_AGENT_CODE, DEFAULT_STORE_NAME, DEFAULT_THEME_COLOR } from '@kaoshi/contract';
import { createAgentStore } from '../modules/agent/store.ts';
import { createUserStore } from '../modules/user/store.ts';
import { hashPassword } from '../platform/passwords.ts';
import type { NewAgentRow } from './schema/index.ts';
import type { Database } from './index.ts';

const contact = (id: string, kind: 1 | 2) => JSON.stringify({ WeiXinContact: id, WeiXinIndexContact: kind });

/** Demo tenants: the default 888, a second themed agent, and the three agents of spec §6. */
export const DEMO_AGENTS: NewAgentRow[] = [
  {
    code: DEFAULT_AGENT_CODE,
    name: DEFAULT_STORE_NAME,
    subdomain: 'ying',
    themeColor: DEFAULT_THEME_COLOR,
    qq: '800088888',
    telephone: '400-888-0888',
    weixinContact: contact('ksbao888', 1),
    alipay: 'pay888@ksbao.example',
    isWeixinPay: 1,
    downloadAddress: 'https://ying.ksbao.example/downLoad',
    storeName: DEFAULT_STORE_NAME,
  },
  {
    code: '6001',
    name: '护士资格考试宝典',
    subdomain: 'hushi',
    themeColor: '#16a085',
    qq: '800060010',
    telephone: '400-600-1600',
    weixinContact: contact('hushikaoshi', 2),
    alipay: 'hushi@ksbao.example',
    isWeixinPay: 1,
    downloadAddress: 'https://hushi.ksbao.example/downLoad',
    storeName: '护士资格考试宝典',
  },
  {
    code: '7021004',
    name: '杏林医考服务中心',
    qq: '702100401',
    telephone: '0531-8702-1004',
    weixinContact: contact('xinglinyikao', 1),
    storeName: DEFAULT_STORE_NAME,
    contactOnly: true,
  },
  {
    code: '05319003',
    name: '泉城医学培训',
    qq: '531900301',
    telephone: '0531-8190-9003',
    weixinContact: contact('quanchengyixue', 2),
    storeName: DEFAULT_STORE_NAME,
    contactOnly: true,
  },
  {
    code: '7021006',
    name: '岐黄考试服务站',
    qq: '702100601',
    telephone: '0531-8702-1006',
    weixinContact: contact('qihuangkaoshi', 1),
    storeName: DEFAULT_STORE_NAME,
    ackOnly: true,
  },
];

/** Demo learners (README): the first owns nothing; the second will own the top version of the main demo subject. */
export const DEMO_PASSWORD = 'Demo@2026';
export const DEMO_USERS = [
  { phone: '13800000000', nickName: '演示学员' },
  { phone: '13900000000', nickName: '演示会员' },
];

const md5hex = (s: string) => createHash('md5').update(s).digest('hex');

/** Insert whatever demo data is missing; safe to run at every start. Returns how many rows it added. */
export async function seed(db: Database, now = Date.now()): Promise<{ agents: number; users: number }> {
  const agentStore = createAgentStore(db);
  const users = createUserStore(db);
  let agentsAdded = 0;
  for (const agent of DEMO_AGENTS) {
    if (await agentStore.byCode(agent.code)) continue;
    await agentStore.insertMissing([agent]);
    agentsAdded++;
  }
  let usersAdded = 0;
  for (const u of DEMO_USERS) {
    if (await users.byLogin(u.phone)) continue;
    const created = await users.create({
      userName: u.phone,
      phone: u.phone,
      nickName: u.nickName,
      agentCode: DEFAULT_AGENT_CODE,
      passwordHash: await hashPassword(md5hex(DEMO_PASSWORD)),
      createdAt: new Date(now),
    });
    if (created) usersAdded++;
  }
  return { agents: agentsAdded, users: usersAdded };
}
