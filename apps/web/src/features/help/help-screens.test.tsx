import type { FaqTopic } from '@kaoshi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { agentStore, DEFAULT_AGENT } from '../../lib/agent';
import { saveLogin } from '../../lib/session';
import { toast } from '../../ui/dialogs';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage } from '../../test/screens';
import { searchFaq } from './api';
import { ContactScreen } from './contact-screen';
import { HelpCenterScreen } from './help-center-screen';
import { ServiceIndexScreen } from './service-index-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs'); // ui/__mocks__/dialogs.ts

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

const topics: FaqTopic[] = [
  {
    id: 'account',
    name: '账号与登录',
    items: [
      { id: 'forgot-password', q: '忘记密码怎么办？', a: '在登录页点击“忘记密码”。\n\n设置成功后请重新登录。' },
      { id: 'devices', q: '怎样让别的设备退出？', a: '进入登录设备管理。' },
    ],
  },
  { id: 'pay', name: '购买与激活', items: [{ id: 'activation-code', q: '怎样使用激活码？', a: '在去开通页输入激活码。<b>不是标签</b>' }] },
];

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  agentStore.set({
    ...DEFAULT_AGENT,
    AgentName: '考试宝典',
    QQ: '800088888',
    TelePhone: '400-888-0888',
    WeiXinContact: '{"WeiXinContact":"kaoshibaodian888","WeiXinIndexContact":1}',
  });
});
afterEach(() => agentStore.set(null));

describe('/customerService', () => {
  it('shows the topics, popular questions opening their answers as text, and the ways to a person', async () => {
    fakeApi(callMock, { 'help.faq': () => ({ topics }) });
    renderScreen(<HelpCenterScreen />, { path: '/customerService' });
    expect(screen.getByRole('heading', { name: '客服中心' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: /账号与登录\s*2个问题/ })).toHaveProperty('href', expect.stringContaining('/serviceIndex?topic=account'));
    const popular = screen.getByRole('list', { name: '热门问题列表' });
    const q = within(popular).getByRole('button', { name: /怎样使用激活码/ });
    expect(q.getAttribute('aria-expanded')).toBe('false');
    await user().click(q);
    expect(q.getAttribute('aria-expanded')).toBe('true');
    // Plain text: the stored '<b>' is shown as it is, never as HTML.
    expect(screen.getByText('在去开通页输入激活码。<b>不是标签</b>')).toBeTruthy();
    expect(document.querySelector('b')).toBeNull();
    expect(screen.getByRole('link', { name: /联系客服/ }).textContent).toContain('电话 · QQ · 微信号');
    expect(screen.getByRole('link', { name: /意见反馈/ })).toHaveProperty('href', expect.stringContaining('/adviceFeedback?from=%2FcustomerService'));
    expect(screen.getByRole('link', { name: /我的反馈/ })).toHaveProperty('href', expect.stringContaining('/feedback'));
    expect(callsTo(callMock, 'help.faq')).toEqual([{ agentCode: '888' }]);
  });

  it('searches the questions and answers as the learner types', async () => {
    fakeApi(callMock, { 'help.faq': () => ({ topics }) });
    renderScreen(<HelpCenterScreen />, { path: '/customerService' });
    await screen.findByRole('link', { name: /账号与登录/ });
    await user().type(screen.getByRole('searchbox', { name: '搜索常见问题' }), '设备');
    const results = screen.getByRole('list', { name: '搜索结果列表' });
    expect(
      within(results)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining('怎样让别的设备退出？')]);
    await user().type(screen.getByRole('searchbox'), '没有这个词');
    expect(screen.getByText(/没有找到相关问题/)).toBeTruthy();
  });

  it('shows the error with a retry', async () => {
    fakeApi(callMock, { 'help.faq': () => fail(500, '服务器开小差了') });
    renderScreen(<HelpCenterScreen />, { path: '/customerService' });
    expect(await screen.findByText('服务器开小差了')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});

describe('/serviceIndex', () => {
  it('shows the chosen topic’s questions, keeps the topic in the URL and opens ?q=', async () => {
    fakeApi(callMock, { 'help.faq': () => ({ topics }) });
    const { where } = renderScreen(<ServiceIndexScreen />, { path: '/serviceIndex', url: '/serviceIndex?topic=account&q=forgot-password' });
    expect(await screen.findByRole('tab', { name: '账号与登录', selected: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: /忘记密码怎么办/ }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('设置成功后请重新登录。')).toBeTruthy();
    await user().click(screen.getByRole('tab', { name: '购买与激活' }));
    await waitFor(() => expect(where()).toBe('/serviceIndex?topic=pay'));
    expect(within(screen.getByRole('tabpanel', { name: '购买与激活' })).getByRole('button', { name: /怎样使用激活码/ })).toBeTruthy();
  });

  it('opens the first topic by default', async () => {
    fakeApi(callMock, { 'help.faq': () => ({ topics }) });
    renderScreen(<ServiceIndexScreen />, { path: '/serviceIndex' });
    expect(await screen.findByRole('tab', { name: '账号与登录', selected: true })).toBeTruthy();
  });
});

describe('/contact_service', () => {
  it('offers the phone as a tel: link, and copies the QQ and the WeChat account', async () => {
    renderScreen(<ContactScreen />, { path: '/contact_service' });
    const u = user(); // (its clipboard stands in for the browser's)
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    expect(screen.getByRole('link', { name: /^拨打电话\s*400-888-0888$/ }).getAttribute('href')).toBe('tel:4008880888');
    await u.click(screen.getByRole('button', { name: '复制QQ号' }));
    expect(writeText).toHaveBeenCalledWith('800088888');
    expect(screen.getByRole('heading', { name: '客服微信' })).toBeTruthy();
    await u.click(screen.getByRole('button', { name: '复制微信号' }));
    expect(writeText).toHaveBeenLastCalledWith('kaoshibaodian888');
    expect(toast).toHaveBeenLastCalledWith('微信号已复制');
  });

  it('shows an official account (2) by its name, to follow in WeChat', () => {
    agentStore.set({ ...DEFAULT_AGENT, AgentName: '护士资格考试宝典', WeiXinContact: '{"WeiXinContact":"hushikaoshi","WeiXinIndexContact":2}' });
    renderScreen(<ContactScreen />, { path: '/contact_service' });
    expect(screen.getByRole('heading', { name: '微信公众号' })).toBeTruthy();
    expect(screen.getByText('公众号：hushikaoshi')).toBeTruthy();
    expect(screen.getByRole('button', { name: '复制公众号名称' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '客服QQ' })).toBeNull();
  });

  it('without contacts, points to feedback', () => {
    agentStore.set({ ...DEFAULT_AGENT });
    renderScreen(<ContactScreen />, { path: '/contact_service' });
    expect(screen.getByText('暂无客服联系方式，请通过意见反馈联系我们。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '意见反馈' })).toBeTruthy();
  });
});

describe('searchFaq', () => {
  it('needs every word, in the question or the answer, any case', () => {
    expect(searchFaq(topics, '').length).toBe(2);
    expect(searchFaq(topics, '激活码 开通').flatMap((t) => t.items.map((i) => i.id))).toEqual(['activation-code']);
    expect(searchFaq(topics, '激活码 密码')).toEqual([]);
  });
});
