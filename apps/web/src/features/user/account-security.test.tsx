import { AGREEMENT_VERSION } from '@kaoshi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { hashPassword } from '../../lib/password';
import { getGuid, saveLogin } from '../../lib/session';
import { confirm, toast } from '../../ui/dialogs';
import { callsTo, demoLogin, demoUser, fail, fakeApi, renderScreen, resetStorage, shellHandlers } from '../../test/screens';
import AgreementListScreen from './agreement-list-screen';
import InformationScreen from './information-screen';
import LoginScreen from './login-screen';
import SetPasswordScreen from './set-password-screen';
import { DELETION_CANCELLED, loginStepPath } from './use-finish-login';
import { WEAK_HINT } from './password-screens';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs'); // ui/__mocks__/dialogs.ts

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();
const flags = { weakPassword: false, consentNeeded: false, deletionCancelled: false };

beforeEach(() => {
  resetStorage();
});

const list = (accepted: boolean) => ({
  current: { version: AGREEMENT_VERSION, effectiveAt: '2026-11-20', summary: '新增账号注销的说明。' },
  history: [{ version: '2026-02-01', effectiveAt: '2026-02-01', summary: '首个版本。' }],
  accepted,
  consents: [
    ...(accepted ? [{ version: AGREEMENT_VERSION, via: 'reconsent', acceptedAt: '2026-11-26T02:00:00.000Z' }] : []),
    { version: '2026-02-01', via: 'register', acceptedAt: '2026-02-03T01:30:00.000Z' },
  ],
});

describe('after a login', () => {
  it('orders the steps: new agreements, then a weak password, then a first password, then the target', () => {
    expect(loginStepPath({}, null)).toBe('/homePage');
    expect(loginStepPath({ first: true }, '/settings')).toBe('/setpassword?first=1&redirect=%2Fsettings');
    expect(loginStepPath({ consent: true, weak: true }, null)).toBe('/agreementList?consent=1&weak=1');
    expect(loginStepPath({ weak: true }, '/myMessage')).toBe('/setpassword?weak=1&redirect=%2FmyMessage');
  });

  async function loginWith(reply: object) {
    fakeApi(callMock, { ...shellHandlers(), 'user.userlogin': () => ({ ...demoLogin, ...flags, ...reply }) });
    const view = renderScreen(<LoginScreen />, { path: '/login' });
    const u = user();
    await u.type(screen.getByPlaceholderText('请输入手机号'), '13700000000');
    await u.type(screen.getByPlaceholderText('请输入密码'), 'a123456');
    await u.click(screen.getByRole('button', { name: '登录' }));
    return view;
  }

  it('a login that needs consent and found a weak password goes to the agreements first', async () => {
    const { where } = await loginWith({ consentNeeded: true, weakPassword: true });
    await waitFor(() => expect(where()).toBe('/agreementList?consent=1&weak=1'));
  });

  it('a login that withdrew a deletion request says 已撤销注销申请', async () => {
    const { where } = await loginWith({ deletionCancelled: true });
    await waitFor(() => expect(where()).toBe('/homePage'));
    expect(toast).toHaveBeenCalledWith(DELETION_CANCELLED, 2500);
  });
});

describe('/agreementList', () => {
  beforeEach(() => saveLogin(demoLogin));

  it('asks again after a login: 同意并继续 records the current version and goes on to the weak-password step', async () => {
    let accepted = false;
    fakeApi(callMock, {
      ...shellHandlers(),
      'agreement.list': () => list(accepted),
      'agreement.accept': () => ((accepted = true), { version: AGREEMENT_VERSION, acceptedAt: '2026-11-26T02:00:00.000Z' }),
    });
    const { where } = renderScreen(<AgreementListScreen />, { path: '/agreementList', url: '/agreementList?consent=1&weak=1&redirect=%2FmyMessage' });
    const notice = await screen.findByRole('region', { name: '《用户协议》和《隐私政策》已更新' });
    expect(within(notice).getByText('新增账号注销的说明。')).toBeTruthy();
    await user().click(within(notice).getByRole('button', { name: '同意并继续' }));
    await waitFor(() => expect(where()).toBe('/setpassword?weak=1&redirect=%2FmyMessage'));
    expect(callsTo(callMock, 'agreement.accept')).toEqual([{ agreed: AGREEMENT_VERSION }]);
  });

  it('不同意 signs out after a confirmation', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'agreement.list': () => list(false) });
    (confirm as Mock).mockResolvedValue(true);
    const { where } = renderScreen(<AgreementListScreen />, { path: '/agreementList', url: '/agreementList?consent=1' });
    await user().click(await screen.findByRole('button', { name: '不同意' }));
    await waitFor(() => expect(where()).toBe('/login'));
    expect(callsTo(callMock, 'user.logout')).toHaveLength(1);
    expect(getGuid()).toBeNull();
  });

  it('shows the documents, the learner’s own consent records and the earlier versions', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'agreement.list': () => list(true) });
    renderScreen(<AgreementListScreen />, { path: '/agreementList' });
    expect((await screen.findAllByRole('link', { name: '用户协议' }))[0]).toHaveProperty('href', expect.stringContaining('/information?kind=terms'));
    expect(screen.queryByRole('button', { name: '同意并继续' })).toBeNull();
    const records = screen.getByRole('region', { name: '我的同意记录' });
    expect(within(records).getByText(`${AGREEMENT_VERSION} 版 · 更新后重新同意`)).toBeTruthy();
    expect(within(records).getByText('2026年11月26日 10:00')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '历史版本' })).getByRole('link', { name: '隐私政策' })).toHaveProperty(
      'href',
      expect.stringContaining('/information?kind=privacy&version=2026-02-01'),
    );
  });
});

