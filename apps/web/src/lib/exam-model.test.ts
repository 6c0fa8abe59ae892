import { describe, expect, it } from 'vitest';
import { clockOffset, directory, formatClock, handInSummary, mergeResume, numberList, parseTarget, secondsLeft, sectionAccess, slotsOf, toggleKey } from './exam-model';
import type { ExamReplyEntry } from './outbox/exam';
import { examSession } from '../test/fixtures/exam';

const entry = (allTestID: number, lastUserReply: string, flagged = false, queuedAt = 1): ExamReplyEntry => ({
  replyID: `r-${allTestID}-${queuedAt}-xxxxxxxxxx`,
  userID: '7',
  examHistoryID: 41,
  allTestID,
  lastUserReply,
  flagged,
  spendTime: 0,
  queuedAt,
  seq: queuedAt,
});

describe('exam model', () => {
  it('counts down from the server deadline with the device clock offset, never below 0', () => {
    const server = Date.parse('2026-11-21T08:00:00Z');
    const device = server + 3_600_000; // the device clock is an hour fast
    const offset = clockOffset(new Date(server).toISOString(), device);
    expect(offset).toBe(3_600_000);
    const deadline = new Date(server + 300_000).toISOString();
    expect(secondsLeft(deadline, offset, device)).toBe(300);
    expect(secondsLeft(deadline, offset, device + 299_100)).toBe(1);
    expect(secondsLeft(deadline, offset, device + 300_000)).toBe(0);
    expect(secondsLeft(deadline, offset, device + 900_000)).toBe(0);
    expect(secondsLeft(null, offset, device)).toBeNull();
    expect(formatClock(300)).toBe('05:00');
    expect(formatClock(9000)).toBe('2:30:00');
  });

  it('merges the server replies and flags with unsent local entries (newest wins)', () => {
    const s = examSession({ replies: { '1': 'A', '2': 'B' }, flags: [2] });
    const m = mergeResume(s, [entry(2, 'C', false, 1), entry(3, '', true, 2), entry(2, 'D', true, 3), entry(99, 'A')]);
    expect(m.get(1)).toEqual({ reply: 'A', flagged: false });
    expect(m.get(2)).toEqual({ reply: 'D', flagged: true });
    expect(m.get(3)).toEqual({ reply: '', flagged: true });
    expect(m.has(99)).toBe(false);
  });

  it('numbers the paper in section order and builds the directory with access per section', () => {
    const s = examSession();
    const slots = slotsOf(s);
    expect(slots.map((x) => [x.no, x.q.allTestID, x.section])).toEqual([
      [1, 1, 0],
      [2, 2, 0],
      [3, 3, 1],
      [4, 4, 1],
      [5, 5, 2],
      [6, 6, 2],
      [7, 7, 3],
    ]);
    const states = new Map([
      [1, { reply: 'A', flagged: false }],
      [2, { reply: '', flagged: true }],
      [4, { reply: 'B', flagged: true }],
    ]);
    const dir = directory(s, slots, states, 1);
    expect(dir.map((d) => [d.title, d.access, d.answered])).toEqual([
      ['A1型题', 'locked', 1],
      ['A3型题', 'open', 1],
      ['B1型题', 'ahead', 0],
      ['多选题', 'ahead', 0],
    ]);
    expect(dir[0]!.items.map((i) => [i.no, i.state, i.flagged])).toEqual([
      [1, 'answered', false],
      [2, 'unanswered', true],
    ]);
    expect(dir[1]!.items.map((i) => [i.no, i.state, i.flagged])).toEqual([
      [3, 'unanswered', false],
      [4, 'answered', true],
    ]);
    expect(sectionAccess({ mode: 'practice', lockSections: false }, 0, 3)).toBe('open');
    // An exam without the section lock (随机组卷, 章节测评, 每日一练 …): every section open.
    expect(sectionAccess({ mode: 'exam', lockSections: false }, 0, 3)).toBe('open');
    expect(sectionAccess({ mode: 'exam', lockSections: true }, 0, 3)).toBe('ahead');
  });

  it('lists unanswered and flagged numbers for the hand-in, ranges shortened', () => {
    const s = examSession();
    const states = new Map([
      [1, { reply: 'A', flagged: true }],
      [6, { reply: 'C', flagged: false }],
      [7, { reply: '', flagged: true }],
    ]);
    expect(handInSummary(slotsOf(s), states)).toEqual({ unanswered: [2, 3, 4, 5, 7], flagged: [1, 7] });
    expect(numberList([2, 3, 4, 5, 7])).toBe('2-5、7');
    expect(numberList([1, 2, 9])).toBe('1、2、9');
  });

  it('toggles multi-select keys in order and parses the route query with Chinese errors', () => {
    expect(toggleKey('', 'C')).toBe('C');
    expect(toggleKey('C', 'A')).toBe('AC');
    expect(toggleKey('AC', 'C')).toBe('A');
    expect(parseTarget(new URLSearchParams('paperID=12'))).toEqual({ paperID: 12 });
    expect(parseTarget(new URLSearchParams('daily=1'))).toEqual({ daily: true });
    expect(parseTarget(new URLSearchParams('examHistoryID=41'))).toEqual({ examHistoryID: 41 });
    expect(parseTarget(new URLSearchParams('examHistoryID=0'))).toEqual({ error: '考试记录编号不正确' });
    expect(parseTarget(new URLSearchParams(''))).toEqual({ error: '请从试卷列表进入考试（缺少试卷编号）' });
    expect(parseTarget(new URLSearchParams('paperID=abc'))).toEqual({ error: '试卷编号不正确' });
  });
});
