import { useNavigate } from 'react-router';
import { MSG, Status } from '@kaoshi/contract';
import { entryAgent } from './api';
import { rememberAgentCode } from '../../lib/ac';
import { agentStore, writeCachedAgent } from '../../lib/agent';
import { cookies } from '../../lib/storage';
import { parseGatewayParams } from './gateway-params';
import { HandoverGate } from './handover-gate';

/**
 * /gateway — partner entry: ?ac=…[&target=/path][&LOGIN_TYPE=kind]. The agent code is checked with
 * getAgentInfo, then kept (AGENTCODE cookie, local ac, agent cache) together with the partner kind
 * (LOGIN_TYPE cookie, read by the login redirect); the learner goes on to the target or '/'.
 */
export default function GatewayScreen() {
  const navigate = useNavigate();
  return (
    <HandoverGate
      title="入口链接无效"
      parse={parseGatewayParams}
      load={({ ac }) => entryAgent(ac)}
      onLoaded={(agent, { target, loginType }) => {
        rememberAgentCode(agent.AgentCode);
        writeCachedAgent(agent);
        agentStore.set(agent);
        // The gateway declares the entry: no LOGIN_TYPE means an ordinary (non-partner) entry.
        if (loginType) cookies.set('LOGIN_TYPE', loginType);
        else cookies.remove('LOGIN_TYPE');
        navigate(target ?? '/', { replace: true });
      }}
      onStatus={{ [Status.NOT_FOUND]: (stop) => stop(MSG.noAgent) }}
    />
  );
}
