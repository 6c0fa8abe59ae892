import type { DataOf, pricedetails } from '@kaoshi/contract';
import { yuan } from './format';
import styles from './shop.module.css';

type QuoteCoupon = DataOf<typeof pricedetails>['coupons'][number];

/**
 * The learner's coupons on /payPage as they apply to this order: the usable ones to pick (or 不使用优惠券), the
 * others shown with why they do not apply. The amounts are the server's (pricedetails).
 */
export function CouponPicker({ coupons, chosen, onChoose }: { coupons: readonly QuoteCoupon[]; chosen: number | null; onChoose(id: number | null): void }) {
  if (coupons.length === 0) return <p className={styles.hint}>暂无可用优惠券</p>;
  return (
    <fieldset className={styles.methods}>
      <legend className="ks-visually-hidden">优惠券</legend>
      {coupons.map((c) => (
        <label key={c.couponUserID} className={`${styles.method} ${c.usable ? '' : styles.disabled}`}>
          <input type="radio" name="coupon" checked={chosen === c.couponUserID} disabled={!c.usable} onChange={() => onChoose(c.couponUserID)} />
          <span className={styles.couponName}>{c.title}</span>
          <span className={styles.couponOff}>{c.usable ? `-${yuan(c.off)}` : c.reason}</span>
        </label>
      ))}
      <label className={styles.method}>
        <input type="radio" name="coupon" checked={chosen === null} onChange={() => onChoose(null)} />
        <span className={styles.couponName}>不使用优惠券</span>
      </label>
    </fieldset>
  );
}
