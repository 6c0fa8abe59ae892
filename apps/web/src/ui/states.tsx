import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SheetBuyPrompt } from './buy-prompt';
import type { UnlockingVersion } from '../api/practice';
import styles from './states.module.css';

/** Inline states of the practice screens. */

export function StateMessage({ text, onRetry }: { text: string; onRetry?: () => void }) {
  return (
    <div className={styles.state} role={onRetry ? 'alert' : 'status'}>
      <p>{text}</p>
      {onRetry ? (
        <button type="button" className={styles.stateButton} onClick={onRetry}>
          重试
        </button>
      ) : null}
    </div>
  );
}

export function NoSubject() {
  const navigate = useNavigate();
  return (
    <div className={styles.state}>
      <p>请先选择考试科目</p>
      <button type="button" className={styles.stateButton} onClick={() => void navigate('/switchSub')}>
        选择科目
      </button>
    </div>
  );
}

/** A 403 of the practice calls: the buy prompt with the versions that open the feature (default chapter practice). */
export function Denied({ versions, currentName, feature = '章节练习' }: { versions: UnlockingVersion[]; currentName: string; feature?: string }) {
  const [open, setOpen] = useState(true);
  return (
    <div className={styles.state}>
      <p>{`开通以下任一班次可使用${feature}`}</p>
      <button type="button" className={styles.stateButton} onClick={() => setOpen(true)}>
        查看开通班次
      </button>
      <SheetBuyPrompt open={open} currentName={currentName} versions={versions} onClose={() => setOpen(false)} />
    </div>
  );
}
