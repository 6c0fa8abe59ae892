import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PAY_TYPE_NAMES } from '@kaoshi/contract';
import { useAgent } from '../../lib/agent';
import { errorText } from '../../lib/error-text';
import buttons from '../../ui/buttons.module.css';
import { EmptyData } from '../../ui/empty-data';
import { Page } from '../../ui/page';
import { orderQuery, payPageUrl } from './api';
import { beijingTime, yuan } from './format';
import { ORDER_STATUS_NAMES, orderWhat } from './order-list';
import { DeliverySection } from './delivery-section';
import base from './buy.module.css';
import styles from './shop.module.css';

/**
 * /receiptDetail?orderID — one of the learner's orders with its lines (product, list price, coupon, paid), its
 * times and status, and a printable receipt (打印收据: the browser's print, or save as PDF). An unpaid order
 * offers 去支付; another learner's order is refused by the server.
 */
export default function ReceiptDetailScreen() {
  const navigate = useNavigate();
  const agent = useAgent();
  const [params] = useSearchParams();
  const orderID = params.get('orderID') ?? '';
  const { data: o, isPending, isError, error, refetch } = useQuery({ ...orderQuery(orderID), enabled: orderID !== '' });

  if (!orderID || isError) {
    return (
      <Page title="订单详情">
        <EmptyData message={isError ? errorText(error) : '订单不存在'} buyButton={isError ? '重试' : '返回'} onBuy={() => (isError ? void refetch() : void navigate(-1))} />
      </Page>
    );
  }
  if (isPending || !o) {
    return (
      <Page title="订单详情">
        <p className={base.muted}>加载中…</p>
      </Page>
    );
  }

  const paid = o.status === 'paid' || o.status === 'fulfilled' || o.status === 'refunded';
  return (
    <Page title="订单详情">
      <div className={base.screen}>
        <article className={`${base.section} ${styles.receipt}`} aria-labelledby="receipt-title">
          <h2 id="receipt-title" className={styles.receiptTitle}>
            {paid ? '收据' : '订单'} · {agent.AgentName}
          </h2>
          <dl className={styles.rows}>
            <div className={styles.orderNoRow}>
              <dt>订单号</dt>
              <dd className={styles.orderNo}>{o.orderID}</dd>
            </div>
            <dt>商品</dt>
            <dd>{orderWhat(o)}</dd>
            <dt>原价</dt>
            <dd>{yuan(o.originalAmount)}</dd>
            {o.originalAmount > o.amount - o.booksAmount + o.couponOff + o.discountOff ? (
              <>
                <dt>优惠</dt>
                <dd className={styles.discount}>-{yuan(o.originalAmount - (o.amount - o.booksAmount) - o.couponOff - o.discountOff)}</dd>
              </>
            ) : null}
            {o.couponOff > 0 ? (
              <>
                <dt>优惠券</dt>
                <dd className={styles.discount}>-{yuan(o.couponOff)}</dd>
              </>
            ) : null}
            {o.discountOff > 0 ? (
              <>
                <dt>优惠码</dt>
                <dd className={styles.discount}>-{yuan(o.discountOff)}</dd>
              </>
            ) : null}
            {o.booksAmount > 0 ? (
              <>
                <dt>纸质教材</dt>
                <dd>{yuan(o.booksAmount)}</dd>
              </>
            ) : null}
            <dt>{paid ? '实付' : '应付'}</dt>
            <dd>
              <strong>{yuan(o.amount)}</strong>
            </dd>
            <dt>支付方式</dt>
            <dd>
              {PAY_TYPE_NAMES[o.payType]}
              {o.instalments > 0 ? `（花呗分期 ${o.instalments} 期）` : ''}
            </dd>
            <dt>下单时间（北京时间）</dt>
            <dd>{beijingTime(o.createdAt)}</dd>
            <dt>支付时间（北京时间）</dt>
            <dd>{beijingTime(o.paidAt)}</dd>
            <dt>状态</dt>
            <dd>{ORDER_STATUS_NAMES[o.status]}</dd>
          </dl>
        </article>
        {o.deliveryStatus !== 'none' ? <DeliverySection orderID={o.orderID} paid={paid} /> : null}
        <div className={`${styles.actions} ${styles.noPrint}`}>
          {o.payUrl ? (
            <button type="button" className={buttons.primary} onClick={() => window.location.assign(payPageUrl(o.payUrl!))}>
              去支付
            </button>
          ) : null}
          {paid ? (
            <button type="button" className={buttons.secondary} onClick={() => window.print()}>
              打印收据
            </button>
          ) : null}
        </div>
      </div>
    </Page>
  );
}
