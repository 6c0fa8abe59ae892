import { useNavigate, useSearchParams } from 'react-router';
import type { LoginData } from '@kaoshi/contract';
import { currentAgentCode } from '../../lib/agent';
import { clientKind } from '../../lib/client-kind';
import { saveLogin } from '../../lib/session';
import { cookies } from '../../lib/storage';
import { safeTargetPath } from '../../lib/safe-path';
import { takeLoginTarget } from '../../lib/login-target';
import { toast } from '../../ui/dialogs';

/** Said when a login withdrew a pending account deletion (docs/account-security.md). */
export const DELETION_CANCELLED = '已撤销注销申请';

/** Where a login or registration comes from: the agent, the kind of client and its user agent. */
export function loginOrigin() {
  return { agentCode: currentAgentCode(), clientType: clientKind(), userAgent: navigator.userAgent.slice(0, 512) };
}

/** What a login still asks of the learner, in this order: accept the new agreements, replace a weak password, set a first one. */
export interface LoginSteps {
  consent?: boolean;
  weak?: boolean;
  first?: boolean;
}

/**
 * The path of the next step after a login (each step's screen calls it again with the steps left), else the
 * redirect target, else /homePage. The steps left and the target ride along in the query.
 */
export function loginStepPath(steps: LoginSteps, redirect: string | null): string {
  const [step, ...rest] = (['consent', 'weak', 'first'] as const).filter((s) => steps[s]);
  if (!step) return redirect ?? '/homePage';
  const q = new URLSearchParams({ [step]: '1' });
  for (const s of rest) q.set(s, '1');
  if (redirect) q.set('redirect', redirect);
  return `${step === 'consent' ? '/agreementList' : '/setpassword'}?${q.toString()}`;
}

/** The steps left after `done`, read from a step screen's query. */
export function remainingSteps(params: URLSearchParams, done: keyof LoginSteps): { steps: LoginSteps; redirect: string | null } {
  const has = (s: keyof LoginSteps) => s !== done && params.get(s) === '1';
  return { steps: { consent: has('consent'), weak: has('weak'), first: has('first') }, redirect: safeTargetPath(params.get('redirect')) };
}

/**
 * What happens after any successful login or registration: the session is stored, the login is tracked, a
 * withdrawn deletion is announced, and the learner goes through what the login asks (a newer 用户协议/隐私政策 to
 * accept, a weak password to replace, a first password for an account created by SMS-code login) on to the
 * `redirect` query parameter (an internal path only), else to the remembered login target (a deep link opened
 * while logged out, lib/login-target.ts), else /homePage.
 */
export function useFinishLogin(): (data: LoginData) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (data) => {
    saveLogin(data);
    // A learner who logs in is no longer a free-try tourist (tracking would prefix them as a guest).
    cookies.remove('freeTry');
    // Loaded when needed: the sign-in screens paint without the tracker (bench/README.md, "First paint").
    void import('../../lib/tracking').then(({ track }) => track.login());
    if (data.deletionCancelled) toast(DELETION_CANCELLED, 2500);
    // The link's own redirect, else where the learner was going when sent to log in (taken either way).
    const remembered = takeLoginTarget();
    const redirect = safeTargetPath(params.get('redirect')) ?? remembered;
    navigate(loginStepPath({ consent: data.consentNeeded, weak: data.weakPassword, first: !data.hasPassword }, redirect ?? null), { replace: true });
  };
}
