import { useState, type ReactNode } from 'react';
import { QUESTION_TYPE_NAMES, TF_OPTIONS, normaliseKeys, shownAnswer } from '@kaoshi/contract';
import type { PracticeGroup, PracticeQuestion } from '../../entities/practice/api';
import { RichText } from '../../ui/rich-text';
import { LongText } from '../../ui/long-text';
import { ExplainLesson } from '../../entities/video/explain-lesson';
import { PointLinks } from '../../ui/point-links';
import { DiscussionLink } from '../../entities/discussion/discussion-link';
import styles from './question.module.css';

/** The learner's reply to one question, scored locally. */
export interface Answered {
  reply: string;
  right: boolean;
  score: number;
}

/** Types answered by ticking several options and '确认答案'. */
export const isMulti = (q: PracticeQuestion): boolean => q.childTableName === 'X' || q.childTableName === 'CASE';

/** The options a question is answered with: its own, the group's (B1) or the fixed true/false pair. */
export function optionsOf(q: PracticeQuestion, group: PracticeGroup | undefined): { key: string; text: string }[] {
  if (q.childTableName === 'TF') return q.options.length > 0 ? q.options : [...TF_OPTIONS];
  if (q.childTableName === 'B1') return group?.options ?? [];
  return q.options;
}

/** The correct answer as shown: keys ('ACD') or the canonical text of a FILL question. */
export const answerText = (q: PracticeQuestion): string => shownAnswer(q);

interface Props {
  q: PracticeQuestion;
  group: PracticeGroup | undefined;
  /** Position among the group's members (1-based) and their number, for a group member. */
  groupPos?: { at: number; of: number };
  appID: number;
  answered: Answered | undefined;
  /** Recite mode: the answer and explanation are shown without answering. */
  recite: boolean;
  picked: string;
  onPick: (key: string) => void;
  onSubmit: (reply: string) => void;
  /** The learner's note, shown under the explanation. */
  note?: string | null;
  /** Extra feedback line (the wrong-answer book's hint in its sources). */
  hint?: ReactNode;
  /** '再做一次': answer an answered question again. */
  onRetry?: () => void;
}

/** One question: the shared case stem (A3/A4/CASE) or shared options (B1), its stem, options or input, feedback. */
export function QuestionView({ q, group, groupPos, appID, answered, recite, picked, onPick, onSubmit, note, hint, onRetry }: Props) {
  const options = optionsOf(q, group);
  const multi = isMulti(q);
  const reveal = answered !== undefined || recite;
  const correct = answerText(q);
  const [fill, setFill] = useState('');

  const optionClass = (key: string): string => {
    const cls = [styles.option];
    const inReply = answered ? normaliseKeys(answered.reply).includes(key) : picked.includes(key);
    if (inReply) cls.push(styles.optionPicked);
    if (reveal && correct.includes(key)) cls.push(answered && multi && !inReply ? styles.optionMissed : styles.optionRight);
    else if (answered && inReply) cls.push(styles.optionWrong);
    return cls.join(' ');
  };

  return (
    <article className={styles.question} aria-label="试题">
      {group && group.stem && q.childTableName !== 'B1' ? (
        <div className={styles.caseStem} data-testid="case-stem">
          <span className={styles.caseLabel}>病例{groupPos ? `（共${groupPos.of}题）` : ''}</span>
          <RichText text={group.stem} appID={appID} />
        </div>
      ) : null}
      <p className={styles.stem}>
        {groupPos ? <span className={styles.subNo}>{`第${groupPos.at}小题 `}</span> : null}
        <RichText text={q.stem} appID={appID} />
      </p>
      {q.childTableName === 'B1' ? <p className={styles.sharedHint}>共用备选答案</p> : null}

      {q.childTableName === 'FILL' ? (
        <form
          className={styles.fill}
          onSubmit={(e) => {
            e.preventDefault();
            if (fill.trim()) onSubmit(fill.trim());
          }}
        >
          <input
            className={styles.fillInput}
            aria-label="填写答案"
            placeholder="请输入答案"
            value={answered ? answered.reply : fill}
            disabled={answered !== undefined}
            maxLength={200}
            onChange={(e) => setFill(e.target.value)}
          />
          {answered ? null : (
            <button type="submit" className={styles.submit} disabled={!fill.trim()}>
              提交
            </button>
          )}
        </form>
      ) : (
        <ul className={styles.options} role="list">
          {options.map((o) => (
            <li key={o.key}>
              <button
                type="button"
                className={optionClass(o.key)}
                disabled={answered !== undefined}
                aria-pressed={multi ? picked.includes(o.key) : undefined}
                onClick={() => onPick(o.key)}
              >
                <span className={styles.optionKey}>{o.key}</span>
                <RichText text={o.text} appID={appID} className={styles.optionText} />
              </button>
            </li>
          ))}
        </ul>
      )}

      {multi && !answered ? (
        <button type="button" className={styles.submit} disabled={picked === ''} onClick={() => onSubmit(picked)}>
          确认答案
        </button>
      ) : null}

      {reveal ? (
        <section className={styles.feedback} aria-label="答案解析">
          {answered ? (
            <p className={answered.right ? styles.right : styles.wrong} role="status">
              {answered.right ? '回答正确' : '回答错误'}
              {!answered.right && q.childTableName === 'CASE' && answered.score > 0 ? `（得分 ${answered.score}）` : ''}
            </p>
          ) : null}
          <p className={styles.answerLine}>
            正确答案：<strong data-testid="correct-answer">{correct}</strong>
            {answered ? (
              <span className={styles.yours}>
                {'　你的答案：'}
                {q.childTableName === 'FILL' ? answered.reply : normaliseKeys(answered.reply)}
              </span>
            ) : null}
          </p>
          <h3 className={styles.explainTitle}>解析</h3>
          <p className={styles.explain}>
            <RichText text={q.explanation || '暂无解析'} appID={appID} />
          </p>
          <PointLinks points={q.points} />
          {q.points.length > 0 ? <ExplainLesson appID={appID} allTestID={q.allTestID} /> : null}
          <DiscussionLink appID={appID} kind="question" id={q.allTestID} />
          {answered && hint ? <p className={styles.bookHint}>{hint}</p> : null}
          {answered && onRetry ? (
            <button type="button" className={styles.retry} onClick={onRetry}>
              再做一次
            </button>
          ) : null}
        </section>
      ) : null}
      {note ? (
        <section className={styles.note} aria-label="我的笔记">
          <h3 className={styles.explainTitle}>我的笔记</h3>
          <LongText text={note} className={styles.noteText} />
        </section>
      ) : null}
    </article>
  );
}

export const typeName = (q: PracticeQuestion): string => QUESTION_TYPE_NAMES[q.childTableName];
