import { AGREEMENT_MSG, AGREEMENT_VERSION, CAPTCHA_MSG } from '@kaoshi/contract';
import { ApiError } from '../../api/errors';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { hashPassword } from '../../lib/password';
import { getGuid, rememberAccount } from '../../lib/session';
import { callsTo, demoLogin, fail, fakeApi, optionsOf, renderScreen, resetStorage } from '../../test/screens';
import LoginScreen from './login-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs'); // ui/__mocks__/dialogs.ts

const callMock = call as unknown as Mock;
const open = (url = '/login') => renderScreen(<LoginScreen />, { path: '/login', url });

beforeEach(resetStorage);
afterEach(() => vi.useRealTimers());

describe('password login', () => {
  it('sends the MD5 of the password, saves the session, tracks the login and goes home', async () => {
    fakeApi(callMock, { 'user.userlogin': () => demoLogin });
    const { where } = open();
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('请输入手机号'), '13800000000');
    await user.type(screen.getByPlaceholderText('请输入密码'), 'Demo@2026');
    await user.click(screen.getByRole('button', { name: '登录' }));

    await waitFor(() => expect(where()).toBe('/homePage'));
    const [sent] = callsTo(callMock, 'user.userlogin');
    expect(sent.username).toBe('13800000000');
    expect(sent.password).toBe(hashPassword('Demo@2026'));
    expect(sent.password).not.toContain('Demo');
    expect(getGuid()).toBe(demoLogin.guid);
    await waitFor(() => expect(callsTo(callMock, 'tracking.login')).toHaveLength(1));
  });

  it('goes on to an internal redirect, and ignores an external one', async () => {
    fakeApi(callMock, { 'user.userlogin': () => demoLogin });
    const first = open('/login?redirect=%2Fsettings');
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('请输入手机号'), '13800000000');
    await user.type(screen.getByPlaceholderText('请输入密码'), 'Demo@2026');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(first.where()).toBe('/settings'));
    first.unmount();

    const second = open('/login?redirect=https%3A%2F%2Fevil.example%2F');
    await user.type(screen.getByPlaceholderText('请输入手机号'), '13800000000');
    await user.type(screen.getByPlaceholderText('请输入密码'), 'Demo@2026');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(second.where()).toBe('/homePage'));
  });

  it('goes on to the deep link the guest guard remembered (targetPath), once', async () => {
    fakeApi(callMock, { 'user.userlogin': () => demoLogin });
    localStorage.setItem('targetPath', '/answerTest?cptID=5');
    const view = open('/login');
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('请输入手机号'), '13800000000');
    await user.type(screen.getByPlaceholderText('请输入密码'), 'Demo@2026');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(view.where()).toBe('/answerTest?cptID=5'));
    expect(localStorage.getItem('targetPath')).toBeNull();
  });

  it('shows a wrong password inline, from a silent call, and stays on /login', async () => {
    fakeApi(callMock, { 'user.userlogin': () => fail(400, '账号或密码错误') });
    const { where } = open();
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('请输入手机号'), '13800000000');
    await user.type(screen.getByPlaceholderText('请输入密码'), 'wrong123');
    await user.click(screen.getByRole('button', { name: '登录' }));

    expect((await screen.findByRole('alert')).textContent).toBe('账号或密码错误');
    expect(optionsOf(callMock, 'user.userlogin')).toEqual({ silent: true });
    expect(where()).toBe('/login');
    expect(getGuid()).toBeNull();
  });

  it('checks the form before calling', async () => {
    fakeApi(callMock, {});
    open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByText('请输入手机号或账号')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    await user.type(screen.getByPlaceholderText('请输入手机号'), '12345');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByText('请输入正确的手机号')).toBeTruthy();
    expect(callMock).not.toHaveBeenCalled();
  });

  it('shows and hides the password', async () => {
    open();
    const user = userEvent.setup();
    const input = screen.getByPlaceholderText('请输入密码') as HTMLInputElement;
    expect(input.type).toBe('password');
    await user.click(screen.getByRole('button', { name: '显示密码' }));
    expect(input.type).toBe('text');
    await user.click(screen.getByRole('button', { name: '隐藏密码' }));
    expect(input.type).toBe('password');
  });

  it('prefills the account from /chooseUser and links to 忘记密码 and 切换账号', () => {
    rememberAccount('13900000000');
    open('/login?account=13900000000');
    expect((screen.getByPlaceholderText('请输入手机号') as HTMLInputElement).value).toBe('13900000000');
    expect(screen.getByRole('link', { name: '忘记密码' }).getAttribute('href')).toBe('/forgetpwd');
    expect(screen.getByRole('link', { name: '切换账号' }).getAttribute('href')).toBe('/chooseUser');
  });

  it('hides 切换账号 when no account logged in on this device', () => {
    open();
    expect(screen.queryByRole('link', { name: '切换账号' })).toBeNull();
  });
});

