import { useEffect, useRef } from 'react';
import { SALE_GROUP_NAMES, upgradable, type PriceItem } from '@kaoshi/contract';
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
  onBuy(item: PriceItem, from?: PriceItem): void;
}

/**
 * The held version a higher one can be upgraded from: the highest held below it whose every module it contains (none
 * when it is held itself; a different product such as 考前模拟 is bought, not upgraded into — docs/shop.md).
 */
export function upgradeFrom(items: readonly PriceItem[], target: PriceItem): PriceItem | undefined {
  if (target.isVip === 1) return undefined;
  return items.filter((i) => i.isVip === 1 && upgradable(i, target)).sort((a, b) => b.vnorder - a.vnorder)[0];
}

function BuyButtons({ item, from, onBuy }: { item: PriceItem; from?: PriceItem; onBuy: Props['onBuy'] }) {
  if (!from) {
    return (
      <button type="button" className={`${buttons.primary} ${styles.buy}`} onClick={() => onBuy(item)}>
        {item.isVip === 1 ? '续费' : '立即购买'}
      </button>
    );
  }
  return (
    <div className={styles.buyRow}>
      <button type="button" className={`${buttons.secondary} ${styles.buy}`} onClick={() => onBuy(item)}>
        购买一年
      </button>
      <button type="button" className={`${buttons.primary} ${styles.buy}`} onClick={() => onBuy(item, from)}>
        从{versionLabel(from.vname)}升级
      </button>
    </div>
  );
}

/**
 * /buyapp: one card per version on sale — its name, price and list price, validity, what it opens, and 立即购买
 * (续费 when held; beside 从<held>升级 when a lower version is held).
 */
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
              {v.isVip === 1 && v.heldUntil ? (
                <span className={styles.held}>已开通 · 至 {ymd(v.heldUntil)}</span>
              ) : v.group !== 0 && v.group in SALE_GROUP_NAMES ? (
                <span className={styles.saleTag}>{SALE_GROUP_NAMES[v.group as keyof typeof SALE_GROUP_NAMES]}</span>
              ) : null}
            </div>
            <p className={styles.priceLine}>
              <span className={styles.price}>{yuan(v.price)}</span>
              {v.originalPrice > v.price ? <s className={styles.original}>{yuan(v.originalPrice)}</s> : null}
              <span className={styles.days}>有效期 {v.validityDays} 天</span>
            </p>
            {v.modules.length > 0 ? <p className={styles.opens}>包含：{v.modules.map((m) => m.name).join('、')}</p> : null}
            {readOnly ? null : <BuyButtons item={v} from={upgradeFrom(items, v)} onBuy={onBuy} />}
          </li>
        );
      })}
    </ul>
  );
}
