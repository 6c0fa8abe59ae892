import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Status, getUserInfo } from '@kaoshi/contract';
import { call, isApiError, isCancelled } from '../../api/client';
import { clearSession, saveLogin } from '../../lib/session';
import { toast } from '../../ui/dialogs';
import { errorText } from '../common/errors';
import { parseWayParams } from './gateway-params';
import { HandoverError, HandoverLoading } from './handover-view';

type State = { phase: 'loading' } | { phase: 'error'; message: string; retry: boolean };

/**
 * /way — a native app shell hands its session over: ?guid=…[&userID][&userName][&target=/path].
 * The guid is checked with getUserInfo; a valid one becomes this device's session and the learner
 * goes on to the target or /homePage. A guid the server rejects → '/'.
 */
export default function WayScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const query = params.toString();

  useEffect(() => {
    const parsed = parseWayParams(new URLSearchParams(query));
    if (!parsed.ok) {
      setState({ phase: 'error', message: parsed.message, retry: false });
      return;
    }
    const { guid, userID, userName, target } = parsed.value;
    let active = true;
    setState({ phase: 'loading' });
    // quiet: a rejected guid must lead to '/', not to the client's usual 401 → /login.
    call(getUserInfo, { guid }, { quiet: true }).then(
      (user) => {
        if (!active) return;
        if ((userID !== null && userID !== user.userID) || (userName !== null && userName !== user.userName)) {
          setState({ phase: 'error', message: '传入的账号信息与登录凭证不一致，请重新登录', retry: false });
          return;
        }
        clearSession();
        queryClient.removeQueries({ queryKey: ['user'] });
        saveLogin({ guid, userID: user.userID, userName: user.userName });
        navigate(target ?? '/homePage', { replace: true });
      },
      (err: unknown) => {
        if (!active || isCancelled(err)) return;
        if (isApiError(err) && err.status === Status.UNAUTHORIZED) {
          toast('登录信息已失效，请重新登录');
          navigate('/', { replace: true });
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
  }, [query, attempt, navigate, queryClient]);

  if (state.phase === 'loading') return <HandoverLoading text="正在登录…" />;
  return (
    <HandoverError
      title="无法自动登录"
      message={state.message}
      actions={[
        ...(state.retry ? [{ label: '重试', onClick: () => setAttempt((n) => n + 1) }] : []),
        { label: '返回首页', onClick: () => navigate('/', { replace: true }), primary: !state.retry },
      ]}
    />
  );
}
