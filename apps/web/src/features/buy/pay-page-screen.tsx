import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PAY_TYPE_NAMES, type PayType } from '@kaoshi/contract';
import { useAgent } from '../../lib/agent';
import { errorText } from '../../lib/error-text';
import { getSelectedSubject } from '../../lib/subject';
import { versionLabel } from '../../ui/buy-flow';
import buttons from '../../ui/buttons.module.css';
import { ContactCard } from '../../ui/contact-card';
import { EmptyData } from '../../ui/empty-data';
import { Page } from '../../ui/page';
import { createOrder, newRequestId, payPageUrl, pricesQuery } from './api';
import { endAfterBuying, yuan, ymd } from './format';
import base from './buy.module.css';
import styles from './shop.module.css';

/**
 * /payPage?appID&vn — what is being bought (the subject, the version, what it opens, until when), its price, and
 * the payment methods the agent allows. 确认支付 creates the order (one requestId per visit: a double tap or a
 * retry is the same order) and goes to the provider's page, which comes back to /buyCallback. Custom-payment
 * agents send the learner to their own page; buy-disabled agents show their contacts.
 */
export default function PayPageScreen() {
  const navigate = useNavigate();
  const agent = useAgent();
  const [params] = useSearchParams();
  const appID = Number(params.get('appID') ?? getSelectedSubject()?.AppID ?? 0);
  const vn = params.get('vn') ?? '';
  const prices = useQuery({ ...pricesQuery(appID), enabled: appID > 0 });
  const [requestId] = useState(newRequestId);
  const [chosen, setChosen] = useState<PayType | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const data = prices.data;
  const item = data?.items.find((i) => i.vn === vn);
  const payType = chosen ?? data?.payTypes[0] ?? null;

  if (prices.isPending && appID > 0) {
    return (
      <Page title="确认订单">
        <p className={base.muted}>加载中…</p>
      </Page>
    );
  }
  if (!data || !item) {
    return (
      <Page title="确认订单">
        <EmptyData message={prices.isError ? errorText(prices.error) : '该班次暂不可购买'} buyButton="返回班次列表" onBuy={() => void navigate('/buyapp', { replace: true })} />
      </Page>
    );
  }

  async function pay() {
    if (!payType || busy) return;
    setBusy(true);
    setError('');
    try {
      const order = await createOrder({ appID, vn, payType, requestId });
      if (order.payUrl) window.location.assign(payPageUrl(order.payUrl));
      else void navigate(`/buyCallback?orderID=${encodeURIComponent(order.orderID)}`, { replace: true });
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  }

  return (
    <Page title="确认订单">
      <div className={`${base.screen} ${styles.withBar}`}>
        <section className={base.section} aria-labelledby="order-title">
          <h2 id="order-title" className={base.sectionTitle}>
            订单信息
          </h2>
          <dl className={styles.rows}>
            <dt>科目</dt>
            <dd>{data.appName}</dd>
            <dt>班次</dt>
            <dd>{versionLabel(item.vname)}</dd>
            <dt>包含</dt>
            <dd>{item.modules.map((m) => m.name).join('、')}</dd>
            <dt>有效期</dt>
            <dd>
              {item.isVip === 1
                ? `续费后至 ${ymd(endAfterBuying(item.validityDays, item.heldUntil))}`
                : `${item.validityDays} 天（至 ${ymd(endAfterBuying(item.validityDays, null))}）`}
            </dd>
            <dt>价格</dt>
            <dd>
              {item.originalPrice > item.price ? <s className={styles.original}>{yuan(item.originalPrice)}</s> : null} <strong>{yuan(item.price)}</strong>
            </dd>
          </dl>
        </section>

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
          <section className={base.section} aria-labelledby="methods-title">
            <h2 id="methods-title" className={base.sectionTitle}>
              支付方式
            </h2>
            <fieldset className={styles.methods}>
              <legend className="ks-visually-hidden">支付方式</legend>
              {data.payTypes.map((t) => (
                <label key={t} className={styles.method}>
                  <input type="radio" name="payType" value={t} checked={payType === t} onChange={() => setChosen(t)} />
                  {PAY_TYPE_NAMES[t]}
                </label>
              ))}
            </fieldset>
            {data.payTypes.length === 0 ? <p className={base.muted}>暂无可用的支付方式，请联系客服</p> : null}
          </section>
        )}
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
      </div>
      {!data.buyDisabled && !data.customPayUrl && payType ? (
        <div className={styles.bar}>
          <p className={styles.total}>
            合计 <strong>{yuan(item.price)}</strong>
          </p>
          <button type="button" className={`${buttons.primary} ${styles.payButton}`} onClick={() => void pay()} disabled={busy}>
            {busy ? '正在下单…' : '确认支付'}
          </button>
        </div>
      ) : null}
    </Page>
  );
}
