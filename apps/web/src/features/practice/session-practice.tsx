import { Navigate, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../api/client';
import type { SelectedSubject } from '../../lib/subject';
import { Page } from '../../ui/page';
import { errorText } from '../../lib/error-text';
import { Player } from './player';
import { sessionQuery, sessionResultPath } from '../../entities/practice/session-source';
import { SOURCES, type Source, sourceTitle } from '../../entities/practice/sources';
import { StateMessage } from '../../ui/states';
import styles from './player.module.css';

/**
 * /answerTest?source=session&examHistoryID=N: a practice-display exam session in the player (docs/practice-
 * screens.md "Practice sessions"). Read from the server on every visit; a handed-in session opens its result.
 */
export function SessionPractice({ subject, source }: { subject: SelectedSubject; source: Source }) {
  const set = useQuery(sessionQuery(subject.AppID, source));
  const navigate = useNavigate();
  const title = sourceTitle(source, set.data);
  let body;
  if (set.isPending) body = <StateMessage text="加载中…" />;
  else if (set.isError) {
    // A refusal (not this learner's, no such record) will not change by retrying.
    const refused = isApiError(set.error) && set.error.kind === 'reply';
    body = refused ? (
      <div className={styles.state} role="alert">
        <p>{errorText(set.error)}</p>
        <button type="button" className={styles.stateButton} onClick={() => void navigate('/examHistory')}>
          查看考试记录
        </button>
      </div>
    ) : (
      <StateMessage text={errorText(set.error)} onRetry={() => void set.refetch()} />
    );
  } else {
    const info = set.data.session!;
    if (info.status === 'handed') return <Navigate to={sessionResultPath(info.examHistoryID)} replace />;
    // An exam-display session (no keys) belongs to the 机考 screen.
    if (info.mode !== 'practice') return <Navigate to={`/computerPaper?examHistoryID=${info.examHistoryID}`} replace />;
    if (set.data.list.length === 0) body = <StateMessage text={SOURCES.session.empty(source)} />;
    else body = <Player appID={subject.AppID} source={source} set={set.data} />;
  }
  return <Page title={title}>{body}</Page>;
}
