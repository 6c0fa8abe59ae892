import { CONTENT_MSG, PROFILE_MSG, UPLOAD_MSG, type Profile } from '@kaoshi/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { saveLogin } from '../../lib/session';
import { toast } from '../../ui/dialogs';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage } from '../../test/screens';
import { EducationScreen, ProfessionScreen } from './code-screens';
import { NicknameScreen } from './nickname-screen';
import { QqScreen } from './qq-screen';
import { UserInfoScreen } from './user-info-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs'); // ui/__mocks__/dialogs.ts

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

const base: Profile = { userID: 7, userName: '13800000000', phone: '13800000000', nickName: '小李', avatar: '', avatarUrl: '', qq: '', education: 'bachelor', profession: '' };
/** A fake server keeping one profile: profile.update applies the change (and `clear`). */
function serve(start: Partial<Profile> = {}, update?: (p: Record<string, unknown>) => Partial<Profile>) {
  let p: Profile = { ...base, ...start };
  fakeApi(callMock, {
    'profile.get': () => p,
    'profile.update': (params) => {
      const { clear, guid: _g, ...set } = params as Record<string, string>;
      p = {
        ...p,
        ...set,
        ...Object.fromEntries(
          (clear ?? '')
            .split(',')
            .filter(Boolean)
            .map((f) => [f, '']),
        ),
        ...update?.(params),
      };
      p.avatarUrl = p.avatar ? `/media/${p.avatar}` : '';
      return p;
    },
    'upload.image': () => ({ key: 'u/7/avatar/abcdefghijklmnopqrstuvwx.jpg', url: '/media/u/7/avatar/abcdefghijklmnopqrstuvwx.jpg', width: 256, height: 256 }),
  });
}

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  vi.mocked(toast).mockClear();
});

describe('/userInfoPage', () => {
  it('lists the profile with the phone masked, 未填写 for empty fields, each row opening its editor', async () => {
    serve();
    const { where } = renderScreen(<UserInfoScreen />, { path: '/userInfoPage' });
    expect(screen.getByRole('heading', { name: '个人资料' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: '昵称：小李' })).toBeTruthy();
    expect(screen.getByText('138****0000')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'QQ号：未填写' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '学历：本科' })).toBeTruthy();
    await user().click(screen.getByRole('link', { name: '职业：未填写' }));
    expect(where()).toBe('/Professional');
  });

  it('uploads a chosen picture as the avatar and shows it', async () => {
    serve();
    renderScreen(<UserInfoScreen />, { path: '/userInfoPage' });
    const input = await screen.findByLabelText('更换头像');
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 250])], 'me.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(toast).toHaveBeenCalledWith(PROFILE_MSG.avatarSaved));
    expect(callsTo(callMock, 'upload.image')[0]).toEqual({ purpose: 'avatar', data: '_9j_4AECA_o' });
    expect(callsTo(callMock, 'profile.update')[0]).toEqual({ avatar: 'u/7/avatar/abcdefghijklmnopqrstuvwx.jpg' });
    expect((await screen.findByTestId('avatar-image')).getAttribute('src')).toBe('/media/u/7/avatar/abcdefghijklmnopqrstuvwx.jpg');
  });

  it('says why a picture was refused and keeps the old avatar', async () => {
    serve();
    fakeApi(callMock, { 'profile.get': () => base, 'upload.image': () => fail(400, UPLOAD_MSG.badType) });
    renderScreen(<UserInfoScreen />, { path: '/userInfoPage' });
    fireEvent.change(await screen.findByLabelText('更换头像'), { target: { files: [new File(['<svg/>'], 'x.jpg')] } });
    await waitFor(() => expect(toast).toHaveBeenCalledWith(UPLOAD_MSG.badType));
    expect(callsTo(callMock, 'profile.update')).toEqual([]);
    expect(screen.queryByTestId('avatar-image')).toBeNull();
  });
});

