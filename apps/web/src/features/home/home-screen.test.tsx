import type { DataOf, messWindow } from '@kaoshi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { agentStore, DEFAULT_AGENT } from '../../lib/agent';
import { saveLogin } from '../../lib/session';
import { callsTo, demoLogin, demoUser, fail, fakeApi, renderScreen, resetStorage, shellHandlers, type Handlers } from '../../test/screens';
import { agentContacts, parseWeChat } from '../../ui/contact-card';
import HomeScreen from './home-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs'); // ui/__mocks__/dialogs.ts
vi.mock('../../ui/no-content', () => ({ showNoContent: vi.fn() }));
vi.mock('../../entities/subject/choose-subject', () => ({ chooseSubject: vi.fn() }));

const callMock = call as unknown as Mock;
type NoticeData = NonNullable<DataOf<typeof messWindow>['window']>;

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  agentStore.set(null);
});

describe('/homePage', () => {
  it("shows the learner's header with the masked phone and the agent, and an honest empty subject area", async () => {
    fakeApi(callMock, { ...shellHandlers(), 'user.getUserInfo': () => demoUser });
    agentStore.set({ ...DEFAULT_AGENT, AgentName: '考试宝典官方' });
    renderScreen(<HomeScreen />, { path: '/homePage' });
    expect(await screen.findByRole('heading', { name: '小明' })).toBeTruthy();
    expect(screen.getByText('138****0000')).toBeTruthy();
    expect(screen.getByText('考试宝典官方')).toBeTruthy();
    expect(screen.queryByText('13800000000')).toBeNull();
    expect(await screen.findByRole('heading', { name: '还没有选择科目' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '选择科目' }).getAttribute('href')).toBe('/switchSub');
    expect(screen.getByRole('link', { name: '设置' }).getAttribute('href')).toBe('/settings');
  });

  it('gives a new learner the welcome on the home page before a subject is chosen (notices for every subject: no appID)', async () => {
    const welcome: NoticeData = { ID: 3, Title: '欢迎加入考试宝典', Content: '选好要考的科目后，可以从章节练习开始。', Link: '/Guidance', ButtonText: '看看新手指南' };
    fakeApi(callMock, { ...shellHandlers(), 'user.getUserInfo': () => demoUser, 'subject.messWindow': () => ({ window: welcome }) });
    const { where } = renderScreen(<HomeScreen />, { path: '/homePage' });
    const dialog = await screen.findByRole('dialog', { name: '欢迎加入考试宝典' });
    expect(screen.getByRole('heading', { name: '还没有选择科目' })).toBeTruthy();
    expect(callsTo(callMock, 'subject.messWindow').map((p) => p.appID)).toEqual([undefined]);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: '看看新手指南' }));
    expect(where()).toBe('/Guidance');
  });

  it("shows the tenant's contacts: telephone, QQ and WeChat (official account)", async () => {
    fakeApi(callMock, { ...shellHandlers(), 'user.getUserInfo': () => demoUser });
    agentStore.set({
      ...DEFAULT_AGENT,
      QQ: '800012345',
      TelePhone: '400-123-4567',
      WeiXinContact: JSON.stringify({ WeiXinContact: 'kaoshi_gzh', WeiXinIndexContact: 2 }),
    });
    renderScreen(<HomeScreen />, { path: '/homePage' });
    expect(screen.getByRole('heading', { name: '联系客服' })).toBeTruthy();
    expect(screen.getByText('微信公众号')).toBeTruthy();
    expect(screen.getByText('kaoshi_gzh')).toBeTruthy();
    expect(screen.getByRole('link', { name: '拨打' }).getAttribute('href')).toBe('tel:4001234567');
    expect(screen.getByRole('button', { name: '复制客服QQ' })).toBeTruthy();
  });

  it('offers a retry when the learner cannot be loaded', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'user.getUserInfo': () => fail(500, '服务器开小差了，请稍后重试') });
    renderScreen(<HomeScreen />, { path: '/homePage' });
    expect(await screen.findByText('账号信息加载失败')).toBeTruthy();
  });

  it('reads fromUrl=mainJS harmlessly: reloads the learner and drops the parameter', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'user.getUserInfo': () => demoUser });
    const { where } = renderScreen(<HomeScreen />, { path: '/homePage', url: '/homePage?fromUrl=mainJS' });
    await waitFor(() => expect(where()).toBe('/homePage'));
    expect(await screen.findByRole('heading', { name: '小明' })).toBeTruthy();
    expect(callsTo(callMock, 'user.getUserInfo').length).toBeGreaterThanOrEqual(1);
  });
});

