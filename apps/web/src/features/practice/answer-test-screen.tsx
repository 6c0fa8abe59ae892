import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Status } from '@kaoshi/contract';
import { isApiError } from '../../api/errors';
import { deniedVersions } from '../../lib/denied-versions';
import { useQuery } from '@tanstack/react-query';
import { getSelectedSubject, versionBadge, type SelectedSubject } from '../../lib/subject';
import { Page } from '../../ui/page';
import { errorText } from '../../lib/error-text';
import { Player } from './player';
import { SessionPractice } from './session-practice';
import { isOutdated, sourceQuery } from '../../entities/practice/api';
import { SOURCES, type Source, sourceTitle } from '../../entities/practice/sources';
import { deniedFeature, parseSource } from '../../entities/practice/source-url';
import { Denied, NoSubject, StateMessage } from '../../ui/states';

/**
 * /answerTest : the practice player over a source (sources.ts): a chapter (`?cptID=`), the wrong-answer
 * book (`?source=error`), a review session (`review`), favourites (`fav`), notes (`note`), weak knowledge
 * points (`points`), a search (`search&keyword=`), the most missed questions (`common`) or a practice-display
 * exam session (`source=session&examHistoryID=N`, session-practice.tsx).
 */
export default function AnswerTestScreen() {
  const subject = getSelectedSubject();
  const [params] = useSearchParams();
  const search = params.toString();
  const parsed = useMemo(() => parseSource(new URLSearchParams(search)), [search]);
  if (!subject) return <Page title="练习">{<NoSubject />}</Page>;
  if ('error' in parsed) return <Page title="练习">{<StateMessage text={parsed.error} />}</Page>;
  if (parsed.source.kind === 'session') return <SessionPractice key={search} subject={subject} source={parsed.source} />;
  return <SourcePractice key={search} subject={subject} source={parsed.source} />;
}

/** A chapter the current subject does not have. */
export const otherSubjectChapter = (subject: Pick<SelectedSubject, 'AppName'>) => `当前科目「${subject.AppName}」中没有这个章节，请从章节目录重新选择`;

function SourcePractice({ subject, source }: { subject: SelectedSubject; source: Source }) {
  const navigate = useNavigate();
  const entry = useLocation().key;
  const set = useQuery(sourceQuery(subject.AppID, source, entry));
  // A study list opened again (or 下一组 of a review) is read anew: never the round answered before.
  const outdated = isOutdated(set.data, source, entry);
  const { refetch } = set;
  useEffect(() => {
    if (outdated) void refetch();
  }, [outdated, refetch]);
  const title = sourceTitle(source, set.data);
  let body;
  if (set.isPending || (outdated && !set.isError)) body = <StateMessage text="加载中…" />;
  else if (set.isError) {
    const versions = deniedVersions(set.error);
    body = versions ? (
      <Denied versions={versions} currentName={versionBadge(subject)} feature={deniedFeature(source)} />
    ) : source.kind === 'chapter' && isApiError(set.error) && set.error.kind === 'reply' && set.error.status === Status.NOT_FOUND ? (
      // A chapter of another subject (switched in another tab, or back after switching): retrying cannot help.
      <StateMessage text={otherSubjectChapter(subject)} action={{ label: '返回章节目录', onClick: () => void navigate('/chapterMenu', { replace: true }) }} />
    ) : (
      <StateMessage text={errorText(set.error)} onRetry={() => void set.refetch()} />
    );
  } else if (set.data.list.length === 0) body = <StateMessage text={SOURCES[source.kind].empty(source)} />;
  else body = <Player appID={subject.AppID} source={source} set={set.data} />;
  return <Page title={title}>{body}</Page>;
}
