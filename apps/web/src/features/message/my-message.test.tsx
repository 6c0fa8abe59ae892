import { MESSAGE_MSG, MESSAGE_PAGE_SIZE, type MessageItem, type MessageUnread } from '@kaoshi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { unreadQuery } from '../../entities/message/api';
import { saveLogin } from '../../lib/session';
import { toast } from '../../ui/dialogs';
import { showNoContent } from '../../ui/no-content';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage, type ReplyData } from '../../test/screens';
import { MyMessageScreen } from './my-message-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs'); // ui/__mocks__/dialogs.ts
vi.mock('../../ui/no-content', () => ({ showNoContent: vi.fn() }));

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

const msg = (id: number, over: Partial<MessageItem> = {}): MessageItem => ({
  id,
  kind: 'system',
  title: `通知${id}`,
  body: `内容${id}`,
  link: '',
  createdAt: new Date(Date.now() - id * 60_000).toISOString(),
  read: false,
  ...over,
});
type Tab = ReplyData<'message.list'>['tab'];
const counts = (byTab: Record<string, number>): MessageUnread => ({ total: byTab.all ?? 0, byTab });
const page = (list: MessageItem[], unread: MessageUnread, { tab = 'all' as Tab, n = 1, total = list.length } = {}): ReplyData<'message.list'> => ({
  tab,
  page: n,
  pageSize: MESSAGE_PAGE_SIZE,
  total,
  list,
  unread,
});

const three = [msg(1, { link: '/studyMain', kind: 'plan', title: '今日学习计划' }), msg(2), msg(3, { read: true })];
const unread3 = counts({ all: 2, system: 1, order: 0, study: 1, feedback: 0 });

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
});

