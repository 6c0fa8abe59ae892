import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../lib/error-text';
import { useAgent } from '../../lib/agent';
import { agentContacts } from '../../ui/contact-card';
import { Page } from '../../ui/page';
import { StateMessage } from '../../ui/states';
import { faqQuery, searchFaq } from './api';
import { FaqItems } from './components/faq-items';
import { HelpRow } from './components/help-row';
import styles from './help.module.css';

/** How many questions 热门问题 shows: the first of each topic, then the seconds… up to this many. */
const POPULAR = 5;

/**
 * /customerService 客服中心: search the agent's FAQ, its topics (→ /serviceIndex), popular questions, the way to the
 * agent's contacts (/contact_service) and product feedback (/adviceFeedback, /feedback).
 */
export function HelpCenterScreen() {
  const q = useQuery(faqQuery());
  const agent = useAgent();
  const [search, setSearch] = useState('');
  const topics = q.data?.topics ?? [];
  const found = search.trim() ? searchFaq(topics, search).flatMap((t) => t.items) : null;
  const popular = topics.flatMap((t) => t.items).slice(0, POPULAR);
  const contacts = agentContacts(agent);

  let faq;
  if (q.isError) faq = <StateMessage text={errorText(q.error)} onRetry={() => void q.refetch()} />;
  else if (q.isPending) faq = <StateMessage text="加载中…" />;
  else if (found)
    faq = (
      <section className={styles.card} aria-label="搜索结果">
        <h2 className={styles.cardTitle}>{`搜索结果（${found.length}）`}</h2>
        {found.length ? <FaqItems key={search} items={found} label="搜索结果列表" /> : <p className={styles.muted}>没有找到相关问题，可以换个说法，或直接提交意见反馈</p>}
      </section>
    );
  else
    faq = (
      <>
        <section className={styles.card} aria-labelledby="topics-title">
          <h2 id="topics-title" className={styles.cardTitle}>
            问题分类
          </h2>
          <ul className={styles.topics}>
            {topics.map((t) => (
              <li key={t.id}>
                <Link className={styles.topic} to={`/serviceIndex?topic=${t.id}`}>
                  {t.name}
                  <span className={styles.topicCount}>{`${t.items.length}个问题`}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section className={styles.card} aria-labelledby="popular-title">
          <h2 id="popular-title" className={styles.cardTitle}>
            热门问题
          </h2>
          <FaqItems items={popular} label="热门问题列表" />
          <HelpRow to="/serviceIndex" text="查看全部问题" />
        </section>
      </>
    );

  return (
    <Page title="客服中心">
      <div className={styles.screen}>
        <input
          type="search"
          className={styles.search}
          placeholder="搜索问题，如：忘记密码"
          aria-label="搜索常见问题"
          value={search}
          maxLength={40}
          onChange={(e) => setSearch(e.target.value)}
        />
        {faq}
        <section className={styles.card} aria-labelledby="service-title">
          <h2 id="service-title" className={styles.cardTitle}>
            人工服务
          </h2>
          <ul className={styles.rows}>
            <li>
              <HelpRow to="/contact_service" text="联系客服" hint={contacts.length ? contacts.map((c) => c.label.replace('客服', '')).join(' · ') : '暂无'} />
            </li>
            <li>
              <HelpRow to="/adviceFeedback?from=%2FcustomerService" text="意见反馈" hint="问题、建议都可以告诉我们" />
            </li>
            <li>
              <HelpRow to="/feedback" text="我的反馈" hint="查看处理进度和回复" />
            </li>
          </ul>
        </section>
      </div>
    </Page>
  );
}
