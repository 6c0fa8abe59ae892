import { PAY_TYPE_NAMES, type PayType } from '@kaoshi/contract';
import buttons from '../../ui/buttons.module.css';
import { yuan } from './format';
import base from './buy.module.css';
import styles from './shop.module.css';

/** /payPage (a purchase, an upgrade or a group buy): the methods the agent allows here, one chosen. */
export function PayMethods({ payTypes, chosen, onChoose }: { payTypes: readonly PayType[]; chosen: PayType | null; onChoose(t: PayType): void }) {
  return (
    <section className={base.section} aria-labelledby="methods-title">
      <h2 id="methods-title" className={base.sectionTitle}>
        支付方式
      </h2>
      <fieldset className={styles.methods}>
        <legend className="ks-visually-hidden">支付方式</legend>
        {payTypes.map((t) => (
          <label key={t} className={styles.method}>
            <input type="radio" name="payType" value={t} checked={chosen === t} onChange={() => onChoose(t)} />
            {PAY_TYPE_NAMES[t]}
          </label>
        ))}
      </fieldset>
      {payTypes.length === 0 ? <p className={base.muted}>暂无可用的支付方式，请联系客服</p> : null}
    </section>
  );
}

/** /payPage's foot bar: the server's total and 确认支付 (正在下单… while the order is made). */
export function PayBar({ amount, busy, disabled, onPay }: { amount: number; busy: boolean; disabled: boolean; onPay(): void }) {
  return (
    <div className={styles.bar}>
      <p className={styles.total}>
        合计 <strong>{yuan(amount)}</strong>
      </p>
      <button type="button" className={`${buttons.primary} ${styles.payButton}`} onClick={onPay} disabled={disabled}>
        {busy ? '正在下单…' : '确认支付'}
      </button>
    </div>
  );
}
