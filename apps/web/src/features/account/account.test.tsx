import { ACCOUNT_MSG, type DeviceItem } from '@kaoshi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { getGuid, saveLogin } from '../../lib/session';
import { alertMsg, confirm, toast } from '../../ui/dialogs';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage } from '../../test/screens';
import { CancelAccountScreen } from './cancel-account-screen';
import { DevicesScreen } from './devices-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs'); // ui/__mocks__/dialogs.ts

const callMock = call as unknown as Mock;
const confirmMock = confirm as unknown as Mock;
const user = () => userEvent.setup();

const device = (id: string, over: Partial<DeviceItem> = {}): DeviceItem => ({
  id: id.padEnd(24, '0'),
  kind: 'phone',
  os: 'iOS 17',
  browser: '微信',
  ip: '203.0.*.*',
  place: '',
  createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
  lastSeenAt: new Date(Date.now() - 600_000).toISOString(),
  current: false,
  ...over,
});
const here = device('a', { kind: 'desktop', os: 'Windows', browser: 'Chrome 124', ip: '192.168.*.*', place: '局域网', current: true });

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
});

describe('/accountKeys', () => {
  it('lists the devices: 本机 first, device, last use and the masked IP; no 下线 on this device', async () => {
    fakeApi(callMock, { 'account.devices': () => ({ list: [here, device('b')] }) });
    renderScreen(<DevicesScreen />, { path: '/accountKeys' });
    expect(screen.getByRole('heading', { name: '登录设备管理' })).toBeTruthy();
    const items = within(await screen.findByRole('list', { name: '登录设备' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('电脑 · Windows · Chrome 124')).toBeTruthy();
    expect(within(items[0]!).getByText('本机')).toBeTruthy();
    expect(within(items[0]!).getByText('IP 192.168.*.* · 局域网')).toBeTruthy();
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(within(items[1]!).getByText('手机 · iOS 17 · 微信')).toBeTruthy();
    expect(within(items[1]!).getByRole('button', { name: '下线 手机 · iOS 17 · 微信' })).toBeTruthy();
  });

  it('下线 asks first, ends that device and reads the list again', async () => {
    let list = [here, device('b')];
    fakeApi(callMock, {
      'account.devices': () => ({ list }),
      'account.signOutDevice': () => {
        list = [here];
        return { ended: 1 };
      },
    });
    renderScreen(<DevicesScreen />, { path: '/accountKeys' });
    await user().click(await screen.findByRole('button', { name: /^下线 手机/ }));
    expect(confirmMock).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^下线 手机/ })).toBeNull());
    expect(callsTo(callMock, 'account.signOutDevice')).toEqual([{ id: device('b').id }]);
    expect(toast).toHaveBeenCalledWith(ACCOUNT_MSG.signedOut);
    expect((screen.getByRole('button', { name: '下线其他所有设备' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('does nothing when the learner says no', async () => {
    fakeApi(callMock, { 'account.devices': () => ({ list: [here, device('b')] }) });
    confirmMock.mockResolvedValueOnce(false);
    renderScreen(<DevicesScreen />, { path: '/accountKeys' });
    await user().click(await screen.findByRole('button', { name: /^下线 手机/ }));
    expect(callsTo(callMock, 'account.signOutDevice')).toEqual([]);
  });

  it('下线其他所有设备 ends the others', async () => {
    fakeApi(callMock, { 'account.devices': () => ({ list: [here, device('b'), device('c')] }), 'account.signOutOthers': () => ({ ended: 2 }) });
    renderScreen(<DevicesScreen />, { path: '/accountKeys' });
    await screen.findByRole('list', { name: '登录设备' });
    await user().click(screen.getByRole('button', { name: '下线其他所有设备' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(ACCOUNT_MSG.signedOutOthers));
    expect(callsTo(callMock, 'account.signOutOthers')).toEqual([{}]);
  });

  it('shows a refusal in words', async () => {
    fakeApi(callMock, { 'account.devices': () => ({ list: [here, device('b')] }), 'account.signOutDevice': () => fail(404, ACCOUNT_MSG.deviceUnknown) });
    renderScreen(<DevicesScreen />, { path: '/accountKeys' });
    await user().click(await screen.findByRole('button', { name: /^下线 手机/ }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(ACCOUNT_MSG.deviceUnknown));
  });
});

const info = { phone: '138****0000', coolingOffDays: 7, validVersions: 1, openOrders: 0 };

describe('/cancelAccount', () => {
  it('says what is erased, what is kept, what is lost and the cooling-off rule', async () => {
    fakeApi(callMock, { 'account.deletionInfo': () => info });
    renderScreen(<CancelAccountScreen />, { path: '/cancelAccount' });
    expect(await screen.findByRole('heading', { name: '注销后将删除' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '匿名保留' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '7天冷静期' })).toBeTruthy();
    expect(screen.getByText(/你有 1 个仍在有效期内的班次/)).toBeTruthy();
    expect(screen.getByText('验证码将发送至 138****0000')).toBeTruthy();
  });

  it('sends the code, needs the code and the confirmation, then ends the session here and goes to /login', async () => {
    fakeApi(callMock, {
      'account.deletionInfo': () => info,
      'account.deletionCode': () => ({ expiresIn: 300, resendAfter: 60 }),
      'account.requestDeletion': () => ({ eraseAt: '2026-12-03T00:00:00.000Z' }),
    });
    const { where } = renderScreen(<CancelAccountScreen />, { path: '/cancelAccount' });
    await user().click(await screen.findByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: '60秒后重发' })).toBeTruthy();
    expect(callsTo(callMock, 'account.deletionCode')).toEqual([{}]);
    await user().click(screen.getByRole('button', { name: '申请注销' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入6位数字验证码');
    await user().type(screen.getByPlaceholderText('请输入6位验证码'), '123456');
    await user().click(screen.getByRole('button', { name: '申请注销' }));
    expect(screen.getByRole('alert').textContent).toBe(ACCOUNT_MSG.confirmRequired);
    await user().click(screen.getByRole('checkbox', { name: '我已阅读并同意以上注销须知' }));
    await user().click(screen.getByRole('button', { name: '申请注销' }));
    await waitFor(() => expect(where()).toBe('/login'));
    expect(callsTo(callMock, 'account.requestDeletion')).toEqual([{ code: '123456', confirm: '1' }]);
    expect(alertMsg).toHaveBeenCalledWith(ACCOUNT_MSG.requested);
    expect(getGuid()).toBeNull();
  });

  it('keeps the learner here with the server’s words when the code is wrong', async () => {
    fakeApi(callMock, { 'account.deletionInfo': () => info, 'account.requestDeletion': () => fail(400, '验证码错误') });
    const { where } = renderScreen(<CancelAccountScreen />, { path: '/cancelAccount' });
    await user().type(await screen.findByPlaceholderText('请输入6位验证码'), '000000');
    await user().click(screen.getByRole('checkbox'));
    await user().click(screen.getByRole('button', { name: '申请注销' }));
    expect((await screen.findByRole('alert')).textContent).toBe('验证码错误');
    expect(where()).toBe('/cancelAccount');
    expect(getGuid()).not.toBeNull();
  });

  it('without a bound phone, sends the learner to bind one', async () => {
    fakeApi(callMock, { 'account.deletionInfo': () => ({ ...info, phone: '' }) });
    renderScreen(<CancelAccountScreen />, { path: '/cancelAccount' });
    expect(await screen.findByText(ACCOUNT_MSG.noPhone)).toBeTruthy();
    expect(screen.getByRole('link', { name: '去绑定手机号' }).getAttribute('href')).toBe('/bindphone');
    expect(screen.queryByRole('button', { name: '申请注销' })).toBeNull();
  });
});
