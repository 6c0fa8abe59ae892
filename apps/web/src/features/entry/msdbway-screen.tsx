import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isLoggedIn } from '../../lib/session';
import { cookies } from '../../lib/storage';
import { parseChannelId } from './gateway-params';
import { HandoverError, HandoverLoading } from './handover-view';

/**
 * /msdbway — entry from a campaign link (名师点拨 style): ?YILIUQUDAOID=channel. The channel id is
 * kept in the YILIUQUDAOID cookie (30 days) so a registration can be credited to it; a guest goes on
 * to registration, a signed-in learner to /homePage.
 */
export default function MsdbwayScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const query = params.toString();

  useEffect(() => {
    const parsed = parseChannelId(new URLSearchParams(query));
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    cookies.set('YILIUQUDAOID', parsed.value);
    navigate(isLoggedIn() ? '/homePage' : '/login?mode=register', { replace: true });
  }, [query, navigate]);

  if (!error) return <HandoverLoading />;
  return (
    <HandoverError
      title="活动链接无效"
      message={error}
      actions={[
        { label: '注册账号', onClick: () => navigate('/login?mode=register', { replace: true }) },
        { label: '返回首页', onClick: () => navigate('/', { replace: true }), primary: false },
      ]}
    />
  );
}
