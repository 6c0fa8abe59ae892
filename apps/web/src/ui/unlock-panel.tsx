import type { UnlockingVersion } from '@kaoshi/contract';
import { useNavigate } from 'react-router';
import { useAgent } from '../lib/agent';
import { buyAction, buyAppPath } from './buy-flow';
import { BUY_TEXT, VersionChips } from './buy-prompt';
import styles from './unlock-panel.module.css';

/**
 * The unlocking part of a product page (/AICorePay, /grabPoint, /lnztjpay): the learner's class, the buy
 * prompt's texts and version chips, and 去开通 by the agent's buy rules (buy-flow.ts) — to
 * /buyApp?moduleType=dialog[&posSlide] when the agent sells in the app, otherwise the contact text (no
 * button: a page has no dialog to close).
 */
export function UnlockPanel({ current, versions }: { current: string; versions: readonly UnlockingVersion[] }) {
  const agent = useAgent();
  const navigate = useNavigate();
  const action = buyAction(agent.Flags);
  const sells = action === 'navigate' && versions.length > 0;
  return (
    <>
      <section className={styles.panel} aria-label="开通班次">
        <p className={styles.current}>
          {BUY_TEXT.current}
          <strong>{current}</strong>
        </p>
        <p className={styles.text}>{BUY_TEXT.unlock}</p>
        <VersionChips versions={versions} />
        <p className={styles.hint}>{sells ? BUY_TEXT.relogin : BUY_TEXT.contactOnly}</p>
      </section>
      {sells ? (
        <div className={styles.sticky}>
          <button type="button" className={styles.buy} onClick={() => void navigate(buyAppPath(versions))}>
            {BUY_TEXT.buy}
          </button>
        </div>
      ) : null}
    </>
  );
}
