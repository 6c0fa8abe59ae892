import type { UnlockingVersion } from '@kaoshi/contract';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAgent } from '../lib/agent';
import { track } from '../lib/tracking';
import { buyAction, buyAppPath, stopNativeVideo } from './buy-flow';
import { BUY_TEXT, VersionChips } from './buy-prompt';
import { Modal } from './modal';
import buttons from './buttons.module.css';
import styles from './buy.module.css';

export interface BuyDialogProps {
  open: boolean;
  /** The versions that open the feature. */
  versions: readonly UnlockingVersion[];
  /** A version to preselect on /buyApp (posSlide) whatever the list holds. */
  appointedVn?: string;
  /** Opened from a video: the iOS shell is told to stop its player. */
  fromVideo?: boolean;
  onClose: () => void;
}

/** userclick btnName of the dialog's buttons. */
export const BUY_DIALOG_CLICKS = { close: '购买弹窗-关闭', buy: '购买弹窗-去购买' } as const;

/**
 * The buy dialog (spec §4), opened from a prop. '去购买' goes to /buyApp?moduleType=dialog (with posSlide:
 * buyAppPath); a custom-style agent's '去购买' only closes; for a buy-disabled agent it never opens.
 * Closing records a click.
 */
export function BuyDialog({ open, versions, appointedVn, fromVideo, onClose }: BuyDialogProps) {
  const agent = useAgent();
  const navigate = useNavigate();
  const action = buyAction(agent.Flags);
  const shown = open && action !== 'none';

  useEffect(() => {
    if (shown && fromVideo) stopNativeVideo();
  }, [shown, fromVideo]);

  const close = () => {
    track.click({ btnName: BUY_DIALOG_CLICKS.close });
    onClose();
  };
  const buy = () => {
    track.click({ btnName: BUY_DIALOG_CLICKS.buy });
    onClose();
    if (action === 'navigate') void navigate(buyAppPath(versions, appointedVn));
  };

  return (
    <Modal
      open={shown}
      title="开通班次"
      onDismiss={close}
      testId="buy-dialog"
      footer={
        <>
          <button type="button" className={buttons.secondary} onClick={close}>
            {BUY_TEXT.cancel}
          </button>
          <button type="button" className={buttons.primary} onClick={buy}>
            去购买
          </button>
        </>
      }
    >
      <p className={styles.text}>{BUY_TEXT.unlock}</p>
      <VersionChips versions={versions} highlight={appointedVn} />
      <p className={styles.hint}>{BUY_TEXT.relogin}</p>
    </Modal>
  );
}

export default BuyDialog;
