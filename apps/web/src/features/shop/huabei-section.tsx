import type { HuabeiPlan } from '@kaoshi/contract';
import { yuan } from './format';
import base from './buy.module.css';
import styles from './shop.module.css';

/**
 * 花呗分期 on /payPage (docs/shop.md, "Huabei instalments"): paying at once, or 3, 6 or 12 periods with what each
 * period costs and the fee (免息 when the seller pays it). The plans are the server's (getHuabeiPrice).
 */
export function HuabeiSection({ plans, chosen, onChoose }: { plans: readonly HuabeiPlan[]; chosen: number; onChoose(periods: number): void }) {
  return (
    <section className={base.section} aria-labelledby="huabei-title">
      <h2 id="huabei-title" className={base.sectionTitle}>
        花呗分期
      </h2>
      <fieldset className={styles.methods}>
        <legend className="ks-visually-hidden">花呗分期</legend>
        <label className={styles.method}>
          <input type="radio" name="huabei" checked={chosen === 0} onChange={() => onChoose(0)} />
          <span className={styles.couponName}>不分期</span>
        </label>
        {plans.map((p) => (
          <label key={p.periods} className={styles.method}>
            <input type="radio" name="huabei" checked={chosen === p.periods} onChange={() => onChoose(p.periods)} />
            <span className={styles.couponName}>
              {yuan(p.perPeriod)} × {p.periods}期
            </span>
            <span className={p.sellerPays ? styles.couponOff : styles.hint}>{p.sellerPays ? '免手续费' : `含手续费 ${yuan(p.fee)}`}</span>
          </label>
        ))}
      </fieldset>
      {chosen > 0 ? <p className={styles.hint}>{huabeiNote(plans.find((p) => p.periods === chosen))}</p> : null}
    </section>
  );
}

const huabeiNote = (p: HuabeiPlan | undefined) => (p ? `分期总额 ${yuan(p.total)}，首期 ${yuan(p.firstPeriod)}，以后每期 ${yuan(p.perPeriod)}；在支付宝付款页确认分期。` : '');
