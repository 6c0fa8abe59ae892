import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { getSelectedSubject, versionBadge, type SelectedSubject } from '../../lib/subject';
import { Page } from '../../ui/page';
import { errorText } from '../common/errors';
import { Player } from './player';
import { chapterTestQuery, deniedVersions } from './practice-data';
import { Denied, NoSubject, StateMessage } from './states';

/** /answerTest?cptID= : practice one chapter (the player). */
export default function AnswerTestScreen() {
  const subject = getSelectedSubject();
  const [params] = useSearchParams();
  const cptID = Number(params.get('cptID'));
  const valid = Number.isInteger(cptID) && cptID > 0;
  return subject && valid ? (
    <ChapterPractice subject={subject} cptID={cptID} />
  ) : (
    <Page title="章节练习">{subject ? <StateMessage text="章节不存在" /> : <NoSubject />}</Page>
  );
}

function ChapterPractice({ subject, cptID }: { subject: SelectedSubject; cptID: number }) {
  const test = useQuery(chapterTestQuery(subject.AppID, cptID));
  const title = test.data?.name ?? '章节练习';
  let body;
  if (test.isPending) body = <StateMessage text="加载中…" />;
  else if (test.isError) {
    const versions = deniedVersions(test.error);
    body = versions ? (
      <Denied versions={versions} currentName={versionBadge(subject)} />
    ) : (
      <StateMessage text={errorText(test.error)} onRetry={() => void test.refetch()} />
    );
  } else if (test.data.list.length === 0) body = <StateMessage text="本章暂无试题" />;
  else body = <Player appID={subject.AppID} cptID={cptID} test={test.data} />;
  return <Page title={title}>{body}</Page>;
}
