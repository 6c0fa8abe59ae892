import { Link } from 'react-router';
import type { UserInfo } from '@kaoshi/contract';
import { badgeText, messagesLabel, useUnreadMessages } from '../../api/messages';
import { initialOf, maskPhone } from '../../lib/format';
import { isLoggedIn } from '../../lib/session';
import styles from './home.module.css';

interface Props {
  user: UserInfo | undefined;
  agentName: string;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

/**
 * The learner's header: text avatar, nickname, masked phone and the agent, with the messages entry (its unread
 * count once known; nothing while loading or when it failed) and a settings entry.
 */
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
      {isLoggedIn() ? <MessagesButton /> : null}
      <Link to="/settings" className={styles.settings} aria-label="设置">
        设置
      </Link>
    </header>
  );
}

/** 消息: opens /myMessage; the badge shows the unread count ('99+' above the maximum). */
function MessagesButton() {
  const total = useUnreadMessages().data?.total;
  const badge = badgeText(total);
  return (
    <Link to="/myMessage" className={styles.messages} aria-label={messagesLabel(total)}>
      消息
      {badge ? (
        <span className={styles.msgBadge} aria-hidden="true" data-testid="message-badge">
          {badge}
        </span>
      ) : null}
    </Link>
  );
}
