import type { UnlockingVersion } from '@kaoshi/contract';
import { useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router';
import { SheetBuyPrompt } from './buy-prompt';
import { deniedVersions } from '../lib/denied-versions';
import { errorText } from '../lib/error-text';
import { rememberSubjectReturn } from '../lib/subject-return';
import { versionBadge, type SelectedSubject } from '../lib/subject';
import styles from './states.module.css';

/** Inline states of a screen: a message (with '重试'), no subject chosen, the 403 buy prompt, a query's state. */

/** A message with '重试' (onRetry), or with another way on (action) where retrying cannot help. */
export function StateMessage({ text, onRetry, action }: { text: string; onRetry?: () => void; action?: { label: string; onClick: () => void } }) {
  const button = action ?? (onRetry ? { label: '重试', onClick: onRetry } : null);
  return (
    <div className={styles.state} role={button ? 'alert' : 'status'}>
      <p>{text}</p>
      {button ? (
        <button type="button" className={styles.stateButton} onClick={button.onClick}>
          {button.label}
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
      <button
        type="button"
        className={styles.stateButton}
        onClick={() => {
          rememberSubjectReturn(`${window.location.pathname}${window.location.search}`);
          void navigate('/switchSub');
        }}
      >
        选择科目
      </button>
    </div>
  );
}

/** A 403: the buy prompt (sheet) with the versions that open the feature (default chapter practice). */
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

/** What queryState reads of a TanStack query. */
export interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The inline state of a query without data: loading (`loading`, default '加载中…'), the 403 buy prompt naming
 * `feature` (default 章节练习), or the error with '重试'; null once loaded.
 */
export function queryState(q: QueryLike, subject: SelectedSubject | null, opts: { feature?: string; loading?: string } = {}): ReactElement | null {
  if (q.isError) {
    const versions = deniedVersions(q.error);
    if (versions) return <Denied versions={versions} currentName={subject ? versionBadge(subject) : ''} feature={opts.feature} />;
    return <StateMessage text={errorText(q.error)} onRetry={() => void q.refetch()} />;
  }
  if (q.isPending) return <StateMessage text={opts.loading ?? '加载中…'} />;
  return null;
}
