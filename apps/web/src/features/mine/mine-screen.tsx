import { Link } from 'react-router';
import { displayName, useProfileQuery } from '../../entities/user/profile-api';
import { badgeText, messagesLabel, useUnreadMessages } from '../../entities/message/api';
import { initialOf, maskPhone } from '../../lib/format';
import { getSelectedSubject, isTrial, versionBadge } from '../../lib/subject';
import { Page } from '../../ui/page';
import { Group, LinkRow } from '../../ui/rows';
import styles from './mine.module.css';

/**
 * /mine — 我的, the fourth tab (docs/navigation.md): the learner (avatar, nickname, masked phone → /userInfoPage), the
 * version held in the current subject, then one row per place a learner looks for their own things: study records,
 * orders and coupons, messages (with the unread count), help, and the settings pages.
 */
export default function MineScreen() {
  const subject = getSelectedSubject();
  const unread = useUnreadMessages().data?.total;
  return (
    <Page title="我的" back={false}>
      <div className={styles.screen}>
        <ProfileCard />
        <section className={styles.version} aria-labelledby="mine-version">
          <h2 id="mine-version" className={styles.versionTitle}>
            我的版本
          </h2>
          {subject ? (
            <>
              <p className={styles.versionLine}>
                <span className={styles.subject}>{subject.AppName}</span>
                <span className={isTrial(subject) ? styles.trialChip : styles.vipChip}>{versionBadge(subject)}</span>
              </p>
              <div className={styles.versionLinks}>
                <Link to="/switchSub" className={styles.chipLink}>
                  切换科目
                </Link>
                <Link to={isTrial(subject) ? '/buyapp' : '/memberCenter'} className={styles.chipLink}>
                  {isTrial(subject) ? '开通班次' : '会员中心'}
                </Link>
              </div>
            </>
          ) : (
            <div className={styles.versionLinks}>
              <span className={styles.muted}>还没有选择科目</span>
              <Link to="/switchSub" className={styles.chipLink}>
                选择科目
              </Link>
            </div>
          )}
        </section>
        <Group title="学习记录">
          <LinkRow to="/consolidate" label="错题本" />
          <LinkRow to="/consolidate?tab=fav" label="收藏" />
          <LinkRow to={subject ? `/examHistory?appID=${subject.AppID}` : '/examHistory'} label="考试记录" />
          <LinkRow to="/studyMain" label="学习计划" />
        </Group>
        <Group title="订单与优惠">
          <LinkRow to="/memberCenter" label="我的订单" />
          <LinkRow to="/myCoupon" label="我的优惠券" />
          <LinkRow to="/mypink" label="我的拼团" />
        </Group>
        <Group title="消息与服务">
          <LinkRow to="/myMessage" label="我的消息" badge={badgeText(unread)} ariaLabel={messagesLabel(unread)} />
          <LinkRow to="/feedback" label="意见反馈" />
          <LinkRow to="/customerService" label="客服中心" />
        </Group>
        <Group title="设置">
          <LinkRow to="/settings" label="设置" />
          <LinkRow to="/currency" label="通用设置" />
          <LinkRow to="/abnormal_repair" label="异常修复" />
          <LinkRow to="/aboutUs" label="关于我们" />
        </Group>
      </div>
    </Page>
  );
}

/** The learner: avatar (or the nickname's first character), nickname and masked phone; opens /userInfoPage. */
function ProfileCard() {
  const { data, isPending, isError, refetch } = useProfileQuery();
  if (!data) {
    return (
      <section className={styles.profile} aria-busy={isPending}>
        <span className={styles.avatar} aria-hidden="true" />
        <p className={styles.muted}>
          {isError ? '账号信息加载失败' : '加载中…'}
          {isError ? (
            <button type="button" className={styles.retry} onClick={() => void refetch()}>
              重试
            </button>
          ) : null}
        </p>
      </section>
    );
  }
  const name = displayName(data);
  return (
    <Link to="/userInfoPage" className={styles.profile} title="个人资料">
      {data.avatarUrl ? (
        <img className={styles.avatar} src={data.avatarUrl} alt="" width={56} height={56} />
      ) : (
        <span className={styles.avatar} aria-hidden="true">
          {initialOf(name)}
        </span>
      )}
      <span className={styles.who}>
        <span className={styles.nick}>{name}</span>
        <span className={styles.phone}>{maskPhone(data.phone || data.userName)}</span>
      </span>
      <span className={styles.arrow} aria-hidden="true">
        ›
      </span>
    </Link>
  );
}
