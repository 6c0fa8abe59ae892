import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { getSelectedSubject } from '../../lib/subject';
import { Page } from '../../ui/page';
import buttons from '../../ui/buttons.module.css';
import { guidePageQuery } from './api';
import styles from './guide.module.css';

/** /Guidance — how to use the app (the tenant's guide page) as numbered steps, then '开始学习'. */
export default function GuidanceScreen() {
  const navigate = useNavigate();
  const page = useQuery(guidePageQuery('guidance'));
  const start = () => void navigate(getSelectedSubject() ? '/homePage' : '/switchSub');

  return (
    <Page title="新手引导">
      <div className={styles.screen}>
        <h2 className={styles.heading}>{page.data?.title || '新手引导'}</h2>
        {page.isPending ? (
          <p className={styles.muted}>加载中…</p>
        ) : page.isError ? (
          <p className={styles.muted}>暂无新手引导</p>
        ) : (
          <ol className={styles.steps}>
            {page.data.sections.map((s, i) => (
              <li key={i} className={styles.step}>
                <span className={styles.stepNo} aria-hidden="true">
                  {i + 1}
                </span>
                <div className={styles.stepBody}>
                  <h2 className={styles.sectionTitle}>{s.title}</h2>
                  <p className={styles.text}>{s.body}</p>
                </div>
              </li>
            ))}
          </ol>
        )}
        <button type="button" className={buttons.primary} onClick={start}>
          开始学习
        </button>
      </div>
    </Page>
  );
}