describe('/myMessage', () => {
  it('shows the tabs with their unread counts and the messages with title, body, time and the unread dot', async () => {
    fakeApi(callMock, { 'message.list': () => page(three, unread3), 'message.unread': () => unread3 });
    renderScreen(<MyMessageScreen />, { path: '/myMessage' });
    expect(screen.getByRole('heading', { name: '我的消息' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: '全部，2条未读', selected: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '系统通知，1条未读' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '订单物流' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '学习提醒，1条未读' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '反馈回复' })).toBeTruthy();
    const items = within(await screen.findByRole('list', { name: '消息列表' })).getAllByRole('button');
    expect(items.map((b) => b.textContent?.includes('内容'))).toEqual([true, true, true]);
    expect(within(items[0]!).getByText('今日学习计划')).toBeTruthy();
    expect(within(items[0]!).getByText('未读')).toBeTruthy();
    expect(
      within(items[0]!)
        .getByText(/^\d\d:\d\d$/)
        .getAttribute('datetime'),
    ).toBe(three[0]!.createdAt);
    expect(screen.queryByTestId('unread-3')).toBeNull();
    expect(callsTo(callMock, 'message.list')[0]).toEqual({ tab: 'all', page: 1, pageSize: MESSAGE_PAGE_SIZE });
  });

  it('a tab reads its own messages and is kept in the URL', async () => {
    fakeApi(callMock, { 'message.list': (p) => page(p.tab === 'system' ? [msg(2)] : three, unread3, { tab: p.tab as Tab }), 'message.unread': () => unread3 });
    const { where } = renderScreen(<MyMessageScreen />, { path: '/myMessage' });
    await user().click(await screen.findByRole('tab', { name: '系统通知，1条未读' }));
    await waitFor(() => expect(where()).toBe('/myMessage?tab=system'));
    expect(await screen.findByText('通知2')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('今日学习计划')).toBeNull());
    expect(callsTo(callMock, 'message.list').at(-1)).toMatchObject({ tab: 'system' });
  });

  it('tapping a message marks it read, refreshes the badges and opens its in-app link', async () => {
    const after = counts({ all: 1, system: 1, order: 0, study: 0, feedback: 0 });
    fakeApi(callMock, { 'message.list': () => page(three, unread3), 'message.unread': () => unread3, 'message.read': () => after });
    const { where, queryClient } = renderScreen(<MyMessageScreen />, { path: '/myMessage' });
    await user().click(await screen.findByRole('button', { name: /今日学习计划/ }));
    await waitFor(() => expect(where()).toBe('/studyMain'));
    expect(callsTo(callMock, 'message.read')).toEqual([{ id: 1 }]);
    await waitFor(() => expect(queryClient.getQueryData(unreadQuery().queryKey)).toEqual(after));
  });

  it('refuses a link out of the app (marks read, stays); a link without a screen yet gets the no-content dialog', async () => {
    const list = [msg(1, { link: 'https://evil.example/x' }), msg(2, { link: '//evil.example' }), msg(3, { link: '/community?id=3' })];
    fakeApi(callMock, { 'message.list': () => page(list, unread3), 'message.unread': () => unread3, 'message.read': () => unread3 });
    const { where } = renderScreen(<MyMessageScreen />, { path: '/myMessage' });
    await user().click(await screen.findByRole('button', { name: /通知1/ }));
    await user().click(screen.getByRole('button', { name: /通知2/ }));
    await waitFor(() => expect(callsTo(callMock, 'message.read')).toEqual([{ id: 1 }, { id: 2 }]));
    expect(where()).toBe('/myMessage');
    expect(screen.queryByTestId('unread-1')).toBeNull();
    expect(showNoContent).not.toHaveBeenCalled();
    await user().click(screen.getByRole('button', { name: /通知3/ }));
    expect(showNoContent).toHaveBeenCalledTimes(1);
    expect(where()).toBe('/myMessage');
  });

  it('a read message without a link asks nothing', async () => {
    fakeApi(callMock, { 'message.list': () => page(three, unread3), 'message.unread': () => unread3 });
    const { where } = renderScreen(<MyMessageScreen />, { path: '/myMessage' });
    await user().click(await screen.findByRole('button', { name: /通知3/ }));
    expect(callsTo(callMock, 'message.read')).toHaveLength(0);
    expect(where()).toBe('/myMessage');
  });

  it('全部已读 marks the tab: the dots go and the counts are the reply', async () => {
    const after = counts({ all: 1, system: 0, order: 0, study: 1, feedback: 0 });
    fakeApi(callMock, { 'message.list': () => page([msg(2), msg(4)], unread3, { tab: 'system' }), 'message.unread': () => unread3, 'message.read': () => after });
    renderScreen(<MyMessageScreen />, { path: '/myMessage', url: '/myMessage?tab=system' });
    await screen.findByTestId('unread-4');
    expect(screen.getByText('1条未读')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '全部已读' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(MESSAGE_MSG.allRead));
    expect(callsTo(callMock, 'message.read')).toEqual([{ tab: 'system' }]);
    expect(screen.queryByTestId('unread-2')).toBeNull();
    expect(screen.queryByTestId('unread-4')).toBeNull();
    expect(screen.getByRole('tab', { name: '系统通知' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '全部，1条未读' })).toBeTruthy();
    expect((screen.getByRole('button', { name: '全部已读' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('全部已读 that fails says why and leaves the dots', async () => {
    fakeApi(callMock, { 'message.list': () => page(three, unread3), 'message.unread': () => unread3, 'message.read': () => fail(500, '服务器开小差了，请稍后重试') });
    renderScreen(<MyMessageScreen />, { path: '/myMessage' });
    await screen.findByTestId('unread-1');
    await user().click(screen.getByRole('button', { name: '全部已读' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('服务器开小差了，请稍后重试'));
    expect(screen.getByTestId('unread-1')).toBeTruthy();
  });

  it('加载更多 reads the next page until every message is shown', async () => {
    const all = Array.from({ length: 25 }, (_, i) => msg(i + 1, { read: true }));
    fakeApi(callMock, {
      'message.list': (p) => page(all.slice((Number(p.page) - 1) * MESSAGE_PAGE_SIZE, Number(p.page) * MESSAGE_PAGE_SIZE), counts({ all: 0 }), { n: Number(p.page), total: 25 }),
      'message.unread': () => counts({ all: 0 }),
    });
    renderScreen(<MyMessageScreen />, { path: '/myMessage' });
    await screen.findByText('通知20');
    expect(screen.queryByText('通知21')).toBeNull();
    await user().click(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByText('通知25')).toBeTruthy();
    expect(callsTo(callMock, 'message.list').map((p) => p.page)).toEqual([1, 2]);
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
  });

  it('says 暂无消息 when the tab is empty, and offers a retry when the list fails', async () => {
    fakeApi(callMock, { 'message.list': () => page([], counts({ all: 0 })), 'message.unread': () => counts({ all: 0 }) });
    const first = renderScreen(<MyMessageScreen />, { path: '/myMessage' });
    expect(await screen.findByText(MESSAGE_MSG.empty)).toBeTruthy();
    expect(screen.getByText('没有未读消息')).toBeTruthy();
    expect((screen.getByRole('button', { name: '全部已读' }) as HTMLButtonElement).disabled).toBe(true);
    first.unmount();
    fakeApi(callMock, { 'message.list': () => fail(500, '服务器开小差了，请稍后重试'), 'message.unread': () => counts({ all: 0 }) });
    renderScreen(<MyMessageScreen />, { path: '/myMessage' });
    expect((await screen.findByRole('alert')).textContent).toContain('服务器开小差了，请稍后重试');
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});
