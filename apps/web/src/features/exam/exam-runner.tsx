import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { lockSection, type Loaded } from './api';
import { getUserName } from '../../lib/session';
import { alertMsg, confirm } from '../../ui/dialogs';
import { errorText } from '../../lib/error-text';
import { clockOffset, directory, formatClock, handInSummary, numberList, sectionAccess, slotsOf, type QState, type Session } from '../../lib/exam-model';
import { useExamSession } from '../../entities/exam/session';
import { Directory, handInLines, Lines } from './components/directory';
import { useLeaveGuard } from './components/use-leave-guard';
import { maskPhone } from '../../lib/format';
import { ExamQuestion } from './exam-question';
import { Calculator, ImageViewer } from './exam-tools';
import styles from './exam.module.css';

/** Autosave: a batch goes this long after the last change (and the outbox scheduler sends what waits every 20 s). */
export const SAVE_DEBOUNCE_MS = 3_000;
export const SECTION_CONFIRM = '进入下一题型后，本题型将不能再修改，确定吗？';
export { LEAVE_CONFIRM } from './components/use-leave-guard';
export const resultPath = (id: number) => `/examResult?examHistoryID=${id}`;
/** Where a handed-in session goes: 每日一练 / 每周一测 submit and show the place on their own screen (docs/daily-ranking.md), the rest to the result. */
export const afterHandInPath = (s: { examHistoryID: number; testMode: string | null }) =>
  s.testMode === 'dailyMockTest' || s.testMode === 'weekTest' ? `/${s.testMode}?examHistoryID=${s.examHistoryID}` : resultPath(s.examHistoryID);

/** The first unanswered question of the open section, else its first question. */
function openingIndex(session: Session, states: ReadonlyMap<number, QState>): number {
  const slots = slotsOf(session);
  const inOpen = slots.map((s, i) => ({ s, i })).filter(({ s }) => sectionAccess(session, session.sectionIndex, s.section) === 'open');
  const first = inOpen.find(({ s }) => !(states.get(s.q.allTestID)?.reply ?? ''));
  return first?.i ?? inOpen[0]?.i ?? 0;
}

