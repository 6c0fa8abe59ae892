import { useCallback, useEffect, useMemo, useRef, useState, type TouchEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CLEAR_AFTER_DEFAULT, addUserFav, addUserNote, deleteUserFav, normaliseKeys, removeFromBook, reviewSummary, scoreReply, updateRecitePoint } from '@kaoshi/contract';
import { call } from '../../api/client';
import { onOutboxChange, onReplySent, pendingCount, queueReply } from '../../lib/outbox/practice';
import { confirm, toast } from '../../ui/dialogs';
import { errorText } from '../../lib/error-text';
import { AnswerSheet } from './answer-sheet';
import { practiceKeys, storeKeyOf, type PracticeGroup, type PracticeQuestion } from '../../api/practice';
import { NoteSheet, QuestionActions } from './question-actions';
import { saveSet } from '../../lib/question-store';
import { useSessionRun } from './session-run';
import { isMulti, optionsOf, QuestionView, typeName, type Answered } from './question-view';
import type { QuestionSet, SetQuestion, Source } from '../../api/practice-sources';
import styles from './practice.module.css';

export type FontSize = 'small' | 'medium' | 'large';
const FONT_LABELS: Record<FontSize, string> = { small: '小', medium: '中', large: '大' };
const FONT_ORDER: FontSize[] = ['small', 'medium', 'large'];

/** The first question without a reply (so a reload continues where the learner was), else the first. */
export function startIndex(list: readonly PracticeQuestion[]): number {
  const i = list.findIndex((q) => q.last === null);
  return i < 0 ? 0 : i;
}

/** Where the player opens: in recite mode at the remembered recite point, else the first unanswered. */
export function openingIndex(set: QuestionSet, recite: boolean): number {
  if (recite && set.recitePoint !== null) {
    const i = set.list.findIndex((q) => q.allTestID === set.recitePoint);
    if (i >= 0) return i;
  }
  return startIndex(set.list);
}

/** Quiet wait before the recite point is sent (the learner may flick through several questions). */
export const RECITE_DEBOUNCE_MS = 1500;
const PERSIST_DEBOUNCE_MS = 800;
export const REMOVE_CONFIRM = '确定将本题移出错题本吗？再次答错时会重新加入。';

/** The wrong-answer book hint after answering in the book's sources. */
export function bookHint(q: SetQuestion, a: Answered, clearAfter: number, inBook: boolean | undefined): string {
  if (inBook === false) return '已移出错题本';
  const left = clearAfter - (q.book?.rightStreak ?? 0) - 1;
  if (!a.right) return `${inBook ? '仍在错题本中，' : ''}连续答对${clearAfter}次后移出错题本`;
  if (inBook) return left > 0 ? `仍在错题本中，再答对${left}次移出错题本` : '仍在错题本中';
  return left > 0 ? `再答对${left}次移出错题本` : '同步后将移出错题本';
}

const fromLast = (list: readonly PracticeQuestion[]): Map<number, Answered> =>
  new Map(list.flatMap((q) => (q.last ? [[q.allTestID, { reply: q.last.lastUserReply, right: q.last.right, score: q.last.score }] as const] : [])));

/** Seconds spent on the current question; stops once answered. */
function useQuestionTimer(key: number, running: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => setSeconds(0), [key]);
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => clearInterval(t);
  }, [running, key]);
  return seconds;
}

function usePending(): number {
  const [n, setN] = useState(0);
  useEffect(() => {
    let live = true;
    void pendingCount().then((c) => live && setN(c)).catch(() => undefined);
    const off = onOutboxChange((c) => setN(c));
    return () => {
      live = false;
      off();
    };
  }, []);
  return n;
}

/** Numbers (1-based) of the questions without an answer. */
export const unansweredNumbers = (list: readonly PracticeQuestion[], answers: ReadonlyMap<number, Answered>): number[] =>
  list.flatMap((q, i) => (answers.has(q.allTestID) ? [] : [i + 1]));

const clock = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

