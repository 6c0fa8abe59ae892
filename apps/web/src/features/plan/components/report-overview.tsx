import type { PlanInfo } from '@kaoshi/contract';
import { shortDay } from '../report-format';
import styles from '../report.module.css';

/** The head of the report: total progress, the exam date and days left, the stage and the minutes a day. */
export function ReportOverview({ plan }: { plan: PlanInfo }) {
  const exam = plan.daysLeft > 0 ? `距考试还有 ${plan.daysLeft} 天` : '考试日已到';
  return (
    <section className={styles.overview} aria-label="计划概况" data-testid="report-overview">
      <p className={styles.overviewLead}>
        <span>总进度</span>
        <strong>{`${plan.totalProgress}%`}</strong>
      </p>
      <div className={styles.progressTrack} role="progressbar" aria-label="计划总进度" aria-valuemin={0} aria-valuemax={100} aria-valuenow={plan.totalProgress}>
        <div className={styles.progressFill} style={{ width: `${Math.min(100, Math.max(0, plan.totalProgress))}%` }} />
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>考试日期</dt>
          <dd>{shortDay(plan.mdate)}</dd>
        </div>
        <div>
          <dt>当前阶段</dt>
          <dd>{plan.stage}</dd>
        </div>
        <div>
          <dt>每天学习</dt>
          <dd>{`${plan.timesize}分钟`}</dd>
        </div>
      </dl>
      <p className={styles.overviewNote}>{exam}</p>
    </section>
  );
}
