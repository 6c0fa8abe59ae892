import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { getSelectedSubject, type SelectedSubject } from '../../lib/subject';
import { errorText } from '../../lib/error-text';
import { Page } from '../../ui/page';
import { NoSubject, queryState } from '../../ui/states';
import { openPlan, storeToday, studyQuery, type PlanForm as PlanFormValue } from './api';
import { EvaluationStep } from './components/evaluation-step';
import { PlanForm } from './components/plan-form';
import styles from './plan.module.css';

/**
 * /openStudy (docs/plan.md): step 1 the entrance evaluation (or 跳过测评), step 2 the exam date, the minutes a day
 * and the reminder; 生成学习计划 makes the plan and opens /studyMain. With a plan already made the form is prefilled
 * (调整计划) and the evaluation step shows its result.
 */
export function OpenStudyScreen() {
  const subject = getSelectedSubject();
  if (!subject) return <Page title="制定学习计划">{<NoSubject />}</Page>;
  return <OpenStudy subject={subject} />;
}

export default OpenStudyScreen;

function OpenStudy({ subject }: { subject: SelectedSubject }) {
  const appID = subject.AppID;
  const view = useQuery(studyQuery(appID));
  const client = useQueryClient();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const make = useMutation({
    mutationFn: (form: PlanFormValue) => openPlan(appID, form),
    onMutate: () => setServerError(null),
    onSuccess: (v) => {
      storeToday(client, appID, v);
      void navigate('/studyMain', { replace: true });
    },
    onError: (err) => setServerError(errorText(err)),
  });
  const plan = view.data?.plan ?? null;
  const state = queryState(view, subject, { feature: '学习计划' });
  const evaluation = view.data?.evaluation;
  const formOpen = plan !== null || evaluation?.state === 'done' || evaluation?.state === 'skipped';

  return (
    <Page title={plan ? '调整计划' : '制定学习计划'}>
      {state ?? (
        <div className={styles.screen}>
          <p className={styles.intro}>{`${subject.AppName}：根据考试日期和你每天能投入的时间，把章节练习、视频、讲义、错题复习和模拟考试排进每一天。`}</p>
          <EvaluationStep appID={appID} evaluation={evaluation!} />
          {formOpen ? <PlanForm key={plan?.plan_id ?? 0} plan={plan} busy={make.isPending} serverError={serverError} onSubmit={(f) => make.mutate(f)} /> : null}
        </div>
      )}
    </Page>
  );
}
