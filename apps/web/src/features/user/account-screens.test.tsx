import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { hashPassword } from '../../lib/password';
import { getGuid, recentAccounts, rememberAccount, saveLogin } from '../../lib/session';
import { confirm, toast } from '../../ui/dialogs';
import { callsTo, demoLogin, demoUser, fail, fakeApi, optionsOf, renderScreen, resetStorage, shellHandlers } from '../../test/screens';
import BindPhoneScreen from './bind-phone-screen';
import ChooseUserScreen from './choose-user-screen';
import ForgetPasswordScreen from './forget-password-screen';
import SetPasswordScreen, { SKIP_HINT } from './set-password-screen';
import SettingsScreen from './settings-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs'); // ui/__mocks__/dialogs.ts

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
});

describe('/setpassword', () => {
  it('changes the password with the old one and a six-character time, then asks to log in again', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'user.getUserInfo': () => demoUser,
      'user.changePassword': () => ({ sessionEnded: true }),
    });
    const { where } = renderScreen(<SetPasswordScreen />, { path: '/setpassword' });
    const u = user();
    await u.type(await screen.findByPlaceholderText('请输入原密码'), 'Demo@2026');
    await u.type(screen.getByPlaceholderText('请输入密码'), 'New@2027');
    await u.type(screen.getByPlaceholderText('请再次输入密码'), 'New@2027');
    await u.click(screen.getByRole('button', { name: '确定' }));

    await waitFor(() => expect(where()).toBe('/login'));
    const [sent] = callsTo(callMock, 'user.changePassword');
    expect(sent.time).toMatch(/^\d{6}$/);
    expect(sent.oldPassword).toBe(hashPassword('Demo@2026'));
    expect(sent.password).toBe(hashPassword('New@2027'));
    expect(toast).toHaveBeenCalledWith('密码已修改，请重新登录');
    expect(getGuid()).toBeNull();
  });

  it('sets a first password (no old one) and goes home while the session stays', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'user.getUserInfo': () => ({ ...demoUser, hasPassword: false }),
      'user.changePassword': () => ({ sessionEnded: false }),
    });
    const { where } = renderScreen(<SetPasswordScreen />, { path: '/setpassword' });
    const u = user();
    await u.type(await screen.findByPlaceholderText('请输入密码'), 'abc12345');
    expect(screen.queryByPlaceholderText('请输入原密码')).toBeNull();
    await u.type(screen.getByPlaceholderText('请再次输入密码'), 'abc12345');
    await u.click(screen.getByRole('button', { name: '确定' }));

    await waitFor(() => expect(where()).toBe('/homePage'));
    const [sent] = callsTo(callMock, 'user.changePassword');
    expect(sent).not.toHaveProperty('oldPassword');
    expect(String(sent.time)).toHaveLength(6);
    expect(toast).toHaveBeenCalledWith('密码设置成功');
    expect(getGuid()).toBe(demoLogin.guid);
  });

  it('goes on to a safe redirect target after the first password, and ignores an external one', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'user.getUserInfo': () => ({ ...demoUser, hasPassword: false }),
      'user.changePassword': () => ({ sessionEnded: false }),
    });
    for (const [redirect, landing] of [
      ['%2Fsettings', '/settings'],
      ['https%3A%2F%2Fevil.example%2F', '/homePage'],
    ]) {
      const { where, unmount } = renderScreen(<SetPasswordScreen />, { path: '/setpassword', url: `/setpassword?redirect=${redirect}` });
      const u = user();
      await u.type(await screen.findByPlaceholderText('请输入密码'), 'abc12345');
      await u.type(screen.getByPlaceholderText('请再次输入密码'), 'abc12345');
      await u.click(screen.getByRole('button', { name: '确定' }));
      await waitFor(() => expect(where()).toBe(landing));
      unmount();
    }
  });

  it('right after a code login, offers 跳过 and a back arrow that both go on to the target, not back to the login', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'user.getUserInfo': () => ({ ...demoUser, hasPassword: false }) });
    const skip = renderScreen(<SetPasswordScreen />, { path: '/setpassword', url: '/setpassword?first=1&redirect=%2Fsettings' });
    const u = user();
    expect(await screen.findByText(SKIP_HINT)).toBeTruthy();
    await u.click(screen.getByRole('button', { name: '跳过' }));
    await waitFor(() => expect(skip.where()).toBe('/settings'));
    skip.unmount();

    const back = renderScreen(<SetPasswordScreen />, { path: '/setpassword', url: '/setpassword?first=1' });
    await screen.findByText(SKIP_HINT);
    await u.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() => expect(back.where()).toBe('/homePage'));
    expect(callsTo(callMock, 'user.changePassword')).toHaveLength(0);
    back.unmount();

    // Opened from 设置 (no first=1): no 跳过, the back arrow is the usual one.
    renderScreen(<SetPasswordScreen />, { path: '/setpassword' });
    await screen.findByPlaceholderText('请输入密码');
    expect(screen.queryByRole('button', { name: '跳过' })).toBeNull();
  });

  it('shows a wrong old password inline', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'user.getUserInfo': () => demoUser,
      'user.changePassword': () => fail(400, '原密码不正确'),
    });
    renderScreen(<SetPasswordScreen />, { path: '/setpassword' });
    const u = user();
    await u.type(await screen.findByPlaceholderText('请输入原密码'), 'nope1234');
    await u.type(screen.getByPlaceholderText('请输入密码'), 'New@2027');
    await u.type(screen.getByPlaceholderText('请再次输入密码'), 'New@2027');
    await u.click(screen.getByRole('button', { name: '确定' }));
    expect((await screen.findByRole('alert')).textContent).toBe('原密码不正确');
    expect(optionsOf(callMock, 'user.changePassword')).toEqual({ silent: true });
  });
});

