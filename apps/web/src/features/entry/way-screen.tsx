import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Status } from '@kaoshi/contract';
import { userKeys } from '../../entities/user/api';
import { handedUser } from './api';
import { clearSession, saveLogin } from '../../lib/session';
import { toast } from '../../ui/dialogs';
import { parseWayParams } from './gateway-params';
import { HandoverGate } from './handover-gate';

/**
 * /way — a native app shell hands its session over: ?guid=…[&userID][&userName][&target=/path].
 * The guid is checked with getUserInfo; a valid one becomes this device's session and the learner
 * goes on to the target or /homePage. A guid the server rejects → '/'.
 */
export default function WayScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <HandoverGate
      title="无法自动登录"
      loadingText="正在登录…"
      parse={parseWayParams}
      load={({ guid }) => handedUser(guid)}
      onLoaded={(user, { guid, userID, userName, target }, stop) => {
        if ((userID !== null && userID !== user.userID) || (userName !== null && userName !== user.userName)) {
          stop('传入的账号信息与登录凭证不一致，请重新登录');
          return;
        }
        clearSession();
        queryClient.removeQueries({ queryKey: userKeys.all });
        saveLogin({ guid, userID: user.userID, userName: user.userName });
        navigate(target ?? '/homePage', { replace: true });
      }}
      onStatus={{
        [Status.UNAUTHORIZED]: () => {
          toast('登录信息已失效，请重新登录');
          navigate('/', { replace: true });
        },
      }}
    />
  );
}
