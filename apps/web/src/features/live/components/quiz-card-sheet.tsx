import type { LiveCard } from '@kaoshi/contract';
import { QuizCard } from './quiz-card';
import styles from '../room.module.css';

/** The card the teacher pushed, sliding up over the chat; its results when the teacher closes it. */
export function QuizCardSheet({ card, mine, busy, onAnswer, onClose }: { card: LiveCard; mine?: string; busy?: boolean; onAnswer: (key: string) => void; onClose: () => void }) {
  const title = card.state === 'closed' ? '答题结果' : '随堂测验';
  return (
    <div className={styles.sheetLayer}>
      <section className={styles.sheet} role="dialog" aria-modal="false" aria-label={title}>
        <header className={styles.sheetHead}>
          <h2 className={styles.sheetTitle}>{title}</h2>
          <button type="button" className={styles.textButton} onClick={onClose}>
            {card.state === 'open' && !mine ? '稍后作答' : '收起'}
          </button>
        </header>
        <QuizCard card={card} mine={mine} busy={busy} onAnswer={onAnswer} />
      </section>
    </div>
  );
}
