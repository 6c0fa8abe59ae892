import { useState, type FormEvent } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { REPORT_KINDS, STUDY_MSG, type ReportKind } from '@kaoshi/contract';
import { reportQuestion } from './api';
import type { SelectedSubject } from '../../lib/subject';
import { toast } from '../../ui/dialogs';
import { errorText } from '../../lib/error-text';
import { LoadMore } from '../../entities/study/question-answer';
import { queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { detailsQuery, reportsQuery, studyKeys } from '../../entities/study/api';
import { formatTime, plainText } from '../../entities/study/format';
import { idParam } from '../../entities/study/url';
import styles from './study.module.css';
import itemsCss from './item-list.module.css';
import feedbackCss from './test-feedback.module.css';

export const CONTENT_MAX = 500;
export const THANKS = '感谢反馈，我们会尽快核实';

/** /testfeedback?allTestID= (试题纠错): report a problem with a question; my reports with their answers. */
export default function TestFeedbackScreen() {
  const [params] = useSearchParams();
  const allTestID = idParam(params.get('allTestID'));
  return (
    <SubjectPage title="试题纠错">
      {(subject) => (
        <div className={styles.screen}>
          {allTestID === null ? <StateMessage text="链接参数不正确：缺少试题编号" /> : <ReportForm subject={subject} allTestID={allTestID} />}
          <MyReports subject={subject} />
        </div>
      )}
    </SubjectPage>
  );
}

function ReportForm({ subject, allTestID }: { subject: SelectedSubject; allTestID: number }) {
  const appID = subject.AppID;
  const details = useQuery(detailsQuery(appID, allTestID));
  const [kinds, setKinds] = useState<ReportKind[]>([]);
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState('');
  const [sent, setSent] = useState(false);
  const queryClient = useQueryClient();

  const send = useMutation({
    mutationFn: () => reportQuestion(appID, allTestID, kinds, content),
    onSuccess: () => {
      toast(THANKS);
      setSent(true);
      setKinds([]);
      setContent('');
      void queryClient.invalidateQueries({ queryKey: studyKeys.reports(appID) });
    },
    onError: (err) => setProblem(errorText(err)),
  });

  const state = queryState(details, subject);
  if (state) return state;
  const q = details.data!.question;

  const toggle = (k: ReportKind) => {
    setProblem('');
    setSent(false);
    setKinds((ks) => (ks.includes(k) ? ks.filter((x) => x !== k) : REPORT_KINDS.filter((x) => x === k || ks.includes(x))));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (kinds.length === 0) return setProblem(STUDY_MSG.reportKinds);
    if (content.length > CONTENT_MAX) return setProblem(`问题描述不能超过${CONTENT_MAX}个字`);
    setProblem('');
    send.mutate();
  };

  return (
    <form className={styles.card} onSubmit={submit} noValidate aria-label="纠错">
      <p className={feedbackCss.excerpt} data-testid="question-excerpt">
        {plainText(q.stem)}
      </p>
      <h2 className={styles.cardTitle}>问题类型（可多选）</h2>
      <div className={feedbackCss.chips} role="group" aria-label="问题类型">
        {REPORT_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            aria-pressed={kinds.includes(k)}
            className={kinds.includes(k) ? `${feedbackCss.chip} ${feedbackCss.chipOn}` : feedbackCss.chip}
            onClick={() => toggle(k)}
          >
            {k}
          </button>
        ))}
      </div>
      <label className={feedbackCss.textareaLabel}>
        <span className={styles.cardTitle}>问题描述（选填）</span>
        <textarea
          className={feedbackCss.textarea}
          value={content}
          maxLength={CONTENT_MAX}
          rows={5}
          placeholder="请描述题目哪里有误，正确的应该是什么"
          onChange={(e) => {
            setSent(false);
            setContent(e.target.value);
          }}
        />
      </label>
      <p className={feedbackCss.counter}>
        {content.length}/{CONTENT_MAX}
      </p>
      {problem ? (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      ) : null}
      {sent ? (
        <p className={feedbackCss.thanks} role="status">
          {THANKS}
        </p>
      ) : null}
      <button type="submit" className={styles.primary} disabled={send.isPending}>
        {send.isPending ? '提交中…' : '提交'}
      </button>
    </form>
  );
}

function MyReports({ subject }: { subject: SelectedSubject }) {
  const reports = useInfiniteQuery(reportsQuery(subject.AppID));
  // The form above already shows a 403 prompt.
  if (reports.isError && (reports.error as { status?: number }).status === 403) return null;
  const state = queryState(reports, subject);
  const list = reports.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <section className={styles.card} aria-label="我的纠错">
      <h2 className={styles.cardTitle}>我的纠错</h2>
      {state ??
        (list.length === 0 ? (
          <p className={styles.muted}>还没有提交过纠错</p>
        ) : (
          <ul className={styles.list}>
            {list.map((r) => (
              <li key={r.id} className={feedbackCss.report}>
                <p className={styles.reportHead}>
                  <span className={r.status === 'resolved' ? feedbackCss.statusDone : feedbackCss.statusOpen}>{r.status === 'resolved' ? '已处理' : '处理中'}</span>
                  <span className={styles.muted}>{formatTime(r.createdAt)}</span>
                </p>
                <p className={itemsCss.clamp}>{plainText(r.excerpt)}</p>
                <p className={styles.muted}>
                  {r.kinds.join('、')}
                  {r.content ? `：${r.content}` : ''}
                </p>
                {r.reply ? <p className={feedbackCss.reply}>回复：{r.reply}</p> : null}
              </li>
            ))}
          </ul>
        ))}
      <LoadMore hasMore={reports.hasNextPage} loading={reports.isFetchingNextPage} onMore={() => void reports.fetchNextPage()} />
    </section>
  );
}
