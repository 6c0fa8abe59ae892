import { useNavigate, useSearchParams } from 'react-router';
import type { LoginData } from '@kaoshi/contract';
import { currentAgentCode } from '../../lib/agent';
import { clientKind } from '../../lib/client-kind';
import { saveLogin } from '../../lib/session';
import { cookies } from '../../lib/storage';
import { track } from '../../lib/tracking';
import { safeTargetPath } from '../../lib/safe-path';
import { takeLoginTarget } from '../../lib/login-target';

/** Where a login or registration comes from: the agent, the kind of client and its user agent. */
export function loginOrigin() {
  return { agentCode: currentAgentCode(), clientType: clientKind(), userAgent: navigator.userAgent.slice(0, 512) };
}

/**
 * What happens after any successful login or registration: the session is stored, the login is
 * tracked, and the learner goes on to the `redirect` query parameter (an internal path only), else to
 * the remembered login target (a deep link opened while logged out, lib/login-target.ts), else /homePage. An account without a password (created by SMS-code login) is sent to /setpassword first.
 */
export function useFinishLogin(): (data: LoginData) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (data) => {
    saveLogin(data);
    // A learner who logs in is no longer a free-try tourist (tracking would prefix them as a guest).
    cookies.remove('freeTry');
    track.login();
    // The link's own redirect, else where the learner was going when sent to log in (taken either way).
    const remembered = takeLoginTarget();
    const redirect = safeTargetPath(params.get('redirect')) ?? remembered;
    if (!data.hasPassword) {
      // The target waits until the first password is set (or skipped); first=1 offers 跳过.
      navigate(redirect ? `/setpassword?first=1&redirect=${encodeURIComponent(redirect)}` : '/setpassword?first=1', { replace: true });
      return;
    }
    navigate(redirect ?? '/homePage', { replace: true });
  };
}
