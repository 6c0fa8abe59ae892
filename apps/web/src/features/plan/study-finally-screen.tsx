import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PLAN_MSG } from '@kaoshi/contract';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/errors';
import type { SelectedSubject } from '../../lib/subject';
import { queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { ReportDays } from './components/report-days';
import { ReportMastery } from './components/report-mastery';
import { ReportOverview } from './components/report-overview';
import { ReportReadiness, ReportWeak } from './components/report-readiness';
import { ReportTasks } from './components/report-tasks';
import { ReportTime } from './components/report-time';
import { afterReplan, evaluationQuery, reportQuery } from './report-api';
import { REPORT_TITLE } from './report-format';
import styles from './report.module.css';

/**
 * /studyFinally 学习报告 (docs/plan.md): what the learner did over the plan (time spent, tasks done, the days and
 * the streak, mastery by chapter) and their readiness against the pass line with the last mock's weak chapters.
 * The charts are chart.js's, loaded with this screen only; each has a caption and a table.
 */
export function StudyFinallyScreen() {
  return <SubjectPage title={REPORT_TITLE}>{(subject) => <ReportBody subject={subject} />}</SubjectPage>;
}

const isNoPlan = (e: unknown) => isApiError(e) && e.msg === PLAN_MSG.noPlan;

function ReportBody({ subject }: { subject: SelectedSubject }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const report = useQuery(reportQuery(subject.AppID));
  const evaluation = useQuery(evaluationQuery(subject.AppID));
  const replanned = evaluation.data?.replanned === true;
  useEffect(() => {
    if (replanned) void afterReplan(queryClient);
  }, [replanned, queryClient]);

  if (report.isError && isNoPlan(report.error)) {
    return <StateMessage text={`${PLAN_MSG.noPlan}，制定计划后即可查看学习报告`} action={{ label: '制定学习计划', onClick: () => void navigate('/openStudy') }} />;
  }
  const pending = queryState(report, subject, { feature: '学习计划', loading: '正在生成学习报告…' });
  if (pending) return pending;
  const data = report.data!;
  const evaluationState = queryState(evaluation, subject, { feature: '学习计划', loading: '正在评估考试准备度…' });
  return (
    <div className={styles.screen}>
      <ReportOverview plan={data.plan} />
      <ReportTime spent={data.spent} />
      <ReportTasks tasks={data.tasks} byKind={data.byKind} />
      <ReportDays days={data.days} streak={data.streak} />
      <ReportMastery chapters={data.chapters} />
      {evaluationState ?? (
        <>
          <ReportReadiness evaluation={evaluation.data!} />
          <ReportWeak evaluation={evaluation.data!} />
        </>
      )}
    </div>
  );
}
