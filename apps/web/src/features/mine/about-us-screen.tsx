import { useAgent } from '../../lib/agent';
import { ContactCard } from '../../ui/contact-card';
import { Page } from '../../ui/page';
import { Group, InfoRow, LinkRow } from '../../ui/rows';
import { RELEASES } from './releases';
import styles from './mine.module.css';

/**
 * /aboutUs — 关于我们: the agent's store name and what the app is for, the running version and its release date, links
 * to the agreements (/agreementList), the release notes (/updateLog) and the help centre, and the agent's contacts.
 */
export default function AboutUsScreen() {
  const agent = useAgent();
  const name = agent.StoreName || agent.AgentName;
  const current = RELEASES.find((r) => r.version === __APP_VERSION__);
  return (
    <Page title="关于我们">
      <div className={styles.screen}>
        <section className={styles.about} aria-labelledby="about-name">
          <span className={styles.logo} aria-hidden="true">
            {name.slice(0, 1)}
          </span>
          <h2 id="about-name" className={styles.aboutName}>
            {name}
          </h2>
          <p className={styles.aboutVersion}>版本 v{__APP_VERSION__}</p>
          <p className={styles.aboutText}>{name}为医药卫生等职业资格考试的考生提供题库练习、模拟考试、视频课程、讲义和直播课，帮助考生按计划备考、高效通关。</p>
        </section>
        <Group>
          <InfoRow label="服务机构">{agent.AgentName}</InfoRow>
          {current ? <InfoRow label="发布日期">{current.date}</InfoRow> : null}
          <LinkRow to="/updateLog" label="更新日志" />
          <LinkRow to="/agreementList" label="用户协议与隐私政策" />
          <LinkRow to="/customerService" label="客服中心" />
        </Group>
        <div className={styles.contacts}>
          <ContactCard agent={agent} />
        </div>
      </div>
    </Page>
  );
}
