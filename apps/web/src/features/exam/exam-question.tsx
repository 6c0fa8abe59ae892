import { useEffect, useState, type MouseEvent } from 'react';
import { QUESTION_TYPE_NAMES, TF_OPTIONS } from '@kaoshi/contract';
import { RichText } from '../../ui/rich-text';
import { isMultiType, type ExamGroup, type ExamQ, type SectionAccess } from '../../lib/exam-model';
import styles from './exam-question.module.css';

interface Props {
  q: ExamQ;
  no: number;
  group: ExamGroup | undefined;
  /** Position among the group's members, for A3/A4/CASE/B1 members. */
  groupPos?: { at: number; of: number; first: number; last: number };
  appID: number;
  reply: string;
  access: SectionAccess;
  busy: boolean;
  onReply: (reply: string) => void;
  onImage: (src: string, alt: string) => void;
}

/** The options a question is answered with: its own, the group's (B1) or the fixed true/false pair. */
export function examOptions(q: ExamQ, group: ExamGroup | undefined): { key: string; text: string }[] {
  if (q.childTableName === 'TF') return q.options.length > 0 ? q.options : [...TF_OPTIONS];
  if (q.childTableName === 'B1') return group?.options.length ? group.options : q.options;
  return q.options;
}

/** One exam question: no feedback; the case stem (A3/A4/CASE) stays above while its sub-questions advance. */
export function ExamQuestion({ q, no, group, groupPos, appID, reply, access, busy, onReply, onImage }: Props) {
  const multi = isMultiType(q.childTableName);
  const options = examOptions(q, group);
  const disabled = access !== 'open' || busy;
  const [fill, setFill] = useState(reply);
  useEffect(() => setFill(reply), [q.allTestID, reply]);

  const onClick = (e: MouseEvent) => {
    const t = e.target as HTMLElement;
    if (t instanceof HTMLImageElement) onImage(t.src, t.alt);
  };

  const caseStem = group && group.stem && q.childTableName !== 'B1';
  return (
    <article className={styles.question} aria-label={`第${no}题`} onClick={onClick}>
      {caseStem ? (
        <section className={styles.caseStem} data-testid="case-stem" aria-label="共用题干">
          <span className={styles.caseLabel}>{`共用题干（第${groupPos?.first ?? no}-${groupPos?.last ?? no}题）`}</span>
          <RichText text={group.stem} appID={appID} />
        </section>
      ) : null}
      <p className={styles.typeLine}>
        <span className={styles.typeTag}>{QUESTION_TYPE_NAMES[q.childTableName]}</span>
        {multi ? <span className={styles.hint}>（多选）</span> : null}
        {q.childTableName === 'B1' ? <span className={styles.hint}>（共用备选答案）</span> : null}
      </p>
      <p className={styles.stem}>
        <span className={styles.no}>{`${no}. `}</span>
        <RichText text={q.stem} appID={appID} />
      </p>
      {q.childTableName === 'FILL' ? (
        <form
          className={styles.fill}
          onSubmit={(e) => {
            e.preventDefault();
            if (fill.trim() !== reply) onReply(fill.trim());
          }}
        >
          <input
            className={styles.fillInput}
            aria-label="填写答案"
            placeholder="请输入答案"
            value={fill}
            maxLength={200}
            disabled={disabled}
            onChange={(e) => setFill(e.target.value)}
            onBlur={() => {
              if (!disabled && fill.trim() !== reply) onReply(fill.trim());
            }}
          />
          <button type="submit" className={styles.smallButton} disabled={disabled || fill.trim() === reply}>
            保存
          </button>
        </form>
      ) : (
        <ul className={styles.options} role="list">
          {options.map((o) => {
            const on = reply.includes(o.key);
            return (
              <li key={o.key}>
                <button
                  type="button"
                  className={`${styles.option} ${on ? styles.optionOn : ''}`}
                  aria-pressed={on}
                  disabled={disabled}
                  onClick={() => {
                    if (multi) {
                      const set = new Set(reply.split('').filter(Boolean));
                      if (set.has(o.key)) set.delete(o.key);
                      else set.add(o.key);
                      onReply([...set].sort().join(''));
                    } else if (!on) onReply(o.key);
                  }}
                >
                  <span className={`${styles.optionKey} ${multi ? styles.optionKeySquare : ''}`}>{o.key}</span>
                  <RichText text={o.text} appID={appID} className={styles.optionText} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {access === 'locked' ? <p className={styles.lockedNote}>该题型已完成，不能再修改</p> : null}
      {access === 'ahead' ? <p className={styles.lockedNote}>请先完成当前题型</p> : null}
    </article>
  );
}
