import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { agentStore } from '../../lib/agent';
import { onOutboxChange, onReplySent, pendingCount } from '../../lib/outbox/practice';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { callsTo, demoLogin, fakeApi, renderScreen, resetStorage, trialNursing, shellHandlers } from '../../test/screens';
import AnswerTestScreen from './answer-test-screen';
import { question } from '../../test/fixtures/practice';
import type { SetQuestion } from '../../entities/practice/sources';

/**
 * Issue 32: a review session serves every due item. Opened again it is read anew (never the round answered
 * before), and a finished set offers 下一组 while the book has items due, then says the round is complete.
 */

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');
vi.mock('../../lib/outbox/practice', () => ({
  queueReply: vi.fn(async () => 'reply-id-0000000001'),
  pendingCount: vi.fn(async () => 0),
  pendingFor: vi.fn(async () => []),
  onOutboxChange: vi.fn(() => () => undefined),
  onReplySent: vi.fn(() => () => undefined),
}));

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  agentStore.set(null);
  saveSelectedSubject(trialNursing);
  (pendingCount as Mock).mockResolvedValue(0);
  (onOutboxChange as Mock).mockReturnValue(() => undefined);
  (onReplySent as Mock).mockReturnValue(() => undefined);
});

const book = { wrongCount: 1, rightStreak: 0, due: '2026-11-27T00:00:00.000Z', state: 'learning', reps: 1, lapses: 0, addedAt: '', lastWrongAt: '' } as const;
const items = (from: number, n: number): SetQuestion[] => Array.from({ length: n }, (_, i) => ({ ...question({ allTestID: from + i }), book }));

/** A fake book: `due` is what getErrorTest {due: true} serves now, `summary` what reviewSummary says. */
function fakeBook(state: { due: SetQuestion[]; summary: { due: number; nextDueAt: string | null } }) {
  fakeApi(callMock, {
    ...shellHandlers(),
    'study.getErrorTest': () => ({ AppID: 1001, page: 1, pageSize: 50, total: state.due.length, groups: [], list: state.due.map((q) => ({ ...q, book: q.book ?? null })) }),
    'study.reviewSummary': () => ({ AppID: 1001, items: 20, cleared: 0, clearAfter: 3, ...state.summary }),
  });
}

/** Answers every question of the set shown (option A: wrong, the fixtures' key is B). */
async function answerAll(n: number) {
  for (let i = 1; i <= n; i++) {
    expect(await screen.findByText(`第 ${i} / ${n} 题`)).toBeTruthy();
    await user().click(screen.getByRole('button', { name: /^A/ }));
    if (i < n) await user().click(screen.getByRole('button', { name: '下一题' }));
  }
}

describe('/answerTest?source=review', () => {
  it('opened again, it serves what is due now, unanswered — not the round answered before; back from 纠错 keeps the set', async () => {
    const state = { due: items(1, 6), summary: { due: 6, nextDueAt: null } };
    fakeBook(state);
    const view = renderScreen(<AnswerTestScreen />, { path: '/answerTest', url: '/answerTest?source=review' });
    await answerAll(6);
    expect(callsTo(callMock, 'study.getErrorTest')).toEqual([{ appID: 1001, cptID: undefined, due: true, page: 1, pageSize: 50 }]);

    // 纠错 and back: the same history entry, the same set where the learner left it.
    await act(() => view.router.navigate('/testfeedback?allTestID=6'));
    await act(() => view.router.navigate(-1));
    expect(await screen.findByText('第 6 / 6 题')).toBeTruthy();
    expect(callsTo(callMock, 'study.getErrorTest')).toHaveLength(1);

    // Meanwhile 7 more fell due (the plan's evaluation) and the 6 came back: opened again from 错题本, all 13.
    state.due = [...items(1, 6), ...items(7, 7)];
    await act(() => view.router.navigate('/consolidate'));
    await act(() => view.router.navigate('/answerTest?source=review'));
    expect(await screen.findByText('第 1 / 13 题')).toBeTruthy();
    expect(callsTo(callMock, 'study.getErrorTest')).toHaveLength(2);
    expect(screen.queryByText(/回答/)).toBeNull();
    expect(screen.queryByRole('region', { name: '本组复习' })).toBeNull();
  });

  it('a finished set offers 下一组 while items are due, reads the next set, and ends with 本轮复习完成 and 返回错题本', async () => {
    const state = { due: items(1, 2), summary: { due: 2, nextDueAt: null as string | null } };
    fakeBook(state);
    const view = renderScreen(<AnswerTestScreen />, { path: '/answerTest', url: '/answerTest?source=review' });
    expect(await screen.findByText('第 1 / 2 题')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '本组复习' })).toBeNull();
    // Three more than the set held are due when it ends (past the cap, or due again).
    state.summary = { due: 3, nextDueAt: null };
    await answerAll(2);
    const end = await screen.findByRole('region', { name: '本组复习' });
    expect(within(end).getByText('本组 2 题已答完')).toBeTruthy();
    expect(await within(end).findByText('还有 3 道错题到期')).toBeTruthy();

    state.due = items(3, 3);
    state.summary = { due: 0, nextDueAt: '2099-01-01T10:00:00.000Z' };
    await user().click(within(end).getByRole('button', { name: '下一组（3）' }));
    expect(await screen.findByText('第 1 / 3 题')).toBeTruthy();
    expect(callsTo(callMock, 'study.getErrorTest')).toHaveLength(2);
    expect(screen.queryByText(/回答/)).toBeNull();
    await answerAll(3);
    const done = await screen.findByRole('region', { name: '本组复习' });
    expect(await within(done).findByText('本轮复习完成')).toBeTruthy();
    expect(within(done).getByText(/^到期的错题都复习过了，下一题在2099年1月1日/)).toBeTruthy();
    await user().click(within(done).getByRole('button', { name: '返回错题本' }));
    expect(view.where()).toBe('/consolidate');
  });

  it('waits for the answers to reach the server before offering the next set', async () => {
    let outbox: (n: number) => void = () => undefined;
    (onOutboxChange as Mock).mockImplementation((fn: (n: number) => void) => {
      outbox = fn;
      return () => undefined;
    });
    const state = { due: items(1, 1), summary: { due: 1, nextDueAt: null } };
    fakeBook(state);
    renderScreen(<AnswerTestScreen />, { path: '/answerTest', url: '/answerTest?source=review' });
    expect(await screen.findByText('第 1 / 1 题')).toBeTruthy();
    act(() => outbox(1));
    await user().click(screen.getByRole('button', { name: /^A/ }));
    const end = await screen.findByRole('region', { name: '本组复习' });
    expect(within(end).getByText('还有 1 条作答正在同步，同步后可继续复习')).toBeTruthy();
    expect((within(end).getByRole('button', { name: '下一组' }) as HTMLButtonElement).disabled).toBe(true);

    // Sent: the book is read again and nothing is due any more.
    const before = callsTo(callMock, 'study.reviewSummary').length;
    state.summary = { due: 0, nextDueAt: null };
    act(() => outbox(0));
    expect(await within(end).findByText('本轮复习完成')).toBeTruthy();
    expect(callsTo(callMock, 'study.reviewSummary').length).toBeGreaterThan(before);
    expect(within(end).getByText('到期的错题都复习过了')).toBeTruthy();
  });
});