describe('code login', () => {
  it('validates the phone before sending a code', async () => {
    fakeApi(callMock, {});
    open('/login?mode=code');
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('请输入手机号'), '1380000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(screen.getByText('请输入正确的手机号')).toBeTruthy();
    expect(callMock).not.toHaveBeenCalled();
  });

  it('sends the code (op=login) and counts 60 seconds down before a resend', async () => {
    vi.useFakeTimers();
    fakeApi(callMock, { 'user.sendcode': () => ({ expiresIn: 300, resendAfter: 60 }) });
    open('/login?mode=code');
    fireEvent.change(screen.getByPlaceholderText('请输入手机号'), { target: { value: '13800000000' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await act(async () => {});

    expect(callsTo(callMock, 'user.sendcode')[0]).toMatchObject({ phone: '13800000000', op: 'login' });
    const button = screen.getByRole('button', { name: '60秒后重发' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1000));
    expect(button.textContent).toBe('59秒后重发');
    act(() => vi.advanceTimersByTime(59_000));
    expect(button.textContent).toBe('重新获取');
    expect(button.disabled).toBe(false);
  });

  it('on a busy shared network asks for the picture challenge, then sends with its id and answer', async () => {
    let first = true;
    fakeApi(callMock, {
      'user.sendcode': () => {
        if (first) {
          first = false;
          throw new ApiError(429, CAPTCHA_MSG.needed, { captcha: true }, 'reply');
        }
        return { expiresIn: 300, resendAfter: 60 };
      },
      'user.captcha': () => ({ captchaId: 'c1', image: 'data:image/svg+xml;base64,PHN2Zy8+', expiresIn: 300 }),
    });
    open('/login?mode=code');
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('请输入手机号'), '13800000000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect((await screen.findByRole('alert')).textContent).toContain(CAPTCHA_MSG.needed);
    expect((await screen.findByRole('img', { name: '图形验证码' })).getAttribute('src')).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    await user.type(screen.getByPlaceholderText('请输入图中的字符'), 'ab3d');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(callsTo(callMock, 'user.sendcode')).toHaveLength(2));
    expect(callsTo(callMock, 'user.sendcode')[1]).toMatchObject({ phone: '13800000000', op: 'login', captchaId: 'c1', validate: 'ab3d' });
    await waitFor(() => expect(screen.queryByPlaceholderText('请输入图中的字符')).toBeNull());
  });

  it('shows a refused send inline and does not start the countdown', async () => {
    fakeApi(callMock, { 'user.sendcode': () => fail(429, '验证码发送过于频繁，请60秒后再试') });
    open('/login?mode=code');
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('请输入手机号'), '13800000000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect((await screen.findByRole('alert')).textContent).toContain('过于频繁');
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeTruthy();
  });

  it('sends a new account without a password to /setpassword', async () => {
    fakeApi(callMock, { 'user.codelogin': () => ({ ...demoLogin, hasPassword: false, isNew: true }) });
    const { where } = open('/login?mode=code');
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('请输入手机号'), '13800000000');
    await user.type(screen.getByPlaceholderText('请输入验证码'), '123456');
    // The account may be created here: the agreement first, as for 注册.
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByText(AGREEMENT_MSG)).toBeTruthy();
    expect(callsTo(callMock, 'user.codelogin')).toHaveLength(0);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(where()).toBe('/setpassword?first=1'));
    expect(callsTo(callMock, 'user.codelogin')[0]).toMatchObject({ userName: '13800000000', verifyCode: '123456', agreed: AGREEMENT_VERSION });
    expect(getGuid()).toBe(demoLogin.guid);
  });

  it('keeps the redirect target for after the first password is set', async () => {
    fakeApi(callMock, { 'user.codelogin': () => ({ ...demoLogin, hasPassword: false, isNew: true }) });
    const { where } = open('/login?mode=code&redirect=%2Fsettings');
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('请输入手机号'), '13800000000');
    await user.type(screen.getByPlaceholderText('请输入验证码'), '123456');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(where()).toBe('/setpassword?first=1&redirect=%2Fsettings'));
  });
});

