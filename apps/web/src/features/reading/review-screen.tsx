import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SHORTHAND_GRADE_TEXT, SHORTHAND_GRADES } from '@kaoshi/contract';
import { useEffect, useReducer } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { positiveInt } from '../../lib/url-params';
import { goBack } from '../../lib/go-back';
import { newReplyID, refusedForGood } from '../../lib/outbox/engine';
import type { SelectedSubject } from '../../lib/subject';
import { RichText } from '../../ui/rich-text';
import { CardBack } from './components/card-back';
import { queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { gradeCard, readingKeys, sessionQuery, type ShorthandCard } from './api';
import styles from './reading.module.css';
import sh from './shorthand.module.css';

type Grade = (typeof SHORTHAND_GRADES)[number];
/** A card of the session; `again`: it came back after 不认识 (it comes back once). */
interface Entry {
  card: ShorthandCard;
  again: boolean;
}
interface Review {
  queue: Entry[];
  at: number;
  flipped: boolean;
  tally: Record<Grade, number>;
}
type Action = { type: 'flip' } | { type: 'grade'; grade: Grade } | { type: 'failed'; entry: Entry; grade: Grade; retry: boolean };

const start = (cards: ShorthandCard[]): Review => ({ queue: cards.map((card) => ({ card, again: false })), at: 0, flipped: false, tally: { know: 0, vague: 0, forgot: 0 } });

function review(s: Review, a: Action): Review {
  if (a.type === 'flip') return s.at < s.queue.length ? { ...s, flipped: true } : s;
  if (a.type === 'grade') {
    const entry = s.queue[s.at];
    if (!entry || !s.flipped) return s;
    const queue = a.grade === 'forgot' && !entry.again ? [...s.queue, { card: entry.card, again: true }] : s.queue;
    return { queue, at: s.at + 1, flipped: false, tally: { ...s.tally, [a.grade]: s.tally[a.grade] + 1 } };
  }
  // The grade did not reach the server: it no longer counts, and the card is asked again unless it was refused for good.
  const waiting = s.queue.slice(s.at).some((e) => e.card.id === a.entry.card.id);
  return { ...s, queue: a.retry && !waiting ? [...s.queue, a.entry] : s.queue, tally: { ...s.tally, [a.grade]: Math.max(0, s.tally[a.grade] - 1) } };
}

/** /newsiteShorthand[?cptID=N|?pointID=N] (速记复习): one card at a time, flip, 认识 / 模糊 / 不认识 (docs/reading.md "Screens"). */
export function ReviewScreen() {
  return <SubjectPage title="速记复习">{(subject) => <ReviewBody subject={subject} />}</SubjectPage>;
}

function ReviewBody({ subject }: { subject: SelectedSubject }) {
  const [params] = useSearchParams();
  const rawCpt = params.get('cptID');
  const rawPoint = params.get('pointID');
  const cptID = positiveInt(rawCpt) ?? undefined;
  const pointID = positiveInt(rawPoint) ?? undefined;
  const bad = (rawCpt !== null && cptID === undefined) || (rawPoint !== null && pointID === undefined);
  const session = useQuery({ ...sessionQuery(subject.AppID, cptID, pointID), enabled: !bad });
  if (bad) return <StateMessage text="内容不存在" />;
  const pending = queryState(session, subject, { feature: '速记' });
  if (pending) return pending;
  return <Session key={session.dataUpdatedAt} appID={subject.AppID} cards={session.data!.cards} reloading={session.isFetching} onAgain={() => void session.refetch()} />;
}

function Session({ appID, cards, reloading, onAgain }: { appID: number; cards: ShorthandCard[]; reloading: boolean; onAgain: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(review, cards, start);
  const entry = state.queue[state.at];

  const grade = (g: Grade) => {
    if (!entry || !state.flipped) return;
    dispatch({ type: 'grade', grade: g });
    gradeCard({ appID, cardID: entry.card.id, grade: g, reviewID: newReplyID(), at: Date.now() }).then(
      () => {
        // The home badge, /siteShorthand and the point's pages show the new schedule.
        void queryClient.invalidateQueries({ queryKey: readingKeys.decks(appID) });
        void queryClient.invalidateQueries({ queryKey: readingKeys.cards(appID, entry.card.pointID) });
        void queryClient.invalidateQueries({ queryKey: readingKeys.point(appID) });
      },
      (err: unknown) => dispatch({ type: 'failed', entry, grade: g, retry: !refusedForGood(err) }),
    );
  };

  // Desktop: space shows the answer, 1 / 2 / 3 grade it. A focused control keeps its own space (it presses it).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.repeat) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      if (e.key === ' ' && !state.flipped && entry && !target?.closest('button, a')) {
        e.preventDefault();
        dispatch({ type: 'flip' });
      } else if (/^[123]$/.test(e.key) && state.flipped) {
        e.preventDefault();
        grade(SHORTHAND_GRADES[Number(e.key) - 1]!);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (cards.length === 0) {
    return (
      <div className={styles.screen}>
        <section className={styles.card} aria-label="今日复习">
          <p className={styles.cardTitle}>今日没有需要复习的卡片</p>
          <p className={styles.muted}>新卡片和到期的卡片会在这里出现，明天再来看看吧～</p>
          <p>
            <Link className={styles.link} to="/siteShorthand">
              返回速记
            </Link>
          </p>
        </section>
      </div>
    );
  }

  if (!entry) {
    return (
      <div className={styles.screen}>
        <section className={styles.card} aria-label="本组完成">
          <h2 className={styles.cardTitle}>本组复习完成</h2>
          <ul className={sh.tally}>
            {SHORTHAND_GRADES.map((g) => (
              <li key={g} aria-label={`${SHORTHAND_GRADE_TEXT[g]} ${state.tally[g]}`}>
                <strong>{state.tally[g]}</strong>
                {SHORTHAND_GRADE_TEXT[g]}
              </li>
            ))}
          </ul>
          <div className={sh.actions}>
            <button type="button" className={styles.secondary} onClick={() => goBack(navigate, '/siteShorthand')}>
              返回
            </button>
            <button type="button" className={styles.primary} disabled={reloading} onClick={onAgain}>
              {reloading ? '加载中…' : '再来一组'}
            </button>
          </div>
        </section>
      </div>
    );
  }

  const total = state.queue.length;
  const { card } = entry;
  return (
    <div className={styles.screen}>
      <div className={sh.progress}>
        <span className={sh.bar} role="progressbar" aria-label="复习进度" aria-valuemin={0} aria-valuemax={total} aria-valuenow={state.at}>
          <span className={sh.barFill} style={{ width: `${(state.at / total) * 100}%` }} />
        </span>
        <span>{`${state.at + 1} / ${total}`}</span>
      </div>
      <section className={sh.flip} aria-label="卡片">
        {card.pointName ? <span className={sh.point}>{card.pointName}</span> : null}
        <p className={sh.front}>
          <RichText text={card.front} appID={appID} />
        </p>
        {state.flipped ? <CardBack card={card} appID={appID} testId="card-back" /> : null}
      </section>
      {state.flipped ? (
        <div className={sh.grades} role="group" aria-label="评价">
          {SHORTHAND_GRADES.map((g) => (
            <button key={g} type="button" className={sh[g]} onClick={() => grade(g)}>
              {SHORTHAND_GRADE_TEXT[g]}
            </button>
          ))}
        </div>
      ) : (
        <button type="button" className={styles.primary} onClick={() => dispatch({ type: 'flip' })}>
          显示答案
        </button>
      )}
      <p className={sh.keys} aria-hidden="true">
        {state.flipped ? '按 1 认识 · 2 模糊 · 3 不认识' : '按空格键显示答案'}
      </p>
    </div>
  );
}
