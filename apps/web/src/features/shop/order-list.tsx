import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { OrderView } from '@kaoshi/contract';
import { versionLabel } from '../../ui/buy-flow';
import { ordersQuery } from './api';
import { yuan, ymd } from './format';
import base from './buy.module.css';
import styles from './shop.module.css';

export const ORDER_STATUS_NAMES: Record<OrderView['status'], string> = { created: '待支付', paid: '已支付', fulfilled: '已完成', closed: '已关闭', refunded: '已退款' };

/** What an order bought, in words: '护士执业资格 · VIP班' or '护士执业资格 · 基础班→至尊班'. */
export const orderWhat = (o: OrderView) => `${o.appName} · ${o.kind === 'upgrade' && o.fromVname ? `${versionLabel(o.fromVname)}→` : ''}${versionLabel(o.vname)}`;

/** /memberCenter: the learner's orders, newest first, each opening its receipt (/receiptDetail). */
export function OrderList() {
  const { data, isPending, isError } = useQuery(ordersQuery());
  return (
    <section className={base.section} aria-labelledby="orders-title">
      <div className={styles.sectionHead}>
        <h2 id="orders-title" className={base.sectionTitle}>
          我的订单
        </h2>
        <span>
          <Link className={styles.more} to="/myCoupon">
            我的优惠券
          </Link>
          <Link className={styles.more} to="/expressAddress">
            收货地址
          </Link>
          <Link className={styles.more} to="/mypink">
            我的拼团
          </Link>
        </span>
      </div>
      {isPending ? (
        <p className={base.muted}>加载中…</p>
      ) : isError ? (
        <p className={base.muted}>订单加载失败</p>
      ) : data.list.length === 0 ? (
        <p className={base.muted}>暂无订单</p>
      ) : (
        <ul className={styles.orders}>
          {data.list.map((o) => (
            <li key={o.orderID}>
              <Link className={styles.orderRow} to={`/receiptDetail?orderID=${encodeURIComponent(o.orderID)}`}>
                <span className={styles.orderWhat}>
                  {orderWhat(o)}
                  <small>{ymd(o.createdAt)}</small>
                </span>
                <span className={styles.orderSide}>
                  {yuan(o.amount)}
                  <small>{ORDER_STATUS_NAMES[o.status]}</small>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