describe('registration', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>, v: { phone: string; code: string; pw: string; again: string }) {
    await user.type(screen.getByPlaceholderText('请输入手机号'), v.phone);
    await user.type(screen.getByPlaceholderText('请输入验证码'), v.code);
    await user.type(screen.getByPlaceholderText('请输入密码'), v.pw);
    await user.type(screen.getByPlaceholderText('请再次输入密码'), v.again);
  }

  it('opens on the 注册 tab with ?mode=register and switches tabs', async () => {
    const { where } = open('/login?mode=register');
    expect(screen.getByRole('tab', { name: '注册' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.setup().click(screen.getByRole('tab', { name: '密码登录' }));
    expect(where()).toBe('/login');
    expect(screen.getByRole('button', { name: '登录' })).toBeTruthy();
  });

  it('refuses mismatched passwords, a bad phone and a missing agreement, without calling', async () => {
    fakeApi(callMock, {});
    open('/login?mode=register');
    const user = userEvent.setup();
    await fill(user, { phone: '23800000000', code: '123456', pw: 'abc12345', again: 'abc12346' });
    await user.click(screen.getByRole('button', { name: '注册' }));
    expect(screen.getByText('请输入正确的手机号')).toBeTruthy();
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();
    expect(screen.getByText('请先阅读并同意用户协议和隐私政策')).toBeTruthy();
    expect(callMock).not.toHaveBeenCalled();
  });

  it('refuses a weak password', async () => {
    open('/login?mode=register');
    const user = userEvent.setup();
    await fill(user, { phone: '13800000000', code: '123456', pw: 'abcdefg', again: 'abcdefg' });
    await user.click(screen.getByRole('button', { name: '注册' }));
    expect(screen.getByText('密码需同时包含字母和数字')).toBeTruthy();
  });

  it('registers with the hash of the password and goes home', async () => {
    fakeApi(callMock, { 'user.freeFegist': () => ({ ...demoLogin, isNew: true }) });
    const { where } = open('/login?mode=register');
    const user = userEvent.setup();
    await fill(user, { phone: '13800000000', code: '654321', pw: 'Demo@2026', again: 'Demo@2026' });
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(where()).toBe('/homePage'));
    expect(callsTo(callMock, 'user.freeFegist')[0]).toMatchObject({
      phone: '13800000000',
      verifyCode: '654321',
      password: hashPassword('Demo@2026'),
      agreed: AGREEMENT_VERSION,
    });
  });

  it('sends the registration code with op=register', async () => {
    fakeApi(callMock, { 'user.sendcode': () => ({ expiresIn: 300, resendAfter: 60 }) });
    open('/login?mode=register');
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('请输入手机号'), '13800000000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(callsTo(callMock, 'user.sendcode')[0]).toMatchObject({ op: 'register' }));
  });

  it('shows the user agreement: the current text from the server, rendered without raw HTML', async () => {
    fakeApi(callMock, {
      'agreement.document': () => ({
        kind: 'terms',
        title: '用户协议',
        version: '2026-11-20',
        effectiveAt: '2026-11-20',
        current: true,
        body: '# 用户协议\n\n## 一、账号\n\n<b>不是标签</b>',
      }),
    });
    open('/login?mode=register');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '《用户协议》' }));
    const dialog = await screen.findByRole('dialog', { name: '用户协议' });
    expect(await within(dialog).findByRole('heading', { name: '一、账号' })).toBeTruthy();
    expect(dialog.querySelector('b')).toBeNull();
    expect(callsTo(callMock, 'agreement.document')[0]).toMatchObject({ kind: 'terms' });
    await user.click(screen.getByRole('button', { name: '我知道了' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
