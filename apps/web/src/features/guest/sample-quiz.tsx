import { useState } from 'react';
import { QUESTION_TYPE_NAMES, TF_OPTIONS, normaliseKeys, scoreReply, shownAnswer, type SampleQuestion } from '@kaoshi/contract';
import { isLoggedIn } from '../../lib/session';
import { RichText } from '../../ui/rich-text';
import { keepTrialAnswer, saveTrialAnswers } from './api';
import styles from './guest.module.css';

/**
 * The trial centre's sample questions, one at a time: choose, 提交, see right or wrong with the answer and the
 * explanation. Every answer is kept on this device (api.ts keepTrialAnswer); a signed-in learner's is saved to the
 * account at once, a tourist's when they open an account (/openAccount).
 */
export function SampleQuiz({ appID, list, onAnswered }: { appID: number; list: SampleQuestion[]; onAnswered?: () => void }) {
  const [index, setIndex] = useState(0);
  const [chosen, setChosen] = useState<string[]>([]);
  const [result, setResult] = useState<boolean | null>(null);
  const [rightCount, setRightCount] = useState(0);
  const q = list[index];
  if (!q) return null;
  const multiple = q.childTableName === 'X';
  const options = q.childTableName === 'TF' && q.options.length === 0 ? TF_OPTIONS : q.options;
  const answerKeys = normaliseKeys(typeof q.answer === 'string' ? q.answer : q.answer.join(''));
  const done = result !== null;

  const toggle = (key: string) => {
    if (done) return;
    setChosen((c) => (multiple ? (c.includes(key) ? c.filter((k) => k !== key) : [...c, key]) : [key]));
  };
  const submit = () => {
    const reply = normaliseKeys(chosen.join(''));
    const right = scoreReply(q.childTableName, q.answer, reply).right;
    setResult(right);
    if (right) setRightCount((n) => n + 1);
    keepTrialAnswer(q, appID, reply, right);
    if (isLoggedIn()) void saveTrialAnswers().catch(() => undefined);
    onAnswered?.();
  };
  const next = () => {
    setIndex((i) => i + 1);
    setChosen([]);
    setResult(null);
  };
  const last = index === list.length - 1;

  return (
    <section className={styles.card} aria-label="试做题目">
      <p className={styles.progress}>
        第 {index + 1} / {list.length} 题 · {QUESTION_TYPE_NAMES[q.childTableName]}
      </p>
      <p className={styles.text}>
        <RichText text={q.stem} appID={appID} />
      </p>
      <ul className={styles.options} aria-label="选项">
        {options.map((o) => {
          const picked = chosen.includes(o.key);
          const isAnswer = answerKeys.includes(o.key);
          return (
            <li key={o.key}>
              <button
                type="button"
                className={styles.option}
                aria-pressed={picked}
                data-right={done && isAnswer ? 'true' : undefined}
                data-wrong={done && picked && !isAnswer ? 'true' : undefined}
                onClick={() => toggle(o.key)}
              >
                {o.key}. <RichText text={o.text} appID={appID} />
              </button>
            </li>
          );
        })}
      </ul>
      {done ? (
        <div role="status">
          <p className={styles.verdict}>{result ? '回答正确' : `回答错误，正确答案：${shownAnswer(q)}`}</p>
          {q.explanation ? (
            <p className={styles.muted}>
              解析：
              <RichText text={q.explanation} appID={appID} />
            </p>
          ) : null}
        </div>
      ) : null}
      <div className={styles.quizActions}>
        {!done ? (
          <button type="button" className={styles.primary} disabled={chosen.length === 0} onClick={submit}>
            提交答案
          </button>
        ) : last ? (
          <p className={styles.verdict}>
            试做完成：答对 {rightCount} / {list.length} 题
          </p>
        ) : (
          <button type="button" className={styles.primary} onClick={next}>
            下一题
          </button>
        )}
      </div>
    </section>
  );
}
