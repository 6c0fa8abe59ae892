import { useContext } from 'react';
import { useNavigate } from 'react-router';
import { MSG, type PriceItem, type UnlockingVersion } from '@kaoshi/contract';
import { useAgent } from '../lib/agent';
import { yuan } from '../lib/format';
import { cachedVipinfo, getSelectedSubject } from '../lib/subject';
import { track } from '../lib/tracking';
import { buyAction, buyAppPath, versionLabel } from './buy-flow';
import { Modal } from './modal';
import { VersionPricesContext } from './version-prices';
import buttons from './buttons.module.css';
import styles from './buy.module.css';

/** The buy prompt's texts: the spec's (§2 shared widgets, the contract's MSG) and the buttons. */
export const BUY_TEXT = {
  unlock: MSG.buyAny,
  relogin: MSG.reloginIfBought,
  contactOnly: MSG.contactToBuy,
  current: '当前班次：',
  buy: '去开通',
  cancel: MSG.cancel,
  ack: '我知道了',
} as const;

export interface BuyPromptProps {
  open: boolean;
  /** 'classic': a centred modal; 'sheet': the newer bottom sheet with version cards (the home grid's). */
  variant?: 'classic' | 'sheet';
  /** The learner's current class (e.g. '试用版' or '基础班'). */
  currentName: string;
  /** The versions that open the feature (a locked module's `unlocking`). */
  versions: readonly UnlockingVersion[];
  /** What the learner tried to open, said before the versions (e.g. a chapter beyond the trial). */
  reason?: string;
  onClose: () => void;
}

/**
 * What a version includes (its modules' names), from the subject's version list that choosing the subject
 * cached (vipinfo): the buy prompt shows the value of each class, not only its name. Empty when unknown.
 */
export function versionIncludes(vn: string): string[] {
  const subject = getSelectedSubject();
  const list = subject ? (cachedVipinfo(subject.AppID)?.list ?? []) : [];
  return list.find((v) => v.vn === vn)?.vnjson.map((m) => m.name) ?? [];
}

/** The version list: chips in the classic modal, cards in the sheet (with each version's price). */
export function VersionChips({ versions, highlight, cards }: { versions: readonly UnlockingVersion[]; highlight?: string; cards?: boolean }) {
  if (versions.length === 0) return null;
  if (cards) return <VersionCards versions={versions} />;
  return (
    <ul className={styles.chips} aria-label="可开通的班次">
      {versions.map((v) => (
        <li key={v.vn} className={`${styles.chip} ${v.vn === highlight ? styles.on : ''}`}>
          {versionLabel(v.vname)}
        </li>
      ))}
    </ul>
  );
}

/**
 * The sheet's cards: each version that unlocks the item, with its price, list price and validity from the subject's
 * price list (pricelist, the data /buyapp shows; one cache) and what it includes. A version not on sale here, or
 * while the prices load, shows without a price.
 */
function VersionCards({ versions }: { versions: readonly UnlockingVersion[] }) {
  const useVersionPrices = useContext(VersionPricesContext);
  const items = useVersionPrices(getSelectedSubject()?.AppID ?? null);
  const priceOf = (vn: string) => items?.find((i) => i.vn === vn);
  return (
    <ul className={styles.cards} aria-label="可开通的班次">
      {versions.map((v) => (
        <li key={v.vn} className={styles.card} data-testid={`unlock-${v.vn}`}>
          <span className={styles.cardBadge} aria-hidden="true">
            VIP
          </span>
          <span className={styles.cardText}>
            <span className={styles.cardName}>{versionLabel(v.vname)}</span>
            <Price item={priceOf(v.vn)} />
            <Includes vn={v.vn} />
          </span>
        </li>
      ))}
    </ul>
  );
}

