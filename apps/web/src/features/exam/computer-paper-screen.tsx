import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { getSelectedSubject, versionBadge } from '../../lib/subject';
import { SheetBuyPrompt } from '../../ui/buy-prompt';
import { Page } from '../../ui/page';
import { errorText } from '../../lib/error-text';
import { deniedVersions } from '../../lib/denied-versions';
import { NoSubject, StateMessage } from '../../ui/states';
import { parseTarget, type StartTarget } from '../../lib/exam-model';
import { ExamRunner } from './exam-runner';
import { startQuery } from './api';
import styles from './exam.module.css';

/**
 * /computerPaper?paperID=N (or ?daily=1, or ?examHistoryID=N for a session a mode's screen started with
 * testMode — resumed by id): the computer-based exam (机考). `start` answers the learner's open
 * session of the paper if there is one, so leaving and coming back — on this device or another — resumes
 * the same session with the server's remaining time; unsent replies kept on this device are merged on top.
 */
export default function ComputerPaperScreen() {
  const subject = getSelectedSubject();
  const [params] = useSearchParams();
  const search = params.toString();
  const target = useMemo(() => parseTarget(new URLSearchParams(search)), [search]);
  if (!subject) return <Page title="机考模拟">{<NoSubject />}</Page>;
  if ('error' in target) return <Page title="机考模拟">{<StateMessage text={target.error} />}</Page>;
  return <Start key={search} appID={subject.AppID} badge={versionBadge(subject)} target={target} />;
}

function Start({ appID, badge, target }: { appID: number; badge: string; target: StartTarget }) {
  const started = useQuery(startQuery(appID, target));

  if (started.isPending) return <Page title="机考模拟">{<StateMessage text="正在进入考试…" />}</Page>;
  if (started.isError) {
    const versions = deniedVersions(started.error);
    return (
      <Page title="机考模拟">
        {versions ? <Denied versions={versions} badge={badge} /> : <StateMessage text={errorText(started.error)} onRetry={() => void started.refetch()} />}
      </Page>
    );
  }
  return (
    <div className={styles.screen}>
      <ExamRunner key={started.data.session.examHistoryID} loaded={started.data} appID={appID} />
    </div>
  );
}

function Denied({ versions, badge }: { versions: { vn: string; vname: string }[]; badge: string }) {
  const [open, setOpen] = useState(true);
  return (
    <div className={styles.state}>
      <p>开通以下任一班次可使用机考模拟</p>
      <button type="button" className={styles.stateButton} onClick={() => setOpen(true)}>
        查看开通班次
      </button>
      <SheetBuyPrompt open={open} currentName={badge} versions={versions} onClose={() => setOpen(false)} />
    </div>
  );
}
