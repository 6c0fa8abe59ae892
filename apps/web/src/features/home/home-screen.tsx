import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useAgent } from '../../lib/agent';
import { onHomeIndexCleared } from '../../lib/subject';
import { useUserInfo, userKeys } from '../../entities/user/api';
import { ContactCard } from '../../ui/contact-card';
import { HOME_KEY } from '../../entities/home/api';
import { HomeLinks } from './home-links';
import { NoticeWindow } from './notice-window';
import { SubjectHome, useOpenPath } from './subject-home';
import { useHomeSubject } from './use-home-subject';
import { UserHeader } from './user-header';
import buttons from '../../ui/buttons.module.css';
import styles from './home.module.css';

/**
 * /homePage — the learner's header, then the subject (resolved by useHomeSubject: selected, a guest's
 * pending choice, the last subject on the server, or none) with its banners, module grid and notice
 * window, the shortcuts and the tenant's contacts. Without a subject: 选择科目 and the notice window for every
 * subject (a new learner's welcome comes before the choice, so it never lands on the subject just chosen).
 * `fromUrl=mainJS` (the change-info check cleared the caches) reloads the learner, resolves the subject
 * again (so purchases are fresh) and is then dropped from the URL.
 */
export default function HomeScreen() {
  const agent = useAgent();
  const queryClient = useQueryClient();
  const { data: user, isPending, isError, refetch } = useUserInfo();
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('fromUrl');
  const [generation, setGeneration] = useState(0);
  // Bumped when the homeIndex is cleared: the grid is built again from the server.
  const [, setEpoch] = useState(0);
  const home = useHomeSubject(generation);
  const openPath = useOpenPath();

  useEffect(() => {
    if (fromUrl === null) return;
    if (fromUrl === 'mainJS') {
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      setGeneration((g) => g + 1);
    }
    const next = new URLSearchParams(params);
    next.delete('fromUrl');
    setParams(next, { replace: true });
  }, [fromUrl, params, setParams, queryClient]);

  useEffect(
    () =>
      onHomeIndexCleared(() => {
        queryClient.removeQueries({ queryKey: HOME_KEY });
        setEpoch((e) => e + 1);
      }),
    [queryClient],
  );

  return (
    <main className={styles.screen}>
      <UserHeader user={user} agentName={agent.AgentName} loading={isPending} failed={isError} onRetry={() => void refetch()} />
      <div className={styles.body}>
        {home.kind === 'ready' ? (
          <SubjectHome subject={home.subject} />
        ) : home.kind === 'resolving' ? (
          <section className={`${styles.card} ${styles.empty}`} aria-busy="true">
            <p className={styles.emptyText}>正在加载科目…</p>
          </section>
        ) : (
          <section className={`${styles.card} ${styles.empty}`} aria-labelledby="subject-title">
            <div className={styles.emptyIcon} aria-hidden="true">
              科
            </div>
            <h2 id="subject-title" className={styles.emptyTitle}>
              还没有选择科目
            </h2>
            <p className={styles.emptyText}>选好科目后，这里会显示该科目的题库、模拟考试、视频和直播等学习内容。</p>
            <Link to="/switchSub" className={`${buttons.primary} ${styles.emptyAction}`}>
              选择科目
            </Link>
            {/* Before the choice, not after it: a new learner's welcome comes here, once (issue 32). */}
            <NoticeWindow onLink={openPath} />
          </section>
        )}
        <HomeLinks />
        <ContactCard agent={agent} />
      </div>
    </main>
  );
}