describe('/settings', () => {
  it('logs out after the confirm: logout call, session cleared, → /login', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'user.getUserInfo': () => demoUser, 'user.logout': () => null });
    vi.mocked(confirm).mockResolvedValue(true);
    const { where } = renderScreen(<SettingsScreen />, { path: '/settings' });
    await user().click(screen.getByRole('button', { name: '退出登录' }));

    await waitFor(() => expect(where()).toBe('/login'));
    expect(callsTo(callMock, 'user.logout')[0]).toEqual({ guid: demoLogin.guid });
    expect(getGuid()).toBeNull();
    expect(recentAccounts()).toEqual([demoLogin.userName]);
    // Leaving the screen asks nothing more without a session (that would be a 401 alert).
    expect(callsTo(callMock, 'user.getUserInfo').every((p) => p.guid === demoLogin.guid)).toBe(true);
  });

  it('stays when the confirm is cancelled', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'user.getUserInfo': () => demoUser });
    vi.mocked(confirm).mockResolvedValue(false);
    const { where } = renderScreen(<SettingsScreen />, { path: '/settings' });
    await user().click(screen.getByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(confirm).toHaveBeenCalled());
    expect(where()).toBe('/settings');
    expect(callsTo(callMock, 'user.logout')).toHaveLength(0);
    expect(getGuid()).toBe(demoLogin.guid);
  });

  it('logs out on this device even when the server call fails', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'user.getUserInfo': () => demoUser, 'user.logout': () => fail(401, '登录已失效，请重新登录') });
    vi.mocked(confirm).mockResolvedValue(true);
    const { where } = renderScreen(<SettingsScreen />, { path: '/settings' });
    await user().click(screen.getByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(where()).toBe('/login'));
    expect(getGuid()).toBeNull();
  });

  it('links the account rows and switches night mode', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'user.getUserInfo': () => demoUser });
    renderScreen(<SettingsScreen />, { path: '/settings' });
    expect(screen.getByRole('link', { name: /修改密码/ }).getAttribute('href')).toBe('/setpassword');
    expect(screen.getByRole('link', { name: /绑定手机/ }).getAttribute('href')).toBe('/bindphone');
    expect(screen.getByRole('link', { name: /切换账号/ }).getAttribute('href')).toBe('/chooseUser');
    expect(await screen.findByText('138****0000')).toBeTruthy();
    await user().click(screen.getByRole('switch', { name: '夜间模式' }));
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
  });
});

describe('/settings 我的消息', () => {
  it('shows the row with the unread count and opens /myMessage; no count without unread messages', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'user.getUserInfo': () => demoUser, 'message.unread': () => ({ total: 3, byTab: { all: 3 } }) });
    const { where } = renderScreen(<SettingsScreen />, { path: '/settings' });
    const row = await screen.findByRole('link', { name: '我的消息，3条未读' });
    expect(within(row).getByTestId('row-badge').textContent).toBe('3');
    await user().click(row);
    await waitFor(() => expect(where()).toBe('/myMessage'));
  });

  it('shows the row without a count when the counts cannot be read', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'user.getUserInfo': () => demoUser, 'message.unread': () => fail(500, '服务器开小差了，请稍后重试') });
    renderScreen(<SettingsScreen />, { path: '/settings' });
    await waitFor(() => expect(callsTo(callMock, 'message.unread')).toHaveLength(1));
    expect(screen.getByRole('link', { name: '我的消息' }).getAttribute('href')).toBe('/myMessage');
    expect(screen.queryByTestId('row-badge')).toBeNull();
  });
});

describe('/chooseUser', () => {
  it('lists the accounts of this device, opens /login with one, and forgets one', async () => {
    rememberAccount('13900000000');
    const { where } = renderScreen(<ChooseUserScreen />, { path: '/chooseUser' });
    const rows = screen.getAllByRole('listitem');
    expect(rows.map((r) => within(r).getAllByRole('button')[0].textContent)).toEqual(['学139****0000', '学138****0000']);

    await user().click(screen.getByRole('button', { name: '删除账号 139****0000' }));
    expect(recentAccounts()).toEqual(['13800000000']);
    expect(screen.queryByText('139****0000')).toBeNull();

    await user().click(screen.getByText('138****0000'));
    expect(where()).toBe('/login?account=13800000000');
  });

  it('offers another account when none is left', async () => {
    localStorage.clear();
    const { where } = renderScreen(<ChooseUserScreen />, { path: '/chooseUser' });
    expect(screen.getByText('本机还没有登录过的账号')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '使用其他账号登录' }));
    expect(where()).toBe('/login');
  });
});

