import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CLEAR_AFTER_DEFAULT, normaliseKeys, scoreReply } from '@kaoshi/contract';
import { reviewSummaryQuery, saveRecitePoint } from './api';
import { setFavourite, studyKeys, takeOutOfBook, writeNote } from '../../entities/study/api';
import { onReplySent, queueReply } from '../../lib/outbox/practice';
import { confirm, toast } from '../../ui/dialogs';
import { errorText } from '../../lib/error-text';
import { AnswerSheet } from './answer-sheet';
import { practiceKeys, type PracticeGroup } from '../../entities/practice/api';
import { NoteSheet, QuestionActions } from './question-actions';
import { useSessionRun } from './session-run';
import { isMulti, QuestionView, typeName, type Answered } from './question-view';
import type { QuestionSet, Source } from '../../entities/practice/sources';
import {
  bookHint,
  fromLast,
  openingIndex,
  RECITE_DEBOUNCE_MS,
  REMOVE_CONFIRM,
  unansweredNumbers,
  usePending,
  usePlayerGestures,
  useQuestionTimer,
  type FontSize,
} from './components/player-state';
import { PlayerTop } from './components/player-top';
import { ReviewEnd } from './components/review-end';
import { useSetCache } from './components/use-set-cache';
import { usePlace } from './components/place';
import styles from './player.module.css';

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
  const [index, setIndex] = usePlace(source, set, () => openingIndex(set, source.recite === true));
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
  const summary = useQuery(reviewSummaryQuery(appID, inBookSource));
  const clearAfter = summary.data?.clearAfter ?? CLEAR_AFTER_DEFAULT;

  const q = list[index];
  const answered = q ? answers.get(q.allTestID) : undefined;
  const seconds = useQuestionTimer((q?.allTestID ?? 0) * 1000 + round, answered === undefined && !recite);
  const secondsRef = useRef(seconds);
  secondsRef.current = seconds;

  const { persist, patch } = useSetCache(appID, source);

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
      void saveRecitePoint(appID, cptID, allTestID);
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
    [list.length, setIndex],
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
      await setFavourite(appID, id, want);
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
        const r = await writeNote(appID, id, text);
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
      await takeOutOfBook(appID, id);
      setRemoved((s) => new Set(s).add(id));
      void queryClient.invalidateQueries({ queryKey: studyKeys.all });
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

  const { onTouchStart, onTouchEnd } = usePlayerGestures({ go, index, pick, q, groups, blocked: sheet || noteOpen });

  if (!q) return <p className={styles.state}>暂无试题</p>;
  const group = q.childTableID ? groups.get(q.childTableID) : undefined;
  const members = group ? list.filter((x) => x.childTableID === q.childTableID) : [];
  const groupPos = group ? { at: members.indexOf(q) + 1, of: members.length } : undefined;

  return (
    <div className={`${styles.player} ${styles[`font_${font}`]}`} onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
      <PlayerTop
        index={index}
        total={list.length}
        typeName={typeName(q)}
        seconds={seconds}
        font={font}
        onFont={setFont}
        recite={recite}
        onRecite={setRecite}
        run={run}
        answeredCount={answers.size}
        onHandIn={() => void run?.askHandIn(unansweredNumbers(list, answers))}
        offline={set.offline === true}
        pending={pending}
      />

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
      {source.kind === 'review' && list.every((x) => answers.has(x.allTestID)) ? <ReviewEnd appID={appID} count={list.length} pending={pending} /> : null}

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
