import { numberList, type DirSection } from '../../../lib/exam-model';
import styles from '../directory.module.css';

/** The hand-in confirmation: what is still unanswered or flagged, by question number. */
export function handInLines({ unanswered, flagged }: { unanswered: number[]; flagged: number[] }): string[] {
  return [
    unanswered.length > 0 ? `未答 ${unanswered.length} 题：第 ${numberList(unanswered)} 题` : '全部试题已作答',
    flagged.length > 0 ? `标疑 ${flagged.length} 题：第 ${numberList(flagged)} 题` : '',
    '交卷后将不能再修改答案，确定交卷吗？',
  ].filter(Boolean);
}

export function Lines({ lines }: { lines: string[] }) {
  return (
    <div className={styles.confirmLines}>
      {lines.map((l) => (
        <p key={l}>{l}</p>
      ))}
    </div>
  );
}

const ACCESS_NOTE = { open: '作答中', locked: '已完成', ahead: '未开始' } as const;

export function Directory({ sections, current, onGo }: { sections: DirSection[]; current: number; onGo: (i: number) => void }) {
  return (
    <div className={styles.dir}>
      <p className={styles.legend}>
        <span className={`${styles.cell} ${styles.cellDone}`} aria-hidden /> 已答
        <span className={styles.cell} aria-hidden /> 未答
        <span className={`${styles.cell} ${styles.cellFlag}`} aria-hidden /> 标疑
      </p>
      {sections.map((s) => (
        <section key={s.section} className={styles.dirSection} aria-label={s.title}>
          <h2 className={styles.dirTitle}>
            {s.title}
            <small>{`${s.answered}/${s.items.length}　${ACCESS_NOTE[s.access]}`}</small>
          </h2>
          <ol className={styles.cells}>
            {s.items.map((i) => (
              <li key={i.allTestID}>
                <button
                  type="button"
                  className={[
                    styles.cell,
                    i.state === 'answered' ? styles.cellDone : '',
                    i.flagged ? styles.cellFlag : '',
                    i.index === current ? styles.cellCurrent : '',
                    i.access !== 'open' ? styles.cellClosed : '',
                  ]
                    .filter(Boolean)
                    .join(' ')}
                  aria-label={`第${i.no}题 ${i.state === 'answered' ? '已答' : '未答'}${i.flagged ? ' 标疑' : ''}`}
                  aria-current={i.index === current ? 'step' : undefined}
                  disabled={i.access !== 'open'}
                  onClick={() => onGo(i.index)}
                >
                  {i.no}
                </button>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
