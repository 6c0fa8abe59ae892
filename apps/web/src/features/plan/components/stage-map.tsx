import type { PlanStageSpan } from '@kaoshi/contract';
import { slashDay } from '../plan-format';
import shared from '../plan.module.css';
import styles from '../stage-map.module.css';

const STATE_TEXT = { done: '已完成', current: '进行中', coming: '未开始' } as const;

/** The stage map: 基础 → 强化 → 冲刺 with their days and tasks done; the current stage stands out. */
export function StageMap({ stages }: { stages: readonly PlanStageSpan[] }) {
  if (stages.length === 0) return null;
  return (
    <section className={shared.card} aria-labelledby="stage-map-title">
      <h2 id="stage-map-title" className={shared.cardTitle}>
        阶段安排
      </h2>
      <ol className={styles.stages}>
        {stages.map((s) => (
          <li
            key={s.stage}
            className={s.state === 'current' ? styles.stageCurrent : s.state === 'done' ? styles.stageDone : styles.stage}
            aria-current={s.state === 'current' ? 'step' : undefined}
          >
            <span className={styles.stageName}>{s.stage}</span>
            <span className={styles.stageDates}>{s.from === s.to ? slashDay(s.from) : `${slashDay(s.from)}–${slashDay(s.to)}`}</span>
            <span className={styles.stageCount}>{`${s.done}/${s.tasks} 项`}</span>
            <span className={styles.stageState}>{STATE_TEXT[s.state]}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
