import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useAgent } from '../../lib/agent';
import { isLoggedIn } from '../../lib/session';
import { cookies } from '../../lib/storage';
import { safeTargetPath } from '../../lib/safe-path';
import { FeatureList } from './feature-list';
import styles from './root.module.css';

/**
 * '/' — the tenant's themed entry screen. A signed-in learner goes on at once: to `fromUrl` when it
 * is an internal path (spec §2 "fromUrl is read by the root screen"), else to /homePage.
 */
export default function RootScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const agent = useAgent();

  if (isLoggedIn()) {
    return <Navigate to={safeTargetPath(params.get('fromUrl')) ?? '/homePage'} replace />;
  }
  const freeTry = cookies.get('freeTry') === 'true';

  return (
    <main className={styles.screen}>
      <header className={styles.hero}>
        <div className={styles.logo} aria-hidden="true">
          {Array.from(agent.StoreName)[0] ?? '考'}
        </div>
        <h1 className={styles.store}>{agent.StoreName}</h1>
        <p className={styles.slogan}>职业资格与职称考试，一站式备考</p>
      </header>
      <section className={styles.body}>
        {freeTry ? (
          <p className={styles.notice} role="status">
            您正在免费试用。注册后即可选择科目、保存学习记录。
          </p>
        ) : null}
        <FeatureList />
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={() => navigate('/login')}>
            登录
          </button>
          <button type="button" className={styles.secondary} onClick={() => navigate('/login?mode=register')}>
            注册
          </button>
        </div>
        <p className={styles.footnote}>医学、护理、药学等职业资格与职称考试备考</p>
      </section>
    </main>
  );
}
