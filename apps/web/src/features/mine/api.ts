import { CLIENT_TYPE, frontendError, getAgentInfo, type AgentInfo } from '@kaoshi/contract';
import { call } from '../../api/client';
import { agentStore, currentAgentCode, writeCachedAgent } from '../../lib/agent';
import { clientKind } from '../../lib/client-kind';
import { getUserID } from '../../lib/session';
import { getSelectedSubject } from '../../lib/subject';

/**
 * The calls of this feature (docs/navigation.md): reloading the agent for /abnormal_repair and filing its diagnostic
 * report through the front-end error report (/api/v2/ksbao/frontend). The rest of the feature reads shared queries
 * (entities/user/profile-api.ts, entities/message/api.ts) and device state (lib/).
 */

/** Fetches the agent again (the current code) and makes it the cached, shown one (theme colour and contacts). */
export async function reloadAgent(): Promise<AgentInfo> {
  const info = await call(getAgentInfo, { agentCode: currentAgentCode() }, { silent: true });
  writeCachedAgent(info);
  agentStore.set(info);
  return info;
}

/** Files a diagnostic report (page_type 'repair'); `detail` carries the report's code and the device's facts. */
export async function sendDiagnostic(detail: string): Promise<void> {
  const app = getSelectedSubject();
  await call(
    frontendError,
    {
      appid: app ? String(app.AppID) : '',
      userid: getUserID(),
      client_type: clientKind() === 'web_android' ? CLIENT_TYPE.androidBug : CLIENT_TYPE.bugDefault,
      bug_type: 0,
      page: '/abnormal_repair',
      page_type: 'repair',
      action: 'diagnostic report',
      path: window.location.href.slice(0, 500),
      detail: detail.slice(0, 4000),
    },
    { silent: true },
  );
}