/** The 机考 screen over one open session. */
export function ExamRunner({ loaded, appID }: { loaded: Loaded; appID: number }) {
  const navigate = useNavigate();
  const { session } = loaded;
  const id = session.examHistoryID;
  const donePath = afterHandInPath(session);
  const slots = useMemo(() => slotsOf(session), [session]);
  const groups = useMemo(() => new Map(session.groups.map((g) => [g.childTableID, g])), [session.groups]);
  const [states, setStates] = useState<Map<number, QState>>(() => new Map(loaded.states));
  const [sectionIndex, setSectionIndex] = useState(session.sectionIndex);
  const [index, setIndex] = useState(() => openingIndex(session, loaded.states));
  const [lockBusy, setLockBusy] = useState(false);
  const [dirOpen, setDirOpen] = useState(false);
  const [calcOpen, setCalcOpen] = useState(false);
  const [image, setImage] = useState<{ src: string; alt: string } | null>(null);
  const enteredAt = useRef(Date.now());
  const run = useExamSession({
    id,
    deadline: session.deadline,
    offsetMs: clockOffset(session.serverNow, loaded.receivedAt),
    debounceMs: SAVE_DEBOUNCE_MS,
    timeUpText: '考试时间到，系统自动交卷',
    onHanded: () => void navigate(donePath, { replace: true }),
    // Back from the background: another device may have moved on to a later section.
    onResumed: (s) => setSectionIndex((cur) => Math.max(cur, s.sectionIndex)),
  });
  const { left, pending, saveError, save, queue, handIn } = run;
  const busy = run.busy || lockBusy;
  const slot = slots[index];
  const q = slot?.q;
  const st = q ? states.get(q.allTestID) : undefined;
  const access = slot ? sectionAccess(session, sectionIndex, slot.section) : 'open';
  const dir = useMemo(() => directory(session, slots, states, sectionIndex), [session, slots, states, sectionIndex]);
  // '答案已保存' only once there is something saved (a reply or a flag, from this device or the server).
  const anyAnswer = useMemo(() => [...states.values()].some((x) => x.reply !== '' || x.flagged), [states]);

  useEffect(() => {
    enteredAt.current = Date.now();
  }, [index]);

  /** A reply or flag change: local state, then the device queue, then a batch shortly after. */
  const write = useCallback(
    (allTestID: number, next: QState) => {
      if (run.handing()) return;
      setStates((m) => new Map(m).set(allTestID, next));
      const spendTime = (Date.now() - enteredAt.current) / 1000;
      enteredAt.current = Date.now();
      queue({ allTestID, lastUserReply: next.reply, flagged: next.flagged, spendTime });
    },
    [run, queue],
  );

  // ---- hand-in ---------------------------------------------------------------------------------------
  const askHandIn = async () => {
    const ok = await confirm({
      title: '确认交卷',
      content: <Lines lines={handInLines(handInSummary(slots, states))} />,
      confirmText: '交卷',
      cancelText: '继续答题',
    });
    if (ok) await handIn(false);
  };

  // 离开, back or a link: asked once by the guard; confirmed, the answers are flushed and the clock runs on.
  const flushOnLeave = useCallback(() => void save(), [save]);
  useLeaveGuard(() => !run.handing(), flushOnLeave);
  // A fixed exit: history back may hold this very paper (e.g. before the guard added ac).
  const askLeave = () => void navigate('/homePage');

  // ---- sections --------------------------------------------------------------------------------------
  const lastSection = sectionIndex >= session.sections.length - 1;
  const askNextSection = async () => {
    const sec = dir[sectionIndex];
    const open = sec ? sec.items.filter((i) => i.state === 'unanswered').map((i) => i.no) : [];
    const lines = open.length > 0 ? [`本题型还有 ${open.length} 题未答：第 ${numberList(open)} 题`, SECTION_CONFIRM] : [SECTION_CONFIRM];
    const ok = await confirm({ title: '进入下一题型', content: <Lines lines={lines} />, confirmText: '确定', cancelText: '取消' });
    if (!ok) return;
    setLockBusy(true);
    try {
      const r = await save();
      if (r.left > 0) {
        await alertMsg('网络异常，本题型还有答案未保存，请检查网络后重试');
        return;
      }
      const askedAt = Date.now();
      const data = await lockSection(id, sectionIndex);
      run.syncClock(data.serverNow, askedAt);
      setSectionIndex(data.sectionIndex);
      const first = slots.findIndex((s) => s.section === data.sectionIndex);
      if (first >= 0) setIndex(first);
    } catch (err) {
      await alertMsg(errorText(err));
    } finally {
      setLockBusy(false);
    }
  };

  // ---- navigation ------------------------------------------------------------------------------------
  const canGo = (i: number) => i >= 0 && i < slots.length && sectionAccess(session, sectionIndex, slots[i]!.section) === 'open';
  const atSectionEnd = slot !== undefined && (index === slots.length - 1 || slots[index + 1]!.section !== slot.section);
  const go = (i: number) => {
    if (canGo(i)) {
      setIndex(i);
      setDirOpen(false);
    }
  };

  if (!q || !slot) return <p className={styles.state}>试卷暂无试题</p>;
  const group = q.childTableID ? groups.get(q.childTableID) : undefined;
  const members = group ? slots.filter((s) => s.q.childTableID === q.childTableID) : [];
  const groupPos = group
    ? { at: members.findIndex((s) => s.q.allTestID === q.allTestID) + 1, of: members.length, first: members[0]!.no, last: members[members.length - 1]!.no }
    : undefined;
  const sectionTitle = session.sections[slot.section]?.title ?? '';
  const warn = left !== null && left <= 300;

  return (
    <div className={styles.exam}>
      <header className={styles.head}>
        <button type="button" className={styles.leave} onClick={askLeave}>
          离开
        </button>
        <div className={styles.headMain}>
          <h1 className={styles.paperName}>{session.name}</h1>
          <p className={styles.learner}>{`考生：${maskPhone(getUserName()) || '—'}`}</p>
        </div>
        <div className={`${styles.clock} ${warn ? styles.clockWarn : ''}`} role="timer" aria-label="剩余时间">
          <small>剩余时间</small>
          <strong data-testid="countdown">{left === null ? '不限时' : formatClock(left)}</strong>
        </div>
      </header>
      <div className={styles.statusBar}>
        <span>{`${sectionTitle}　第 ${slot.no} / ${slots.length} 题`}</span>
        <span className={saveError ? styles.saveError : styles.saveOk} data-testid="save-state">
          {pending > 0 ? (saveError ? `${pending} 条答案待保存（网络异常，自动重试）` : `${pending} 条答案待保存`) : anyAnswer ? '答案已保存' : '尚未作答'}
        </span>
      </div>
      <div className={styles.layout}>
        <main className={styles.main}>
          <ExamQuestion
            q={q}
            no={slot.no}
            group={group}
            groupPos={groupPos}
            appID={appID}
            reply={st?.reply ?? ''}
            access={access}
            busy={busy}
            onReply={(reply) => write(q.allTestID, { reply, flagged: st?.flagged ?? false })}
            onImage={(src, alt) => setImage({ src, alt })}
          />
        </main>
        <aside className={styles.side} aria-label="题目导航">
          <Directory sections={dir} current={index} onGo={go} />
        </aside>
      </div>
      <footer className={styles.foot}>
        <div className={styles.tools}>
          <button
            type="button"
            className={`${styles.tool} ${st?.flagged ? styles.toolOn : ''}`}
            aria-pressed={st?.flagged ?? false}
            disabled={access !== 'open' || busy}
            onClick={() => write(q.allTestID, { reply: st?.reply ?? '', flagged: !(st?.flagged ?? false) })}
          >
            {st?.flagged ? '取消标疑' : '标疑'}
          </button>
          <button type="button" className={`${styles.tool} ${styles.dirButton}`} onClick={() => setDirOpen(true)}>
            题目导航
          </button>
          <button type="button" className={styles.tool} onClick={() => setCalcOpen(true)}>
            计算器
          </button>
          <button type="button" className={`${styles.tool} ${styles.handIn}`} disabled={busy} onClick={() => void askHandIn()}>
            交卷
          </button>
        </div>
        <div className={styles.navs}>
          <button type="button" className={styles.nav} disabled={!canGo(index - 1) || busy} onClick={() => go(index - 1)}>
            上一题
          </button>
          {atSectionEnd && session.mode === 'exam' && session.lockSections && !lastSection ? (
            <button type="button" className={`${styles.nav} ${styles.navPrimary}`} disabled={busy} onClick={() => void askNextSection()}>
              下一题型
            </button>
          ) : (
            <button type="button" className={`${styles.nav} ${styles.navPrimary}`} disabled={!canGo(index + 1) || busy} onClick={() => go(index + 1)}>
              下一题
            </button>
          )}
        </div>
      </footer>
      {dirOpen ? (
        <div className={styles.sheetBackdrop} onClick={() => setDirOpen(false)}>
          <section className={styles.sheet} role="dialog" aria-label="题目导航" onClick={(e) => e.stopPropagation()}>
            <header className={styles.sheetHead}>
              <strong>题目导航</strong>
              <button type="button" className={styles.linkButton} onClick={() => setDirOpen(false)}>
                关闭
              </button>
            </header>
            <Directory sections={dir} current={index} onGo={go} />
          </section>
        </div>
      ) : null}
      {calcOpen ? <Calculator onClose={() => setCalcOpen(false)} /> : null}
      {image ? <ImageViewer src={image.src} alt={image.alt} onClose={() => setImage(null)} /> : null}
    </div>
  );
}