describe('/forgetpwd', () => {
  it('checks the code (op=reset), then resets the password with its hash and goes to /login', async () => {
    localStorage.clear();
    fakeApi(callMock, {
      ...shellHandlers(),
      'user.sendcode': () => ({ expiresIn: 300, resendAfter: 60 }),
      'user.checkcode': () => ({ valid: true }),
      'user.restorePassword': () => null,
    });
    const { where } = renderScreen(<ForgetPasswordScreen />, { path: '/forgetpwd' });
    const u = user();
    await u.type(screen.getByPlaceholderText('请输入手机号'), '13800000000');
    await u.click(screen.getByRole('button', { name: '获取验证码' }));
    await u.type(screen.getByPlaceholderText('请输入验证码'), '123456');
    await u.click(screen.getByRole('button', { name: '下一步' }));

    await u.type(await screen.findByPlaceholderText('请输入密码'), 'abc12345');
    await u.type(screen.getByPlaceholderText('请再次输入密码'), 'abc1234');
    await u.click(screen.getByRole('button', { name: '确认修改' }));
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();
    await u.type(screen.getByPlaceholderText('请再次输入密码'), '5');
    await u.click(screen.getByRole('button', { name: '确认修改' }));

    await waitFor(() => expect(where()).toBe('/login?account=13800000000'));
    expect(callsTo(callMock, 'user.sendcode')[0]).toMatchObject({ op: 'reset' });
    expect(callsTo(callMock, 'user.checkcode')[0]).toEqual({ phone: '13800000000', code: '123456', op: 'reset' });
    expect(callsTo(callMock, 'user.restorePassword')[0]).toEqual({
      phone: '13800000000',
      verifyCode: '123456',
      password: hashPassword('abc12345'),
    });
  });

  it('stays on the first step when the code is wrong', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'user.checkcode': () => fail(400, '验证码不正确') });
    renderScreen(<ForgetPasswordScreen />, { path: '/forgetpwd' });
    const u = user();
    await u.type(screen.getByPlaceholderText('请输入手机号'), '13800000000');
    await u.type(screen.getByPlaceholderText('请输入验证码'), '000000');
    await u.click(screen.getByRole('button', { name: '下一步' }));
    expect((await screen.findByRole('alert')).textContent).toBe('验证码不正确');
    expect(screen.queryByPlaceholderText('请再次输入密码')).toBeNull();
  });
});

describe('/bindphone', () => {
  it('shows the current phone masked, binds a new one with its code (op=bind) and goes back', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'user.getUserInfo': () => demoUser,
      'user.sendcode': () => ({ expiresIn: 300, resendAfter: 60 }),
      'user.bindPhone': (p) => ({ phone: p.phone, userName: p.phone }),
    });
    const { where } = renderScreen(<BindPhoneScreen />, { path: '/bindphone' });
    expect(await screen.findByText('当前绑定手机：138****0000')).toBeTruthy();
    const u = user();
    await u.type(screen.getByPlaceholderText('请输入手机号'), '13700000000');
    await u.click(screen.getByRole('button', { name: '获取验证码' }));
    await u.type(screen.getByPlaceholderText('请输入验证码'), '123456');
    await u.click(screen.getByRole('button', { name: '确认绑定' }));

    await waitFor(() => expect(where()).toBe('/settings'));
    expect(callsTo(callMock, 'user.sendcode')[0]).toMatchObject({ phone: '13700000000', op: 'bind' });
    expect(callsTo(callMock, 'user.bindPhone')[0]).toEqual({ guid: demoLogin.guid, phone: '13700000000', verifyCode: '123456' });
    expect(toast).toHaveBeenCalledWith('手机号绑定成功');
    // The user name followed the phone: the device remembers the account by its new name.
    expect(localStorage.getItem('username')).toBe('13700000000');
  });

  it('refuses the phone already bound', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'user.getUserInfo': () => demoUser });
    renderScreen(<BindPhoneScreen />, { path: '/bindphone' });
    await screen.findByText('当前绑定手机：138****0000');
    const u = user();
    await u.type(screen.getByPlaceholderText('请输入手机号'), '13800000000');
    await u.type(screen.getByPlaceholderText('请输入验证码'), '123456');
    await u.click(screen.getByRole('button', { name: '确认绑定' }));
    expect(screen.getByText('新手机号不能与当前手机号相同')).toBeTruthy();
    expect(callsTo(callMock, 'user.bindPhone')).toHaveLength(0);
  });
});