describe('/changeNickname', () => {
  it('cuts the input at the §5 width as typed (汉字 count 2) and saves it', async () => {
    serve();
    const { where } = renderScreen(<NicknameScreen />, { path: '/changeNickname', before: ['/userInfoPage'] });
    const input = await screen.findByLabelText('昵称');
    const u = user();
    await u.clear(input);
    await u.type(input, '护理学习小能手加油');
    expect((input as HTMLInputElement).value).toBe('护理学习小能手加');
    expect(screen.getByText('16/16')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(where()).toBe('/userInfoPage'));
    expect(callsTo(callMock, 'profile.update')).toEqual([{ nickName: '护理学习小能手加' }]);
    expect(toast).toHaveBeenCalledWith(PROFILE_MSG.saved);
  });

  it('saves what was typed (no promise of # in place of links or tags), refuses a banned word before the call, and shows a refusal inline', async () => {
    serve();
    renderScreen(<NicknameScreen />, { path: '/changeNickname', before: ['/userInfoPage'] });
    const input = await screen.findByLabelText('昵称');
    expect(screen.queryByText(/替换为#/)).toBeNull();
    const u = user();
    await u.clear(input);
    await u.type(input, '傻 逼');
    await u.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CONTENT_MSG.banned);
    expect(callsTo(callMock, 'profile.update')).toEqual([]);
    await u.clear(input);
    await u.type(input, 'Amy<b>');
    await u.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(PROFILE_MSG.saved));
    expect(callsTo(callMock, 'profile.update')).toEqual([{ nickName: 'Amy<b>' }]);

    fakeApi(callMock, { 'profile.get': () => base, 'profile.update': () => fail(400, '昵称包含不允许的字符') });
    renderScreen(<NicknameScreen />, { path: '/changeNickname' });
    const again = (await screen.findAllByLabelText('昵称')).at(-1)!;
    await u.type(again, 'x');
    await u.click(screen.getAllByRole('button', { name: '保存' }).at(-1)!);
    expect((await screen.findByRole('alert')).textContent).toBe('昵称包含不允许的字符');
  });
});

describe('/setQQNum', () => {
  it('refuses what is not a QQ number without a call, saves a good one, and clears it', async () => {
    serve({ qq: '10001' });
    const { where } = renderScreen(<QqScreen />, { path: '/setQQNum', before: ['/userInfoPage'] });
    const input = await screen.findByLabelText('QQ号');
    const u = user();
    for (const bad of ['1234', '01234567', '12a45']) {
      await u.clear(input);
      await u.type(input, bad);
      await u.click(screen.getByRole('button', { name: '保存' }));
      expect((await screen.findByRole('alert')).textContent).toBe(PROFILE_MSG.qq);
    }
    expect(callsTo(callMock, 'profile.update')).toEqual([]);
    await u.clear(input);
    await u.type(input, '123456789');
    await u.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(where()).toBe('/userInfoPage'));
    expect(callsTo(callMock, 'profile.update')).toEqual([{ qq: '123456789' }]);
  });

  it('清除QQ号 empties a saved number', async () => {
    serve({ qq: '10001' });
    renderScreen(<QqScreen />, { path: '/setQQNum', before: ['/userInfoPage'] });
    await user().click(await screen.findByRole('button', { name: '清除QQ号' }));
    await waitFor(() => expect(callsTo(callMock, 'profile.update')).toEqual([{ clear: 'qq' }]));
  });
});

describe('/eduCational and /Professional', () => {
  it('checks the saved education and saves another with one tap', async () => {
    serve();
    const { where } = renderScreen(<EducationScreen />, { path: '/eduCational', before: ['/userInfoPage'] });
    expect((await screen.findByRole('radio', { name: '本科' })).getAttribute('aria-checked')).toBe('true');
    await user().click(screen.getByRole('radio', { name: '硕士' }));
    await waitFor(() => expect(where()).toBe('/userInfoPage'));
    expect(callsTo(callMock, 'profile.update')).toEqual([{ education: 'master' }]);
  });

  it('lists the professions, none checked at first', async () => {
    serve();
    renderScreen(<ProfessionScreen />, { path: '/Professional' });
    const radios = await screen.findAllByRole('radio');
    expect(radios.map((r) => r.textContent)).toContain('护士');
    expect(radios.every((r) => r.getAttribute('aria-checked') === 'false')).toBe(true);
    await user().click(screen.getByRole('radio', { name: '护士' }));
    await waitFor(() => expect(callsTo(callMock, 'profile.update')).toEqual([{ profession: 'nurse' }]));
  });
});
