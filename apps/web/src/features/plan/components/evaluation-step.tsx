import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PLAN_EVALUATION_SIZE, type PlanEvaluationState } from '@kaoshi/contract';
import { sessionPlayerPath } from '../../../entities/practice/session-source';
import { alertMsg } from '../../../ui/dialogs';
import { errorText } from '../../../lib/error-text';
import { entrance, refreshPlan } from '../api';
import shared from '../plan.module.css';
import styles from '../plan-form.module.css';

/**
 * Step 1 of /openStudy: the entrance evaluation, a short set across the chapters on the exam engine (its answers
 * count for mastery, so the plan puts the weak chapters first). 开始测评 opens the player; 跳过测评 goes on without it.
 */
export function EvaluationStep({ appID, evaluation }: { appID: number; evaluation: PlanEvaluationState }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const act = useMutation({
    mutationFn: (action: 'start' | 'skip') => entrance(appID, action),
    onSuccess: (r) => {
      if (r.state === 'started' && r.examHistoryID !== null) void navigate(sessionPlayerPath(r.examHistoryID));
      else void refreshPlan(client);
    },
    onError: (err) => void alertMsg(errorText(err)),
  });
  const { state, right, total } = evaluation;
  const open = state === 'none' || state === 'started';

  return (
    <section className={shared.card} aria-labelledby="evaluation-title">
      <h2 id="evaluation-title" className={styles.stepTitle}>
        <span className={styles.stepNo}>1</span>入学测评
      </h2>
      {state === 'done' ? (
        <p className={styles.result}>
          测评完成：答对 <strong>{right}</strong>/{total} 题
        </p>
      ) : state === 'skipped' ? (
        <p className={shared.muted}>已跳过测评，计划将按题库的章节安排。</p>
      ) : (
        <p className={shared.muted}>{`先做${PLAN_EVALUATION_SIZE}道覆盖各章节的小测评，了解你的掌握情况，计划会优先安排薄弱章节。`}</p>
      )}
      {open ? (
        <div className={shared.actions}>
          <button type="button" className={shared.secondary} disabled={act.isPending} onClick={() => act.mutate('skip')}>
            跳过测评
          </button>
          <button type="button" className={shared.primary} disabled={act.isPending} onClick={() => act.mutate('start')}>
            {state === 'started' ? '继续测评' : '开始测评'}
          </button>
        </div>
      ) : null}
    </section>
  );
}
