import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PLAN_MODULE, type HomeModule } from '@kaoshi/contract';
import { studyQuery, todayFigures } from '../../entities/plan/api';
import styles from './plan-card.module.css';

/**
 * The home page's today-progress of the study plan (docs/plan.md): 今日计划 done/total tasks and the day's percent,
 * into /studyMain. Without a plan, a quiet 制定学习计划 entry. Only when the subject's grid has the plan module open;
 * silent and never in the way: nothing shows while it loads or when it fails.
 */
export function PlanCard({ appID, modules }: { appID: number; modules: readonly HomeModule[] | undefined }) {
  const open = modules?.some((m) => m.id === PLAN_MODULE && m.allowed) ?? false;
  const view = useQuery({ ...studyQuery(appID), enabled: open });
  if (!open || !view.data) return null;
  if (!view.data.plan) {
    return (
      <Link className={styles.entry} to="/openStudy">
        <span className={styles.glyph} aria-hidden="true">
          ✎
        </span>
        <span className={styles.entryText}>制定学习计划</span>
        <span className={styles.muted}>按考试日期安排每天的任务</span>
        <span aria-hidden="true">›</span>
      </Link>
    );
  }
  const { done, total, percent } = todayFigures(view.data);
  return (
    <section className={styles.card} aria-labelledby="plan-card-title">
      <div className={styles.head}>
        <h2 id="plan-card-title" className={styles.title}>
          今日计划
        </h2>
        <span className={styles.muted}>{`距离考试 ${view.data.plan.daysLeft} 天`}</span>
      </div>
      <div className={styles.figures}>
        <span className={styles.count}>{total === 0 ? '今天没有任务' : `已完成 ${done}/${total} 项任务`}</span>
        <strong className={styles.percent}>{`${percent}%`}</strong>
      </div>
      <span className={styles.bar} role="progressbar" aria-label="今日计划完成度" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <span className={styles.barFill} style={{ width: `${percent}%` }} />
      </span>
      <Link className={styles.go} to="/studyMain">
        {done >= total && total > 0 ? '查看学习计划' : '继续今天的学习'}
      </Link>
    </section>
  );
}