/** The practice player over one loaded question set: everything is local, answers go to the outbox. */
export function Player({ appID, source, set }: { appID: number; source: Source; set: QuestionSet }) {
  const list = set.list;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const queryKey = practiceKeys.set(appID, source);
  const inBookSource = source.kind === 'error' || source.kind === 'review';
  const groups = useMemo(() => new Map<number, PracticeGroup>(set.groups.map((g) => [g.childTableID, g])), [set.groups]);
  // A practice-display exam session (source 'session'): answers go to the exam outbox, it ends with 交卷.
  const run = useSessionRun(set.session);
  const [recite, setRecite] = useState(() => source.recite === true);
  const [index, setIndex] = useState(() => openingIndex(set, source.recite === true));
  const [answers, setAnswers] = useState(() => fromLast(list));
  const [round, setRound] = useState(0);
  const [picked, setPicked] = useState('');
  const [font, setFont] = useState<FontSize>('medium');
  const [sheet, setSheet] = useState(false);
  const [noteOpen, setNoteOpen] = useState(false);
  const [noteSaving, setNoteSaving] = useState(false);
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const [inBook, setInBook] = useState<ReadonlyMap<number, boolean>>(new Map());
  const practicePending = usePending();
  const pending = run ? run.pending : practicePending;
  const summary = useQuery({
    queryKey: ['practice', 'reviewSummary', appID],
    queryFn: () => call(reviewSummary, { appID }, { quiet: true }),
    enabled: inBookSource,
    retry: false,
    staleTime: 60_000,
  });
  const clearAfter = summary.data?.clearAfter ?? CLEAR_AFTER_DEFAULT;

  const q = list[index];
  const answered = q ? answers.get(q.allTestID) : undefined;
  const seconds = useQuestionTimer((q?.allTestID ?? 0) * 1000 + round, answered === undefined && !recite);
  const secondsRef = useRef(seconds);
  secondsRef.current = seconds;

  // Keep the device's copy of the set in step (answers, marks, recite point), quietly and debounced.
  const persistTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const storeKey = storeKeyOf(appID, source);
  const persistNow = useCallback(() => {
    persistTimer.current = null;
    const data = queryClient.getQueryData<QuestionSet>(queryKey);
    if (data) void saveSet(storeKey, data);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient, storeKey]);
  const persist = useCallback(() => {
    if (persistTimer.current) clearTimeout(persistTimer.current);
    persistTimer.current = setTimeout(persistNow, PERSIST_DEBOUNCE_MS);
  }, [persistNow]);
  useEffect(
    () => () => {
      if (persistTimer.current) {
        clearTimeout(persistTimer.current);
        persistNow();
      }
    },
    [persistNow],
  );

  /** Changes one question in the cached set (and so in this player). */
  const patch = useCallback(
    (allTestID: number, change: (x: SetQuestion) => SetQuestion) => {
      queryClient.setQueryData<QuestionSet>(queryKey, (old) =>
        old ? { ...old, list: old.list.map((x) => (x.allTestID === allTestID ? change(x) : x)) } : old,
      );
      persist();
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, persist, appID, source.kind, source.cptID, source.keyword, source.point],
  );

  // The server's verdict on the wrong-answer book arrives when the outbox has sent the answer.
  useEffect(() => {
    if (!inBookSource) return;
    return onReplySent(({ params, data }) => {
      if (Number(params.appID) === appID) setInBook((m) => new Map(m).set(Number(params.allTestID), data.inBook));
    });
  }, [inBookSource, appID]);

  // Recite mode in a chapter: remember the position (debounced, quiet; a failure is not shown).
  useEffect(() => {
    if (!recite || source.kind !== 'chapter' || !source.cptID || !q) return;
    if (q.allTestID === set.recitePoint) return;
    const allTestID = q.allTestID;
    const cptID = source.cptID;
    const t = setTimeout(() => {
      void call(updateRecitePoint, { appID, cptID, allTestID }, { quiet: true }).catch(() => undefined);
      queryClient.setQueryData<QuestionSet>(queryKey, (old) => (old ? { ...old, recitePoint: allTestID } : old));
      persist();
    }, RECITE_DEBOUNCE_MS);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recite, q?.allTestID, source.kind, source.cptID, appID]);

  const go = useCallback(
    (i: number) => {
      if (i < 0 || i >= list.length) return;
      setIndex(i);
      setPicked('');
      window.scrollTo?.({ top: 0 });
    },
    [list.length],
  );

  const submit = useCallback(
    (reply: string) => {
      if (!q || answers.has(q.allTestID)) return;
      const { right, score } = scoreReply(q.childTableName, q.answer, reply);
      const a: Answered = { reply, right, score };
      setAnswers((m) => new Map(m).set(q.allTestID, a));
      setInBook((m) => {
        if (!m.has(q.allTestID)) return m;
        const n = new Map(m);
        n.delete(q.allTestID);
        return n;
      });
      setPicked('');
      // Keep the cached set in step, so leaving and coming back (or a reload offline) shows this reply too.
      const spendTime = Math.min(secondsRef.current, 86_400);
      patch(q.allTestID, (x) => ({ ...x, last: { lastUserReply: reply, right, score, spendTime, answeredAt: new Date().toISOString() } }));
      if (run) {
        run.record({ allTestID: q.allTestID, reply, spendTime });
        return;
      }
      void queueReply({
        appID,
        cptID: q.cptID,
        allTestID: q.allTestID,
        childTableID: q.childTableID,
        childTableName: q.childTableName,
        srcID: q.srcID,
        sbjID: appID,
        styleID: q.styleID,
        lastUserReply: reply,
        spendTime,
        examHistoryID: 0,
      }).catch(() => undefined);
    },
    [q, answers, appID, patch, run],
  );

  /** '再做一次': the question becomes unanswered here; the next answer is a new reply. */
  const retry = useCallback(() => {
    if (!q) return;
    setAnswers((m) => {
      const n = new Map(m);
      n.delete(q.allTestID);
      return n;
    });
    setPicked('');
    setRound((r) => r + 1);
  }, [q]);

  const toggleFav = useCallback(async () => {
    if (!q) return;
    const id = q.allTestID;
    const want = !q.favourite;
    patch(id, (x) => ({ ...x, favourite: want }));
    try {
      await call(want ? addUserFav : deleteUserFav, { appID, allTestID: id }, { silent: true });
      toast(want ? '已收藏' : '已取消收藏');
    } catch (err) {
      patch(id, (x) => ({ ...x, favourite: !want }));
      toast(`${want ? '收藏' : '取消收藏'}失败：${errorText(err)}`);
    }
  }, [q, appID, patch]);

  const saveNote = useCallback(
    async (text: string) => {
      if (!q) return;
      const id = q.allTestID;
      setNoteSaving(true);
      try {
        const r = await call(addUserNote, { appID, allTestID: id, noteContent: text }, { silent: true });
        patch(id, (x) => ({ ...x, note: r.noteContent || null }));
        setNoteOpen(false);
        toast(r.noteContent ? '笔记已保存' : '笔记已删除');
      } catch (err) {
        toast(`保存失败：${errorText(err)}`);
      } finally {
        setNoteSaving(false);
      }
    },
    [q, appID, patch],
  );

  const removeItem = useCallback(async () => {
    if (!q) return;
    const id = q.allTestID;
    if (!(await confirm({ content: REMOVE_CONFIRM }))) return;
    try {
      await call(removeFromBook, { appID, allTestID: id }, { silent: true });
      setRemoved((s) => new Set(s).add(id));
      void queryClient.invalidateQueries({ queryKey: ['study'] });
      toast('已移出错题本');
    } catch (err) {
      toast(`移出失败：${errorText(err)}`);
    }
  }, [q, appID, queryClient]);

  const pick = useCallback(
    (key: string) => {
      if (!q || answers.has(q.allTestID)) return;
      if (isMulti(q)) setPicked((p) => normaliseKeys(p.includes(key) ? p.replace(key, '') : p + key));
      else submit(key);
    },
    [q, answers, submit],
  );

  // Keyboard: ←/→ previous/next, A–E (or further letters) pick an option.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (sheet || noteOpen || e.altKey || e.ctrlKey || e.metaKey || (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA'))) return;
      if (e.key === 'ArrowLeft') go(index - 1);
      else if (e.key === 'ArrowRight') go(index + 1);
      else if (q && /^[a-j]$/i.test(e.key) && q.childTableName !== 'FILL') {
        const key = e.key.toUpperCase();
        if (optionsOf(q, groups.get(q.childTableID)).some((o) => o.key === key)) pick(key);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, index, pick, q, groups, sheet, noteOpen]);
  // Swipe left/right.
  const touch = useRef<{ x: number; y: number } | null>(null);
  const onTouchStart = (e: TouchEvent) => {
    const t = e.touches[0];
    touch.current = t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touch.current;
    const t = e.changedTouches[0];
    touch.current = null;
    if (!start || !t) return;
    const dx = t.clientX - start.x;
    const dy = t.clientY - start.y;
    if (Math.abs(dx) > 60 && Math.abs(dx) > Math.abs(dy) * 1.5) go(dx < 0 ? index + 1 : index - 1);
  };

  if (!q) return <p className={styles.state}>暂无试题</p>;
  const group = q.childTableID ? groups.get(q.childTableID) : undefined;
  const members = group ? list.filter((x) => x.childTableID === q.childTableID) : [];
  const groupPos = group ? { at: members.indexOf(q) + 1, of: members.length } : undefined;

  return (
    <div className={`${styles.player} ${styles[`font_${font}`]}`} onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
      <div className={styles.toolbar}>
        <span className={styles.progress}>
          第 {index + 1} / {list.length} 题
        </span>
        <span className={styles.typeTag}>{typeName(q)}</span>
        <span className={styles.timer} aria-label="本题用时">
          {clock(seconds)}
        </span>
      </div>
      <div className={styles.tools}>
        <div className={styles.segment} role="group" aria-label="字号">
          {FONT_ORDER.map((f) => (
            <button key={f} type="button" aria-pressed={font === f} className={font === f ? styles.segOn : ''} onClick={() => setFont(f)}>
              {FONT_LABELS[f]}
            </button>
          ))}
        </div>
        {run ? null : (
          <label className={styles.recite}>
            <input type="checkbox" checked={recite} onChange={(e) => setRecite(e.target.checked)} />
            背题模式
          </label>
        )}
      </div>
      {run ? (
        <div className={styles.sessionBar}>
          {run.left !== null ? (
            <span className={`${styles.countdown} ${run.left <= 60 ? styles.countdownWarn : ''}`} role="timer" aria-label="剩余时间">
              剩余 <strong data-testid="countdown">{clock(run.left)}</strong>
            </span>
          ) : (
            <span className={styles.sessionDone}>{`已答 ${answers.size}/${list.length}`}</span>
          )}
          <button type="button" className={styles.handInBtn} disabled={run.busy} onClick={() => void run.askHandIn(unansweredNumbers(list, answers))}>
            交卷
          </button>
        </div>
      ) : null}
      {set.offline ? (
        <p className={styles.pending} role="status">
          网络不可用，正在使用本机保存的题目
        </p>
      ) : null}
      {/* A session's batch leaves within seconds: its notice waits for a failed send. */}
      {pending > 0 && (!run || run.saveError) ? (
        <p className={styles.pending} role="status">
          {run?.saveError ? `有 ${pending} 条答题记录待同步（网络异常，自动重试）` : `有 ${pending} 条答题记录待同步`}
        </p>
      ) : null}

      <QuestionView
        key={`${q.allTestID}-${round}`}
        q={q}
        group={group}
        groupPos={groupPos}
        appID={appID}
        answered={answered}
        recite={recite}
        picked={picked}
        onPick={pick}
        onSubmit={submit}
        note={q.note}
        hint={inBookSource && answered ? bookHint(q, answered, clearAfter, removed.has(q.allTestID) ? false : inBook.get(q.allTestID)) : undefined}
        onRetry={recite || run ? undefined : retry}
      />

      <QuestionActions
        favourite={q.favourite}
        hasNote={Boolean(q.note)}
        canRemove={inBookSource}
        removed={removed.has(q.allTestID)}
        onFav={() => void toggleFav()}
        onNote={() => setNoteOpen(true)}
        onReport={() => void navigate(`/testfeedback?allTestID=${q.allTestID}`)}
        onDetails={() => void navigate(`/testdetails?allTestID=${q.allTestID}`)}
        onRemove={() => void removeItem()}
      />

      <nav className={styles.navBar} aria-label="切换试题">
        <button type="button" className={styles.navBtn} disabled={index === 0} onClick={() => go(index - 1)}>
          上一题
        </button>
        <button type="button" className={styles.sheetBtn} onClick={() => setSheet(true)}>
          答题卡
        </button>
        {run && index >= list.length - 1 ? (
          <button type="button" className={`${styles.navBtn} ${styles.navPrimary}`} disabled={run.busy} onClick={() => void run.askHandIn(unansweredNumbers(list, answers))}>
            交卷
          </button>
        ) : (
          <button type="button" className={styles.navBtn} disabled={index >= list.length - 1} onClick={() => go(index + 1)}>
            下一题
          </button>
        )}
      </nav>
      <NoteSheet open={noteOpen} initial={q.note ?? ''} saving={noteSaving} onSave={(t) => void saveNote(t)} onClose={() => setNoteOpen(false)} />
      <AnswerSheet
        open={sheet}
        list={list}
        answers={answers}
        current={index}
        onJump={go}
        onClose={() => setSheet(false)}
        onHandIn={
          run
            ? () => {
                setSheet(false);
                void run.askHandIn(unansweredNumbers(list, answers));
              }
            : undefined
        }
      />
    </div>
  );
}
