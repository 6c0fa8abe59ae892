import type { ReactElement } from 'react';
import type { SelectedSubject } from '../../lib/subject';
import { examQueryState } from '../../ui/exam-page';
import { StateMessage } from '../../ui/states';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** The inline state of an AI screen's query: loading (with its own text), the 403 buy prompt naming the feature, or the error with '重试'. */
export function aiQueryState(q: QueryLike, subject: SelectedSubject, feature: string, loading = '加载中…'): ReactElement | null {
  if (!q.isError && q.isPending) return <StateMessage text={loading} />;
  return examQueryState(q, subject, feature);
}
