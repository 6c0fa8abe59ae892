import 'fake-indexeddb/auto';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { agentStore } from '../../lib/agent';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { alertMsg, confirm, toast } from '../../ui/dialogs';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage, trialNursing, shellHandlers } from '../../test/screens';
import ComputerPaperScreen from './computer-paper-screen';
import type { Session } from '../../lib/exam-model';
import { pendingExamReplies, queueExamReply } from '../../lib/outbox/exam';
import { SECTION_CONFIRM } from './exam-runner';
import { examSession } from '../../test/fixtures/exam';
import { result } from '../../test/fixtures/exam-results';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs'); // ui/__mocks__/dialogs.ts

const callMock = call as unknown as Mock;
const confirmMock = confirm as unknown as Mock;
const user = () => userEvent.setup();
let nextID = 1000;

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  agentStore.set(null);
  saveSelectedSubject(trialNursing);
  confirmMock.mockResolvedValue(true);
});

const saveReply = { saved: 1, refused: [], deadline: null, serverNow: new Date().toISOString(), remainingSeconds: 600 };
const handResult = (id: number) => result({ examHistoryID: id });

/** Opens the screen on a fresh session (its own examHistoryID, so device queues never mix between tests). */
function open(
  over: Partial<Session> = {},
  clock: { serverNow?: number; remaining?: number } = {},
  handlers: Record<string, (p: Record<string, unknown>) => unknown> = {},
  before: string[] = [],
) {
  const s = examSession({ examHistoryID: (nextID += 1), ...over }, clock);
  fakeApi(callMock, {
    ...shellHandlers(),
    'exam.start': () => s,
    'exam.addSimulationReplys': (p) => ({ ...saveReply, deadline: s.deadline, saved: (JSON.parse(p.replies as string) as unknown[]).length }),
    'exam.lockSection': (p) => ({ sectionIndex: (p.sectionIndex as number) + 1, serverNow: new Date().toISOString(), remainingSeconds: 500 }),
    'exam.handIn': () => handResult(s.examHistoryID),
    ...handlers,
  });
  const view = renderScreen(<ComputerPaperScreen />, { path: '/computerPaper', url: '/computerPaper?paperID=3', before });
  return { ...view, s };
}

const option = (key: string) => screen.getByRole('button', { name: new RegExp(`^${key}`) });
const cell = (no: number) => within(screen.getByRole('complementary', { name: '题目导航' })).getByRole('button', { name: new RegExp(`^第${no}题 `) });
const sentReplies = () =>
  callsTo(callMock, 'exam.addSimulationReplys').map((p) => JSON.parse(p.replies as string) as { allTestID: number; lastUserReply: string; flagged: boolean; replyID: string }[]);
/** The replies each hand-in carried (its `replies` JSON; [] when it carried none). */
const handedReplies = () =>
  callsTo(callMock, 'exam.handIn').map((p) => (p.replies ? (JSON.parse(p.replies as string) as { allTestID: number; lastUserReply: string; flagged: boolean }[]) : []));
const confirmText = (n = 0) => renderToStaticMarkup(<>{(confirmMock.mock.calls[n]![0] as { content: ReactNode }).content}</>).replace(/<[^>]+>/g, '|');

