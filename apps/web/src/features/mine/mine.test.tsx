import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { Profile } from '@kaoshi/contract';
import { call } from '../../api/client';
import { useProfileQuery } from '../../entities/user/profile-api';
import { cookies } from '../../lib/storage';
import { saveLogin } from '../../lib/session';
import { demoLogin, fakeApi, renderScreen, resetStorage, trialNursing } from '../../test/screens';
import MineScreen from './mine-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
// H3's shared profile query (entities/user/profile-api.ts): the hub only reads it.
vi.mock('../../entities/user/profile-api', async (orig) => ({ ...(await orig<typeof import('../../entities/user/profile-api')>()), useProfileQuery: vi.fn() }));
const callMock = call as unknown as Mock;
const profileMock = useProfileQuery as unknown as Mock;

const profile: Profile = {
  userID: 7,
  userName: '13800000000',
  phone: '13800000000',
  nickName: '小明<b>',
  avatar: '',
  avatarUrl: '',
  qq: '',
  education: '',
  profession: '',
};
const answered = (data: Profile | undefined, over: Record<string, unknown> = {}) => ({ data, isPending: !data, isError: false, refetch: vi.fn(), ...over });

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  fakeApi(callMock, { 'message.unread': () => ({ total: 4, byTab: { all: 4 } }) });
  profileMock.mockReturnValue(answered(profile));
});

describe('/mine, the 我的 hub', () => {
  it('shows the learner (nickname as text, masked phone, the first character as avatar) opening /userInfoPage', async () => {
    const { where } = renderScreen(<MineScreen />, { path: '/mine' });
    expect(screen.getByRole('heading', { level: 1, name: '我的' })).toBeTruthy();
    const card = screen.getByRole('link', { name: /^小明<b>/ });
    expect(within(card).getByText('138****0000')).toBeTruthy();
    expect(card.querySelector('b')).toBeNull();
    expect(card.textContent).toContain('小');
    await userEvent.setup().click(card);
    expect(where()).toBe('/userInfoPage');
  });

  it('shows the uploaded avatar when there is one', () => {
    profileMock.mockReturnValue(answered({ ...profile, avatarUrl: '/media/u/7/avatar/abc.jpg' }));
    renderScreen(<MineScreen />, { path: '/mine' });
    expect(
      screen
        .getByRole('link', { name: /小明<b>/ })
        .querySelector('img')
        ?.getAttribute('src'),
    ).toBe('/media/u/7/avatar/abc.jpg');
  });

  it('a failed profile offers 重试', async () => {
    const refetch = vi.fn();
    profileMock.mockReturnValue(answered(undefined, { isPending: false, isError: true, refetch }));
    renderScreen(<MineScreen />, { path: '/mine' });
    expect(screen.getByText('账号信息加载失败')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: '重试' }));
    expect(refetch).toHaveBeenCalled();
  });

  it('shows the version held in the current subject: a trial offers 开通班次, a member 会员中心', () => {
    cookies.setJSON('SELECTEDAPPNEW', trialNursing);
    const first = renderScreen(<MineScreen />, { path: '/mine' });
    const version = screen.getByRole('region', { name: '我的版本' });
    expect(within(version).getByText('护士执业资格')).toBeTruthy();
    expect(within(version).getByText('试用版')).toBeTruthy();
    expect(within(version).getByRole('link', { name: '开通班次' }).getAttribute('href')).toBe('/buyapp');
    first.unmount();
    cookies.setJSON('SELECTEDAPPNEW', { ...trialNursing, curAppvn: '3', curAppVname: '至尊班' });
    renderScreen(<MineScreen />, { path: '/mine' });
    expect(screen.getByText('至尊班')).toBeTruthy();
    expect(screen.getByRole('link', { name: '会员中心' }).getAttribute('href')).toBe('/memberCenter');
  });

  it('without a subject offers 选择科目', () => {
    renderScreen(<MineScreen />, { path: '/mine' });
    expect(screen.getByText('还没有选择科目')).toBeTruthy();
    expect(screen.getByRole('link', { name: '选择科目' }).getAttribute('href')).toBe('/switchSub');
  });

  it('lists the hub rows, 考试记录 of the current subject and 我的消息 with its unread count', async () => {
    cookies.setJSON('SELECTEDAPPNEW', trialNursing);
    renderScreen(<MineScreen />, { path: '/mine' });
    const href = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('错题本')).toBe('/consolidate');
    expect(href('收藏')).toBe('/consolidate?tab=fav');
    expect(href('考试记录')).toBe('/examHistory?appID=1001');
    expect(href('学习计划')).toBe('/studyMain');
    expect(href('我的订单')).toBe('/memberCenter');
    expect(href('我的优惠券')).toBe('/myCoupon');
    expect(href('我的拼团')).toBe('/mypink');
    expect(href('意见反馈')).toBe('/feedback');
    expect(href('客服中心')).toBe('/customerService');
    expect(href('设置')).toBe('/settings');
    expect(href('通用设置')).toBe('/currency');
    expect(href('异常修复')).toBe('/abnormal_repair');
    expect(href('关于我们')).toBe('/aboutUs');
    const messages = await screen.findByRole('link', { name: '我的消息，4条未读' });
    expect(messages.getAttribute('href')).toBe('/myMessage');
    expect(within(messages).getByTestId('row-badge').textContent).toBe('4');
  });
});
