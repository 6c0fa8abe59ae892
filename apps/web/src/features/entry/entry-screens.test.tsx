import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { DEFAULT_AGENT } from '../../lib/agent';
import { browser } from '../../lib/navigation';
import { getGuid, getUserName, saveLogin } from '../../lib/session';
import { cookies, local } from '../../lib/storage';
import { callsTo, demoLogin, demoUser, fail, fakeApi, optionsOf, renderScreen, resetStorage } from '../../test/screens';
import GatewayScreen from './gateway-screen';
import MaintainScreen from './maintain-screen';
import MsdbwayScreen from './msdbway-screen';
import PfwayScreen from './pfway-screen';
import RootScreen from './root-screen';
import WayScreen from './way-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs'); // ui/__mocks__/dialogs.ts

const callMock = call as unknown as Mock;
const agent7 = { ...DEFAULT_AGENT, AgentCode: '7021004', AgentName: '七号代理', StoreName: '七号题库', ThemeColor: '#e5484d' };

beforeEach(resetStorage);

describe('/ (root)', () => {
  it('shows the store, what the app offers, and 登录 / 注册', async () => {
    const { where } = renderScreen(<RootScreen />, { path: '/' });
    expect(screen.getByRole('heading', { name: DEFAULT_AGENT.StoreName })).toBeTruthy();
    for (const f of ['题库练习', '模拟考试', '视频课程', '直播课堂']) expect(screen.getByText(f)).toBeTruthy();
    expect(screen.queryByText('随便看看')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: '注册' }));
    expect(where()).toBe('/login?mode=register');
  });

  it('sends a signed-in learner to fromUrl when internal, else /homePage', () => {
    saveLogin(demoLogin);
    expect(renderScreen(<RootScreen />, { path: '/', url: '/?fromUrl=%2Fsettings' }).where()).toBe('/settings');
  });

  it('never follows an external fromUrl', () => {
    saveLogin(demoLogin);
    expect(renderScreen(<RootScreen />, { path: '/', url: '/?fromUrl=https%3A%2F%2Fevil.example' }).where()).toBe('/homePage');
  });
});

describe('/way (app shell hand-over)', () => {
  const guid = 'a'.repeat(40);

  it('checks the guid with getUserInfo, stores the session and goes to the target', async () => {
    fakeApi(callMock, { 'user.getUserInfo': () => demoUser });
    const { where } = renderScreen(<WayScreen />, { path: '/way', url: `/way?guid=${guid}&userID=7&target=%2Fsettings` });
    await waitFor(() => expect(where()).toBe('/settings'));
    expect(callsTo(callMock, 'user.getUserInfo')[0]).toEqual({ guid });
    expect(optionsOf(callMock, 'user.getUserInfo')).toEqual({ quiet: true });
    expect(getGuid()).toBe(guid);
    expect(getUserName()).toBe(demoUser.userName);
  });

  it('goes to /homePage without a target', async () => {
    fakeApi(callMock, { 'user.getUserInfo': () => demoUser });
    const { where } = renderScreen(<WayScreen />, { path: '/way', url: `/way?guid=${guid}` });
    await waitFor(() => expect(where()).toBe('/homePage'));
  });

  it("sends a guid the server rejects to '/'", async () => {
    fakeApi(callMock, { 'user.getUserInfo': () => fail(401, '登录已失效，请重新登录') });
    const { where } = renderScreen(<WayScreen />, { path: '/way', url: `/way?guid=${guid}` });
    await waitFor(() => expect(where()).toBe('/'));
    expect(getGuid()).toBeNull();
  });

  it('explains a missing guid, an external target and a mismatched userID, storing nothing', async () => {
    fakeApi(callMock, { 'user.getUserInfo': () => demoUser });
    const first = renderScreen(<WayScreen />, { path: '/way', url: '/way' });
    expect((await screen.findByRole('alert')).textContent).toContain('缺少登录凭证');
    first.unmount();

    const second = renderScreen(<WayScreen />, { path: '/way', url: `/way?guid=${guid}&target=%2F%2Fevil.example` });
    expect((await screen.findByRole('alert')).textContent).toContain('跳转地址无效');
    second.unmount();

    renderScreen(<WayScreen />, { path: '/way', url: `/way?guid=${guid}&userID=8` });
    expect((await screen.findByRole('alert')).textContent).toContain('不一致');
    expect(callsTo(callMock, 'user.getUserInfo')).toHaveLength(1);
    expect(getGuid()).toBeNull();
  });
});

