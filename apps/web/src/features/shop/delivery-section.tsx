import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../lib/error-text';
import buttons from '../../ui/buttons.module.css';
import { confirm, toast } from '../../ui/dialogs';
import { buyKeys, confirmReceipt, deliveryQuery } from './api';
import { yuan } from './format';
import base from './buy.module.css';
import styles from './shop.module.css';

const STATUS = { none: '', waiting: '待发货', shipped: '已发货', received: '已签收' } as const;

/** /receiptDetail: an order's printed books — where they go, the courier and tracking number, 修改地址 and 确认收货. */
export function DeliverySection({ orderID, paid }: { orderID: string; paid: boolean }) {
  const queryClient = useQueryClient();
  const { data: d } = useQuery(deliveryQuery(orderID));
  if (!d || d.status === 'none') return null;

  async function take() {
    if (!(await confirm({ title: '确认收货', content: '请确认已收到全部教材。' }))) return;
    try {
      await confirmReceipt(orderID);
      toast('已确认收货');
      void queryClient.invalidateQueries({ queryKey: buyKeys.delivery(orderID) });
    } catch (err) {
      toast(errorText(err));
    }
  }

  return (
    <section className={`${base.section} ${styles.receipt}`} aria-labelledby="delivery-title">
      <div className={styles.sectionHead}>
        <h2 id="delivery-title" className={base.sectionTitle}>
          教材配送
        </h2>
        <span className={styles.deliveryStatus}>{paid ? STATUS[d.status] : '待支付'}</span>
      </div>
      <ul className={styles.orders}>
        {d.books.map((b) => (
          <li key={b.bookID} className={styles.bookLine}>
            <span>{b.title}</span>
            <span>{yuan(b.price)}</span>
          </li>
        ))}
      </ul>
      {d.address ? (
        <p className={styles.addressText}>
          <strong>
            {d.address.userName} {d.address.phone}
          </strong>
          <span>
            {d.address.address} {d.address.details}
          </span>
        </p>
      ) : null}
      {d.courier ? (
        <p className={styles.hint}>
          {d.courier} · 运单号 {d.trackingNo}
        </p>
      ) : null}
      <div className={`${styles.buyRow} ${styles.noPrint}`}>
        {d.status === 'waiting' ? (
          <Link className={`${buttons.secondary} ${styles.buy} ${styles.linkButton}`} to={`/expressAddress?order=${encodeURIComponent(orderID)}`}>
            修改地址
          </Link>
        ) : null}
        {d.status === 'shipped' ? (
          <button type="button" className={`${buttons.primary} ${styles.buy}`} onClick={() => void take()}>
            确认收货
          </button>
        ) : null}
      </div>
    </section>
  );
}
