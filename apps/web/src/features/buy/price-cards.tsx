import { useEffect, useRef } from 'react';
import type { PriceItem } from '@kaoshi/contract';
import { versionLabel } from '../../ui/buy-flow';
import buttons from '../../ui/buttons.module.css';
import { yuan, ymd } from './format';
import styles from './shop.module.css';

interface Props {
  items: readonly PriceItem[];
  /** posSlide: this version is highlighted and scrolled into view. */
  highlight?: string | null;
  /** Buying is off for this agent: prices only, no buy button. */
  readOnly?: boolean;
  onBuy(item: PriceItem): void;
}

/** /buyapp: one card per version on sale — its name, price and list price, validity, what it opens, and 立即购买 (续费 when held). */
export function PriceCards({ items, highlight, readOnly, onBuy }: Props) {
  const marked = useRef<HTMLLIElement | null>(null);
  useEffect(() => {
    marked.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [highlight, items.length]);

  return (
    <ul className={styles.cards} aria-label="班次">
      {items.map((v) => {
        const on = v.vn === highlight;
        return (
          <li
            key={v.vn}
            ref={on ? marked : undefined}
            className={`${styles.card} ${on ? styles.cardOn : ''}`}
            aria-current={on ? 'true' : undefined}
            data-testid={`version-${v.vn}`}
          >
            <div className={styles.cardHead}>
              <h3 className={styles.cardName}>{versionLabel(v.vname)}</h3>
              {v.isVip === 1 && v.heldUntil ? <span className={styles.held}>已开通 · 至 {ymd(v.heldUntil)}</span> : null}
            </div>
            <p className={styles.priceLine}>
              <span className={styles.price}>{yuan(v.price)}</span>
              {v.originalPrice > v.price ? <s className={styles.original}>{yuan(v.originalPrice)}</s> : null}
              <span className={styles.days}>有效期 {v.validityDays} 天</span>
            </p>
            {v.modules.length > 0 ? <p className={styles.opens}>包含：{v.modules.map((m) => m.name).join('、')}</p> : null}
            {readOnly ? null : (
              <button type="button" className={`${buttons.primary} ${styles.buy}`} onClick={() => onBuy(v)}>
                {v.isVip === 1 ? '续费' : '立即购买'}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
