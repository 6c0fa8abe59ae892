import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { HUABEI_PAY_TYPES, type PayType } from '@kaoshi/contract';
import { useAgent } from '../../lib/agent';
import { errorText } from '../../lib/error-text';
import { getSelectedSubject } from '../../lib/subject';
import { versionLabel } from '../../ui/buy-flow';
import buttons from '../../ui/buttons.module.css';
import { ContactCard } from '../../ui/contact-card';
import { EmptyData } from '../../ui/empty-data';
import { Page } from '../../ui/page';
import { addressesQuery, checkDiscount, createOrder, huabeiQuery, pricesQuery, quoteQuery, type Wanted } from './api';
import { HuabeiSection } from './huabei-section';
import { usePayAttempt } from './pay-flow';
import { GroupPayPage } from './group-pay-page';
import { PayBar, PayMethods } from './pay-methods';
import { BooksSection } from './books-section';
import { sessionCache } from '../../lib/storage';
import { CouponPicker } from './coupon-picker';
import { DiscountSection } from './discount-section';
import { yuan, ymd } from './format';
import base from './buy.module.css';
import styles from './shop.module.css';

/** /payPage: a purchase or an upgrade (below), or with &group= a group buy (group-pay-page.tsx). */
export default function PayPageScreen() {
  const [params] = useSearchParams();
  return params.has('group') ? <GroupPayPage /> : <VersionPayPage />;
}

/**
 * /payPage?appID&vn[&fromVn] — what is being bought (or upgraded from fromVn): the subject, the version, what it
 * opens, until when; the server's quote with the learner's coupons (the best one picked at first); the methods the
 * agent allows. 确认支付 creates the order (one requestId per visit: a double tap or a retry is the same order) and
 * goes to the provider's page, which comes back to /buyCallback. Custom-payment agents send the learner to their
 * own page; buy-disabled agents show their contacts.
 */
