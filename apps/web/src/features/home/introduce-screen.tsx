import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { getSelectedSubject } from '../../lib/subject';
import { EmptyData } from '../../ui/empty-data';
import { Page } from '../../ui/page';
import buttons from '../../ui/buttons.module.css';
import { VersionCards } from './versions';
import { buyableVersions, useSubjectVersions } from './versions-api';
import { guidePageQuery } from './api';
import styles from './guide.module.css';

/** /introduce — the current subject's exam introduction, its versions with what each opens, and '开通班次'. */
export default function IntroduceScreen() {
  const navigate = useNavigate();
  const subject = getSelectedSubject();
  const page = useQuery({ ...guidePageQuery('introduce', subject?.AppID), enabled: subject !== null });
  const versions = useSubjectVersions(subject?.AppID ?? null);

  if (!subject) {
    return (
      <Page title="考试介绍">
        <EmptyData message="请先选择科目，再查看考试介绍" buyButton="选择科目" onBuy={() => void navigate('/switchSub')} />
      </Page>
    );
  }

  const list = versions.data ? buyableVersions(versions.data.list) : [];

  return (
    <Page title="考试介绍">
      <div className={styles.screen}>
        <h2 className={styles.heading}>{page.data?.title || subject.AppName}</h2>
        {page.isPending ? (
          <p className={styles.muted}>加载中…</p>
        ) : page.isError ? (
          <p className={styles.muted}>暂无考试介绍</p>
        ) : (
          page.data.sections.map((s, i) => (
            <section key={i} className={styles.section}>
              <h2 className={styles.sectionTitle}>{s.title}</h2>
              <p className={styles.text}>{s.body}</p>
            </section>
          ))
        )}
        {list.length > 0 ? (
          <section className={styles.section} aria-labelledby="intro-versions">
            <h2 id="intro-versions" className={styles.sectionTitle}>
              班次介绍
            </h2>
            <VersionCards versions={list} />
          </section>
        ) : null}
        <button type="button" className={buttons.primary} onClick={() => void navigate('/buyapp')}>
          开通班次
        </button>
      </div>
    </Page>
  );
}
