import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../lib/error-text';
import { Page } from '../../ui/page';
import { StateMessage } from '../../ui/states';
import { faqQuery } from './api';
import { FaqItems } from './components/faq-items';
import { HelpRow } from './components/help-row';
import styles from './help.module.css';

/**
 * /serviceIndex[?topic=&q=] 服务索引: the agent's FAQ by topic (the topic kept in the URL; the first by default), each
 * question opening its answer (?q= opens one), and the way to feedback when the answer does not help.
 */
export function ServiceIndexScreen() {
  const q = useQuery(faqQuery());
  const [params, setParams] = useSearchParams();
  const topics = q.data?.topics ?? [];
  const topic = topics.find((t) => t.id === params.get('topic')) ?? topics[0];
  const chosen = useRef<HTMLButtonElement>(null);
  useEffect(() => chosen.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' }), [topic?.id]);

  let body;
  if (q.isError) body = <StateMessage text={errorText(q.error)} onRetry={() => void q.refetch()} />;
  else if (q.isPending) body = <StateMessage text="加载中…" />;
  else if (!topic) body = <StateMessage text="暂无常见问题" />;
  else
    body = (
      <>
        <ul className={styles.chips} role="tablist" aria-label="问题分类">
          {topics.map((t) => (
            <li key={t.id} role="presentation">
              <button
                ref={t.id === topic.id ? chosen : undefined}
                type="button"
                role="tab"
                className={styles.chip}
                aria-selected={t.id === topic.id}
                onClick={() => setParams({ topic: t.id }, { replace: true })}
              >
                {t.name}
              </button>
            </li>
          ))}
        </ul>
        <section className={styles.card} role="tabpanel" aria-label={topic.name}>
          <FaqItems key={topic.id} items={topic.items} label={`${topic.name}问题列表`} open={params.get('q')} />
        </section>
      </>
    );

  return (
    <Page title="服务索引">
      <div className={styles.screen}>
        {body}
        <section className={styles.card} aria-label="没有解决">
          <p className={styles.muted}>没有找到答案？</p>
          <ul className={styles.rows}>
            <li>
              <HelpRow to="/contact_service" text="联系客服" />
            </li>
            <li>
              <HelpRow to="/adviceFeedback?from=%2FserviceIndex" text="意见反馈" />
            </li>
          </ul>
        </section>
      </div>
    </Page>
  );
}