function VersionPayPage() {
  const navigate = useNavigate();
  const agent = useAgent();
  const [params, setParams] = useSearchParams();
  const appID = Number(params.get('appID') ?? getSelectedSubject()?.AppID ?? 0);
  const vn = params.get('vn') ?? '';
  const fromVn = params.get('fromVn') ?? undefined;
  const prices = useQuery({ ...pricesQuery(appID), enabled: appID > 0 });
  // undefined: not chosen yet (the best usable coupon is taken once the first quote arrives); null: none. Until the
  // learner picks one themselves, the best usable coupon follows the quote (one claimed on /couponList and back).
  const [coupon, setCoupon] = useState<number | null | undefined>(undefined);
  const [learnerChose, setLearnerChose] = useState(false);
  const chooseCoupon = (id: number | null) => {
    setLearnerChose(true);
    setCoupon(id);
  };
  // The chosen books live in the URL (&books=1,2), so they are still chosen after picking an address.
  const books = (params.get('books') ?? '')
    .split(',')
    .filter((x) => /^\d+$/.test(x))
    .map(Number);
  const setBooks = (next: number[]) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        if (next.length > 0) n.set('books', next.join(','));
        else n.delete('books');
        return n;
      },
      { replace: true },
    );
  // The discount code in use lives in the URL too (&discount=CODE): typed, tapped, or from a promotion link.
  const discountID = /^[A-Za-z0-9]{4,20}$/.test(params.get('discount') ?? '') ? params.get('discount')!.toUpperCase() : undefined;
  const setDiscount = (code: string | null) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        if (code) n.set('discount', code);
        else n.delete('discount');
        return n;
      },
      { replace: true },
    );
  const [priceNote, setPriceNote] = useState('');
  const wanted: Wanted = { appID, vn, fromVn, couponUserID: coupon ?? undefined, discountID, branchBookList: books.length > 0 ? books.join(',') : undefined };
  // The address the books go to: one just picked on /expressAddress (kept for this tab), else the default.
  const addresses = useQuery({ ...addressesQuery(), enabled: books.length > 0 });
  const [picked] = useState(() => Number(sessionCache.get('pickedAddress') ?? 0));
  const address = addresses.data?.list.find((a) => a.id === picked) ?? addresses.data?.list[0];
  const quote = useQuery({ ...quoteQuery(wanted), enabled: appID > 0 && vn !== '', placeholderData: (prev) => prev });
  const [chosen, setChosen] = useState<PayType | null>(null);
  // A refusal (say a coupon another order took) reads the quote again.
  const { busy, error, setError, attempt } = usePayAttempt(() => void quote.refetch());

  const q = quote.data;
  // A code or coupon that no longer applies (used up, ended, taken by another order meanwhile) is dropped, with why.
  useEffect(() => {
    if (!quote.isError) return;
    if (discountID) setDiscount(null);
    else if (coupon) chooseCoupon(null);
    else return;
    setPriceNote(errorText(quote.error));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [quote.isError, discountID, coupon]);
  // A promotion link's code (/buyapp?spread=…) is tried once on this order; one that does not apply is left out.
  const [spreadTried, setSpreadTried] = useState(false);
  useEffect(() => {
    const code = sessionCache.get('spreadCode');
    if (spreadTried || discountID || !code || !q) return;
    setSpreadTried(true);
    checkDiscount({ ...wanted, discountID: undefined }, code).then(
      (d) => setDiscount(d.code),
      () => undefined,
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q, spreadTried, discountID]);
  useEffect(() => {
    if (learnerChose || !q || quote.isPlaceholderData) return;
    const best = q.coupons.filter((c) => c.usable).sort((a, b) => b.off - a.off)[0];
    const id = best ? best.couponUserID : null;
    if (id !== coupon) setCoupon(id);
  }, [q, coupon, learnerChose, quote.isPlaceholderData]);

  const data = prices.data;
  const item = data?.items.find((i) => i.vn === vn);
  const payType = chosen ?? data?.payTypes[0] ?? null;
  const online = !!data && !data.buyDisabled && !data.customPayUrl;
  const [instalments, setInstalments] = useState(0);
  const takesHuabei = payType !== null && HUABEI_PAY_TYPES.includes(payType);
  const huabei = useQuery({ ...huabeiQuery(wanted), enabled: online && takesHuabei && !!q, placeholderData: (prev) => prev });
  const plans = takesHuabei && huabei.data?.available ? huabei.data.plans : [];
  const title = fromVn ? '升级班次' : '确认订单';

  if ((prices.isPending || quote.isPending) && appID > 0 && vn !== '') {
    return (
      <Page title={title}>
        <p className={base.muted}>加载中…</p>
      </Page>
    );
  }
  if (!data || !item || !q) {
    const why = prices.isError ? errorText(prices.error) : quote.isError ? errorText(quote.error) : '该班次暂不可购买';
    return (
      <Page title={title}>
        <EmptyData message={why} buyButton="返回班次列表" onBuy={() => void navigate('/buyapp', { replace: true })} />
      </Page>
    );
  }

  async function pay() {
    if (!payType || busy || coupon === undefined) return;
    if (books.length > 0 && !address) {
      setError('请选择收货地址');
      return;
    }
    const chosen = plans.some((p) => p.periods === instalments) ? instalments : undefined;
    await attempt((requestId) => createOrder({ ...wanted, payType, requestId, addressID: books.length > 0 ? address?.id : undefined, instalments: chosen }));
  }

  return (
    <Page title={title}>
      <div className={`${base.screen} ${styles.withBar}`}>
        {priceNote ? (
          <p className={styles.error} role="status">
            {priceNote}，已为您重新计算价格
          </p>
        ) : null}
        <section className={base.section} aria-labelledby="order-title">
          <h2 id="order-title" className={base.sectionTitle}>
            订单信息
          </h2>
          <dl className={styles.rows}>
            <dt>科目</dt>
            <dd>{data.appName}</dd>
            <dt>班次</dt>
            <dd>{q.fromVname ? `${versionLabel(q.fromVname)} → ${versionLabel(q.vname)}` : versionLabel(q.vname)}</dd>
            <dt>包含</dt>
            <dd>{item.modules.map((m) => m.name).join('、')}</dd>
            <dt>有效期</dt>
            <dd>{q.kind === 'upgrade' ? `升级后至 ${ymd(q.endsAt)}` : item.isVip === 1 ? `续费后至 ${ymd(q.endsAt)}` : `${item.validityDays} 天（至 ${ymd(q.endsAt)}）`}</dd>
            <dt>{q.kind === 'upgrade' ? '升级差价' : '价格'}</dt>
            <dd>
              {q.originalPrice > q.base ? <s className={styles.original}>{yuan(q.originalPrice)}</s> : null} {yuan(q.base)}
            </dd>
            {q.booksAmount > 0 ? (
              <>
                <dt>纸质教材</dt>
                <dd>{yuan(q.booksAmount)}</dd>
              </>
            ) : null}
            {q.couponOff > 0 ? (
              <>
                <dt>优惠券</dt>
                <dd className={styles.discount}>-{yuan(q.couponOff)}</dd>
              </>
            ) : null}
            {q.discountOff > 0 ? (
              <>
                <dt>优惠码</dt>
                <dd className={styles.discount}>-{yuan(q.discountOff)}</dd>
              </>
            ) : null}
          </dl>
          {q.kind === 'upgrade' ? <p className={styles.hint}>按剩余天数补足两个班次的差价，升级后有效期不变。</p> : null}
        </section>

        {online && !fromVn && data.books.length > 0 ? (
          <BooksSection
            books={data.books}
            chosen={books}
            onToggle={(id) => setBooks(books.includes(id) ? books.filter((x) => x !== id) : [...books, id])}
            address={address}
            addressesLoading={addresses.isPending}
          />
        ) : null}

        {online ? (
          <section className={base.section} aria-labelledby="coupons-title">
            <div className={styles.sectionHead}>
              <h2 id="coupons-title" className={base.sectionTitle}>
                优惠券
              </h2>
              <Link className={styles.more} to="/couponList">
                领取优惠券
              </Link>
            </div>
            <CouponPicker coupons={q.coupons} chosen={coupon ?? null} onChoose={chooseCoupon} />
          </section>
        ) : null}
        {online ? (
          <DiscountSection
            wanted={wanted}
            applied={discountID && q.discountTitle ? { title: q.discountTitle, off: q.discountOff } : null}
            onApply={(id) => {
              setPriceNote('');
              setDiscount(id);
            }}
            onRemove={() => setDiscount(null)}
          />
        ) : null}

        {data.buyDisabled ? (
          <>
            <p className={base.note}>当前渠道暂不支持在线购买，请联系客服开通。</p>
            <ContactCard agent={agent} />
          </>
        ) : data.customPayUrl ? (
          <section className={base.section}>
            <p className={base.note}>本渠道使用专属支付页面完成购买。</p>
            <button type="button" className={`${buttons.primary} ${styles.buy}`} onClick={() => window.location.assign(data.customPayUrl!)}>
              前往支付
            </button>
          </section>
        ) : (
          <PayMethods payTypes={data.payTypes} chosen={payType} onChoose={setChosen} />
        )}
        {plans.length > 0 ? <HuabeiSection plans={plans} chosen={instalments} onChoose={setInstalments} /> : null}
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
      </div>
      {online && payType ? <PayBar amount={q.amount} busy={busy} disabled={busy || quote.isFetching} onPay={() => void pay()} /> : null}
    </Page>
  );
}
