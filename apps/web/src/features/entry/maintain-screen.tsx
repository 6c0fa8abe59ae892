import { withAc, cachedAgentCode } from '../../lib/ac';
import { browser } from '../../lib/navigation';
import styles from './handover.module.css';

/**
 * /maintain — shown when the server answers body status 408. Reloading starts the app again at '/'
 * (with the agent code), so every cache is rebuilt once the server is back.
 */
export default function MaintainScreen() {
  return (
    <main className={styles.screen}>
      <div className={styles.icon} aria-hidden="true">
        修
      </div>
      <h1 className={styles.title}>系统维护中</h1>
      <p className={styles.text}>为了给您提供更好的学习体验，我们正在对系统进行升级维护。</p>
      <p className={styles.text}>您的学习记录和已购买的课程不会受到影响，请稍后再试。</p>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={() => browser.openUrl(withAc('/', cachedAgentCode()))}>
          重新加载
        </button>
      </div>
    </main>
  );
}
