import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { callsTo, demoLogin, fakeApi, renderScreen, resetStorage, trialNursing } from '../../test/screens';
import { vipVersion } from '../../test/fixtures/catalog';
import GuidanceScreen from './guidance-screen';
import IntroduceScreen from './introduce-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs'); // ui/__mocks__/dialogs.ts

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

const subject = trialNursing;

const item = (vn: string, vname: string, vnorder: number, names: string[], buyListHide = false) =>
  vipVersion(vn, vname, vnorder, { buyListHide, vnjson: names.map((name, i) => ({ id: `m${i}`, name, route: '/x' })) });

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
});

describe('/introduce', () => {
  it("shows the subject's introduction as plain text, its versions with what each opens, and 开通班次", async () => {
    saveSelectedSubject(subject);
    fakeApi(callMock, {
      'subject.guidePage': () => ({
        title: '护士执业资格考试介绍',
        sections: [{ title: '报考条件', body: '<i>中专</i>及以上\n护理专业' }],
      }),
      'catalog.vipinfo': () => ({
        list: [item('1', '基础班', 1, ['章节练习']), item('3', '至尊班', 3, ['章节练习', '直播课堂']), item('8', '隐藏班', 8, [], true)],
        msdbMsg: '',
        vipdata: null,
        userInfoAll: [],
      }),
    });
    const { where } = renderScreen(<IntroduceScreen />, { path: '/introduce' });
    expect(await screen.findByRole('heading', { name: '护士执业资格考试介绍' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '报考条件' })).toBeTruthy();
    expect(screen.getByText(/<i>中专<\/i>及以上/)).toBeTruthy();
    expect(callsTo(callMock, 'subject.guidePage')[0]).toMatchObject({ kind: 'introduce', appID: 1001 });
    const top = await screen.findByTestId('version-3');
    expect(within(top).getByText('包含：章节练习、直播课堂')).toBeTruthy();
    expect(screen.queryByText('隐藏班')).toBeNull();
    await user().click(screen.getByRole('button', { name: '开通班次' }));
    await waitFor(() => expect(where()).toBe('/buyapp'));
  });

  it('without a subject: asks to choose one', async () => {
    fakeApi(callMock, {});
    const { where } = renderScreen(<IntroduceScreen />, { path: '/introduce' });
    await user().click(screen.getByRole('button', { name: '选择科目' }));
    await waitFor(() => expect(where()).toBe('/switchSub'));
    expect(callsTo(callMock, 'subject.guidePage')).toHaveLength(0);
  });
});

describe('/Guidance', () => {
  const guide = () => ({
    title: '新手引导',
    sections: [
      { title: '选择科目', body: '在首页点击切换' },
      { title: '开始练习', body: '从章节练习开始' },
    ],
  });

  it("shows the tenant's guide as numbered steps; 开始学习 goes home", async () => {
    saveSelectedSubject(subject);
    fakeApi(callMock, { 'subject.guidePage': guide });
    const { where } = renderScreen(<GuidanceScreen />, { path: '/Guidance' });
    const steps = await screen.findAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual(['1选择科目在首页点击切换', '2开始练习从章节练习开始']);
    expect(callsTo(callMock, 'subject.guidePage')[0]).toMatchObject({ kind: 'guidance' });
    await user().click(screen.getByRole('button', { name: '开始学习' }));
    await waitFor(() => expect(where()).toBe('/homePage'));
  });

  it('开始学习 without a subject goes to /switchSub', async () => {
    fakeApi(callMock, { 'subject.guidePage': guide });
    const { where } = renderScreen(<GuidanceScreen />, { path: '/Guidance' });
    await screen.findAllByRole('listitem');
    await user().click(screen.getByRole('button', { name: '开始学习' }));
    await waitFor(() => expect(where()).toBe('/switchSub'));
  });
});
