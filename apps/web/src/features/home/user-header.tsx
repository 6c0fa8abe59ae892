import { Link } from 'react-router';
import type { UserInfo } from '@kaoshi/contract';
import { badgeText, messagesLabel, useUnreadMessages } from '../../entities/message/api';
import { displayName, useProfileQuery } from '../../entities/user/profile-api';
import { Avatar } from '../../ui/avatar';
import { maskPhone } from '../../lib/format';
import { isLoggedIn } from '../../lib/session';
import styles from './user-header.module.css';

interface Props {
  user: UserInfo | undefined;
  agentName: string;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

/**
 * The learner's header: avatar (their picture, else the name's first character; opens /userInfoPage), nickname,
 * masked phone and the agent, with the messages entry (its unread count once known; nothing while loading or when it
 * failed) and a settings entry. The learner and the buttons are two groups: when both do not fit on one line (a long
 * name, 大 or 特大 text) the buttons move above the learner, whose name wraps rather than being cut (user-header.module.css).
 */
export function UserHeader({ user, agentName, loading, failed, onRetry }: Props) {
  // The profile (avatar, nickname as edited on /userInfoPage) once known; getUserInfo's nickname until then.
  const profile = useProfileQuery().data;
  const name = profile ? displayName(profile) : user ? user.nickName || user.userName : '';
  return (
    <header className={styles.header}>
      <div className={styles.identity}>
        {profile || user ? (
          <Link to="/userInfoPage" style={{ display: 'flex', flex: 'none', borderRadius: '50%' }} aria-label="个人资料">
            <Avatar url={profile?.avatarUrl ?? ''} name={name} size={56} className={styles.avatar} />
          </Link>
        ) : (
          <div className={styles.avatar} aria-hidden="true" />
        )}
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
      </div>
      <div className={styles.actions}>
        {isLoggedIn() ? <SearchButton /> : null}
        {isLoggedIn() ? <MessagesButton /> : null}
        <Link to="/settings" className={styles.settings} aria-label="设置">
          设置
        </Link>
      </div>
    </header>
  );
}

/** 搜索: opens /search_result (全局搜索, docs/search.md); a round 44×44 magnifier beside 消息. */
function SearchButton() {
  return (
    <Link to="/search_result" className={styles.settings} style={{ width: 44, padding: 0, justifyContent: 'center' }} aria-label="搜索">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="m16 16 4.5 4.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </Link>
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
