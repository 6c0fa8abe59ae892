import { Modal } from '../../ui/modal';
import type { PracticeQuestion } from '../../entities/practice/api';
import type { Answered } from './question-view';
import styles from './player.module.css';

interface Props {
  open: boolean;
  list: readonly PracticeQuestion[];
  answers: ReadonlyMap<number, Answered>;
  current: number;
  onJump: (index: number) => void;
  onClose: () => void;
  /** A practice session: '交卷' under the grid. */
  onHandIn?: () => void;
}

/** 答题卡: every question's number, coloured by state (unanswered, right, wrong); tap to jump. */
export function AnswerSheet({ open, list, answers, current, onJump, onClose, onHandIn }: Props) {
  // Closed, it builds nothing: the player re-renders on every step and a chapter may hold 500 cells.
  if (!open) return null;
  const done = list.filter((q) => answers.has(q.allTestID)).length;
  const right = list.filter((q) => answers.get(q.allTestID)?.right).length;
  return (
    <Modal open={open} variant="sheet" title="答题卡" onDismiss={onClose} closable testId="answer-sheet">
      <p className={styles.sheetStats}>{`已做 ${done}/${list.length}　答对 ${right}　答错 ${done - right}`}</p>
      <ol className={styles.sheetGrid}>
        {list.map((q, i) => {
          const a = answers.get(q.allTestID);
          const state = a ? (a.right ? '正确' : '错误') : '未做';
          const cls = [styles.cell, a ? (a.right ? styles.cellRight : styles.cellWrong) : '', i === current ? styles.cellCurrent : ''].join(' ');
          return (
            <li key={q.allTestID}>
              <button
                type="button"
                className={cls}
                aria-label={`第${i + 1}题 ${state}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => {
                  onJump(i);
                  onClose();
                }}
              >
                {i + 1}
              </button>
            </li>
          );
        })}
      </ol>
      <p className={styles.legend}>
        <span className={`${styles.dot} ${styles.cellRight}`} />
        正确
        <span className={`${styles.dot} ${styles.cellWrong}`} />
        错误
        <span className={styles.dot} />
        未做
      </p>
      {onHandIn ? (
        <button type="button" className={styles.sheetHandIn} onClick={onHandIn}>
          交卷
        </button>
      ) : null}
    </Modal>
  );
}
