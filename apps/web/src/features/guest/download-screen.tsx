import { useAgent } from '../../lib/agent';
import { clientKind } from '../../lib/client-kind';
import { toast } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import { h5Link, parseDownloadAddress, targetFor } from './download-address';
import { QrImage } from './qr-image';
import styles from './guest.module.css';

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast('链接已复制');
  } catch {
    toast('请长按链接复制');
  }
}

/**
 * /downLoad (guest-whitelisted, spec §2): the agent's app per platform from its DownloadAddress (a QR code to scan
 * with another phone and a button on this one), and the H5 link that opens the app in any browser.
 */
export function DownloadScreen() {
  const agent = useAgent();
  const targets = parseDownloadAddress(agent.DownloadAddress);
  const mine = targetFor(clientKind(), navigator.userAgent, targets);
  const h5 = h5Link(window.location.origin, agent.AgentCode);
  const name = agent.StoreName || agent.AgentName;

  return (
    <Page title="下载APP">
      <div className={styles.screen}>
        <section className={styles.hero}>
          <h2 className={styles.title}>{name}</h2>
          <p className={styles.muted}>手机扫码或点击按钮下载，登录同一个账号，学习记录在手机和电脑上同步。</p>
        </section>
        {targets.length === 0 ? <p className={styles.note}>该机构暂未提供 APP 下载地址，可以直接使用下方的网页版。</p> : null}
        <div className={styles.platforms}>
          {targets.map((t) => (
            <section key={t.id} className={styles.platform} data-mine={t.id === mine} aria-label={t.name}>
              <h3 className={styles.rowTitle}>
                {t.name}
                {t.id === mine ? '（本机）' : ''}
              </h3>
              <QrImage text={t.url} label={`${t.name}下载二维码`} />
              <a className={styles.primaryLink} href={t.url} target="_blank" rel="noopener noreferrer">
                {t.id === 'all' ? '打开下载页' : `下载${t.name}`}
              </a>
            </section>
          ))}
          <section className={styles.platform} aria-label="网页版">
            <h3 className={styles.rowTitle}>网页版（H5）</h3>
            <QrImage text={h5} label="网页版二维码" />
            <p className={styles.url}>{h5}</p>
            <button type="button" className={styles.secondary} onClick={() => void copy(h5)}>
              复制网页版链接
            </button>
          </section>
        </div>
        <p className={styles.note}>苹果手机请在 App Store 中确认开发者信息后安装；安卓手机如提示“未知来源”，请在系统设置中允许本次安装。</p>
      </div>
    </Page>
  );
}
