import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { GROUP_MSG, SHOP_MSG, type PayType } from '@kaoshi/contract';
import { errorText } from '../../lib/error-text';
import { versionLabel } from '../../ui/buy-flow';
import { EmptyData } from '../../ui/empty-data';
import { Page } from '../../ui/page';
import { groupsQuery, joinGroup, pricesQuery, startGroup } from './api';
import { leftText } from './group-section';
import { groupPayPath, usePayAttempt } from './pay-flow';
import { PayBar, PayMethods } from './pay-methods';
import { yuan } from './format';
import base from './buy.module.css';
import styles from './shop.module.css';

/**
 * /payPage?appID&vn&group=new (发起拼团) or &group=<groupID> (参团) — a group buy's order summary, as a purchase has
 * (docs/shop.md, "Group buys"): the subject, the version and what it opens, the group price beside the version's own,
 * the group (its size, or the friend's group and the seats left) and its rules: it forms when enough learners pay in
 * time, everyone is opened then, and a group that does not form is refunded in full. A group order takes no coupon or
 * discount code (creategroupbuy and joingroupbuy name none), which the summary says. 确认支付 creates the order (one
 * requestId per visit, as /payPage) and goes to payment the same way.
 */
export function GroupPayPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const appID = Number(params.get('appID') ?? 0);
  const vn = params.get('vn') ?? '';
  // null: a new group; else the group to join.
  const groupID = /^\d{1,12}$/.test(params.get('group') ?? '') ? Number(params.get('group')) : null;
  const prices = useQuery({ ...pricesQuery(appID), enabled: appID > 0 });
  const groups = useQuery({ ...groupsQuery(appID), enabled: appID > 0 });
  const [chosen, setChosen] = useState<PayType | null>(null);
  const { busy, error, attempt } = usePayAttempt(() => void groups.refetch());
  const title = groupID === null ? '发起拼团' : '参加拼团';

  if (appID > 0 && (prices.isPending || groups.isPending)) {
    return (
      <Page title={title}>
        <p className={base.muted}>加载中…</p>
      </Page>
    );
  }
  const data = prices.data;
  const offer = groups.data?.list.find((o) => o.vn === vn);
  const group = groupID === null ? undefined : offer?.groups.find((g) => g.groupID === groupID);
  if (!data || !offer || (groupID !== null && !group) || data.buyDisabled || data.customPayUrl) {
    const gone = !!data && !!offer && groupID !== null && !group;
    const why = prices.isError
      ? errorText(prices.error)
      : groups.isError
        ? errorText(groups.error)
        : data?.buyDisabled
          ? SHOP_MSG.buyDisabled
          : data?.customPayUrl
            ? SHOP_MSG.customPayment
            : gone
              ? '该拼团已满员或已结束，您可以发起新的拼团'
              : GROUP_MSG.noOffer;
    return (
      <Page title={title}>
        <EmptyData message={why} buyButton={gone ? '发起新的拼团' : '返回班次列表'} onBuy={() => void navigate(gone ? groupPayPath(appID, vn) : '/buyapp', { replace: true })} />
      </Page>
    );
  }

  const item = data.items.find((i) => i.vn === vn);
  const payType = chosen ?? data.payTypes[0] ?? null;
  const hours = Math.round(offer.minutes / 60);
  async function pay() {
    if (!payType) return;
    // A refusal (the group filled meanwhile, say) reads the groups again.
    await attempt((requestId) => (groupID === null ? startGroup(appID, vn, payType, requestId) : joinGroup(groupID, payType, requestId)));
  }

  return (
    <Page title={title}>
      <div className={`${base.screen} ${styles.withBar}`}>
        <section className={base.section} aria-labelledby="order-title">
          <h2 id="order-title" className={base.sectionTitle}>
            订单信息
          </h2>
          <dl className={styles.rows}>
            <dt>科目</dt>
            <dd>{data.appName}</dd>
            <dt>班次</dt>
            <dd>{versionLabel(offer.vname)}</dd>
            {item ? (
              <>
                <dt>包含</dt>
                <dd>{item.modules.map((m) => m.name).join('、')}</dd>
                <dt>有效期</dt>
                <dd>成团后开通，{item.validityDays} 天</dd>
              </>
            ) : null}
            <dt>拼团</dt>
            <dd>{group ? `${group.leader} 的团 · 还差${group.need}人` : `${offer.size}人团 · ${hours}小时内成团`}</dd>
            <dt>拼团价</dt>
            <dd>
              <s className={styles.original}>单买 {yuan(offer.originalPrice)}</s> {yuan(offer.price)}
            </dd>
            <dt>优惠券</dt>
            <dd>拼团不可用</dd>
          </dl>
        </section>
        <section className={base.section} aria-labelledby="rules-title">
          <h2 id="rules-title" className={base.sectionTitle}>
            拼团规则
          </h2>
          <ul className={styles.rules}>
            <li>
              {group
                ? `该团还差${group.need}人，${leftText(group.expiresAt)}，人数凑齐即成团。`
                : `${offer.size}人成团：付款后开团，${hours}小时内凑齐${offer.size}人付款即成团，可在“我的拼团”邀请好友参团。`}
            </li>
            <li>成团后所有成员同时开通{versionLabel(offer.vname)}。</li>
            <li>未在时限内成团，已付款项将原路全额退回。</li>
            <li>拼团价不与优惠券、优惠码同时使用。</li>
          </ul>
        </section>
        <PayMethods payTypes={data.payTypes} chosen={payType} onChoose={setChosen} />
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
      </div>
      {payType ? <PayBar amount={offer.price} busy={busy} disabled={busy} onPay={() => void pay()} /> : null}
    </Page>
  );
}
