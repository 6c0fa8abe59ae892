import { Link } from 'react-router';
import type { UserInfo } from '@kaoshi/contract';
import { initialOf, maskPhone } from '../../lib/format';
import styles from './home.module.css';

interface Props {
  user: UserInfo | undefined;
  agentName: string;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

/** The learner's header: text avatar, nickname, masked phone and the agent, with a settings entry. */
export function UserHeader({ user, agentName, loading, failed, onRetry }: Props) {
  const name = user ? user.nickName || user.userName : '';
  return (
    <header className={styles.header}>
      <div className={styles.avatar} aria-hidden="true">
        {user ? initialOf(name) : ''}
      </div>
      <div className={styles.who}>
        {user ? (
          <>
            <h1 className={styles.nick}>{name}</h1>
            <p className={styles.meta}>{maskPhone(user.phone || user.userName)}</p>
          </>
        ) : loading ? (
          <p className={styles.meta}>加载中…</p>
        ) : failed ? (
          <p className={styles.meta}>
            账号信息加载失败
            <button type="button" className={styles.retry} onClick={onRetry}>
              重试
            </button>
          </p>
        ) : null}
        <p className={styles.agent}>{agentName}</p>
      </div>
      <Link to="/settings" className={styles.settings} aria-label="设置">
        设置
      </Link>
    </header>
  );
}
