import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { MSG, Status, getAgentInfo } from '@kaoshi/contract';
import { call, isApiError, isCancelled } from '../../api/client';
import { rememberAgentCode } from '../../lib/ac';
import { agentStore, writeCachedAgent } from '../../lib/agent';
import { cookies } from '../../lib/storage';
import { errorText } from '../common/errors';
import { parseGatewayParams } from './gateway-params';
import { HandoverError, HandoverLoading } from './handover-view';

type State = { phase: 'loading' } | { phase: 'error'; message: string; retry: boolean };

/**
 * /gateway — partner entry: ?ac=…[&target=/path][&LOGIN_TYPE=kind]. The agent code is checked with
 * getAgentInfo, then kept (AGENTCODE cookie, local ac, agent cache) together with the partner kind
 * (LOGIN_TYPE cookie, read by the login redirect); the learner goes on to the target or '/'.
 */
export default function GatewayScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const query = params.toString();

  useEffect(() => {
    const parsed = parseGatewayParams(new URLSearchParams(query));
    if (!parsed.ok) {
      setState({ phase: 'error', message: parsed.message, retry: false });
      return;
    }
    const { ac, target, loginType } = parsed.value;
    let active = true;
    setState({ phase: 'loading' });
    call(getAgentInfo, { agentCode: ac }, { quiet: true }).then(
      (agent) => {
        if (!active) return;
        rememberAgentCode(agent.AgentCode);
        writeCachedAgent(agent);
        agentStore.set(agent);
        // The gateway declares the entry: no LOGIN_TYPE means an ordinary (non-partner) entry.
        if (loginType) cookies.set('LOGIN_TYPE', loginType);
        else cookies.remove('LOGIN_TYPE');
        navigate(target ?? '/', { replace: true });
      },
      (err: unknown) => {
        if (!active || isCancelled(err)) return;
        if (isApiError(err) && err.status === Status.NOT_FOUND) {
          setState({ phase: 'error', message: MSG.noAgent, retry: false });
        } else if (isApiError(err) && err.status === Status.MAINTENANCE) {
          navigate('/maintain', { replace: true });
        } else {
          setState({ phase: 'error', message: errorText(err), retry: true });
        }
      },
    );
    return () => {
      active = false;
    };
  }, [query, attempt, navigate]);

  if (state.phase === 'loading') return <HandoverLoading />;
  return (
    <HandoverError
      title="入口链接无效"
      message={state.message}
      actions={[
        ...(state.retry ? [{ label: '重试', onClick: () => setAttempt((n) => n + 1) }] : []),
        { label: '返回首页', onClick: () => navigate('/', { replace: true }), primary: !state.retry },
      ]}
    />
  );
}
