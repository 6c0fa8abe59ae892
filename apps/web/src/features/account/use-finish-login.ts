import { useNavigate, useSearchParams } from 'react-router';
import type { LoginData } from '@kaoshi/contract';
import { currentAgentCode } from '../../lib/agent';
import { clientKind } from '../../lib/client-kind';
import { saveLogin } from '../../lib/session';
import { cookies } from '../../lib/storage';
import { track } from '../../lib/tracking';
import { safeTargetPath } from '../../lib/safe-path';

/** Where a login or registration comes from: the agent, the kind of client and its user agent. */
export function loginOrigin() {
  return { agentCode: currentAgentCode(), clientType: clientKind(), userAgent: navigator.userAgent.slice(0, 512) };
}

/**
 * What happens after any successful login or registration: the session is stored, the login is
 * tracked, and the learner goes on to the `redirect` query parameter (an internal path only) or
 * /homePage. An account without a password (created by SMS-code login) is sent to /setpassword first.
 */
export function useFinishLogin(): (data: LoginData) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (data) => {
    saveLogin(data);
    // A learner who logs in is no longer a free-try tourist (tracking would prefix them as a guest).
    cookies.remove('freeTry');
    track.login();
    const redirect = safeTargetPath(params.get('redirect'));
    if (!data.hasPassword) {
      // The target waits until the first password is set.
      navigate(redirect ? `/setpassword?redirect=${encodeURIComponent(redirect)}` : '/setpassword', { replace: true });
      return;
    }
    navigate(redirect ?? '/homePage', { replace: true });
  };
}
