import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { toast } from '../../ui/dialogs';
import { callsTo, demoLogin, fakeApi, renderScreen, resetStorage, trialNursing, type ReplyData, shellHandlers } from '../../test/screens';
import MemoryAnswerScreen from './memory-answer-screen';
import { book, page, sq, summary } from '../../test/fixtures/study';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
});

const deck = () =>
  page([
    sq({ allTestID: 1, stem: '第一张卡', explanation: '因为【要点】', points: ['心衰'], book: book({ wrongCount: 2 }) }),
    sq({ allTestID: 2, stem: '第二张卡', childTableName: 'TF', options: [], answer: 'A', book: book() }),
    sq({ allTestID: 3, stem: '第三张卡', childTableName: 'FILL', options: [], answer: ['胰岛素', 'insulin'], book: book() }),
  ]);

describe('/memoryAnswer', () => {
  it('shows the due items one at a time with answer and explanation; 记得/模糊/忘了 go on at once; a summary at the end', async () => {
    const pending: ((v: ReplyData<'study.evaluate'>) => void)[] = [];
    fakeApi(callMock, {
      ...shellHandlers(),
      'study.getErrorTest': () => deck(),
      // The server never answers during the session: the cards must not wait for it.
      'study.evaluate': () => new Promise((resolve) => pending.push(resolve)),
    });
    renderScreen(<MemoryAnswerScreen />, { path: '/memoryAnswer' });
    expect(await screen.findByText('第一张卡')).toBeTruthy();
    expect(callsTo(callMock, 'study.getErrorTest')[0]).toEqual({ appID: 1001, due: true, page: 1, pageSize: 50 });
    expect(screen.getByLabelText('进度').textContent).toBe('1/3');
    expect(screen.getByTestId('correct-answer').textContent).toBe('B');
    expect(screen.getByRole('region', { name: '解析' }).querySelector('mark')?.textContent).toBe('要点');
    expect(screen.getByText('已答错 2 次')).toBeTruthy();

    await user().click(screen.getByRole('button', { name: '记得' }));
    expect(await screen.findByText('第二张卡')).toBeTruthy();
    expect(screen.getByLabelText('进度').textContent).toBe('2/3');
    expect(within(screen.getByTestId('option-A')).getByText('正确')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '模糊' }));
    expect(await screen.findByText('第三张卡')).toBeTruthy();
    expect(screen.getByTestId('correct-answer').textContent).toBe('胰岛素');
    await user().click(screen.getByRole('button', { name: '忘了' }));

    const done = await screen.findByRole('region', { name: '复习完成' });
    expect(done.textContent).toContain('共复习 3 题');
    expect(done.textContent).toContain('1记得1模糊1忘了');
    expect(callsTo(callMock, 'study.evaluate')).toEqual([
      { appID: 1001, allTestID: 1, status: 'know' },
      { appID: 1001, allTestID: 2, status: 'vague' },
      { appID: 1001, allTestID: 3, status: 'forgot' },
    ]);
    expect(pending).toHaveLength(3);
  });

  it('a failed evaluation shows a toast and the session goes on', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'study.getErrorTest': () => deck(),
      'study.evaluate': () => {
        throw new ApiError(0, '网络加载异常，请稍后重试', null, 'network');
      },
    });
    renderScreen(<MemoryAnswerScreen />, { path: '/memoryAnswer' });
    await user().click(await screen.findByRole('button', { name: '忘了' }));
    expect(await screen.findByText('第二张卡')).toBeTruthy();
    await waitFor(() => expect(toast).toHaveBeenCalledWith('第1题的复习结果未能保存：网络加载异常，请稍后重试'));
  });

  it('nothing due: offers the whole book, which is then recited', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'study.getErrorTest': (p) => (p.due ? page([]) : deck()),
      'study.reviewSummary': () => summary({ items: 3, due: 0 }),
    });
    renderScreen(<MemoryAnswerScreen />, { path: '/memoryAnswer' });
    expect(await screen.findByText('今天没有要复习的错题')).toBeTruthy();
    await user().click(await screen.findByRole('button', { name: '复习整本错题本（3题）' }));
    expect(await screen.findByText('第一张卡')).toBeTruthy();
    expect(screen.getByText('整本复习')).toBeTruthy();
    expect(callsTo(callMock, 'study.getErrorTest')[1]).toEqual({ appID: 1001, page: 1, pageSize: 50 });
  });

  it('an empty book says so', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'study.getErrorTest': () => page([]), 'study.reviewSummary': () => summary({ items: 0, due: 0 }) });
    const view = renderScreen(<MemoryAnswerScreen />, { path: '/memoryAnswer' });
    expect(await screen.findByText('错题本是空的：练习中答错的题会自动收进来')).toBeTruthy();
    expect(screen.queryByText('今天没有要复习的错题')).toBeNull();
    expect(screen.queryByRole('button', { name: /复习整本错题本/ })).toBeNull();
    await user().click(screen.getByRole('button', { name: '去章节练习' }));
    expect(view.where()).toBe('/chapterMenu');
  });

  it('more due than one deck: 继续复习 loads the next one', async () => {
    let round = 0;
    fakeApi(callMock, {
      ...shellHandlers(),
      'study.getErrorTest': () => {
        round += 1;
        return round === 1 ? page([sq({ allTestID: 1, stem: '第一轮' })], { total: 2 }) : page([sq({ allTestID: 2, stem: '第二轮' })], { total: 1 });
      },
      'study.evaluate': () => ({ allTestID: 1, inBook: false, book: null }),
    });
    renderScreen(<MemoryAnswerScreen />, { path: '/memoryAnswer' });
    await user().click(await screen.findByRole('button', { name: '记得' }));
    await user().click(await screen.findByRole('button', { name: '继续复习（还有 1 题）' }));
    expect(await screen.findByText('第二轮')).toBeTruthy();
    expect(screen.getByLabelText('进度').textContent).toBe('1/1');
  });

  it('a 403 shows the buy prompt', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'study.getErrorTest': () => {
        throw new ApiError(403, '开通以下任一班次可使用该功能', { unlocking: [{ vn: '2', vname: 'VIP班' }] }, 'reply');
      },
    });
    renderScreen(<MemoryAnswerScreen />, { path: '/memoryAnswer' });
    expect(within(await screen.findByTestId('buy-prompt')).getByText('VIP班')).toBeTruthy();
  });
});
