import { DEFAULT_AGENT_CODE, type AgentInfo } from '@kaoshi/contract';
import type { AgentRow } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { noAgent } from '../../platform/errors.ts';
import type { TenantHint } from '../../platform/tenancy.ts';
import type { AgentStore } from './store.ts';

/**
 * Agent rows change rarely; each instance keeps the ones it found for a minute. Misses are not kept, so
 * requests naming random codes cannot grow the cache (it holds at most the agents that exist).
 */
const CACHE_MS = 60_000;

export function createAgentService(store: AgentStore, clock: Clock) {
  const cache = new Map<string, { row: AgentRow; until: number }>();

  const cached = async (key: string, load: () => Promise<AgentRow | undefined>) => {
    const hit = cache.get(key);
    if (hit && hit.until > clock()) return hit.row;
    const row = await load();
    if (row) cache.set(key, { row, until: clock() + CACHE_MS });
    else cache.delete(key);
    return row;
  };

  const byCode = (code: string) => cached(`code:${code}`, () => store.byCode(code));
  const bySubdomain = (sub: string) => cached(`sub:${sub}`, () => store.bySubdomain(sub));

  return {
    /**
     * The tenant of a request: the explicit code when given (unknown → 404 '没有对应代理商信息'),
     * else the agent of the Host subdomain, else the default agent 888.
     */
    async resolve(hint: TenantHint): Promise<AgentRow> {
      const row = hint.code ? await byCode(hint.code) : (hint.subdomain && (await bySubdomain(hint.subdomain))) || (await byCode(DEFAULT_AGENT_CODE));
      if (!row) throw noAgent();
      return row;
    },

    forget: () => cache.clear(),
  };
}

export type AgentService = ReturnType<typeof createAgentService>;

/** The agent as the contract's agentInfo (spec §3 field names plus theme, subdomain, store name and §6 flags). */
export function toAgentInfo(row: AgentRow): AgentInfo {
  return {
    AgentCode: row.code,
    AgentName: row.name,
    QQ: row.qq,
    TelePhone: row.telephone,
    WeiXinContact: row.weixinContact,
    Alipay: row.alipay,
    PhonePayUrl: row.phonePayUrl,
    WeiXinPayUrl: row.weixinPayUrl,
    WeiXinPay: row.weixinPay,
    IsWeiXinPay: row.isWeixinPay,
    DownloadAddress: row.downloadAddress,
    ThemeColor: row.themeColor,
    Subdomain: row.subdomain ?? '',
    StoreName: row.storeName,
    Flags: {
      contactOnly: row.contactOnly,
      ackOnly: row.ackOnly,
      buyDisabled: row.buyDisabled,
      customStyle: row.customStyle,
      customPayment: row.customPayment,
    },
  };
}
