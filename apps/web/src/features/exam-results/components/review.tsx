import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { RichText } from '../../../ui/rich-text';
import { Explanation } from '../../../entities/study/question-answer';
import { ExplainLesson } from '../../../entities/video/explain-lesson';
import { DiscussionLink } from '../../../entities/discussion/discussion-link';
import { StateMessage } from '../../../ui/states';
import { REVIEW_FILTERS, answerText, filterCounts, inFilter, isReviewFilter, replyText, reviewOptions, type ReviewFilter } from '../../../entities/exam/review-filters';
import { marks, typeName } from '../../../entities/exam/format';
import { type ExamResultData, type ReviewGroup, type ReviewQuestion } from '../../../entities/exam/api';
import shared from '../exam-results.module.css';
import styles from '../review.module.css';

export function Review({ r }: { r: ExamResultData }) {
  const [params, setParams] = useSearchParams();
  const f = params.get('filter');
  const filter: ReviewFilter = isReviewFilter(f) ? f : 'all';
  const list = r.review.list;
  const counts = useMemo(() => filterCounts(list), [list]);
  const groups = useMemo(() => new Map(r.review.groups.map((g) => [g.childTableID, g])), [r.review.groups]);
  const shown = list.map((q, i) => ({ q, no: i + 1 })).filter(({ q }) => inFilter(q, filter));
  const setFilter = (id: ReviewFilter) => {
    const next = new URLSearchParams(params);
    if (id === 'all') next.delete('filter');
    else next.set('filter', id);
    setParams(next, { replace: true });
  };
  return (
    <section className={styles.reviewSection} aria-label="试题解析">
      <h2 className={shared.sectionTitle}>试题解析</h2>
      <div className={styles.tabs} role="tablist" aria-label="筛选">
        {REVIEW_FILTERS.map((x) => (
          <button
            key={x.id}
            type="button"
            role="tab"
            aria-selected={filter === x.id}
            className={filter === x.id ? `${styles.tab} ${styles.tabOn}` : styles.tab}
            onClick={() => setFilter(x.id)}
          >
            {`${x.label}（${counts[x.id]}）`}
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <StateMessage text={`没有${REVIEW_FILTERS.find((x) => x.id === filter)!.label}`} />
      ) : (
        shown.map(({ q, no }) => <ReviewItem key={q.allTestID} q={q} no={no} group={q.childTableID ? groups.get(q.childTableID) : undefined} appID={r.appID} />)
      )}
    </section>
  );
}

function ReviewItem({ q, no, group, appID }: { q: ReviewQuestion; no: number; group: ReviewGroup | undefined; appID: number }) {
  const correct = answerText(q);
  const mineKeys = q.mine.answered && q.childTableName !== 'FILL' ? replyText(q) : '';
  const status = !q.mine.answered ? '未答' : q.mine.right ? '答对' : '答错';
  return (
    <article className={styles.question} aria-label={`第${no}题`} data-testid="review-item">
      <header className={styles.qHead}>
        <span className={styles.qNo}>{`${no}. ${typeName(q.childTableName)}`}</span>
        {q.flagged ? <span className={styles.flagTag}>标疑</span> : null}
        <span className={!q.mine.answered ? styles.statusSkip : q.mine.right ? styles.statusRight : styles.statusWrong}>{status}</span>
      </header>
      {group && group.stem && q.childTableName !== 'B1' ? (
        <div className={styles.caseStem}>
          <span className={styles.caseLabel}>病例</span>
          <RichText text={group.stem} appID={appID} />
        </div>
      ) : null}
      <p className={styles.stem}>
        <RichText text={q.stem} appID={appID} />
      </p>
      {q.childTableName === 'FILL' ? null : (
        <ul className={styles.options}>
          {reviewOptions(q, group).map((o) => {
            const right = correct.includes(o.key);
            const mine = mineKeys.includes(o.key);
            const cls = right ? styles.optionRight : mine ? styles.optionWrong : styles.option;
            return (
              <li key={o.key} className={cls} data-testid={`option-${o.key}`}>
                <span className={styles.optionKey}>{o.key}</span>
                <span className={styles.optionBody}>
                  <RichText text={o.text} appID={appID} />
                  {mine ? <span className={styles.mineTag}>我的选择</span> : null}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <p className={styles.answerLine}>
        <span>
          我的答案：<strong data-testid="my-answer">{replyText(q)}</strong>
        </span>
        <span>
          正确答案：<strong data-testid="correct-answer">{correct}</strong>
        </span>
        <span>{`得分：${marks(q.mine.score)}/${marks(q.mine.full)}`}</span>
      </p>
      <Explanation q={q} appID={appID} className={styles.explainBox}>
        {q.points.length > 0 ? <ExplainLesson appID={appID} allTestID={q.allTestID} /> : null}
        <DiscussionLink appID={appID} kind="question" id={q.allTestID} />
      </Explanation>
    </article>
  );
}