describe('/computerPaper: the 机考 screen', () => {
  it('starts the paper and shows the header: paper name, learner, countdown from the server clock (device clock ignored)', async () => {
    // The device clock is an hour fast: the countdown still shows the server's 10 minutes.
    const { s } = open({}, { serverNow: Date.now() - 3_600_000, remaining: 600 });
    expect(await screen.findByText(s.name)).toBeTruthy();
    expect(callsTo(callMock, 'exam.start')).toEqual([{ appID: 1001, paperID: 3 }]);
    // Nothing answered yet: nothing is said to be saved.
    expect(screen.getByTestId('save-state').textContent).toBe('尚未作答');
    // The phone number is masked, as everywhere else.
    expect(screen.getByText('考生：138****0000')).toBeTruthy();
    expect(screen.getByTestId('countdown').textContent).toMatch(/^(10:00|09:59)$/);
    expect(screen.getByText(/A1型题\s+第 1 \/ 7 题/)).toBeTruthy();
  });

  it("opens today's daily test with ?daily=1 and refuses a bad query in Chinese", async () => {
    fakeApi(callMock, { ...shellHandlers(), 'exam.start': () => examSession({ name: '每日一练' }) });
    renderScreen(<ComputerPaperScreen />, { path: '/computerPaper', url: '/computerPaper?daily=1' });
    expect(await screen.findByText('每日一练')).toBeTruthy();
    expect(callsTo(callMock, 'exam.start')).toEqual([{ appID: 1001, daily: true }]);
  });

  it('opens a session a mode screen started (?examHistoryID=N) by resuming it, without a new start', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'exam.resume': () => examSession({ examHistoryID: 77, name: '随机组卷' }) });
    renderScreen(<ComputerPaperScreen />, { path: '/computerPaper', url: '/computerPaper?examHistoryID=77' });
    expect(await screen.findByText('随机组卷')).toBeTruthy();
    expect(callsTo(callMock, 'exam.resume')).toEqual([{ examHistoryID: 77 }]);
    expect(callsTo(callMock, 'exam.start')).toEqual([]);
  });

  it('shows a clear error for a missing paper number, and the buy prompt for a 403', async () => {
    renderScreen(<ComputerPaperScreen />, { path: '/computerPaper', url: '/computerPaper' });
    expect(await screen.findByText('请从试卷列表进入考试（缺少试卷编号）')).toBeTruthy();
    expect(callMock).not.toHaveBeenCalled();
  });

  it('a 403 shows the versions that open 机考', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'exam.start': () => {
        throw new ApiError(403, '开通以下任一班次可使用该功能', { unlocking: [{ vn: '3', vname: '至尊班' }] }, 'reply');
      },
    });
    renderScreen(<ComputerPaperScreen />, { path: '/computerPaper', url: '/computerPaper?paperID=3' });
    expect(await screen.findByText('开通以下任一班次可使用机考模拟')).toBeTruthy();
  });

  it('the directory shows answered, unanswered and 标疑 per question, grouped by section; later sections are closed', async () => {
    open();
    await screen.findByText('关于护理的说法');
    await user().click(option('B'));
    expect(option('B').getAttribute('aria-pressed')).toBe('true');
    await user().click(screen.getByRole('button', { name: '下一题' }));
    await user().click(screen.getByRole('button', { name: '标疑' }));
    expect(screen.getByRole('button', { name: '取消标疑' }).getAttribute('aria-pressed')).toBe('true');
    expect(cell(1).getAttribute('aria-label')).toBe('第1题 已答');
    expect(cell(2).getAttribute('aria-label')).toBe('第2题 未答 标疑');
    expect((cell(3) as HTMLButtonElement).disabled).toBe(true);
    const side = screen.getByRole('complementary', { name: '题目导航' });
    expect(within(side).getByText(/^1\/2.作答中$/)).toBeTruthy();
    expect(within(side).getAllByText(/^0\/2.未开始$/)).toHaveLength(2);
    // Written on the device at once (never waiting for the network) …
    expect(callsTo(callMock, 'exam.addSimulationReplys')).toHaveLength(0);
    // … and autosaved as one batch shortly after the last change.
    await waitFor(() => expect(sentReplies()).toHaveLength(1), { timeout: 5000 });
    expect(sentReplies()[0]!.map((e) => [e.allTestID, e.lastUserReply, e.flagged])).toEqual([
      [1, 'B', false],
      [2, '', true],
    ]);
    await waitFor(() => expect(screen.getByTestId('save-state').textContent).toBe('答案已保存'));
  });

  it('next section asks for confirmation; cancel stays; confirm flushes the replies, then locks the section', async () => {
    const { s } = open();
    await screen.findByText('关于护理的说法');
    await user().click(option('A'));
    await user().click(screen.getByRole('button', { name: '下一题' }));
    confirmMock.mockResolvedValueOnce(false);
    await user().click(screen.getByRole('button', { name: '下一题型' }));
    expect(confirmText()).toContain('本题型还有 1 题未答：第 2 题');
    expect(confirmText()).toContain(SECTION_CONFIRM);
    expect(callsTo(callMock, 'exam.lockSection')).toHaveLength(0);
    await user().click(screen.getByRole('button', { name: '下一题型' }));
    await screen.findByText('最可能的诊断是');
    expect(sentReplies()).toEqual([[expect.objectContaining({ allTestID: 1, lastUserReply: 'A', flagged: false })]]);
    expect(callsTo(callMock, 'exam.lockSection')).toEqual([{ examHistoryID: s.examHistoryID, sectionIndex: 0 }]);
    // The replies went before the lock.
    const order = callMock.mock.calls.map(([d]) => (d as { id: string }).id).filter((id) => id !== 'exam.start');
    expect(order).toEqual(['exam.addSimulationReplys', 'exam.lockSection']);
    expect((cell(1) as HTMLButtonElement).disabled).toBe(true);
    expect((cell(3) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: '上一题' }) as HTMLButtonElement).disabled).toBe(true);
    // A closed section is 已完成 in the navigation (已交卷 is said of the whole paper only).
    const nav = screen.getByRole('complementary', { name: '题目导航' });
    expect(nav.textContent).toContain('已完成');
    expect(nav.textContent).not.toContain('已交卷');
  });

  it('keeps the A3 case stem on screen while its sub-questions advance; B1 shows the shared options with each stem', async () => {
    open({ sectionIndex: 1, sections: examSession().sections.map((x, i) => ({ ...x, locked: i < 1 })) });
    await screen.findByText('最可能的诊断是');
    expect(within(screen.getByTestId('case-stem')).getByText(/糖尿病12年/)).toBeTruthy();
    expect(screen.getByText('共用题干（第3-4题）')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '下一题' }));
    expect(screen.getByText('首选的治疗是')).toBeTruthy();
    expect(within(screen.getByTestId('case-stem')).getByText(/糖尿病12年/)).toBeTruthy();
    // The case image opens the full-screen viewer.
    await user().click(within(screen.getByTestId('case-stem')).getByRole('img'));
    const viewer = screen.getByRole('dialog', { name: '查看图片' });
    expect(within(viewer).getByText('100%')).toBeTruthy();
    await user().click(within(viewer).getByRole('button', { name: '放大' }));
    expect(within(viewer).getByText('150%')).toBeTruthy();
    await user().click(within(viewer).getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog', { name: '查看图片' })).toBeNull();
  });

  it('B1 shared options and X multi-select (each toggle saved as the whole reply)', async () => {
    open({ sectionIndex: 2, sections: examSession().sections.map((x, i) => ({ ...x, locked: i < 2 })) });
    await screen.findByText('进食第一口饭时嚼服的是');
    expect(screen.getByText('阿卡波糖')).toBeTruthy();
    expect(screen.getByText('（共用备选答案）')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '下一题' }));
    expect(screen.getByText('肥胖者首选')).toBeTruthy();
    expect(screen.getByText('二甲双胍')).toBeTruthy();
    confirmMock.mockResolvedValue(true);
    await user().click(screen.getByRole('button', { name: '下一题型' }));
    await screen.findByText('多选题干');
    await user().click(option('D'));
    await user().click(option('A'));
    await user().click(option('C'));
    await user().click(option('D'));
    expect(option('A').getAttribute('aria-pressed')).toBe('true');
    expect(option('D').getAttribute('aria-pressed')).toBe('false');
    await waitFor(async () => expect((await pendingExamReplies(nextID)).map((e) => e.lastUserReply)).toEqual(['D', 'AD', 'ACD', 'AC']));
  });

  it('hand-in lists unanswered and flagged questions by number, sends only the latest reply per question, then shows the result', async () => {
    const { s, where } = open();
    await screen.findByText('关于护理的说法');
    await user().click(option('A'));
    await user().click(option('C'));
    await user().click(screen.getByRole('button', { name: '标疑' }));
    confirmMock.mockResolvedValueOnce(false);
    await user().click(screen.getByRole('button', { name: '交卷' }));
    const text = confirmText();
    expect(text).toContain('未答 6 题：第 2-7 题');
    expect(text).toContain('标疑 1 题：第 1 题');
    expect(callsTo(callMock, 'exam.handIn')).toHaveLength(0);
    await user().click(screen.getByRole('button', { name: '交卷' }));
    await waitFor(() => expect(where()).toBe(`/examResult?examHistoryID=${s.examHistoryID}`));
    // The unsent replies ride with the hand-in (one request): only the latest per question.
    expect(sentReplies()).toEqual([]);
    expect(callsTo(callMock, 'exam.handIn')).toEqual([{ examHistoryID: s.examHistoryID, replies: expect.any(String) }]);
    expect(handedReplies()).toEqual([[expect.objectContaining({ allTestID: 1, lastUserReply: 'C', flagged: true })]]);
    expect(await pendingExamReplies(s.examHistoryID)).toEqual([]);
  });

  it('says so when the sheet does not hold what the hand-in carried (another device handed in first)', async () => {
    const { s, where } = open({}, {}, { 'exam.handIn': () => ({ ...handResult(s.examHistoryID), repliesSaved: 0 }) });
    await screen.findByText('关于护理的说法');
    await user().click(option('A'));
    await user().click(screen.getByRole('button', { name: '交卷' }));
    await waitFor(() => expect(where()).toBe(`/examResult?examHistoryID=${s.examHistoryID}`));
    expect(handedReplies()).toHaveLength(1);
    expect(toast).toHaveBeenCalledWith('本机有 1 题的答案未计入成绩：试卷已由另一台设备交卷或作答时间已过');
  });

  it('a hand-in refused for what it carries goes again without it, and the result opens', async () => {
    const { s, where } = open(
      {},
      {},
      {
        'exam.handIn': (p) => {
          if (p.replies) throw fail(400, '答案格式不正确');
          return handResult(s.examHistoryID);
        },
      },
    );
    await screen.findByText('关于护理的说法');
    await user().click(option('A'));
    await user().click(screen.getByRole('button', { name: '交卷' }));
    await waitFor(() => expect(where()).toBe(`/examResult?examHistoryID=${s.examHistoryID}`));
    expect(callsTo(callMock, 'exam.handIn')).toEqual([{ examHistoryID: s.examHistoryID, replies: expect.any(String) }, { examHistoryID: s.examHistoryID }]);
    expect(await pendingExamReplies(s.examHistoryID)).toEqual([]);
  });

  it('hand-in waits when replies cannot be saved (offline) and says so', async () => {
    open(
      {},
      {},
      {
        'exam.addSimulationReplys': () => {
          throw new ApiError(0, '网络加载异常，请稍后重试', null, 'network');
        },
        'exam.handIn': () => {
          throw new ApiError(0, '网络加载异常，请稍后重试', null, 'network');
        },
      },
    );
    await screen.findByText('关于护理的说法');
    await user().click(option('A'));
    await user().click(screen.getByRole('button', { name: '交卷' }));
    await waitFor(() => expect(alertMsg).toHaveBeenCalledWith('网络异常，还有答案未保存，请检查网络后再交卷'));
    // The hand-in carried the answer and did not get through: the answer waits on the device, the sheet is open.
    expect(handedReplies()).toEqual([[expect.objectContaining({ allTestID: 1, lastUserReply: 'A' })]]);
    expect(await pendingExamReplies(nextID)).toHaveLength(1);
  });

  it('hands in by itself at 0, tolerating a refusal (the server already handed it in)', async () => {
    const { s, where } = open({}, { remaining: 2 }, { 'exam.handIn': () => fail(400, '考试已交卷') });
    await screen.findByText('关于护理的说法');
    await user().click(option('B'));
    await waitFor(() => expect(where()).toBe(`/examResult?examHistoryID=${s.examHistoryID}`), { timeout: 5000 });
    // The answer went with the automatic hand-in, or before it when the debounce sent it first.
    const carried = [...sentReplies(), ...handedReplies()].flat();
    expect(carried).toContainEqual(expect.objectContaining({ allTestID: 1, lastUserReply: 'B' }));
    // Refused while carrying the answer, it went once more without it (a refusal for what it carried), then stopped.
    const handIns = callsTo(callMock, 'exam.handIn');
    expect(handIns.length).toBeGreaterThanOrEqual(1);
    expect(handIns.length).toBeLessThanOrEqual(2);
    expect(handIns.at(-1)).toEqual({ examHistoryID: s.examHistoryID });
  });

  it('离开 asks first, sends what waits and leaves the session open (no hand-in)', async () => {
    const { where } = open();
    await screen.findByText('关于护理的说法');
    await user().click(option('E'));
    confirmMock.mockResolvedValueOnce(false);
    await user().click(screen.getByRole('button', { name: '离开' }));
    expect(confirmText()).toContain('离开后考试计时不会暂停');
    expect(where()).toBe('/computerPaper?paperID=3');
    await user().click(screen.getByRole('button', { name: '离开' }));
    await waitFor(() => expect(where()).toBe('/homePage'));
    await waitFor(() => expect(sentReplies()).toEqual([[expect.objectContaining({ allTestID: 1, lastUserReply: 'E' })]]));
    expect(callsTo(callMock, 'exam.handIn')).toHaveLength(0);
  });

  it('the back button asks like 离开 (the clock runs on): cancelled it stays, confirmed it leaves with the answers sent', async () => {
    const view = open({}, {}, {}, ['/mockExam']);
    await screen.findByText('关于护理的说法');
    await user().click(option('E'));
    confirmMock.mockResolvedValueOnce(false);
    await act(() => view.router.navigate(-1));
    await waitFor(() => expect(confirmMock).toHaveBeenCalledTimes(1));
    expect(confirmText()).toContain('离开后考试计时不会暂停');
    expect(view.where()).toBe('/computerPaper?paperID=3');
    await act(() => view.router.navigate(-1));
    await waitFor(() => expect(view.where()).toBe('/mockExam'));
    expect(confirmMock).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(sentReplies()).toEqual([[expect.objectContaining({ allTestID: 1, lastUserReply: 'E' })]]));
    expect(callsTo(callMock, 'exam.handIn')).toHaveLength(0);
  });

  it("resumes: the server's replies and flags merged with unsent replies kept on this device", async () => {
    const id = (nextID += 1);
    await queueExamReply(id, { allTestID: 2, lastUserReply: 'D', flagged: true });
    fakeApi(callMock, { ...shellHandlers(), 'exam.start': () => examSession({ examHistoryID: id, replies: { '1': 'A', '2': 'B' }, flags: [1] }) });
    renderScreen(<ComputerPaperScreen />, { path: '/computerPaper', url: '/computerPaper?paperID=3' });
    // Every question of the open section is answered: it opens at the section's first.
    await screen.findByText('关于护理的说法');
    expect(option('A').getAttribute('aria-pressed')).toBe('true');
    expect(cell(1).getAttribute('aria-label')).toBe('第1题 已答 标疑');
    expect(cell(2).getAttribute('aria-label')).toBe('第2题 已答 标疑');
    await user().click(cell(2));
    expect(screen.getByText('题干2')).toBeTruthy();
    expect(option('D').getAttribute('aria-pressed')).toBe('true');
    expect(option('B').getAttribute('aria-pressed')).toBe('false');
  });
});