describe('/homePage 消息', () => {
  const unread = (total: number): Handlers => ({ ...shellHandlers(), 'user.getUserInfo': () => demoUser, 'message.unread': () => ({ total, byTab: { all: total } }) });

  it('shows the unread count on the 消息 entry, which opens /myMessage', async () => {
    fakeApi(callMock, unread(3));
    const { where } = renderScreen(<HomeScreen />, { path: '/homePage' });
    const entry = await screen.findByRole('link', { name: '我的消息，3条未读' });
    expect(screen.getByTestId('message-badge').textContent).toBe('3');
    await userEvent.setup().click(entry);
    await waitFor(() => expect(where()).toBe('/myMessage'));
  });

  it("shows '99+' above 99", async () => {
    fakeApi(callMock, unread(120));
    renderScreen(<HomeScreen />, { path: '/homePage' });
    expect(await screen.findByRole('link', { name: '我的消息，120条未读' })).toBeTruthy();
    expect(screen.getByTestId('message-badge').textContent).toBe('99+');
  });

  it('shows no count without unread messages, while loading, or when the counts fail', async () => {
    fakeApi(callMock, unread(0));
    const first = renderScreen(<HomeScreen />, { path: '/homePage' });
    expect(screen.getByRole('link', { name: '我的消息' })).toBeTruthy();
    expect(screen.queryByTestId('message-badge')).toBeNull();
    await waitFor(() => expect(callsTo(callMock, 'message.unread')).toHaveLength(1));
    expect(screen.queryByTestId('message-badge')).toBeNull();
    first.unmount();
    fakeApi(callMock, { ...shellHandlers(), 'user.getUserInfo': () => demoUser, 'message.unread': () => fail(500, '服务器开小差了，请稍后重试') });
    renderScreen(<HomeScreen />, { path: '/homePage' });
    await waitFor(() => expect(callsTo(callMock, 'message.unread')).toHaveLength(2));
    expect(await screen.findByRole('link', { name: '我的消息' })).toBeTruthy();
    expect(screen.queryByTestId('message-badge')).toBeNull();
  });

  it('asks nothing without a session', async () => {
    localStorage.clear();
    fakeApi(callMock, unread(3));
    renderScreen(<HomeScreen />, { path: '/homePage' });
    expect(screen.queryByRole('link', { name: /我的消息/ })).toBeNull();
    expect(callsTo(callMock, 'message.unread')).toHaveLength(0);
  });
});

describe('agent contacts', () => {
  it('reads WeiXinContact JSON: 1 = 微信号, 2 = 微信公众号, anything else ignored', () => {
    expect(parseWeChat(JSON.stringify({ WeiXinContact: 'wx1', WeiXinIndexContact: 1 }))).toEqual({ label: '微信号', value: 'wx1' });
    expect(parseWeChat(JSON.stringify({ WeiXinContact: 'gzh', WeiXinIndexContact: 2 }))?.label).toBe('微信公众号');
    expect(parseWeChat('not json')).toBeNull();
    expect(parseWeChat(JSON.stringify({ WeiXinContact: 'x', WeiXinIndexContact: 3 }))).toBeNull();
    expect(parseWeChat('')).toBeNull();
  });

  it('lists nothing for an agent without contacts', () => {
    expect(agentContacts(DEFAULT_AGENT)).toEqual([]);
  });
});