describe('/gateway (partner entry)', () => {
  it('checks ac, keeps it with the partner kind, and goes on to the internal target', async () => {
    fakeApi(callMock, { 'agent.getAgentInfo': () => agent7 });
    const { where } = renderScreen(<GatewayScreen />, {
      path: '/gateway',
      url: '/gateway?ac=7021004&target=%2Flogin&LOGIN_TYPE=doctor',
    });
    await waitFor(() => expect(where()).toBe('/login'));
    expect(callsTo(callMock, 'agent.getAgentInfo')[0]).toEqual({ agentCode: '7021004' });
    expect(cookies.get('AGENTCODE')).toBe('7021004');
    expect(local.get('ac')).toBe('7021004');
    expect(cookies.get('LOGIN_TYPE')).toBe('doctor');
  });

  it("goes to '/' without a target", async () => {
    fakeApi(callMock, { 'agent.getAgentInfo': () => agent7 });
    const { where } = renderScreen(<GatewayScreen />, { path: '/gateway', url: '/gateway?ac=7021004' });
    await waitFor(() => expect(where()).toBe('/'));
  });

  it.each([['https://evil.example/x'], ['//evil.example/x'], ['/\\evil.example'], ['javascript:alert(1)']])('rejects the external target %s and stores nothing', async (target) => {
    fakeApi(callMock, { 'agent.getAgentInfo': () => agent7 });
    const { where } = renderScreen(<GatewayScreen />, {
      path: '/gateway',
      url: `/gateway?ac=7021004&target=${encodeURIComponent(target)}`,
    });
    expect((await screen.findByRole('alert')).textContent).toContain('跳转地址无效');
    expect(where()).toBe(`/gateway?ac=7021004&target=${encodeURIComponent(target)}`);
    expect(callMock).not.toHaveBeenCalled();
    expect(cookies.get('AGENTCODE')).toBeNull();
  });

  it('rejects a missing or malformed ac, an unknown partner kind, and an unknown agent', async () => {
    fakeApi(callMock, { 'agent.getAgentInfo': () => fail(404, '没有对应代理商信息') });
    const cases: [string, string][] = [
      ['/gateway', '缺少代理商编号'],
      ['/gateway?ac=abc', '代理商编号（ac）格式不正确'],
      ['/gateway?ac=888&LOGIN_TYPE=hacker', '合作方类型'],
      ['/gateway?ac=999999', '没有对应代理商信息'],
    ];
    for (const [url, message] of cases) {
      const view = renderScreen(<GatewayScreen />, { path: '/gateway', url });
      expect((await screen.findByRole('alert')).textContent).toContain(message);
      view.unmount();
    }
    expect(cookies.get('AGENTCODE')).toBeNull();
  });
});

describe('/pfway (free try)', () => {
  it('sets the freeTry cookie, asks for tourist mode and shows what a tourist can do', async () => {
    fakeApi(callMock, { 'user.checkIsTourist': () => ({ isTourist: true }) });
    const { where } = renderScreen(<PfwayScreen />, { path: '/pfway' });
    expect(await screen.findByRole('heading', { name: '欢迎免费试用' })).toBeTruthy();
    expect(cookies.get('freeTry')).toBe('true');
    expect(callsTo(callMock, 'user.checkIsTourist')[0]).toEqual({ freeTry: true });
    await userEvent.setup().click(screen.getByRole('button', { name: '开始体验' }));
    expect(where()).toBe('/');
  });

  it('shows an error with a retry when the server cannot be reached', async () => {
    fakeApi(callMock, { 'user.checkIsTourist': () => fail(0, '网络加载异常，请稍后重试') });
    renderScreen(<PfwayScreen />, { path: '/pfway' });
    expect((await screen.findByRole('alert')).textContent).toBe('网络加载异常，请稍后重试');
    fakeApi(callMock, { 'user.checkIsTourist': () => ({ isTourist: true }) });
    await userEvent.setup().click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: '欢迎免费试用' })).toBeTruthy();
  });

  it('sends a signed-in learner home without making them a tourist', async () => {
    saveLogin(demoLogin);
    const { where } = renderScreen(<PfwayScreen />, { path: '/pfway' });
    await waitFor(() => expect(where()).toBe('/homePage'));
    expect(cookies.get('freeTry')).toBeNull();
  });
});

describe('/msdbway (campaign link)', () => {
  it('keeps the channel id and opens registration for a guest', async () => {
    const { where } = renderScreen(<MsdbwayScreen />, { path: '/msdbway', url: '/msdbway?YILIUQUDAOID=ms_2026-01' });
    await waitFor(() => expect(where()).toBe('/login?mode=register'));
    expect(cookies.get('YILIUQUDAOID')).toBe('ms_2026-01');
  });

  it('sends a signed-in learner to /homePage', async () => {
    saveLogin(demoLogin);
    const { where } = renderScreen(<MsdbwayScreen />, { path: '/msdbway', url: '/msdbway?YILIUQUDAOID=abc' });
    await waitFor(() => expect(where()).toBe('/homePage'));
  });

  it('explains a missing or malformed channel id', async () => {
    const view = renderScreen(<MsdbwayScreen />, { path: '/msdbway', url: '/msdbway' });
    expect((await screen.findByRole('alert')).textContent).toContain('缺少推广渠道编号');
    view.unmount();
    renderScreen(<MsdbwayScreen />, { path: '/msdbway', url: '/msdbway?YILIUQUDAOID=%3Cscript%3E' });
    expect((await screen.findByRole('alert')).textContent).toContain('格式不正确');
    expect(cookies.get('YILIUQUDAOID')).toBeNull();
  });
});

describe('/maintain', () => {
  it("says the system is under maintenance and reloads at '/' with the agent code", async () => {
    cookies.set('AGENTCODE', '7021004');
    const open = vi.spyOn(browser, 'openUrl').mockImplementation(() => undefined);
    renderScreen(<MaintainScreen />, { path: '/maintain' });
    expect(screen.getByRole('heading', { name: '系统维护中' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: '重新加载' }));
    expect(open).toHaveBeenCalledWith('/?ac=7021004');
  });
});
