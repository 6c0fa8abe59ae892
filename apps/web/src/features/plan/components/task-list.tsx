import type { PlanTask } from '@kaoshi/contract';
import { KIND } from '../plan-format';
import { ProgressBar } from './plan-header';
import shared from '../plan.module.css';
import styles from '../task-list.module.css';

/**
 * A day's tasks. A task is ticked by doing its work (the server measures it): the tick is a mark, never a checkbox.
 * Each open task has its go button (into the work) and 跳过 (today and later days only).
 */
export function TaskList({
  tasks,
  canSkip,
  busy,
  onGo,
  onSkip,
}: {
  tasks: readonly PlanTask[];
  canSkip: boolean;
  busy: boolean;
  onGo: (t: PlanTask) => void;
  onSkip: (t: PlanTask) => void;
}) {
  if (tasks.length === 0) return <p className={shared.empty}>这一天没有安排任务</p>;
  return (
    <ul className={styles.tasks}>
      {tasks.map((t) => (
        <TaskRow key={t.taskID} task={t} canSkip={canSkip} busy={busy} onGo={onGo} onSkip={onSkip} />
      ))}
    </ul>
  );
}

function TaskRow({ task: t, canSkip, busy, onGo, onSkip }: { task: PlanTask; canSkip: boolean; busy: boolean; onGo: (t: PlanTask) => void; onSkip: (t: PlanTask) => void }) {
  const kind = KIND[t.kind];
  const open = !t.done && !t.skipped;
  return (
    <li className={t.done ? styles.taskDone : t.skipped ? styles.taskSkipped : styles.task} aria-label={t.title}>
      <span className={styles.kindGlyph} aria-hidden="true">
        {kind.glyph}
      </span>
      <div className={styles.taskBody}>
        <p className={styles.taskTop}>
          <span className={styles.kindLabel}>{kind.label}</span>
          {t.done ? (
            <span className={styles.tick} data-testid={`done-${t.taskID}`}>
              <span aria-hidden="true">✓</span> 已完成
            </span>
          ) : t.skipped ? (
            <span className={styles.skippedMark}>已跳过</span>
          ) : null}
        </p>
        <h3 className={styles.taskTitle}>{t.title}</h3>
        <p className={styles.taskDetail}>{`${t.detail} · 约${t.minutes}分钟`}</p>
        {t.skipped ? null : (
          <div className={styles.taskProgress}>
            <ProgressBar value={t.progress} max={t.target} label={`${t.title} 进度`} />
            <span className={shared.taskFigure}>{`${Math.min(t.progress, t.target)}/${t.target}`}</span>
          </div>
        )}
        {open ? (
          <div className={styles.taskActions}>
            {canSkip ? (
              <button type="button" className={styles.ghost} disabled={busy} aria-label={`跳过 ${t.title}`} onClick={() => onSkip(t)}>
                跳过
              </button>
            ) : null}
            <button type="button" className={styles.go} aria-label={`${kind.go} ${t.title}`} onClick={() => onGo(t)}>
              {kind.go}
            </button>
          </div>
        ) : null}
      </div>
    </li>
  );
}
