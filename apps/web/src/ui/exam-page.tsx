import { useState, type ReactElement, type ReactNode } from 'react';
import { getSelectedSubject, versionBadge, type SelectedSubject } from '../lib/subject';
import { SheetBuyPrompt } from './buy-prompt';
import { Page } from './page';
import { errorText } from '../lib/error-text';
import { deniedVersions, type UnlockingVersion } from '../api/practice';
import { NoSubject, StateMessage } from './states';
import styles from './exam-page.module.css';

/** An exam screen: the nav bar and, with a selected subject, the content; without one, '选择科目'. */
export function ExamPage({ title, children }: { title: ReactNode; children: (subject: SelectedSubject) => ReactNode }) {
  const subject = getSelectedSubject();
  return <Page title={title}>{subject ? children(subject) : <NoSubject />}</Page>;
}

/** A 403 of the exam calls: the buy prompt (sheet) with the versions that open the feature. */
export function ExamDenied({ versions, currentName, feature }: { versions: UnlockingVersion[]; currentName: string; feature: string }) {
  const [open, setOpen] = useState(true);
  return (
    <div className={styles.state}>
      <p>{`开通以下任一班次可使用${feature}`}</p>
      <button type="button" className={styles.secondary} onClick={() => setOpen(true)}>
        查看开通班次
      </button>
      <SheetBuyPrompt open={open} currentName={currentName} versions={versions} onClose={() => setOpen(false)} />
    </div>
  );
}

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** The inline state of a query without data: loading, the 403 buy prompt, or the error with '重试'; null once loaded. */
export function examQueryState(q: QueryLike, subject: SelectedSubject | null, feature: string): ReactElement | null {
  if (q.isError) {
    const versions = deniedVersions(q.error);
    if (versions) return <ExamDenied versions={versions} currentName={subject ? versionBadge(subject) : ''} feature={feature} />;
    return <StateMessage text={errorText(q.error)} onRetry={() => void q.refetch()} />;
  }
  if (q.isPending) return <StateMessage text="加载中…" />;
  return null;
}
