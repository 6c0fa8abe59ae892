import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../lib/error-text';
import { checkDiscount, discountsQuery, type Wanted } from './api';
import { yuan } from './format';
import base from './buy.module.css';
import shop from './shop.module.css';
import styles from './discount.module.css';

export interface AppliedDiscount {
  title: string;
  off: number;
}

/**
 * 优惠码 on /payPage (docs/shop.md, "Discount codes and promotion links"): the code in use with what it takes
 * off (移除 drops it), or a field to type one and the subject's listed codes (限时优惠) to tap. A code is
 * checked against this order by the server before it is used; its refusal shows under the field.
 */
export function DiscountSection({ wanted, applied, onApply, onRemove }: { wanted: Wanted; applied: AppliedDiscount | null; onApply(code: string): void; onRemove(): void }) {
  const listed = useQuery({ ...discountsQuery(wanted.appID), enabled: applied === null });
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function apply(typed: string) {
    const c = typed.trim();
    if (!c) return setError('请输入优惠码');
    setBusy(true);
    setError('');
    try {
      const d = await checkDiscount(wanted, c);
      setCode('');
      onApply(d.code);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void apply(code);
  };

  return (
    <section className={base.section} aria-labelledby="discount-title">
      <h2 id="discount-title" className={base.sectionTitle}>
        优惠码
      </h2>
      {applied ? (
        <div className={styles.applied}>
          <span className={shop.couponName}>{applied.title}</span>
          <span className={shop.couponOff}>-{yuan(applied.off)}</span>
          <button type="button" className={styles.use} onClick={onRemove}>
            移除
          </button>
        </div>
      ) : (
        <>
          <form className={styles.form} onSubmit={submit}>
            <input className={styles.input} aria-label="优惠码" placeholder="输入优惠码" maxLength={20} value={code} onChange={(e) => setCode(e.target.value)} />
            <button type="submit" className={styles.use} disabled={busy}>
              使用
            </button>
          </form>
          {error ? (
            <p className={shop.error} role="alert">
              {error}
            </p>
          ) : null}
          {listed.data && listed.data.list.length > 0 ? (
            <ul className={styles.listed} aria-label="限时优惠">
              {listed.data.list.map((d) => (
                <li key={d.discountID} className={styles.offer}>
                  <span className={styles.offerText}>
                    {d.title}
                    <span className={styles.offerCode}>优惠码 {d.code}</span>
                  </span>
                  <button type="button" className={styles.use} disabled={busy} aria-label={`使用优惠码 ${d.code}`} onClick={() => void apply(d.code)}>
                    使用
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </section>
  );
}
