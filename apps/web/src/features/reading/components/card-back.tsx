import { RichText } from '../../../ui/rich-text';
import type { ShorthandCard } from '../api';
import sh from '../shorthand.module.css';

/** A 速记 card's answer: its back and, when it has one, its 口诀 (the review session and a point's cards). */
export function CardBack({ card, appID, testId }: { card: ShorthandCard; appID: number; testId?: string }) {
  return (
    <div className={sh.back} data-testid={testId}>
      <RichText text={card.back} appID={appID} />
      {card.mnemonic ? (
        <p className={sh.mnemonic}>
          <span className={sh.mnemonicLabel}>口诀</span>
          <RichText text={card.mnemonic} appID={appID} />
        </p>
      ) : null}
    </div>
  );
}
