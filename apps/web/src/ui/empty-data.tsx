import type { ReactNode } from 'react';

export interface EmptyDataProps {
  message?: ReactNode;
  /** Show the buy button (for learners who are not members); a string sets its label. */
  buyButton?: boolean | string;
  onBuy?: () => void;
}

/** The empty-data screen of spec §2: a message, and a buy button when the learner is not a member. */
export function EmptyData({ message = '暂无数据', buyButton, onBuy }: EmptyDataProps) {
  return (
    <div className="ks-empty">
      <svg width="96" height="72" viewBox="0 0 96 72" aria-hidden="true">
        <path d="M8 40 L24 12 H72 L88 40 V64 H8 Z" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
        <path d="M8 40 H32 Q34 50 48 50 Q62 50 64 40 H88" fill="none" stroke="currentColor" strokeWidth="3" />
      </svg>
      <p>{message}</p>
      {buyButton ? (
        <button type="button" className="ks-empty__buy" onClick={onBuy}>
          {typeof buyButton === 'string' ? buyButton : '立即开通'}
        </button>
      ) : null}
    </div>
  );
}

export default EmptyData;
