import type { PlanInfo, PlanStreak } from '@kaoshi/contract';
import { shortDay } from '../plan-format';
import shared from '../plan.module.css';
import styles from '../plan-header.module.css';

/** A ring of 0–100 with the figure in its middle (an image for screen readers: its label says the figure). */
export function ProgressRing({ percent, label, size = 88 }: { percent: number; label: string; size?: number }) {
  const r = 40;
  const c = 2 * Math.PI * r;
  const p = Math.max(0, Math.min(100, percent));
  return (
    <div className={styles.ring} style={{ width: size, height: size }} role="img" aria-label={`${label} ${p}%`}>
      <svg viewBox="0 0 100 100" width={size} height={size} aria-hidden="true">
        <circle className={styles.ringTrack} cx="50" cy="50" r={r} />
        {p > 0 ? <circle className={styles.ringFill} cx="50" cy="50" r={r} strokeDasharray={`${(c * p) / 100} ${c}`} transform="rotate(-90 50 50)" /> : null}
      </svg>
      <span className={styles.ringText} aria-hidden="true">
        <strong>{p}%</strong>
        <small>{label}</small>
      </span>
    </div>
  );
}

/** A thin bar of `value` over `max`. */
export function ProgressBar({ value, max, label }: { value: number; max: number; label: string }) {
  const p = max > 0 ? Math.round((Math.min(value, max) / max) * 100) : 0;
  return (
    <span className={styles.bar} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={max} aria-valuenow={Math.min(value, max)}>
      <span className={styles.barFill} style={{ width: `${p}%` }} />
    </span>
  );
}

/** A small flame drawn in the text colour (an emoji may have no font on the device). */
const Flame = () => (
  <svg className={styles.flame} viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
    <path
      fill="currentColor"
      d="M8.6 0.5c.4 2.3-.6 3.6-1.7 4.9C5.8 6.7 4.5 8 4.5 10.3A3.6 3.6 0 0 0 8 14a3.6 3.6 0 0 0 3.5-3.7c0-1.5-.7-2.6-1.4-3.4.1 1.2-.3 2.1-1.1 2.5.5-2.9-.1-6.1-.4-8.9Z"
    />
  </svg>
);

/** The top of /studyMain: days to the exam, the stage, the total progress and the streak with its freezes. */
export function PlanHeader({ plan, streak }: { plan: PlanInfo; streak: PlanStreak }) {
  return (
    <section className={styles.hero} aria-label="计划概览">
      <div className={styles.heroMain}>
        <div className={styles.heroText}>
          <p className={styles.countdown}>
            距离考试还有 <strong>{plan.daysLeft}</strong> 天
          </p>
          <p className={shared.muted}>{`考试日期 ${shortDay(plan.mdate)} · 每天${plan.timesize}分钟`}</p>
          <p className={styles.stageNow}>{`当前阶段：${plan.stage}`}</p>
        </div>
        <ProgressRing percent={plan.totalProgress} label="总进度" />
      </div>
      <div className={styles.streak} role="group" aria-label="连续学习">
        <span className={styles.streakDays}>
          <Flame /> {`连续学习 ${streak.days} 天`}
        </span>
        <span className={styles.freezes} role="img" title="清完当天的错题复习可获得冻结卡，漏学一天时自动使用" aria-label={`冻结卡 ${streak.freezes} 张`}>
          <span aria-hidden="true">❄</span> {streak.freezes}
        </span>
        <span className={shared.muted}>{`最长 ${streak.best} 天`}</span>
      </div>
      {streak.todayCounted ? <p className={styles.streakToday}>今天的打卡已完成</p> : null}
    </section>
  );
}
