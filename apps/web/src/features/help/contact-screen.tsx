import { Link } from 'react-router';
import { useAgent } from '../../lib/agent';
import { parseWeChat } from '../../ui/contact-card';
import { toast } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import styles from './help.module.css';

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast(`${what}已复制`);
  } catch {
    toast('复制失败，请长按手动复制');
  }
}

/**
 * /contact_service 联系客服: the agent's own contacts (agent info, spec §3): the telephone (a tel: link), QQ (copy)
 * and WeChat — WeiXinContact 1 a WeChat account (copy the id, add it in WeChat), 2 an official account (its name, to
 * search and follow in WeChat). No contacts: the way to feedback.
 */
export function ContactScreen() {
  const agent = useAgent();
  const tel = agent.TelePhone.trim();
  const dial = tel.replace(/[^\d+]/g, '');
  const qq = agent.QQ.trim();
  const wechat = parseWeChat(agent.WeiXinContact);
  const official = wechat?.label === '微信公众号';
  const none = !tel && !qq && !wechat;

  return (
    <Page title="联系客服">
      <div className={styles.screen}>
        <section className={styles.card} aria-labelledby="agent-title">
          <h2 id="agent-title" className={styles.cardTitle}>
            {agent.AgentName || agent.StoreName}
          </h2>
          <p className={styles.muted}>{none ? '暂无客服联系方式，请通过意见反馈联系我们。' : '遇到问题可以通过以下方式联系我们的客服老师。'}</p>
        </section>
        {tel ? (
          <section className={styles.card} aria-labelledby="tel-title">
            <h2 id="tel-title" className={styles.cardTitle}>
              客服电话
            </h2>
            <p className={styles.muted}>{tel}</p>
            {dial ? (
              <a className={styles.secondary} href={`tel:${dial}`}>
                拨打电话<span className="ks-visually-hidden">{` ${tel}`}</span>
              </a>
            ) : null}
          </section>
        ) : null}
        {qq ? (
          <section className={styles.card} aria-labelledby="qq-title">
            <h2 id="qq-title" className={styles.cardTitle}>
              客服QQ
            </h2>
            <p className={styles.muted}>{qq}</p>
            <button type="button" className={styles.secondary} onClick={() => void copy(qq, 'QQ号')}>
              复制QQ号
            </button>
          </section>
        ) : null}
        {wechat ? (
          <section className={styles.card} aria-labelledby="wechat-title">
            <h2 id="wechat-title" className={styles.cardTitle}>
              {official ? '微信公众号' : '客服微信'}
            </h2>
            <p className={styles.muted}>{official ? `公众号：${wechat.value}` : `微信号：${wechat.value}`}</p>
            <p className={styles.muted}>{official ? '打开微信，搜索公众号并关注，即可在公众号内咨询。' : '复制微信号后，打开微信添加好友。'}</p>
            <button type="button" className={styles.secondary} onClick={() => void copy(wechat.value, official ? '公众号名称' : '微信号')}>
              {official ? '复制公众号名称' : '复制微信号'}
            </button>
          </section>
        ) : null}
        <Link className={styles.primary} to="/adviceFeedback?from=%2Fcontact_service">
          意见反馈
        </Link>
      </div>
    </Page>
  );
}
