import type { LiveCard } from '@kaoshi/contract';
import styles from '../room.module.css';

/** 正确率 of a closed card: '67%' (0 answers: '0%'). */
export const correctRate = (r: NonNullable<LiveCard['results']>): string => `${r.total > 0 ? Math.round((r.correct * 100) / r.total) : 0}%`;

export interface QuizCardProps {
  card: LiveCard;
  /** My choice, if I answered. */
  mine?: string;
  /** Answering (an open card not answered yet); absent where nobody may answer (the replay, the host). */
  onAnswer?: (key: string) => void;
  busy?: boolean;
}

/**
 * A quiz card: the stem, then by its state — open: the options to tap (44 px rows), or 已作答 and my choice;
 * closed: the right answer, my result, the class's results per option as bars with 正确率, and the explanation.
 */
export function QuizCard({ card, mine, onAnswer, busy }: QuizCardProps) {
  const closed = card.state === 'closed';
  const canAnswer = !closed && !mine && !!onAnswer;
  return (
    <div className={styles.quiz}>
      <p className={styles.quizStem}>{card.stem}</p>
      {canAnswer ? (
        <ul className={styles.options} aria-label="选项">
          {card.options.map((o) => (
            <li key={o.key}>
              <button type="button" className={styles.option} disabled={busy} onClick={() => onAnswer(o.key)}>
                <span className={styles.optionKey}>{o.key}</span>
                <span>{o.text}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <ul className={styles.options} aria-label="选项">
          {card.options.map((o) => (
            <li key={o.key} className={optionClass(o.key, card, mine)}>
              <span className={styles.optionKey}>{o.key}</span>
              <span className={styles.optionText}>{o.text}</span>
              {closed && card.results ? <Bar count={card.results.counts[o.key] ?? 0} total={card.results.total} /> : null}
            </li>
          ))}
        </ul>
      )}
      {!closed && mine ? <p className={styles.quizNote}>{`已作答：${mine}，等待老师公布答案`}</p> : null}
      {closed ? <Outcome card={card} mine={mine} /> : null}
    </div>
  );
}

function optionClass(key: string, card: LiveCard, mine: string | undefined): string {
  const parts = [styles.optionRow];
  if (card.state === 'closed' && card.answer === key) parts.push(styles.optionRight);
  else if (mine === key) parts.push(card.state === 'closed' ? styles.optionWrong : styles.optionMine);
  return parts.join(' ');
}

function Bar({ count, total }: { count: number; total: number }) {
  const pct = total > 0 ? Math.round((count * 100) / total) : 0;
  return (
    <span className={styles.bar} aria-label={`${count}人选择`}>
      <span className={styles.barFill} style={{ width: `${pct}%` }} />
      <span className={styles.barText}>{`${count}人`}</span>
    </span>
  );
}

function Outcome({ card, mine }: { card: LiveCard; mine?: string }) {
  const r = card.results;
  const right = mine !== undefined && mine === card.answer;
  return (
    <div className={styles.outcome}>
      <p>
        <strong>{`正确答案：${card.answer ?? '—'}`}</strong>
        {mine ? (
          <span className={right ? styles.right : styles.wrong}>{right ? `我的答案：${mine}，回答正确` : `我的答案：${mine}，回答错误`}</span>
        ) : (
          <span className={styles.quizNote}>未作答</span>
        )}
      </p>
      {r ? <p className={styles.quizNote}>{`${r.total}人作答，正确率 ${correctRate(r)}`}</p> : null}
      {card.explanation ? <p className={styles.explain}>{`解析：${card.explanation}`}</p> : null}
    </div>
  );
}
