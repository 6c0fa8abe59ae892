import 'fake-indexeddb/auto';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { agentStore } from '../../lib/agent';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { confirm, toast } from '../../ui/dialogs';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage, trialNursing, type Handlers, shellHandlers } from '../../test/screens';
import type { Session } from '../../lib/exam-model';
import { pendingExamReplies, queueExamReply } from '../../lib/outbox/exam';
import { examSession } from '../../test/fixtures/exam';
import { result } from '../../test/fixtures/exam-results';
import AnswerTestScreen from './answer-test-screen';
import { sessionHandInLines } from './session-run';
import { mergeSessionPending, sessionSet } from '../../entities/practice/session-source';
import { parseSource, sourceKey, sourceUrl } from '../../entities/practice/source-url';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs'); // ui/__mocks__/dialogs.ts
vi.mock('../../lib/tracking', () => ({ reportError: vi.fn() }));
// Batches leave after a debounce of real time: give every test room on a loaded machine.
vi.setConfig({ testTimeout: 20_000 });

const callMock = call as unknown as Mock;
const confirmMock = confirm as unknown as Mock;
const user = () => userEvent.setup();
let nextID = 5000;

/** The keys of the exam fixture's 7 questions (A1, A1, A3 ×2, B1 ×2, X). */
const KEYS: Record<number, string> = { 1: 'B', 2: 'B', 3: 'A', 4: 'C', 5: 'C', 6: 'A', 7: 'ACD' };

/** A practice-display session of the exam fixture: untimed unless `remaining` is given. */
function practiceSession(over: Partial<Session> = {}, remaining: number | null = null): Session {
  const base = examSession({ examHistoryID: (nextID += 1), mode: 'practice', timeLimitSeconds: null, testMode: null }, { remaining: remaining ?? 0 });
  return {
    ...base,
    deadline: remaining === null ? null : base.deadline,
    remainingSeconds: remaining,
    keys: base.list.map((q) => ({ allTestID: q.allTestID, answer: KEYS[q.allTestID]!, explanation: `解析${q.allTestID}`, points: [`考点${q.allTestID}`] })),
    ...over,
  };
}

const saveReply = (p: Record<string, unknown>, s: Session) => ({
  saved: (JSON.parse(p.replies as string) as unknown[]).length,
  refused: [],
  deadline: s.deadline,
  serverNow: new Date().toISOString(),
  remainingSeconds: s.remainingSeconds,
});

function open(s: Session, handlers: Handlers = {}) {
  current = s.examHistoryID;
  fakeApi(callMock, {
    ...shellHandlers(),
    'exam.resume': () => s,
    'exam.addSimulationReplys': (p) => saveReply(p, s),
    'exam.handIn': () => result({ examHistoryID: s.examHistoryID, mode: 'practice' }),
    ...handlers,
  });
  return renderScreen(<AnswerTestScreen />, { path: '/answerTest', url: `/answerTest?source=session&examHistoryID=${s.examHistoryID}` });
}

const option = (key: string) => screen.getByRole('button', { name: new RegExp(`^${key}`) });
/** The batches sent for the current test's session (an earlier test's player may still flush its own on unmount). */
let current = 0;
const sent = () =>
  callsTo(callMock, 'exam.addSimulationReplys')
    .filter((p) => p.examHistoryID === current)
    .map((p) => JSON.parse(p.replies as string) as { allTestID: number; lastUserReply: string; replyID: string }[]);
const confirmText = (n = 0) => renderToStaticMarkup(<>{(confirmMock.mock.calls[n]![0] as { content: ReactNode }).content}</>).replace(/<[^>]+>/g, '|');

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  agentStore.set(null);
  saveSelectedSubject(trialNursing);
  confirmMock.mockReset();
  confirmMock.mockResolvedValue(true);
});

