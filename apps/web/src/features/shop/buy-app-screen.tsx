import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAgent } from '../../lib/agent';
import { clearHomeIndex, getSelectedSubject } from '../../lib/subject';
import { restoreSubject } from '../../entities/subject/restore-subject';
import { rememberSubjectReturn } from '../../lib/subject-return';
import { toast } from '../../ui/dialogs';
import { errorText } from '../../lib/error-text';
import { sessionCache } from '../../lib/storage';
import { EmptyData } from '../../ui/empty-data';
import { Page } from '../../ui/page';
import { ContactCard } from '../../ui/contact-card';
import { chooseSubject } from '../../entities/subject/choose-subject';
import { ActivationForm } from './activation-form';
import { PriceCards } from './price-cards';
import { openSpread, pricesQuery } from './api';
import { GroupSection } from './group-section';
import { BuyersTicker } from './buyers-ticker';
import styles from './buy.module.css';

/**
 * /buyapp — the shop (docs/shop.md): the current subject's versions on sale with their prices (posSlide
 * highlighted), 立即购买 → /payPage; then the activation-code form and the tenant's contacts.
 * A redeemed code: '激活成功', the home grid cleared, the subject chosen again (fresh purchases), /homePage.
 */
export default function BuyAppScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const agent = useAgent();
  const [params] = useSearchParams();
  // A promotion link's code of one subject chooses that subject for a learner who has none yet (a new account).
  const [, subjectChosen] = useState(0);
  const subject = getSelectedSubject();
  const prices = useQuery({ ...pricesQuery(subject?.AppID ?? 0), enabled: subject !== null });
  useSpreadLink(params.get('spread'), (appID) => {
    if (getSelectedSubject()) return;
    void restoreSubject(appID).then(() => subjectChosen((n) => n + 1));
  });

  if (!subject) {
    return (
      <Page title="开通班次">
        <EmptyData
          message="请先选择科目，再开通班次"
          buyButton="选择科目"
          onBuy={() => {
            rememberSubjectReturn(`/buyapp${window.location.search}`);
            void navigate('/switchSub');
          }}
        />
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

  const list = prices.data?.items ?? [];
  const off = prices.data?.buyDisabled ?? false;

  return (
    <Page title="开通班次">
      <div className={styles.screen}>
        {off ? null : <BuyersTicker appID={subject.AppID} />}
        <section className={styles.section} aria-labelledby="versions-title">
          <h2 id="versions-title" className={styles.sectionTitle}>
            {subject.AppName}
          </h2>
          {list.length > 0 ? (
            <PriceCards
              items={list}
              highlight={params.get('posSlide')}
              readOnly={off}
              onBuy={(v, from) => void navigate(`/payPage?appID=${subject.AppID}&vn=${encodeURIComponent(v.vn)}${from ? `&fromVn=${encodeURIComponent(from.vn)}` : ''}`)}
            />
          ) : prices.isError ? (
            <p className={styles.muted}>班次加载失败，请稍后重试</p>
          ) : prices.isPending ? (
            <p className={styles.muted}>加载中…</p>
          ) : (
            <p className={styles.muted}>暂无可开通的班次</p>
          )}
        </section>
        {off || prices.data?.customPayUrl ? null : <GroupSection appID={subject.AppID} payType={prices.data?.payTypes[0]} />}
        <ActivationForm appID={subject.AppID} onDone={done} />
        <p className={styles.note}>
          {off ? '当前渠道暂不支持在线购买。激活码可联系下方客服购买，购买后在上方输入即可开通。' : '已有激活码？在上方输入即可开通。购买遇到问题可联系下方客服。'}
        </p>
        <ContactCard agent={agent} />
      </div>
    </Page>
  );
}

/**
 * A promotion link (/buyapp?spread=CODE): the server records the visit and answers the promoter's discount, whose
 * code is kept for this tab; /payPage then applies it where it can.
 */
function useSpreadLink(code: string | null, forSubject: (appID: number) => void) {
  useEffect(() => {
    if (!code) return;
    openSpread(code).then(
      (d) => {
        sessionCache.set('spreadCode', d.code);
        toast(`已领取推广优惠：${d.title}`);
        if (d.appID !== null) forSubject(d.appID);
      },
      (err: unknown) => toast(errorText(err)),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code]);
}