function Price({ item }: { item?: PriceItem }) {
  if (!item) return null;
  return (
    <span className={styles.cardPrice}>
      <strong className={styles.cardAmount}>{yuan(item.price)}</strong>
      {item.originalPrice > item.price ? <s className={styles.cardList}>{yuan(item.originalPrice)}</s> : null}
      <span className={styles.cardDays}>{`有效期 ${item.validityDays} 天`}</span>
    </span>
  );
}

function Includes({ vn }: { vn: string }) {
  const names = versionIncludes(vn);
  return names.length > 0 ? <span className={styles.cardIncludes}>{`包含：${names.join('、')}`}</span> : null;
}

/**
 * The buy prompt shown to a learner who may not open a feature (spec §2, §6), in two variants. By agent
 * (Flags): contactOnly (7021004, 05319003) → only '该功能需联系客服购买后方可使用' and '我知道了';
 * ackOnly (7021006) → the text and the version list with only '我知道了'; everyone else → the current
 * class, the text, the versions, '去开通' / '取消' and '如果您已经购买，请重新登录'. '去开通' follows the buy
 * dialog's rules (buy-flow.ts): /buyApp?moduleType=dialog[&posSlide], close only, or nothing.
 */
export function BuyPrompt({ open, variant = 'classic', currentName, versions, reason, onClose }: BuyPromptProps) {
  const agent = useAgent();
  const navigate = useNavigate();
  const { contactOnly, ackOnly } = agent.Flags;
  const sheet = variant === 'sheet';

  const cancel = () => {
    track.click({ btnName: BUY_CLICKS_PROMPT.cancel });
    onClose();
  };
  const ack = () => {
    track.click({ btnName: BUY_CLICKS_PROMPT.ack });
    onClose();
  };
  const buy = () => {
    track.click({ btnName: BUY_CLICKS_PROMPT.buy });
    onClose();
    if (buyAction(agent.Flags) === 'navigate') void navigate(buyAppPath(versions));
  };

  const ackButton = (
    <button type="button" className={buttons.primary} onClick={ack}>
      {BUY_TEXT.ack}
    </button>
  );

  if (contactOnly) {
    return (
      <Modal open={open} variant={sheet ? 'sheet' : 'center'} title="提示" onDismiss={ack} footer={ackButton} testId="buy-prompt">
        <p className={styles.text}>{BUY_TEXT.contactOnly}</p>
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      variant={sheet ? 'sheet' : 'center'}
      title={sheet ? '开通班次' : '提示'}
      onDismiss={ackOnly ? ack : cancel}
      testId="buy-prompt"
      footer={
        ackOnly ? (
          ackButton
        ) : (
          <>
            <button type="button" className={buttons.secondary} onClick={cancel}>
              {BUY_TEXT.cancel}
            </button>
            <button type="button" className={buttons.primary} onClick={buy}>
              {BUY_TEXT.buy}
            </button>
          </>
        )
      }
    >
      {ackOnly ? null : (
        <p className={styles.current}>
          {BUY_TEXT.current}
          <strong>{versionLabel(currentName)}</strong>
        </p>
      )}
      {reason ? <p className={styles.text}>{reason}</p> : null}
      <p className={styles.text}>{BUY_TEXT.unlock}</p>
      <VersionChips versions={versions} cards={sheet} />
      {ackOnly ? null : <p className={styles.hint}>{BUY_TEXT.relogin}</p>}
    </Modal>
  );
}

/** userclick btnName of the prompt's buttons. */
const BUY_CLICKS_PROMPT = { cancel: '开通提示-取消', buy: '开通提示-去开通', ack: '开通提示-我知道了' } as const;

/** The classic centred modal, for content screens. */
export const ClassicBuyPrompt = (p: Omit<BuyPromptProps, 'variant'>) => <BuyPrompt {...p} variant="classic" />;
/** The newer bottom sheet with version cards (the home grid). */
export const SheetBuyPrompt = (p: Omit<BuyPromptProps, 'variant'>) => <BuyPrompt {...p} variant="sheet" />;

export default BuyPrompt;