describe('the session source: URL and set', () => {
  it('parses ?source=session&examHistoryID=N and refuses a bad number in Chinese', () => {
    expect(parseSource(new URLSearchParams('source=session&examHistoryID=12'))).toEqual({ source: { kind: 'session', examHistoryID: 12 } });
    expect(parseSource(new URLSearchParams('source=session'))).toEqual({ error: '练习记录编号不正确' });
    expect(parseSource(new URLSearchParams('source=session&examHistoryID=-3'))).toEqual({ error: '练习记录编号不正确' });
    expect(sourceUrl({ kind: 'session', examHistoryID: 12 })).toBe('/answerTest?source=session&examHistoryID=12');
    expect(sourceKey({ kind: 'session', examHistoryID: 12 })).not.toBe(sourceKey({ kind: 'session', examHistoryID: 13 }));
  });

  it('turns the session into a question set: keys as answers, server replies and unsent device replies as `last`', async () => {
    const s = practiceSession({ replies: { '1': 'B', '2': 'A' } });
    const set = sessionSet(s, Date.now());
    expect(set.name).toBe(s.name);
    expect(set.list[0]).toMatchObject({ answer: 'B', explanation: '解析1', points: ['考点1'], last: { lastUserReply: 'B', right: true } });
    expect(set.list[1]!.last).toMatchObject({ lastUserReply: 'A', right: false });
    expect(set.session).toMatchObject({ examHistoryID: s.examHistoryID, mode: 'practice', deadline: null });
    const e = await queueExamReply(s.examHistoryID, { allTestID: 2, lastUserReply: 'B', flagged: false });
    const cleared = await queueExamReply(s.examHistoryID, { allTestID: 1, lastUserReply: '', flagged: false });
    const merged = mergeSessionPending(set, [e, cleared]);
    expect(merged.list[1]!.last).toMatchObject({ lastUserReply: 'B', right: true });
    expect(merged.list[0]!.last).toBeNull();
  });

  it('lists the unanswered questions in the hand-in confirmation', () => {
    expect(sessionHandInLines([2, 3, 4, 7])).toEqual(['还有 4 题未答：第 2-4、7 题', '交卷后将不能再修改答案，确定交卷吗？']);
    expect(sessionHandInLines([])[0]).toBe('全部试题已作答');
  });
});

