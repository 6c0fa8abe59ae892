import { Page } from '../../ui/page';
import { RELEASES } from './releases';
import styles from './mine.module.css';

/** /updateLog — 更新日志: what changed in each release, newest first (content/releases.json); the running one marked. */
export default function UpdateLogScreen() {
  return (
    <Page title="更新日志">
      <div className={styles.screen}>
        {RELEASES.length === 0 ? (
          <p className={styles.muted}>暂无更新记录</p>
        ) : (
          <ol className={styles.releases} aria-label="版本更新记录">
            {RELEASES.map((r) => (
              <li key={r.version} className={styles.release}>
                <h2 className={styles.releaseHead}>
                  <span className={styles.releaseVersion}>v{r.version}</span>
                  {r.version === __APP_VERSION__ ? <span className={styles.vipChip}>当前版本</span> : null}
                </h2>
                <p className={styles.releaseMeta}>
                  <time dateTime={r.date}>{r.date}</time>
                  {r.title ? ` · ${r.title}` : ''}
                </p>
                <ul className={styles.notes}>
                  {r.notes.map((n) => (
                    <li key={n}>{n}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </div>
    </Page>
  );
}
