import { useEffect, useRef } from 'react';
import { contains, SALE_GROUP_NAMES, upgradable, validityLabel, type PriceItem } from '@kaoshi/contract';
import { versionLabel } from '../../ui/buy-flow';
import { confirm } from '../../ui/dialogs';
import buttons from '../../ui/buttons.module.css';
import { yuan, ymd } from './format';
import styles from './shop.module.css';
import own from './price-cards.module.css';

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

/**
 * Another version the learner holds that opens everything this one opens (至尊班 for VIP班, 基础班 and 考前模拟), the one
 * that runs longest: buying this one adds nothing while it lasts, so the card says 已包含 and buying asks first.
 */
export function includedIn(items: readonly PriceItem[], v: PriceItem): PriceItem | undefined {
  const end = (i: PriceItem) => (i.heldUntil ? Date.parse(i.heldUntil) : 0);
  return items.filter((i) => i.vn !== v.vn && i.isVip === 1 && contains(i, v)).sort((a, b) => end(b) - end(a))[0];
}

/** The question asked before buying a version a held one already contains; true: buy it anyway. */
export function buyIncludedAnyway(v: PriceItem, by: PriceItem): Promise<boolean> {
  const name = versionLabel(v.vname);
  const renew = v.isVip === 1;
  const until = by.heldUntil ? `（有效期至 ${ymd(by.heldUntil)}）` : '';
  return confirm({
    title: '无需重复购买',
    content: `您已拥有${versionLabel(by.vname)}${until}，已包含${name}的全部内容，有效期内不必另外${renew ? '续费' : '购买'}。确定仍要${renew ? '续费' : '购买'}${name}吗？`,
    confirmText: renew ? '仍要续费' : '仍要购买',
    cancelText: '暂不购买',
  });
}

function BuyButtons({ item, from, by, onBuy }: { item: PriceItem; from?: PriceItem; by?: PriceItem; onBuy: Props['onBuy'] }) {
  if (by) {
    const buy = async () => {
      if (await buyIncludedAnyway(item, by)) onBuy(item);
    };
    return (
      <button type="button" className={`${buttons.secondary} ${styles.buy}`} onClick={() => void buy()}>
        {item.isVip === 1 ? '续费' : '立即购买'}
      </button>
    );
  }
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
        购买{validityLabel(item.validityDays)}
      </button>
      <button type="button" className={`${buttons.primary} ${styles.buy}`} onClick={() => onBuy(item, from)}>
        从{versionLabel(from.vname)}升级
      </button>
    </div>
  );
}

/** The line under a contained version: whose it is, and its own end when it is held too. */
function includedNote(v: PriceItem, by: PriceItem): string {
  const until = by.heldUntil ? `（至 ${ymd(by.heldUntil)}）` : '';
  const mine = v.isVip === 1 && v.heldUntil ? `；本班次已开通至 ${ymd(v.heldUntil)}` : '';
  return `您的${versionLabel(by.vname)}${until}已包含本班次的全部内容${mine}`;
}

function Tag({ v, by }: { v: PriceItem; by?: PriceItem }) {
  if (by) return <span className={own.included}>已包含</span>;
  if (v.isVip === 1 && v.heldUntil) return <span className={styles.held}>已开通 · 至 {ymd(v.heldUntil)}</span>;
  if (v.group !== 0 && v.group in SALE_GROUP_NAMES) return <span className={styles.saleTag}>{SALE_GROUP_NAMES[v.group as keyof typeof SALE_GROUP_NAMES]}</span>;
  return null;
}

/**
 * /buyapp: one card per version on sale — its name, price and list price, validity, what it opens, and 立即购买
 * (续费 when held; beside 从<held>升级 when a lower version is held). A version a held one contains says 已包含 and
 * whose it is, and buying it asks first.
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
        const by = includedIn(items, v);
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
              <Tag v={v} by={by} />
            </div>
            <p className={styles.priceLine}>
              <span className={styles.price}>{yuan(v.price)}</span>
              {v.originalPrice > v.price ? <s className={styles.original}>{yuan(v.originalPrice)}</s> : null}
              <span className={styles.days}>有效期 {v.validityDays} 天</span>
            </p>
            {v.modules.length > 0 ? <p className={styles.opens}>包含：{v.modules.map((m) => m.name).join('、')}</p> : null}
            {by ? <p className={own.includedNote}>{includedNote(v, by)}</p> : null}
            {readOnly ? null : <BuyButtons item={v} from={by ? undefined : upgradeFrom(items, v)} by={by} onBuy={onBuy} />}
          </li>
        );
      })}
    </ul>
  );
}