describe('/information', () => {
  it('renders a document version as markdown, never as raw HTML, and marks an old one', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'agreement.document': (p) => ({
        kind: 'privacy',
        title: '隐私政策',
        version: p.version ?? '',
        effectiveAt: '2026-02-01',
        current: false,
        body: '# 隐私政策\n\n## 一、信息\n\n<img src=x onerror=alert(1)>',
      }),
    });
    const { container } = renderScreen(<InformationScreen />, { path: '/information', url: '/information?kind=privacy&version=2026-02-01' });
    expect(await screen.findByRole('heading', { name: '一、信息' })).toBeTruthy();
    expect(screen.getByText('历史版本')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    expect(callsTo(callMock, 'agreement.document')[0]).toEqual({ kind: 'privacy', version: '2026-02-01' });
  });
});

describe('/setpassword?weak=1', () => {
  beforeEach(() => saveLogin(demoLogin));

  it('sets a new password without the old one and goes on with the login', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'user.changePasswordweakusers': () => ({ sessionEnded: false }) });
    const { where } = renderScreen(<SetPasswordScreen />, { path: '/setpassword', url: '/setpassword?weak=1&redirect=%2FmyMessage' });
    expect(screen.getByRole('alert').textContent).toBe(WEAK_HINT);
    expect(screen.queryByPlaceholderText('请输入原密码')).toBeNull();
    const u = user();
    await u.type(screen.getByPlaceholderText('请输入密码'), 'Safer2026');
    await u.type(screen.getByPlaceholderText('请再次输入密码'), 'Safer2026');
    await u.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(where()).toBe('/myMessage'));
    const [sent] = callsTo(callMock, 'user.changePasswordweakusers');
    expect(sent).toMatchObject({ password: hashPassword('Safer2026') });
    expect(String(sent.time)).toMatch(/^\d{6}$/);
    expect(getGuid()).toBe(demoLogin.guid);
  });

  it('shows the server’s refusal (a weak new password)', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'user.changePasswordweakusers': () => fail(400, '新密码过于简单，请换一个更安全的密码') });
    renderScreen(<SetPasswordScreen />, { path: '/setpassword', url: '/setpassword?weak=1' });
    const u = user();
    await u.type(screen.getByPlaceholderText('请输入密码'), 'abc123');
    await u.type(screen.getByPlaceholderText('请再次输入密码'), 'abc123');
    await u.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新密码过于简单，请换一个更安全的密码')).toBeTruthy();
  });
});

describe('/setpassword?mode=code', () => {
  beforeEach(() => saveLogin(demoLogin));

  it('changes the password with a code sent to the bound phone, no old password, and stays logged in', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'user.getUserInfo': () => demoUser,
      'user.sendcode': () => ({ expiresIn: 300, resendAfter: 60 }),
      'user.changePasswordnew': () => ({ sessionEnded: false }),
    });
    const { where } = renderScreen(<SetPasswordScreen />, { path: '/setpassword', url: '/setpassword?mode=code' });
    expect(await screen.findByText(/验证码将发送至 138\*\*\*\*0000/)).toBeTruthy();
    const u = user();
    await u.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(callsTo(callMock, 'user.sendcode')[0]).toMatchObject({ phone: '13800000000', op: 'reset' }));
    await u.type(screen.getByPlaceholderText('请输入验证码'), '123456');
    await u.type(screen.getByPlaceholderText('请输入密码'), 'Safer2026');
    await u.type(screen.getByPlaceholderText('请再次输入密码'), 'Safer2026');
    await u.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(where()).toBe('/settings'));
    expect(callsTo(callMock, 'user.changePasswordnew')[0]).toMatchObject({ verifyCode: '123456', password: hashPassword('Safer2026') });
    expect(getGuid()).toBe(demoLogin.guid);
  });

  it('the change screen links to it', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'user.getUserInfo': () => demoUser });
    renderScreen(<SetPasswordScreen />, { path: '/setpassword' });
    expect(await screen.findByRole('link', { name: '忘记原密码？用短信验证码修改' })).toHaveProperty('href', expect.stringContaining('/setpassword?mode=code'));
  });
});
