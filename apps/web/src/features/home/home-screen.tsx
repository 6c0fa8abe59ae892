import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useAgent } from '../../lib/agent';
import { useUserInfo } from '../common/user-info';
import { ContactCard } from './contact-card';
import { UserHeader } from './user-header';
import styles from './home.module.css';

/**
 * /homePage — the learner's header, the tenant's contacts and the subject area. Subjects and their
 * module grid come with the subject feature; until then the area says so honestly.
 * `fromUrl=mainJS` (the change-info check cleared the caches) refreshes the learner and is then dropped.
 */
export default function HomeScreen() {
  const agent = useAgent();
  const queryClient = useQueryClient();
  const { data: user, isPending, isError, refetch } = useUserInfo();
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('fromUrl');

  useEffect(() => {
    if (fromUrl === null) return;
    if (fromUrl === 'mainJS') void queryClient.invalidateQueries({ queryKey: ['user'] });
    const next = new URLSearchParams(params);
    next.delete('fromUrl');
    setParams(next, { replace: true });
  }, [fromUrl, params, setParams, queryClient]);

  return (
    <main className={styles.screen}>
      <UserHeader
        user={user}
        agentName={agent.AgentName}
        loading={isPending}
        failed={isError}
        onRetry={() => void refetch()}
      />
      <div className={styles.body}>
        <section className={`${styles.card} ${styles.empty}`} aria-labelledby="subject-title">
          <div className={styles.emptyIcon} aria-hidden="true">
            科
          </div>
          <h2 id="subject-title" className={styles.emptyTitle}>
            还没有选择科目
          </h2>
          <p className={styles.emptyText}>选好科目后，这里会显示该科目的题库、模拟考试、视频和直播等学习内容。</p>
        </section>
        <ContactCard agent={agent} />
      </div>
    </main>
  );
}