describe('/answerTest?source=session: a practice session in the player', () => {
  it('loads the session by resume, titles it with its name and gives instant feedback from its keys', async () => {
    const s = practiceSession();
    open(s);
    expect(await screen.findByText('关于护理的说法')).toBeTruthy();
    expect(callsTo(callMock, 'exam.resume')).toEqual([{ examHistoryID: s.examHistoryID }]);
    expect(screen.getByText(s.name)).toBeTruthy();
    expect(screen.getByText('第 1 / 7 题')).toBeTruthy();
    // Untimed: progress instead of a countdown; no 背题模式 (it would show the keys of a scored session).
    expect(screen.queryByTestId('countdown')).toBeNull();
    expect(screen.getByText('已答 0/7')).toBeTruthy();
    expect(screen.queryByText('背题模式')).toBeNull();
    await user().click(option('A'));
    expect(screen.getByText('回答错误')).toBeTruthy();
    expect(screen.getByText('解析1')).toBeTruthy();
    expect(screen.getByText(/考点1/)).toBeTruthy();
    // One reply per question in a scored session: no 再做一次.
    expect(screen.queryByRole('button', { name: '再做一次' })).toBeNull();
    expect(screen.getByText('已答 1/7')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '下一题' }));
    await user().click(option('B'));
    expect(screen.getByText('回答正确')).toBeTruthy();
    expect(callsTo(callMock, 'practice.submitReply')).toHaveLength(0);
  });

  it('queues each answer on the device first and sends them with addSimulationReplys', async () => {
    const s = practiceSession();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    open(s, { 'exam.addSimulationReplys': async (p) => (await gate, saveReply(p, s)) });
    await screen.findByText('关于护理的说法');
    await user().click(option('B'));
    await user().click(screen.getByRole('button', { name: '下一题' }));
    await user().click(option('C'));
    // On the device at once (kept until the server has answered).
    await waitFor(async () =>
      expect((await pendingExamReplies(s.examHistoryID)).map((e) => [e.allTestID, e.lastUserReply])).toEqual([
        [1, 'B'],
        [2, 'C'],
      ]),
    );
    // A batch leaves within seconds: no notice unless a send fails.
    expect(screen.queryByText(/条答题记录待同步/)).toBeNull();
    await waitFor(() => expect(sent().length).toBeGreaterThan(0), { timeout: 5000 });
    release();
    await waitFor(async () => expect(await pendingExamReplies(s.examHistoryID)).toEqual([]), { timeout: 5000 });
    expect(
      sent()
        .flat()
        .map((r) => [r.allTestID, r.lastUserReply]),
    ).toEqual([
      [1, 'B'],
      [2, 'C'],
    ]);
    expect(callsTo(callMock, 'practice.submitReply')).toHaveLength(0);
  });

  it('sends the replies waiting on the device as one batch when the session opens', async () => {
    const s = practiceSession();
    await queueExamReply(s.examHistoryID, { allTestID: 1, lastUserReply: 'B', flagged: false });
    await queueExamReply(s.examHistoryID, { allTestID: 2, lastUserReply: 'C', flagged: false });
    open(s);
    expect(await screen.findByText('第 3 / 7 题')).toBeTruthy();
    await waitFor(() => expect(sent()).toHaveLength(1), { timeout: 5000 });
    expect(sent()[0]!.map((r) => [r.allTestID, r.lastUserReply])).toEqual([
      [1, 'B'],
      [2, 'C'],
    ]);
  });

  it('keeps a failed batch on the device and sends the same replyIDs again', async () => {
    const s = practiceSession();
    let online = false;
    open(s, {
      'exam.addSimulationReplys': (p) => {
        if (!online) throw new ApiError(0, '网络异常', null, 'network');
        return saveReply(p, s);
      },
    });
    await screen.findByText('关于护理的说法');
    await user().click(option('B'));
    await waitFor(() => expect(sent()).toHaveLength(1), { timeout: 5000 });
    expect(await pendingExamReplies(s.examHistoryID)).toHaveLength(1);
    expect(await screen.findByText('有 1 条答题记录待同步（网络异常，自动重试）')).toBeTruthy();
    online = true;
    await user().click(screen.getByRole('button', { name: '下一题' }));
    await user().click(option('B'));
    await waitFor(() => expect(sent()).toHaveLength(2), { timeout: 5000 });
    expect(sent()[1]!.map((r) => r.replyID)[0]).toBe(sent()[0]![0]!.replyID);
    await waitFor(async () => expect(await pendingExamReplies(s.examHistoryID)).toEqual([]));
  });

  it('resumes: the server replies and the device queue show as answered, and it opens at the first unanswered question', async () => {
    const s = practiceSession({ replies: { '1': 'B' } });
    await queueExamReply(s.examHistoryID, { allTestID: 2, lastUserReply: 'A', flagged: false });
    open(s, { 'exam.addSimulationReplys': () => new Promise(() => undefined) });
    expect(await screen.findByText('第 3 / 7 题')).toBeTruthy();
    expect(screen.getByText('已答 2/7')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '上一题' }));
    expect(screen.getByText('回答错误')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '答题卡' }));
    const sheet = screen.getByTestId('answer-sheet');
    expect(within(sheet).getByRole('button', { name: '第1题 正确' })).toBeTruthy();
    expect(within(sheet).getByRole('button', { name: '第2题 错误' })).toBeTruthy();
    expect(within(sheet).getByRole('button', { name: '第3题 未做' })).toBeTruthy();
  });

  it('交卷 confirms with the unanswered count, flushes the queue, hands in and opens the result', async () => {
    const s = practiceSession();
    const { where } = open(s);
    await screen.findByText('关于护理的说法');
    await user().click(option('B'));
    // Declining keeps the learner in the player.
    confirmMock.mockResolvedValueOnce(false);
    await user().click(screen.getByRole('button', { name: '交卷' }));
    expect(confirmText(0).split('|').filter(Boolean)).toEqual(['还有 6 题未答：第 2-7 题', '交卷后将不能再修改答案，确定交卷吗？']);
    expect(callsTo(callMock, 'exam.handIn')).toHaveLength(0);
    await user().click(screen.getByRole('button', { name: '交卷' }));
    await waitFor(() => expect(where()).toBe(`/examResult?examHistoryID=${s.examHistoryID}`));
    const handIns = callsTo(callMock, 'exam.handIn');
    expect(handIns).toHaveLength(1);
    // The answer reached the server with the hand-in (it carries what is unsent) or in a batch before it, never after.
    const order = callMock.mock.calls
      .filter(([def, p]) => ['exam.addSimulationReplys', 'exam.handIn'].includes((def as { id: string }).id) && (p as { examHistoryID: number }).examHistoryID === s.examHistoryID)
      .map(([def]) => (def as { id: string }).id);
    expect(order.at(-1)).toBe('exam.handIn');
    const carried = handIns[0]!.replies ? (JSON.parse(handIns[0]!.replies as string) as { allTestID: number }[]) : [];
    expect([...sent().flat(), ...carried].map((r) => r.allTestID)).toContain(1);
  });

  it('the last question offers 交卷 instead of 下一题, and the answer sheet has 交卷 too', async () => {
    const s = practiceSession({ replies: { '1': 'B', '2': 'B', '3': 'A', '4': 'C', '5': 'C', '6': 'A' } });
    const { where } = open(s);
    expect(await screen.findByText('第 7 / 7 题')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '下一题' })).toBeNull();
    await user().click(screen.getByRole('button', { name: '答题卡' }));
    await user().click(within(screen.getByTestId('answer-sheet')).getByRole('button', { name: '交卷' }));
    expect(confirmText(0)).toContain('还有 1 题未答：第 7 题');
    await waitFor(() => expect(where()).toBe(`/examResult?examHistoryID=${s.examHistoryID}`));
  });

  it("a session with a deadline shows the server's countdown and hands in by itself at 0", async () => {
    const s = practiceSession({}, 3);
    const { where } = open(s);
    await screen.findByText('关于护理的说法');
    expect(screen.getByTestId('countdown').textContent).toMatch(/^00:0[1-3]$/);
    await user().click(option('B'));
    await waitFor(() => expect(where()).toBe(`/examResult?examHistoryID=${s.examHistoryID}`), { timeout: 8000 });
    expect(confirmMock).not.toHaveBeenCalled();
    expect(callsTo(callMock, 'exam.handIn')).toEqual([{ examHistoryID: s.examHistoryID }]);
    expect(
      sent()
        .flat()
        .map((r) => r.allTestID),
    ).toEqual([1]);
  });

  it('handed in on another device: back on the page, the player notices it and opens the result', async () => {
    const s = practiceSession();
    let reads = 0;
    const { where } = open(s, { 'exam.resume': () => ((reads += 1) === 1 ? s : { ...s, status: 'handed' }) });
    await screen.findByText('关于护理的说法');
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(where()).toBe(`/examResult?examHistoryID=${s.examHistoryID}`));
  });

  it('an answer refused because the session was handed in says so and opens the result', async () => {
    const s = practiceSession();
    const { where } = open(s, { 'exam.addSimulationReplys': () => fail(400, '考试已交卷，答案未保存') });
    await screen.findByText('关于护理的说法');
    await user().click(option('B'));
    await waitFor(() => expect(where()).toBe(`/examResult?examHistoryID=${s.examHistoryID}`), { timeout: 8000 });
    expect(toast).toHaveBeenCalledWith('考试已交卷，答案未保存');
    expect(await pendingExamReplies(s.examHistoryID)).toEqual([]);
  });

  it('a handed-in session opens its result straight away', async () => {
    const s = practiceSession({ status: 'handed' });
    const { where } = open(s);
    await waitFor(() => expect(where()).toBe(`/examResult?examHistoryID=${s.examHistoryID}`));
    expect(callsTo(callMock, 'exam.handIn')).toHaveLength(0);
  });

  it('an unknown session shows the server message without 重试', async () => {
    open(practiceSession(), { 'exam.resume': () => fail(404, '考试记录不存在') });
    expect(await screen.findByText('考试记录不存在')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    expect(screen.getByRole('button', { name: '查看考试记录' })).toBeTruthy();
  });

  it('an exam-display session is not played in the practice player: it opens in /computerPaper', async () => {
    const s = practiceSession({ mode: 'exam', keys: undefined });
    const { where } = open(s);
    await waitFor(() => expect(where()).toBe(`/computerPaper?examHistoryID=${s.examHistoryID}`));
  });

  it('a bad examHistoryID is refused in Chinese without a call', async () => {
    renderScreen(<AnswerTestScreen />, { path: '/answerTest', url: '/answerTest?source=session&examHistoryID=abc' });
    expect(await screen.findByText('练习记录编号不正确')).toBeTruthy();
    expect(callMock).not.toHaveBeenCalled();
  });
});
