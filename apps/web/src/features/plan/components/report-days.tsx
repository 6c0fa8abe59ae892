import type { PlanReport } from '@kaoshi/contract';
import { DAY_STATE_NAMES, dayCounts, daysSummary, minutesText, shortDay, weekdayOf } from '../report-format';
import styles from '../report.module.css';
import { DataTable, ReportFigure, ReportSection } from './report-figure';

type Day = PlanReport['days'][number];

const STATE_CLASS: Record<Day['state'], string | undefined> = {
  counted: styles.dayCounted,
  frozen: styles.dayFrozen,
  missed: styles.dayMissed,
  rest: styles.dayRest,
  today: styles.dayToday,
  coming: styles.dayComing,
};

const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];
const LEGEND: Day['state'][] = ['counted', 'frozen', 'missed', 'rest', 'coming'];

/**
 * 学习日历: the streak, and every day of the plan as a heatmap (weeks as columns, Monday at the top), coloured by
 * whether it counted, was covered by a freeze, was missed, or is still to come. The days are in the table too.
 */
export function ReportDays({ days: planned, streak }: { days: PlanReport['days']; streak: PlanReport['streak'] }) {
  // Today shows as counted once it counts (the streak says so); it keeps its outline either way.
  const days = planned.map((d) => (d.state === 'today' && streak.todayCounted ? { ...d, state: 'counted' as const } : d));
  const today = planned.find((d) => d.state === 'today')?.date;
  const c = dayCounts(days);
  const stateText = (d: Day) => (d.date !== today || d.state === 'today' ? DAY_STATE_NAMES[d.state] : `${DAY_STATE_NAMES[d.state]}（今天）`);
  const lead = days.length > 0 ? weekdayOf(days[0]!.date) : 0;
  const counts: Record<Day['state'], number> = { counted: c.counted, frozen: c.frozen, missed: c.missed, rest: c.rest, today: 0, coming: c.left };
  return (
    <ReportSection title="学习日历" testId="report-days">
      <div className={styles.streak}>
        <p className={styles.big}>
          <strong>{`${streak.days}天`}</strong>
          <span>连续学习</span>
        </p>
        <p className={styles.big}>
          <strong>{`${streak.best}天`}</strong>
          <span>最长连续</span>
        </p>
        <p className={styles.big}>
          <strong>{`${streak.freezes}张`}</strong>
          <span>冻结卡</span>
        </p>
      </div>
      <p className={styles.muted}>{streak.todayCounted ? '今天已达标，继续保持！' : '完成今天计划的八成即可计入连续学习。'}</p>
      <ReportFigure
        caption="每日完成情况"
        table={
          <DataTable
            caption="每日完成情况"
            head={['日期', '阶段', '计划', '完成', '状态']}
            rows={days.map((d) => [shortDay(d.date), d.stage, minutesText(d.minutes), `${minutesText(d.doneMinutes)}（${d.doneTasks}/${d.tasks}项）`, stateText(d)])}
          />
        }
      >
        <div className={styles.heatScroll} tabIndex={0} role="group" aria-label="学习日历，可左右滚动">
          <div className={styles.heat} role="img" aria-label={daysSummary(days)} data-testid="day-heatmap">
            {WEEKDAYS.map((w) => (
              <span key={w} className={styles.heatWeekday} aria-hidden="true">
                {w}
              </span>
            ))}
            {Array.from({ length: lead }, (_, i) => (
              <span key={`lead-${i}`} className={styles.dayBlank} aria-hidden="true" />
            ))}
            {days.map((d) => (
              <span
                key={d.date}
                className={`${styles.day} ${STATE_CLASS[d.state] ?? ''} ${d.date === today ? styles.isToday : ''}`}
                title={`${shortDay(d.date)} ${stateText(d)}`}
                data-state={d.state}
                aria-hidden="true"
              />
            ))}
          </div>
        </div>
        {days.length > 0 ? <p className={styles.heatEnds}>{`${shortDay(days[0]!.date)} 至 ${shortDay(days[days.length - 1]!.date)}，每列一周，从周一到周日`}</p> : null}
        <ul className={styles.legend} aria-label="图例">
          {LEGEND.filter((s) => s !== 'rest' || counts.rest > 0).map((s) => (
            <li key={s}>
              <span className={`${styles.swatch} ${STATE_CLASS[s] ?? ''}`} aria-hidden="true" />
              {`${s === 'coming' ? '未到' : DAY_STATE_NAMES[s]} ${counts[s]}天`}
            </li>
          ))}
        </ul>
      </ReportFigure>
    </ReportSection>
  );
}
