import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { type Evaluation } from '@kaoshi/contract';
import { rateCard } from './api';
import type { SelectedSubject } from '../../lib/subject';
import { toast } from '../../ui/dialogs';
import { errorText } from '../../lib/error-text';
import { formatTime, typeName } from '../../entities/study/format';
import { reciteQuery, studyKeys, summaryQuery, type QuestionPage } from '../../entities/study/api';
import { Explanation, QuestionWithAnswer } from '../../entities/study/question-answer';
import { ExplainLesson } from '../../entities/video/explain-lesson';
import { DiscussionLink } from '../../entities/discussion/discussion-link';
import { queryState } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import styles from './study.module.css';
import reciteCss from './recite.module.css';

export const EVALUATION_NAMES: Record<Evaluation, string> = { know: '记得', vague: '模糊', forgot: '忘了' };
const ORDER: Evaluation[] = ['know', 'vague', 'forgot'];

/** /memoryAnswer (背题复习): recite the wrong-answer book, due items first, one card at a time. */
export default function MemoryAnswerScreen() {
  return <SubjectPage title="背题复习">{(subject) => <Recite subject={subject} />}</SubjectPage>;
}

function Recite({ subject }: { subject: SelectedSubject }) {
  const appID = subject.AppID;
  // 'due': the items due now; 'all': the whole book (offered when nothing is due).
  const [mode, setMode] = useState<'due' | 'all'>('due');
  const [round, setRound] = useState(0);
  const deck = useQuery(reciteQuery(appID, mode === 'due'));
  const summary = useQuery({ ...summaryQuery(appID), enabled: deck.data?.total === 0 && mode === 'due' });
  const queryClient = useQueryClient();

  const state = queryState(deck, subject);
  if (state) return state;
  const data = deck.data!;

  const again = async (next: 'due' | 'all') => {
    // The book changed with the evaluations: the other study screens reload when shown, the deck now.
    await queryClient.invalidateQueries({ queryKey: studyKeys.all, refetchType: 'none' });
    setRound((r) => r + 1);
    if (next === mode) await queryClient.resetQueries({ queryKey: studyKeys.recite(appID, next === 'due') });
    else {
      queryClient.removeQueries({ queryKey: studyKeys.recite(appID, next === 'due') });
      setMode(next);
    }
  };

  if (data.list.length === 0) {
    const items = summary.data?.items;
    if (mode === 'all' || items === 0) return <EmptyBook />;
    return (
      <div className={styles.state}>
        <p>今天没有要复习的错题</p>
        {summary.data?.nextDueAt ? <p className={styles.muted}>下一题在{formatTime(summary.data.nextDueAt)}再复习</p> : null}
        <button type="button" className={styles.primary} disabled={summary.isPending} onClick={() => void again('all')}>
          {items ? `复习整本错题本（${items}题）` : '复习整本错题本'}
        </button>
      </div>
    );
  }
  // A new key per round: the session starts over with the fresh deck.
  return <Session key={`${mode}-${round}-${data.list[0]!.allTestID}`} subject={subject} data={data} mode={mode} onAgain={again} />;
}

function EmptyBook() {
  const navigate = useNavigate();
  return (
    <div className={styles.state}>
      <p>错题本是空的：练习中答错的题会自动收进来</p>
      <button type="button" className={styles.secondary} onClick={() => void navigate('/chapterMenu')}>
        去章节练习
      </button>
    </div>
  );
}

function Session({ subject, data, mode, onAgain }: { subject: SelectedSubject; data: QuestionPage; mode: 'due' | 'all'; onAgain: (mode: 'due' | 'all') => Promise<void> }) {
  const appID = subject.AppID;
  // The deck is fixed for the session: answers going out never reorder it.
  const [cards] = useState(() => data.list);
  const [groups] = useState(() => new Map(data.groups.map((g) => [g.childTableID, g])));
  const [index, setIndex] = useState(0);
  const [counts, setCounts] = useState<Record<Evaluation, number>>({ know: 0, vague: 0, forgot: 0 });
  const navigate = useNavigate();

  const rate = (status: Evaluation) => {
    const q = cards[index]!;
    // Sent in the background: the next card never waits for the network.
    rateCard(appID, q.allTestID, status).catch((err: unknown) => toast(`第${index + 1}题的复习结果未能保存：${errorText(err)}`));
    setCounts((c) => ({ ...c, [status]: c[status] + 1 }));
    setIndex((i) => i + 1);
  };

  if (index >= cards.length) {
    const more = data.total - cards.length;
    return (
      <div className={styles.screen}>
        <section className={`${styles.card} ${styles.finish}`} aria-label="复习完成">
          <h2 className={styles.cardTitle}>本轮复习完成</h2>
          <p className={styles.muted}>共复习 {cards.length} 题</p>
          <div className={styles.summaryNums}>
            {ORDER.map((k) => (
              <p key={k}>
                <strong className={k === 'forgot' ? styles.dueNum : undefined}>{counts[k]}</strong>
                <span>{EVALUATION_NAMES[k]}</span>
              </p>
            ))}
          </div>
          {counts.forgot + counts.vague > 0 ? <p className={styles.muted}>模糊和忘了的题会更早再次出现</p> : null}
          <div className={styles.actions}>
            {more > 0 ? (
              <button type="button" className={styles.primary} onClick={() => void onAgain(mode)}>
                继续复习（还有 {more} 题）
              </button>
            ) : null}
            <button type="button" className={more > 0 ? styles.secondary : styles.primary} onClick={() => void navigate('/consolidate')}>
              返回错题本
            </button>
            <button type="button" className={styles.secondary} onClick={() => void onAgain(mode)}>
              再来一轮
            </button>
          </div>
        </section>
      </div>
    );
  }

  const q = cards[index]!;
  return (
    <div className={styles.screen}>
      <div className={reciteCss.progressRow}>
        <span className={styles.typeTag}>{typeName(q)}</span>
        <span className={styles.muted}>{mode === 'due' ? '今天该复习的' : '整本复习'}</span>
        <span className={reciteCss.progressText} aria-label="进度">
          {index + 1}/{cards.length}
        </span>
      </div>
      <div className={styles.progress} role="progressbar" aria-label="复习进度" aria-valuemin={0} aria-valuemax={cards.length} aria-valuenow={index}>
        <span className={styles.barFill} style={{ width: `${(index / cards.length) * 100}%` }} />
      </div>
      <div className={styles.card}>
        <QuestionWithAnswer q={q} group={groups.get(q.childTableID)} appID={appID} />
        <Explanation q={q} appID={appID}>
          {q.points.length > 0 ? <ExplainLesson appID={appID} allTestID={q.allTestID} /> : null}
          <DiscussionLink appID={appID} kind="question" id={q.allTestID} />
        </Explanation>
        {q.book ? <p className={styles.muted}>已答错 {q.book.wrongCount} 次</p> : null}
      </div>
      <div className={reciteCss.rateBar} role="group" aria-label="掌握情况">
        {ORDER.map((k) => (
          <button key={k} type="button" className={`${reciteCss.rate} ${reciteCss[`rate_${k}`]}`} onClick={() => rate(k)}>
            {EVALUATION_NAMES[k]}
          </button>
        ))}
      </div>
    </div>
  );
}
