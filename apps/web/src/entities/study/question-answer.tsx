import type { ReactNode } from 'react';
import { percent } from '../../lib/format';
import { RichText } from '../../ui/rich-text';
import { answerOf, highlight, optionsFor } from './format';
import { type StudyGroup, type StudyQuestion } from './api';
import { PointLinks } from '../../ui/point-links';
import styles from '../../ui/question-answer.module.css';

/** '加载更多' under a paged list (or '加载中…' while the next page comes). */
export function LoadMore({ hasMore, loading, onMore }: { hasMore: boolean; loading: boolean; onMore: () => void }) {
  if (!hasMore) return null;
  return (
    <button type="button" className={styles.more} disabled={loading} onClick={onMore}>
      {loading ? '加载中…' : '加载更多'}
    </button>
  );
}

/** Plain text with the keyword's occurrences (or any of several words') in <mark> (text nodes only). */
export function Highlighted({ text, keyword }: { text: string; keyword: string | readonly string[] }) {
  return (
    <>
      {highlight(text, keyword).map((p, i) =>
        p.hit ? (
          <mark key={i} className={styles.hit}>
            {p.text}
          </mark>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

export interface Share {
  count: number;
  share: number;
}

/**
 * One question shown with its answer (read-only): the group's case stem (A3/A4/CASE) or shared options
 * (B1), the stem and the options with the right ones marked and, when given, how many learners chose each.
 */
export function QuestionWithAnswer({
  q,
  group,
  appID,
  shares,
  fontClass,
}: {
  q: StudyQuestion;
  group: StudyGroup | null | undefined;
  appID: number;
  shares?: Map<string, Share>;
  fontClass?: string;
}) {
  const options = optionsFor(q, group);
  const correct = answerOf(q);
  return (
    <article className={`${styles.question} ${fontClass ?? ''}`} aria-label="试题">
      {group && group.stem && q.childTableName !== 'B1' ? (
        <div className={styles.caseStem} data-testid="case-stem">
          <span className={styles.caseLabel}>病例</span>
          <RichText text={group.stem} appID={appID} />
        </div>
      ) : null}
      <p className={styles.stem}>
        <RichText text={q.stem} appID={appID} />
      </p>
      {q.childTableName === 'B1' ? <p className={styles.hint}>共用备选答案</p> : null}
      {q.childTableName === 'FILL' ? null : (
        <ul className={styles.options}>
          {options.map((o) => {
            const right = correct.includes(o.key);
            const s = shares?.get(o.key);
            return (
              <li key={o.key} className={right ? `${styles.option} ${styles.optionRight}` : styles.option} data-testid={`option-${o.key}`}>
                <span className={styles.optionKey}>{o.key}</span>
                <span className={styles.optionBody}>
                  <RichText text={o.text} appID={appID} />
                  {right ? <span className={styles.rightTag}>正确答案</span> : null}
                  {shares ? (
                    <span className={styles.share}>
                      <span className={styles.bar} role="img" aria-label={`选${o.key}的占比 ${percent(s?.share ?? 0)}`}>
                        <span className={right ? styles.barFillRight : styles.barFill} style={{ width: `${(s?.share ?? 0) * 100}%` }} />
                      </span>
                      <span className={styles.shareText}>{percent(s?.share ?? 0)}</span>
                    </span>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <p className={styles.answerLine}>
        正确答案：<strong data-testid="correct-answer">{correct}</strong>
      </p>
    </article>
  );
}

/**
 * The explanation (key points in <mark>) and the knowledge points — of a study question or an exam review item.
 * `className` replaces the box's own look (the exam review draws it as a tinted box). `children` go under the points:
 * the feature composes there what other domains add (the explain lesson of entities/video, the discussion link of
 * entities/discussion), since an entity imports no other entity.
 */
export function Explanation({ q, appID, className, children }: { q: { explanation: string; points: string[] }; appID: number; className?: string; children?: ReactNode }) {
  return (
    <section className={className ?? styles.explainBox} aria-label="解析">
      <h3 className={styles.explainTitle}>解析</h3>
      <p className={styles.explain}>
        <RichText text={q.explanation || '暂无解析'} appID={appID} />
      </p>
      <PointLinks points={q.points} />
      {children}
    </section>
  );
}
