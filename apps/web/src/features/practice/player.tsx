import { useCallback, useEffect, useMemo, useRef, useState, type TouchEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { normaliseKeys, scoreReply } from '@kaoshi/contract';
import { onOutboxChange, pendingCount, queueReply } from '../../lib/outbox';
import { AnswerSheet } from './answer-sheet';
import { practiceKeys, type ChapterTest, type PracticeGroup, type PracticeQuestion } from './practice-data';
import { isMulti, optionsOf, QuestionView, typeName, type Answered } from './question-view';
import styles from './practice.module.css';

export type FontSize = 'small' | 'medium' | 'large';
const FONT_LABELS: Record<FontSize, string> = { small: '小', medium: '中', large: '大' };
const FONT_ORDER: FontSize[] = ['small', 'medium', 'large'];

/** The first question without a reply (so a reload continues where the learner was), else the first. */
export function startIndex(list: readonly PracticeQuestion[]): number {
  const i = list.findIndex((q) => q.last === null);
  return i < 0 ? 0 : i;
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

const clock = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

/** The practice player over one loaded chapter: everything is local, answers go to the outbox. */
export function Player({ appID, cptID, test }: { appID: number; cptID: number; test: ChapterTest }) {
  const list = test.list;
  const queryClient = useQueryClient();
  const groups = useMemo(() => new Map<number, PracticeGroup>(test.groups.map((g) => [g.childTableID, g])), [test.groups]);
  const [index, setIndex] = useState(() => startIndex(list));
  const [answers, setAnswers] = useState(() => fromLast(list));
  const [picked, setPicked] = useState('');
  const [recite, setRecite] = useState(false);
  const [font, setFont] = useState<FontSize>('medium');
  const [sheet, setSheet] = useState(false);
  const pending = usePending();

  const q = list[index];
  const answered = q ? answers.get(q.allTestID) : undefined;
  const seconds = useQuestionTimer(q?.allTestID ?? 0, answered === undefined && !recite);
  const secondsRef = useRef(seconds);
  secondsRef.current = seconds;

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
      setPicked('');
      // Keep the cached chapter in step, so leaving and coming back shows this reply too.
      queryClient.setQueryData<ChapterTest>(practiceKeys.chapter(appID, cptID), (old) =>
        old
          ? {
              ...old,
              list: old.list.map((x) =>
                x.allTestID === q.allTestID
                  ? { ...x, last: { lastUserReply: reply, right, score, spendTime: secondsRef.current, answeredAt: new Date().toISOString() } }
                  : x,
              ),
            }
          : old,
      );
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
        spendTime: Math.min(secondsRef.current, 86_400),
        examHistoryID: 0,
      }).catch(() => undefined);
    },
    [q, answers, appID, cptID, queryClient],
  );

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
      if (sheet || e.altKey || e.ctrlKey || e.metaKey || (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA'))) return;
      if (e.key === 'ArrowLeft') go(index - 1);
      else if (e.key === 'ArrowRight') go(index + 1);
      else if (q && /^[a-j]$/i.test(e.key) && q.childTableName !== 'FILL') {
        const key = e.key.toUpperCase();
        if (optionsOf(q, groups.get(q.childTableID)).some((o) => o.key === key)) pick(key);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, index, pick, q, groups, sheet]);

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

  if (!q) return <p className={styles.state}>本章暂无试题</p>;
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
        <label className={styles.recite}>
          <input type="checkbox" checked={recite} onChange={(e) => setRecite(e.target.checked)} />
          背题模式
        </label>
      </div>
      {pending > 0 ? (
        <p className={styles.pending} role="status">
          有 {pending} 条答题记录待同步
        </p>
      ) : null}

      <QuestionView
        key={q.allTestID}
        q={q}
        group={group}
        groupPos={groupPos}
        appID={appID}
        answered={answered}
        recite={recite}
        picked={picked}
        onPick={pick}
        onSubmit={submit}
      />

      <nav className={styles.navBar} aria-label="切换试题">
        <button type="button" className={styles.navBtn} disabled={index === 0} onClick={() => go(index - 1)}>
          上一题
        </button>
        <button type="button" className={styles.sheetBtn} onClick={() => setSheet(true)}>
          答题卡
        </button>
        <button type="button" className={styles.navBtn} disabled={index >= list.length - 1} onClick={() => go(index + 1)}>
          下一题
        </button>
      </nav>
      <AnswerSheet open={sheet} list={list} answers={answers} current={index} onJump={go} onClose={() => setSheet(false)} />
    </div>
  );
}
