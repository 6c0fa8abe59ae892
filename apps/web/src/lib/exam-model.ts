import type { DataOf, simulationStart } from '@kaoshi/contract';
import type { ExamReplyEntry } from './outbox/exam';

/** The exam screen's model: pure functions over the server's session (docs/exam-screens.md). */

export type Session = DataOf<typeof simulationStart>;
export type ExamQ = Session['list'][number];
export type ExamGroup = Session['groups'][number];

/** One question's state on this device. */
export interface QState {
  reply: string;
  flagged: boolean;
}

/** The server's replies and flags, with this device's unsent entries on top (newest wins). */
export function mergeResume(session: Session, pending: readonly ExamReplyEntry[]): Map<number, QState> {
  const m = new Map<number, QState>();
  const flags = new Set(session.flags);
  for (const q of session.list) {
    const reply = session.replies[String(q.allTestID)] ?? '';
    if (reply !== '' || flags.has(q.allTestID)) m.set(q.allTestID, { reply, flagged: flags.has(q.allTestID) });
  }
  const ids = new Set(session.list.map((q) => q.allTestID));
  for (const e of pending) if (ids.has(e.allTestID)) m.set(e.allTestID, { reply: e.lastUserReply, flagged: e.flagged });
  return m;
}

/** Device clock minus the server's, in ms, from a reply's `serverNow` received at `receivedAt` (device ms). */
export const clockOffset = (serverNow: string, receivedAt: number): number => receivedAt - Date.parse(serverNow);

/** Whole seconds left at device time `now`, from the server's deadline and the clock offset; null = untimed. */
export function secondsLeft(deadline: string | null, offsetMs: number, now: number): number | null {
  if (!deadline) return null;
  return Math.max(0, Math.ceil((Date.parse(deadline) - (now - offsetMs)) / 1000));
}

export const formatClock = (s: number): string => {
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
};

/** The paper in order: each question with its number (1-based over the paper) and its section. */
export interface Slot {
  q: ExamQ;
  no: number;
  section: number;
}

export function slotsOf(session: Session): Slot[] {
  const byId = new Map(session.list.map((q) => [q.allTestID, q]));
  const out: Slot[] = [];
  session.sections.forEach((s, section) => {
    for (const id of s.questions) {
      const q = byId.get(id);
      if (q) out.push({ q, no: out.length + 1, section });
    }
  });
  return out;
}

export type SectionAccess = 'open' | 'locked' | 'ahead';

/** 机考: only the open section is answerable; practice mode, and exams without the section lock, have every section open. */
export function sectionAccess(session: Pick<Session, 'mode' | 'lockSections'>, sectionIndex: number, section: number): SectionAccess {
  if (session.mode === 'practice' || !session.lockSections) return 'open';
  if (section < sectionIndex) return 'locked';
  return section > sectionIndex ? 'ahead' : 'open';
}

export type DirState = 'answered' | 'unanswered';

export interface DirItem {
  no: number;
  index: number;
  allTestID: number;
  state: DirState;
  flagged: boolean;
  access: SectionAccess;
}

export interface DirSection {
  title: string;
  section: number;
  access: SectionAccess;
  answered: number;
  items: DirItem[];
}

/** The question directory (题目导航), grouped by section. */
export function directory(session: Session, slots: readonly Slot[], states: ReadonlyMap<number, QState>, sectionIndex: number): DirSection[] {
  return session.sections.map((s, section) => {
    const access = sectionAccess(session, sectionIndex, section);
    const items: DirItem[] = [];
    slots.forEach((slot, index) => {
      if (slot.section !== section) return;
      const st = states.get(slot.q.allTestID);
      items.push({
        no: slot.no,
        index,
        allTestID: slot.q.allTestID,
        state: st && st.reply !== '' ? 'answered' : 'unanswered',
        flagged: st?.flagged ?? false,
        access,
      });
    });
    return { title: s.title, section, access, answered: items.filter((i) => i.state === 'answered').length, items };
  });
}

/** What the hand-in confirmation lists: unanswered and flagged question numbers over the whole paper. */
export function handInSummary(slots: readonly Slot[], states: ReadonlyMap<number, QState>): { unanswered: number[]; flagged: number[] } {
  const unanswered: number[] = [];
  const flagged: number[] = [];
  for (const s of slots) {
    const st = states.get(s.q.allTestID);
    if (!st || st.reply === '') unanswered.push(s.no);
    if (st?.flagged) flagged.push(s.no);
  }
  return { unanswered, flagged };
}

/** '1、3、5-8' for a list of question numbers. */
export function numberList(nos: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < nos.length;) {
    let j = i;
    while (j + 1 < nos.length && nos[j + 1] === nos[j]! + 1) j += 1;
    parts.push(j - i >= 2 ? `${nos[i]}-${nos[j]}` : nos.slice(i, j + 1).join('、'));
    i = j + 1;
  }
  return parts.join('、');
}

/** Types answered by ticking several options. */
export const isMultiType = (t: ExamQ['childTableName']): boolean => t === 'X' || t === 'CASE';

/** Toggles one key in a multi-select reply ('ACD'), keys kept in order. */
export function toggleKey(reply: string, key: string): string {
  const set = new Set(reply.split(''));
  if (set.has(key)) set.delete(key);
  else set.add(key);
  return [...set].sort().join('');
}

/** The 'computerPaper' query: `?paperID=N` or `?daily=1`; anything else is a Chinese error. */
/** What /computerPaper opens: a paper, today's daily test, or a session by id. */
export type StartTarget = { paperID: number } | { daily: true } | { examHistoryID: number };

export function parseTarget(params: URLSearchParams): StartTarget | { error: string } {
  if (params.get('daily') === '1' || params.get('daily') === 'true') return { daily: true };
  // A session already started elsewhere (a TEST_MODES row's screen started it by testMode): resumed by id.
  const session = params.get('examHistoryID');
  if (session !== null) {
    const id = Number(session);
    return Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? { examHistoryID: id } : { error: '考试记录编号不正确' };
  }
  const raw = params.get('paperID');
  if (raw === null || raw.trim() === '') return { error: '请从试卷列表进入考试（缺少试卷编号）' };
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) return { error: '试卷编号不正确' };
  return { paperID: n };
}
