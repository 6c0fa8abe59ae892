import type { AgentCodeList } from '@kaoshi/contract';
import type { Database } from '../../db/index.ts';
import type { NewAgentRow } from '../../db/schema/index.ts';
import { serverModule, type Platform } from '../../platform/module.ts';
import type { TenantHint } from '../../platform/tenancy.ts';
import { agentCodeList, installAgentCodeList } from './code-list.ts';
import { agentRoutes } from './routes.ts';
import { createAgentService, toAgentInfo } from './service.ts';
import { createAgentStore } from './store.ts';

/** For the demo seed: an agent by its code, and agents added unless their code exists. */
export const agentByCode = (db: Database, code: string) => createAgentStore(db).byCode(code);
export const addAgents = (db: Database, rows: NewAgentRow[]) => createAgentStore(db).insertMissing(rows);

/** Agents (tenants): the agent info call, the agent code list file, and the tenant of each request for the registrar. */
export function createAgentModule(p: Platform) {
  const store = createAgentStore(p.db);
  const agents = createAgentService(store, p.clock);
  // The agent code list file, built at most once a minute (docs/tracking.md).
  let list: { at: number; value: Promise<AgentCodeList> } | null = null;
  // Agents are catalog data: a change to them (from any process) drops the held rows and the list.
  p.bus.on('catalog', () => {
    agents.forget();
    list = null;
  });
  const codeList = () => {
    if (!list || list.at + 60_000 <= p.clock()) list = { at: p.clock(), value: store.all().then(agentCodeList) };
    const held = list;
    held.value.catch(() => (list === held ? (list = null) : undefined));
    return held.value;
  };
  return serverModule({
    name: 'agent',
    handlers: agentRoutes(),
    resolve: agents.resolve,
    /** The agent info call's data for a tenant hint (the web app's pages carry it: platform/static.ts). */
    info: async (hint: TenantHint) => toAgentInfo(await agents.resolve(hint)),
    install: (app) => installAgentCodeList(app, codeList),
  });
}
