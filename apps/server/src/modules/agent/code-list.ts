import { createHash } from 'node:crypto';
import { AGENT_CODES_MAX_AGE_S, AGENT_CODES_PATH, DEFAULT_AGENT_CODE, type AgentCodeList } from '@kaoshi/contract';
import type { FastifyInstance } from 'fastify';
import type { AgentRow } from '../../db/schema/index.ts';
import { toAgentInfo } from './service.ts';

/** The file's body: only each agent's public facts (no contacts, payment addresses or secrets). */
export function agentCodeList(rows: readonly AgentRow[]): AgentCodeList {
  const agents = rows.map((r) => {
    const { AgentCode, AgentName, Subdomain, ThemeColor, StoreName, Flags } = toAgentInfo(r);
    return { AgentCode, AgentName, Subdomain, ThemeColor, StoreName, Flags };
  });
  const version = createHash('sha256').update(JSON.stringify(agents)).digest('hex').slice(0, 16);
  return { version, defaultCode: DEFAULT_AGENT_CODE, agents };
}

/**
 * GET /agentCodes.json (docs/tracking.md, "The agent code list"): public, cached by browsers and proxies for
 * AGENT_CODES_MAX_AGE_S, answered 304 to a matching If-None-Match. The list is built at most once a minute per
 * process (and again after a catalog change).
 */
export function installAgentCodeList(app: FastifyInstance, load: () => Promise<AgentCodeList>): void {
  app.get(AGENT_CODES_PATH, async (request, reply) => {
    const list = await load();
    const etag = `"${list.version}"`;
    reply.header('cache-control', `public, max-age=${AGENT_CODES_MAX_AGE_S}`).header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(list);
  });
}
