import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { SelectedSubject } from '../../lib/subject';
import { toast } from '../../ui/dialogs';
import { errorText } from '../../lib/error-text';
import { percent } from '../../lib/format';
import { Explanation, QuestionWithAnswer, type Share } from '../../entities/study/question-answer';
import { ExplainLesson } from '../../entities/video/explain-lesson';
import { DiscussionLink } from '../../entities/discussion/discussion-link';
import { queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { answerOf, typeName } from '../../entities/study/format';
import { detailsQuery, setFavourite, studyKeys, type Details } from '../../entities/study/api';
import { idParam } from '../../entities/study/url';
import styles from './study.module.css';

export type DetailsLayout = 'classic' | 'new';

/**
 * /testdetails and /newTestdetails (?allTestID=): one question with how all learners answered it and the
 * learner's own record. 'classic': the question first; 'new': the statistics card first.
 */
export function TestDetailsScreen({ layout }: { layout: DetailsLayout }) {
  const [params] = useSearchParams();
  const allTestID = idParam(params.get('allTestID'));
  return (
    <SubjectPage title="试题详情">
      {(subject) => (allTestID === null ? <StateMessage text="链接参数不正确：缺少试题编号" /> : <TestDetails subject={subject} allTestID={allTestID} layout={layout} />)}
    </SubjectPage>
  );
}

function TestDetails({ subject, allTestID, layout }: { subject: SelectedSubject; allTestID: number; layout: DetailsLayout }) {
  const appID = subject.AppID;
  const details = useQuery(detailsQuery(appID, allTestID));
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const fav = useMutation({
    mutationFn: (on: boolean) => setFavourite(appID, allTestID, on),
    onSuccess: (data) => {
      queryClient.setQueryData(studyKeys.details(appID, allTestID), (old: Details | undefined) =>
        old ? { ...old, question: { ...old.question, favourite: data.favourite } } : old,
      );
      toast(data.favourite ? '已收藏' : '已取消收藏');
      void queryClient.invalidateQueries({ queryKey: studyKeys.catalogs });
      void queryClient.invalidateQueries({ queryKey: studyKeys.lists });
    },
    onError: (err) => toast(errorText(err)),
  });

  const state = queryState(details, subject);
  if (state) return state;
  const d = details.data!;
  const q = d.question;
  const shares = new Map<string, Share>(d.stats.options.map((o) => [o.key, { count: o.count, share: o.share }]));

  const statsCard = (
    <section className={styles.card} aria-label="作答统计">
      {layout === 'new' ? null : (
        <p className={styles.statsLine} data-testid="site-stats">
          全站作答 {d.stats.answered} 人次 · 正确率 {percent(d.stats.rightRate)}
        </p>
      )}
      <p className={styles.muted} data-testid="my-record">
        {d.mine.attempts === 0 ? '你还没有做过这道题' : `我的记录：作答 ${d.mine.attempts} 次，答对 ${d.mine.right} 次${d.mine.lastReply ? `，上次作答 ${d.mine.lastReply}` : ''}`}
      </p>
      {q.book ? <p className={styles.muted}>在错题本中：错 {q.book.wrongCount} 次</p> : null}
    </section>
  );

  const fillReplies =
    q.childTableName === 'FILL' && d.stats.options.length > 0 ? (
      <section className={styles.card} aria-label="常见作答">
        <h3 className={styles.explainTitle}>常见作答</h3>
        <ul className={styles.list}>
          {d.stats.options.map((o) => (
            <li key={o.key} className={styles.fillReply}>
              <span>{o.key}</span>
              <span className={styles.muted}>
                {o.count} 人 · {percent(o.share)}
              </span>
            </li>
          ))}
        </ul>
      </section>
    ) : null;

  const questionCard = (
    <section className={styles.card}>
      <p className={styles.metaRow}>
        <span className={styles.typeTag}>{typeName(q)}</span>
        <span className={styles.muted}>{d.chapterName}</span>
      </p>
      <QuestionWithAnswer q={q} group={d.group} appID={appID} shares={q.childTableName === 'FILL' ? undefined : shares} />
      <Explanation q={q} appID={appID}>
        {q.points.length > 0 ? <ExplainLesson appID={appID} allTestID={q.allTestID} /> : null}
        <DiscussionLink appID={appID} kind="question" id={q.allTestID} />
      </Explanation>
    </section>
  );

  return (
    <div className={styles.screen} data-layout={layout}>
      {layout === 'new' ? (
        <>
          <section className={`${styles.card} ${styles.statsHero}`} aria-label="本题概况">
            <div className={styles.summaryNums}>
              <p>
                <strong>{d.stats.answered}</strong>
                <span>全站作答（人次）</span>
              </p>
              <p>
                <strong>{percent(d.stats.rightRate)}</strong>
                <span>全站正确率</span>
              </p>
              <p>
                <strong>{answerOf(q)}</strong>
                <span>正确答案</span>
              </p>
            </div>
          </section>
          {statsCard}
          {questionCard}
          {fillReplies}
        </>
      ) : (
        <>
          {questionCard}
          {fillReplies}
          {statsCard}
        </>
      )}
      <div className={styles.actionsRow}>
        <button type="button" className={styles.secondary} aria-pressed={q.favourite} disabled={fav.isPending} onClick={() => fav.mutate(!q.favourite)}>
          {q.favourite ? '★ 取消收藏' : '☆ 收藏'}
        </button>
        <button type="button" className={styles.secondary} onClick={() => void navigate(`/testfeedback?allTestID=${allTestID}`)}>
          纠错
        </button>
      </div>
    </div>
  );
}
