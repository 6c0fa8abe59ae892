import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { agentStore } from '../../lib/agent';
import { onOutboxChange, pendingCount, queueReply } from '../../lib/outbox/practice';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage, trialNursing, shellHandlers } from '../../test/screens';
import AnswerTestScreen, { otherSubjectChapter } from './answer-test-screen';
import { mixedChapter, question } from '../../test/fixtures/practice';
import type { ChapterTest } from '../../entities/practice/api';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs'); // ui/__mocks__/dialogs.ts
vi.mock('../../lib/outbox/practice', () => ({
  queueReply: vi.fn(async () => 'reply-id-0000000001'),
  pendingCount: vi.fn(async () => 0),
  onOutboxChange: vi.fn(() => () => undefined),
  onReplySent: vi.fn(() => () => undefined),
  pendingFor: vi.fn(async () => []),
}));

const callMock = call as unknown as Mock;
const queueMock = queueReply as unknown as Mock;
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  agentStore.set(null);
  saveSelectedSubject(trialNursing);
  (pendingCount as Mock).mockResolvedValue(0);
  (onOutboxChange as Mock).mockReturnValue(() => undefined);
});

function openPlayer(test: ChapterTest = mixedChapter()) {
  fakeApi(callMock, { ...shellHandlers(), 'practice.getChapterTestEx': () => test });
  return renderScreen(<AnswerTestScreen />, { path: '/answerTest', url: '/answerTest?cptID=11' });
}

const option = (key: string) => screen.getByRole('button', { name: new RegExp(`^${key}`) });
const next = () => user().click(screen.getByRole('button', { name: '下一题' }));

