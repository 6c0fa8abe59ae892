import type { SessionRun } from '../session-run';
import { clock, FONT_LABELS, FONT_ORDER, type FontSize } from './player-state';
import styles from '../player.module.css';

/** The top of the player: position, type and time; font size and recite mode; a session's countdown and 交卷; notices. */
export function PlayerTop(p: {
  index: number;
  total: number;
  typeName: string;
  seconds: number;
  font: FontSize;
  onFont: (f: FontSize) => void;
  recite: boolean;
  onRecite: (on: boolean) => void;
  run: SessionRun | null;
  answeredCount: number;
  onHandIn: () => void;
  offline: boolean;
  pending: number;
}) {
  const { index, total, typeName, seconds, font, onFont, recite, onRecite, run, answeredCount, onHandIn, offline, pending } = p;
  return (
    <>
      <div className={styles.toolbar}>
        <span className={styles.progress}>
          第 {index + 1} / {total} 题
        </span>
        <span className={styles.typeTag}>{typeName}</span>
        <span className={styles.timer} aria-label="本题用时">
          {clock(seconds)}
        </span>
      </div>
      <div className={styles.tools}>
        <div className={styles.segment} role="group" aria-label="字号">
          {FONT_ORDER.map((f) => (
            <button key={f} type="button" aria-pressed={font === f} className={font === f ? styles.segOn : ''} onClick={() => onFont(f)}>
              {FONT_LABELS[f]}
            </button>
          ))}
        </div>
        {run ? null : (
          <label className={styles.recite}>
            <input type="checkbox" checked={recite} onChange={(e) => onRecite(e.target.checked)} />
            背题模式
          </label>
        )}
      </div>
      {run ? (
        <div className={styles.sessionBar}>
          {run.left !== null ? (
            <span className={`${styles.countdown} ${run.left <= 60 ? styles.countdownWarn : ''}`} role="timer" aria-label="剩余时间">
              剩余 <strong data-testid="countdown">{clock(run.left)}</strong>
            </span>
          ) : (
            <span className={styles.sessionDone}>{`已答 ${answeredCount}/${total}`}</span>
          )}
          <button type="button" className={styles.handInBtn} disabled={run.busy} onClick={onHandIn}>
            交卷
          </button>
        </div>
      ) : null}
      {offline ? (
        <p className={styles.pending} role="status">
          网络不可用，正在使用本机保存的题目
        </p>
      ) : null}
      {/* A session's batch leaves within seconds: its notice waits for a failed send. */}
      {pending > 0 && (!run || run.saveError) ? (
        <p className={styles.pending} role="status">
          {run?.saveError ? `有 ${pending} 条答题记录待同步（网络异常，自动重试）` : `有 ${pending} 条答题记录待同步`}
        </p>
      ) : null}
    </>
  );
}
