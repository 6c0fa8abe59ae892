import { serverModule, type Platform } from '../../platform/module.ts';
import { agentRoutes } from './routes.ts';
import { createAgentService } from './service.ts';
import { createAgentStore } from './store.ts';

/** For the demo seed. */
export { createAgentStore };

/** Agents (tenants): the agent info call, and the tenant of each request for the registrar. */
export function createAgentModule(p: Platform) {
  const agents = createAgentService(createAgentStore(p.db), p.clock);
  // Agents are catalog data: a change to them (from any process) drops the held rows.
  p.bus.on('catalog', () => agents.forget());
  return serverModule({ name: 'agent', handlers: agentRoutes(), resolve: agents.resolve });
}
