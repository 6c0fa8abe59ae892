import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { callsTo, demoLogin, fakeApi, renderScreen, resetStorage, trialNursing, type ReplyData, shellHandlers } from '../../test/screens';
import ConsolidateScreen, { EMPTY_TEXT } from './consolidate-screen';
import { catalogChapter, summary } from '../../test/fixtures/study';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
});

type BookCatalog = ReplyData<'study.getCataloglist'>;
const catalog = (kind: BookCatalog['kind'], list: ReturnType<typeof catalogChapter>[]): BookCatalog => ({
  AppID: 1001,
  kind,
  page: 1,
  pageSize: 500,
  total: list.length,
  items: list.reduce((n, c) => n + c.count, 0),
  list,
});

describe('/consolidate', () => {
  it('错题本: the review summary, its buttons and the chapters with counts and due items', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'study.reviewSummary': () => summary({ items: 7, due: 3 }),
      'study.getCataloglist': (p) => catalog(p.kind, [catalogChapter(12, '原发性高血压', 2), catalogChapter(11, '心力衰竭', 5, 3)]),
    });
    const view = renderScreen(<ConsolidateScreen />, { path: '/consolidate' });
    const card = await screen.findByRole('region', { name: '错题复习' });
    expect(card.textContent).toContain('7在本（题）');
    // Plain words, not the scheduler's: how many to review today.
    expect(card.textContent).toContain('3今天该复习（题）');
    expect(card.textContent).not.toContain('到期');
    expect(within(card).getByText('连续答对 3 次移出错题本')).toBeTruthy();
    const chapters = await screen.findByRole('region', { name: '错题本章节' });
    const rows = within(chapters).getAllByRole('button');
    expect(rows.map((r) => r.textContent)).toEqual(['心力衰竭5 题 3 题该复习', '原发性高血压2 题']);
    expect(callsTo(callMock, 'study.getCataloglist')[0]).toEqual({ appID: 1001, kind: 'error', page: 1, pageSize: 500 });
    await user().click(rows[0]!);
    expect(view.where()).toBe('/consolidate2?kind=error&cptID=11');
  });

  it('开始复习 opens the review session; 背题复习 and 全部错题练习 their screens', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'study.reviewSummary': () => summary(), 'study.getCataloglist': () => catalog('error', [catalogChapter(11, '心力衰竭', 5, 2)]) });
    const view = renderScreen(<ConsolidateScreen />, { path: '/consolidate' });
    await user().click(await screen.findByRole('button', { name: '开始复习（2）' }));
    expect(view.where()).toBe('/answerTest?source=review');
    view.unmount();
    const v2 = renderScreen(<ConsolidateScreen />, { path: '/consolidate' });
    await user().click(await screen.findByRole('button', { name: '全部错题练习' }));
    expect(v2.where()).toBe('/answerTest?source=error');
    v2.unmount();
    const v3 = renderScreen(<ConsolidateScreen />, { path: '/consolidate' });
    await user().click(await screen.findByRole('button', { name: '背题复习' }));
    expect(v3.where()).toBe('/memoryAnswer');
  });

  it('nothing due: 开始复习 is disabled and says when the next review is', async () => {
    const next = new Date(Date.now() + 86_400_000);
    next.setHours(9, 5, 0, 0);
    fakeApi(callMock, {
      ...shellHandlers(),
      'study.reviewSummary': () => summary({ items: 4, due: 0, nextDueAt: next.toISOString() }),
      'study.getCataloglist': () => catalog('error', [catalogChapter(11, '心力衰竭', 4)]),
    });
    renderScreen(<ConsolidateScreen />, { path: '/consolidate' });
    const start = await screen.findByRole('button', { name: '开始复习' });
    expect((start as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('note').textContent).toBe('今天没有要复习的错题，下一题在明天 09:05再复习');
  });

  it('the clear-after setting is saved with reviewSettings (selector and stepper)', async () => {
    let clearAfter = 3;
    fakeApi(callMock, {
      ...shellHandlers(),
      'study.reviewSummary': () => summary({ clearAfter }),
      'study.getCataloglist': () => catalog('error', []),
      'study.reviewSettings': (p) => {
        clearAfter = Number(p.clearAfter);
        return { clearAfter };
      },
    });
    renderScreen(<ConsolidateScreen />, { path: '/consolidate' });
    const select = (await screen.findByRole('combobox', { name: '连续答对次数' })) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: '5' } });
    await waitFor(() => expect(callsTo(callMock, 'study.reviewSettings')).toEqual([{ clearAfter: 5 }]));
    await waitFor(() => expect(select.value).toBe('5'));
    await user().click(screen.getByRole('button', { name: '增加一次' }));
    await waitFor(() => expect(callsTo(callMock, 'study.reviewSettings')[1]).toEqual({ clearAfter: 6 }));
    await waitFor(() => expect(screen.getByText('连续答对 6 次移出错题本')).toBeTruthy());
  });

  it('an empty book says so', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'study.reviewSummary': () => summary({ items: 0, due: 0, cleared: 0 }), 'study.getCataloglist': () => catalog('error', []) });
    renderScreen(<ConsolidateScreen />, { path: '/consolidate' });
    expect(await screen.findByText(EMPTY_TEXT.error)).toBeTruthy();
    expect((await screen.findByRole('note')).textContent).toBe('错题本里还没有题目');
    expect((screen.getByRole('button', { name: '全部错题练习' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('?tab=fav lists the favourite chapters; the tabs change the URL', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'study.reviewSummary': () => summary(),
      'study.getCataloglist': (p) => (p.kind === 'fav' ? catalog('fav', [catalogChapter(11, '心力衰竭', 2)]) : catalog(p.kind, [])),
    });
    const view = renderScreen(<ConsolidateScreen />, { path: '/consolidate', url: '/consolidate?tab=fav' });
    expect(screen.getByRole('tab', { name: '收藏' }).getAttribute('aria-selected')).toBe('true');
    const row = await screen.findByRole('button', { name: /心力衰竭/ });
    expect(callsTo(callMock, 'study.reviewSummary')).toEqual([]);
    await user().click(screen.getByRole('tab', { name: '笔记' }));
    expect(view.where()).toBe('/consolidate?tab=note');
    expect(await screen.findByText(EMPTY_TEXT.note)).toBeTruthy();
    await user().click(screen.getByRole('tab', { name: '收藏' }));
    await user().click(await screen.findByRole('button', { name: /心力衰竭/ }));
    expect(view.where()).toBe('/consolidate2?kind=fav&cptID=11');
    expect(row).toBeTruthy();
  });

  it('练习全部收藏 opens the favourites practice', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'study.getCataloglist': () => catalog('fav', [catalogChapter(11, '心力衰竭', 2)]) });
    const view = renderScreen(<ConsolidateScreen />, { path: '/consolidate', url: '/consolidate?tab=fav' });
    await user().click(await screen.findByRole('button', { name: '练习全部收藏' }));
    expect(view.where()).toBe('/answerTest?source=fav');
  });

  it('a 403 shows the buy prompt once', async () => {
    const denied = () => {
      throw new ApiError(403, '开通以下任一班次可使用该功能', { unlocking: [{ vn: '2', vname: 'VIP班' }] }, 'reply');
    };
    fakeApi(callMock, { ...shellHandlers(), 'study.reviewSummary': denied, 'study.getCataloglist': denied });
    renderScreen(<ConsolidateScreen />, { path: '/consolidate' });
    const prompt = await screen.findByTestId('buy-prompt');
    expect(within(prompt).getByText('VIP班')).toBeTruthy();
    await waitFor(() => expect(callsTo(callMock, 'study.getCataloglist')).toHaveLength(1));
    expect(screen.getAllByTestId('buy-prompt')).toHaveLength(1);
  });

  it('a failed load shows the message and retries', async () => {
    let n = 0;
    fakeApi(callMock, {
      ...shellHandlers(),
      'study.reviewSummary': () => {
        n += 1;
        if (n === 1) throw new ApiError(0, '网络加载异常，请稍后重试', null, 'network');
        return summary();
      },
      'study.getCataloglist': () => catalog('error', []),
    });
    renderScreen(<ConsolidateScreen />, { path: '/consolidate' });
    expect(await screen.findByText('网络加载异常，请稍后重试')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('region', { name: '错题复习' })).toBeTruthy();
  });

  it('without a subject asks to choose one', () => {
    resetStorage();
    saveLogin(demoLogin);
    renderScreen(<ConsolidateScreen />, { path: '/consolidate' });
    expect(screen.getByRole('button', { name: '选择科目' })).toBeTruthy();
  });
});