describe('/answerTest: the player', () => {
  it('loads the chapter once (pageSize 500) and answers an A1 wrongly with feedback, explanation and key points', async () => {
    openPlayer();
    expect(await screen.findByText('第 1 / 8 题')).toBeTruthy();
    expect(screen.getByText('A1型题')).toBeTruthy();
    expect(callsTo(callMock, 'practice.getChapterTestEx')).toEqual([{ appID: 1001, cptID: 11, page: 1, pageSize: 500 }]);
    expect(screen.getByText('要点一').tagName).toBe('MARK');
    await user().click(option('A'));
    expect(screen.getByText('回答错误')).toBeTruthy();
    expect(screen.getByTestId('correct-answer').textContent).toBe('B');
    expect(screen.getByText('解析')).toBeTruthy();
    expect(screen.getByText('关键点').tagName).toBe('MARK');
  });

  it('answers an A1 rightly and queues the reply with the submitReply fields', async () => {
    openPlayer();
    await screen.findByText('第 1 / 8 题');
    await user().click(option('B'));
    expect(screen.getByText('回答正确')).toBeTruthy();
    expect(queueMock).toHaveBeenCalledTimes(1);
    expect(queueMock.mock.calls[0]![0]).toEqual({
      appID: 1001,
      cptID: 11,
      allTestID: 1,
      childTableID: 0,
      childTableName: 'A1',
      srcID: 'q1',
      sbjID: 1001,
      styleID: 1,
      lastUserReply: 'B',
      spendTime: 0,
      examHistoryID: 0,
    });
    // Answering never waits for the network: no submitReply call from the player itself.
    expect(callsTo(callMock, 'practice.submitReply')).toHaveLength(0);
  });

  it('X needs 确认答案 after ticking the options', async () => {
    openPlayer();
    await screen.findByText('第 1 / 8 题');
    await next();
    expect(screen.getByText('多选题')).toBeTruthy();
    const confirmBtn = screen.getByRole('button', { name: '确认答案' }) as HTMLButtonElement;
    expect(confirmBtn.disabled).toBe(true);
    await user().click(option('D'));
    await user().click(option('A'));
    await user().click(option('C'));
    expect(screen.queryByText(/回答/)).toBeNull();
    await user().click(confirmBtn);
    expect(screen.getByText('回答正确')).toBeTruthy();
    expect(queueMock.mock.calls[0]![0]).toMatchObject({ allTestID: 2, lastUserReply: 'ACD', childTableName: 'X', styleID: 3 });
  });

  it('X: a partial pick is wrong and the missed correct options are shown', async () => {
    openPlayer();
    await screen.findByText('第 1 / 8 题');
    await next();
    await user().click(option('A'));
    await user().click(screen.getByRole('button', { name: '确认答案' }));
    expect(screen.getByText('回答错误')).toBeTruthy();
    expect(screen.getByTestId('correct-answer').textContent).toBe('ACD');
    expect(option('C').className).toMatch(/optionMissed/);
    expect(option('A').className).toMatch(/optionRight/);
  });

  it('FILL: type the answer and 提交', async () => {
    openPlayer();
    await screen.findByText('第 1 / 8 题');
    await next();
    await next();
    expect(screen.getByText('填空题')).toBeTruthy();
    await user().type(screen.getByRole('textbox', { name: '填写答案' }), ' 胰 岛素 ');
    await user().click(screen.getByRole('button', { name: '提交' }));
    expect(screen.getByText('回答正确')).toBeTruthy();
    expect(screen.getByTestId('correct-answer').textContent).toBe('胰岛素');
    expect(queueMock.mock.calls[0]![0]).toMatchObject({ allTestID: 3, lastUserReply: '胰 岛素', childTableName: 'FILL' });
  });

  it('keeps the learner’s place: back from 纠错 and a reload return to the question left; a fresh open starts at the first unanswered', async () => {
    const view = openPlayer();
    await screen.findByText('第 1 / 8 题');
    await user().click(option('B'));
    await next();
    await next();
    await next();
    expect(screen.getByText('第 4 / 8 题')).toBeTruthy();
    await act(() => view.router.navigate('/testfeedback?allTestID=4'));
    await act(() => view.router.navigate(-1));
    expect(await screen.findByText('第 4 / 8 题')).toBeTruthy();
    view.unmount();

    // A reload keeps the history entry (its location key): same question.
    const reloaded = openPlayer();
    expect(await screen.findByText('第 4 / 8 题')).toBeTruthy();

    // Opened again from the chapter menu: a new history entry, at the first unanswered question (the
    // fake server's copy knows no reply: the outbox is mocked here).
    await act(() => reloaded.router.navigate('/x'));
    await act(() => reloaded.router.navigate('/answerTest?cptID=11'));
    expect(await screen.findByText('第 1 / 8 题')).toBeTruthy();
  });

  it('a chapter the current subject does not have (switched subject meanwhile) leads back to the chapter menu, not to a useless 重试', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'practice.getChapterTestEx': () => fail(404, '章节不存在') });
    const view = renderScreen(<AnswerTestScreen />, { path: '/answerTest', url: '/answerTest?cptID=999' });
    expect(await screen.findByText(otherSubjectChapter(trialNursing))).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    await user().click(screen.getByRole('button', { name: '返回章节目录' }));
    expect(view.where()).toBe('/chapterMenu');
  });

  it('A3: the case stem stays on top across its sub-questions', async () => {
    openPlayer();
    await screen.findByText('第 1 / 8 题');
    await user().click(screen.getByRole('button', { name: '答题卡' }));
    await user().click(within(screen.getByTestId('answer-sheet')).getByRole('button', { name: '第4题 未做' }));
    expect(screen.getByText('A3型题')).toBeTruthy();
    expect(screen.getByTestId('case-stem').textContent).toContain('患者，女，62岁，糖尿病12年。');
    expect(screen.getByText('最可能的诊断是')).toBeTruthy();
    await user().click(option('A'));
    expect(queueMock.mock.calls[0]![0]).toMatchObject({ allTestID: 4, childTableID: 7, childTableName: 'A3', srcID: 'g1-1' });
    await next();
    expect(screen.getByText('首选的治疗是')).toBeTruthy();
    expect(screen.getByTestId('case-stem').textContent).toContain('患者，女，62岁，糖尿病12年。');
  });

  it('B1: every stem shows the shared options', async () => {
    openPlayer();
    await screen.findByText('第 1 / 8 题');
    for (let i = 0; i < 5; i++) await next();
    expect(screen.getByText('第 6 / 8 题')).toBeTruthy();
    expect(screen.getByText('进食第一口饭时嚼服的是')).toBeTruthy();
    expect(option('C').textContent).toContain('阿卡波糖');
    await user().click(option('C'));
    expect(screen.getByText('回答正确')).toBeTruthy();
    await next();
    expect(screen.getByText('肥胖者首选')).toBeTruthy();
    expect(option('A').textContent).toContain('二甲双胍');
    expect(option('D').textContent).toContain('普通胰岛素');
  });

  it('the answer sheet colours answered numbers and jumps', async () => {
    openPlayer();
    await screen.findByText('第 1 / 8 题');
    await user().click(option('A'));
    await next();
    await user().click(screen.getByRole('button', { name: '答题卡' }));
    const sheet = screen.getByTestId('answer-sheet');
    expect(within(sheet).getByRole('button', { name: '第1题 错误' })).toBeTruthy();
    expect(within(sheet).getByText('已做 1/8 答对 0 答错 1')).toBeTruthy();
    await user().click(within(sheet).getByRole('button', { name: '第8题 未做' }));
    expect(screen.queryByTestId('answer-sheet')).toBeNull();
    expect(screen.getByText('第 8 / 8 题')).toBeTruthy();
    expect(screen.getByText('判断题')).toBeTruthy();
    expect(option('A').textContent).toContain('正确');
  });

  it('resumes at the first question without a reply, showing earlier replies', async () => {
    const test = mixedChapter();
    const last = { lastUserReply: 'A', right: false, score: 0, spendTime: 4, answeredAt: '2026-11-20T10:00:00.000Z' };
    test.list[0] = { ...test.list[0]!, last };
    test.list[1] = { ...test.list[1]!, last: { ...last, lastUserReply: 'ACD', right: true, score: 1 } };
    openPlayer(test);
    expect(await screen.findByText('第 3 / 8 题')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '上一题' }));
    await user().click(screen.getByRole('button', { name: '上一题' }));
    expect(screen.getByText('回答错误')).toBeTruthy();
  });

  it('keyboard: → and ← move, a letter picks an option', async () => {
    openPlayer();
    await screen.findByText('第 1 / 8 题');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(screen.getByText('第 2 / 8 题')).toBeTruthy();
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    fireEvent.keyDown(window, { key: 'b' });
    expect(screen.getByText('回答正确')).toBeTruthy();
  });

  it('swiping left goes to the next question', async () => {
    openPlayer();
    const stem = await screen.findByText('第 1 / 8 题');
    const player = stem.closest('div')!.parentElement!;
    fireEvent.touchStart(player, { touches: [{ clientX: 300, clientY: 200 }] });
    fireEvent.touchEnd(player, { changedTouches: [{ clientX: 100, clientY: 210 }] });
    expect(screen.getByText('第 2 / 8 题')).toBeTruthy();
  });

  it('背题模式 shows the answer and explanation without answering', async () => {
    openPlayer();
    await screen.findByText('第 1 / 8 题');
    await user().click(screen.getByRole('checkbox', { name: '背题模式' }));
    expect(screen.getByTestId('correct-answer').textContent).toBe('B');
    expect(screen.getByText('解析')).toBeTruthy();
    expect(screen.getByText('关键点').tagName).toBe('MARK');
    expect(screen.queryByText(/回答(正确|错误)/)).toBeNull();
    expect(queueMock).not.toHaveBeenCalled();
  });

  it('shows how many answers wait to sync', async () => {
    let listener: (n: number) => void = () => undefined;
    (pendingCount as Mock).mockResolvedValue(2);
    (onOutboxChange as Mock).mockImplementation((fn: (n: number) => void) => {
      listener = fn;
      return () => undefined;
    });
    openPlayer();
    expect(await screen.findByText('有 2 条答题记录待同步')).toBeTruthy();
    act(() => listener(0));
    expect(screen.queryByText(/待同步/)).toBeNull();
  });

  it('never renders HTML from the bank: markup in a stem appears as text', async () => {
    const evil = '<img src=x onerror=alert(1)>';
    openPlayer({ ...mixedChapter(), list: [question({ allTestID: 1, stem: `${evil}看图[ecg-01.svg]` })], groups: [] });
    expect(await screen.findByText(`${evil}看图`)).toBeTruthy();
    const imgs = document.querySelectorAll('img');
    expect(imgs).toHaveLength(1);
    expect(imgs[0]!.getAttribute('src')).toBe('/api/images/1001/ecg-01.svg');
    expect(imgs[0]!.getAttribute('loading')).toBe('lazy');
  });

  it('a 403 shows the buy prompt', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'practice.getChapterTestEx': () => {
        throw new ApiError(403, '开通以下任一班次可使用该功能', { unlocking: [{ vn: '3', vname: '至尊班' }] }, 'reply');
      },
    });
    renderScreen(<AnswerTestScreen />, { path: '/answerTest', url: '/answerTest?cptID=11' });
    expect(within(await screen.findByTestId('buy-prompt')).getByText('至尊班')).toBeTruthy();
  });
});
