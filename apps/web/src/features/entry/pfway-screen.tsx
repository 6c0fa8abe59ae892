import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { isCancelled } from '../../api/client';
import { startFreeTry } from './api';
import { isLoggedIn } from '../../lib/session';
import { cookies } from '../../lib/storage';
import { errorText } from '../../lib/error-text';
import { Actions, HandoverError, HandoverLoading, HandoverPanel } from './handover-view';
import styles from './handover.module.css';

type State = { phase: 'loading' } | { phase: 'ready' } | { phase: 'error'; message: string };

/**
 * /pfway — free-try entry: sets the freeTry cookie (tracking then marks the learner as a guest) and
 * asks the server for tourist mode (checkIsTourist with freeTry=true), then says what a tourist can
 * do before going on to '/'. A signed-in learner is not a tourist and goes straight to /homePage.
 */
export default function PfwayScreen() {
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (isLoggedIn()) {
      navigate('/homePage', { replace: true });
      return;
    }
    let active = true;
    setState({ phase: 'loading' });
    cookies.set('freeTry', 'true');
    startFreeTry().then(
      () => active && setState({ phase: 'ready' }),
      (err: unknown) => {
        if (active && !isCancelled(err)) setState({ phase: 'error', message: errorText(err) });
      },
    );
    return () => {
      active = false;
    };
  }, [attempt, navigate]);

  if (state.phase === 'loading') return <HandoverLoading text="正在开启免费试用…" />;
  if (state.phase === 'error') {
    return (
      <HandoverError
        title="暂时无法开启试用"
        message={state.message}
        actions={[
          { label: '重试', onClick: () => setAttempt((n) => n + 1) },
          { label: '返回首页', onClick: () => navigate('/', { replace: true }), primary: false },
        ]}
      />
    );
  }
  return (
    <HandoverPanel icon="试" title="欢迎免费试用">
      <p className={styles.text}>您正在以游客身份体验，无需注册即可先看看。</p>
      <ul className={styles.list} aria-label="游客可以">
        <li>浏览应用介绍，了解题库、模考、视频和直播课程</li>
        <li>随时用手机号注册，注册后即可选择科目开始练习</li>
        <li>注册后学习记录和错题会保存在您的账号中</li>
      </ul>
      <Actions
        actions={[
          { label: '开始体验', onClick: () => navigate('/', { replace: true }) },
          { label: '注册账号', onClick: () => navigate('/login?mode=register'), primary: false },
        ]}
      />
    </HandoverPanel>
  );
}
