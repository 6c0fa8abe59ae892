import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useAgent } from '../../lib/agent';
import { clearHomeIndex, getSelectedSubject } from '../../lib/subject';
import { toast } from '../../ui/dialogs';
import { EmptyData } from '../../ui/empty-data';
import { Page } from '../../ui/page';
import { ContactCard } from '../../ui/contact-card';
import { chooseSubject } from '../../lib/choose-subject';
import { ActivationForm } from './activation-form';
import { VersionCards } from '../../ui/versions';
import { buyableVersions, useSubjectVersions } from '../../api/versions';
import styles from './buy.module.css';

/**
 * /buyapp — the interim shop until online payment exists: the current subject's versions (posSlide
 * highlighted), the activation-code form and the tenant's contacts, who sell the codes.
 * A redeemed code: '激活成功', the home grid cleared, the subject chosen again (fresh purchases), /homePage.
 */
export default function BuyAppScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const agent = useAgent();
  const [params] = useSearchParams();
  const subject = getSelectedSubject();
  const versions = useSubjectVersions(subject?.AppID ?? null);

  if (!subject) {
    return (
      <Page title="开通班次">
        <EmptyData message="请先选择科目，再开通班次" buyButton="选择科目" onBuy={() => void navigate('/switchSub')} />
      </Page>
    );
  }

  const done = async () => {
    toast('激活成功');
    clearHomeIndex();
    await chooseSubject({ AppID: subject.AppID, AppEName: subject.AppEName, AppName: subject.AppName, CName: subject.AppCName, vn: subject.AppVn });
    void queryClient.invalidateQueries();
    void navigate('/homePage', { replace: true });
  };

  const list = versions.data ? buyableVersions(versions.data.list) : [];

  return (
    <Page title="开通班次">
      <div className={styles.screen}>
        <section className={styles.section} aria-labelledby="versions-title">
          <h2 id="versions-title" className={styles.sectionTitle}>
            {subject.AppName}
          </h2>
          {list.length > 0 ? (
            <VersionCards versions={list} highlight={params.get('posSlide')} />
          ) : versions.isError ? (
            <p className={styles.muted}>班次加载失败，请稍后重试</p>
          ) : versions.isPending ? (
            <p className={styles.muted}>加载中…</p>
          ) : (
            <p className={styles.muted}>暂无可开通的班次</p>
          )}
        </section>
        <ActivationForm appID={subject.AppID} onDone={done} />
        <p className={styles.note}>暂不支持在线支付。激活码可联系下方客服购买，购买后在上方输入即可开通。</p>
        <ContactCard agent={agent} />
      </div>
    </Page>
  );
}
