import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { PayType } from '@kaoshi/contract';
import { versionLabel } from '../../ui/buy-flow';
import buttons from '../../ui/buttons.module.css';
import { groupsQuery } from './api';
import { groupPayPath } from './pay-flow';
import { yuan } from './format';
import base from './buy.module.css';
import styles from './shop.module.css';

/** Time left as '还剩 H小时M分' (under an hour: M分). */
export function leftText(iso: string, now = Date.now()): string {
  const min = Math.max(0, Math.ceil((Date.parse(iso) - now) / 60_000));
  return min >= 60 ? `还剩 ${Math.floor(min / 60)}小时${min % 60}分` : `还剩 ${min}分`;
}

/**
 * /buyapp: the subject's group buys — each offer's group price beside the version's own, 发起拼团, and the open
 * groups one may join (参团). Starting or joining goes to the order summary on /payPage (group-pay-page.tsx), which
 * creates the order at the group price and goes to payment. Shown only where the agent takes a method online.
 */
export function GroupSection({ appID, payType }: { appID: number; payType: PayType | undefined }) {
  const navigate = useNavigate();
  const { data } = useQuery(groupsQuery(appID));
  // A friend's invitation (/buyapp?joinGroup=id&appID=…, from /mypink): that group is marked and scrolled to.
  const [params] = useSearchParams();
  const invited = Number(params.get('joinGroup') ?? 0) || null;
  const invitedApp = Number(params.get('appID') ?? 0) || appID;
  const found = !!data?.list.some((o) => o.groups.some((g) => g.groupID === invited));
  const invitedRow = useCallback((el: HTMLLIElement | null) => el?.scrollIntoView?.({ block: 'center' }), []);
  if (!data || data.list.length === 0 || !payType) return null;

  return (
    <section className={base.section} aria-labelledby="groups-title">
      <h2 id="groups-title" className={base.sectionTitle}>
        拼团购买
      </h2>
      {invited && !found ? (
        <p className={styles.hint} role="status">
          {invitedApp !== appID ? '好友的团属于其他科目，请先切换到该科目再参团' : '好友的团已满员或已结束，您可以发起新的拼团'}
        </p>
      ) : null}
      <ul className={styles.cards}>
        {data.list.map((o) => (
          <li key={o.groupBuyID} className={styles.card} data-testid={`group-offer-${o.vn}`}>
            <div className={styles.cardHead}>
              <h3 className={styles.cardName}>
                {versionLabel(o.vname)} · {o.size}人团
              </h3>
              <span className={styles.hint}>{Math.round(o.minutes / 60)}小时内成团</span>
            </div>
            <p className={styles.priceLine}>
              <span className={styles.price}>{yuan(o.price)}</span>
              <s className={styles.original}>单买 {yuan(o.originalPrice)}</s>
            </p>
            {o.groups.length > 0 ? (
              <ul className={styles.orders} aria-label="可参加的团">
                {o.groups.map((g) => (
                  <li key={g.groupID} className={`${styles.bookLine} ${g.groupID === invited ? styles.invited : ''}`} ref={g.groupID === invited ? invitedRow : undefined}>
                    <span>
                      {g.groupID === invited ? <strong className={styles.saleTag}>好友邀请</strong> : null}
                      {g.leader} 的团 · 还差{g.need}人<small className={styles.bookNote}>{leftText(g.expiresAt)}</small>
                    </span>
                    <button type="button" className={`${buttons.primary} ${styles.joinButton}`} onClick={() => void navigate(groupPayPath(appID, o.vn, g.groupID))}>
                      参团
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            <button type="button" className={`${buttons.secondary} ${styles.buy}`} onClick={() => void navigate(groupPayPath(appID, o.vn))}>
              发起拼团
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
