import { PLAN_MSG } from '@kaoshi/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { noPlanView, planDay, planViewOf } from '../../test/fixtures/plan';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage, trialNursing } from '../../test/screens';
import { OpenStudyScreen } from './open-study-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');

const callMock = call as unknown as Mock;
// The wheel's popup animates in (pointer-events: none until it settles).
const user = () => userEvent.setup({ pointerEventsCheck: 0 });

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
});

describe('/openStudy: the entrance evaluation', () => {
  it('开始测评 starts it and opens the session player; the form waits until it is done or skipped', async () => {
    fakeApi(callMock, { 'plan.study': () => noPlanView(), 'plan.entrance': () => ({ state: 'started', examHistoryID: 55 }) });
    const view = renderScreen(<OpenStudyScreen />, { path: '/openStudy' });
    await user().click(await screen.findByRole('button', { name: '开始测评' }));
    await waitFor(() => expect(view.where()).toBe('/answerTest?source=session&examHistoryID=55'));
    expect(callsTo(callMock, 'plan.entrance')).toEqual([{ appID: 1001, action: 'start' }]);
    expect(screen.queryByRole('button', { name: '生成学习计划' })).toBeNull();
  });

  it('跳过测评 records the skip and shows the form', async () => {
    let state: 'none' | 'skipped' = 'none';
    fakeApi(callMock, { 'plan.study': () => noPlanView({ state }), 'plan.entrance': () => ((state = 'skipped'), { state: 'skipped', examHistoryID: null }) });
    renderScreen(<OpenStudyScreen />, { path: '/openStudy' });
    await user().click(await screen.findByRole('button', { name: '跳过测评' }));
    expect(await screen.findByRole('button', { name: '生成学习计划' })).toBeTruthy();
    expect(screen.getByText('已跳过测评，计划将按题库的章节安排。')).toBeTruthy();
    expect(callsTo(callMock, 'plan.entrance')).toEqual([{ appID: 1001, action: 'skip' }]);
  });

  it('a finished evaluation shows its result', async () => {
    fakeApi(callMock, { 'plan.study': () => noPlanView({ state: 'done', examHistoryID: 55, right: 7, total: 10 }) });
    renderScreen(<OpenStudyScreen />, { path: '/openStudy' });
    expect((await screen.findByText(/测评完成/)).textContent).toBe('测评完成：答对 7/10 题');
    expect(screen.queryByRole('button', { name: '开始测评' })).toBeNull();
  });
});

describe('/openStudy: the form', () => {
  it('checks the date and the minutes, then sends openplan and opens /studyMain', async () => {
    fakeApi(callMock, { 'plan.study': () => noPlanView({ state: 'skipped' }), 'plan.open': () => planViewOf() });
    const view = renderScreen(<OpenStudyScreen />, { path: '/openStudy' });
    const u = user();
    const submit = await screen.findByRole('button', { name: '生成学习计划' });
    await u.click(screen.getByRole('button', { name: '自定义' }));
    await u.type(screen.getByRole('textbox', { name: '自定义每天学习分钟数' }), '5');
    await u.click(submit);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['请选择考试日期', PLAN_MSG.minutes]);
    expect(callsTo(callMock, 'plan.open')).toEqual([]);

    // The date wheel opens 90 days ahead; 确定 takes it.
    await u.click(screen.getByRole('button', { name: /考试日期/ }));
    await u.click(await screen.findByText('确定'));
    await waitFor(() => expect(screen.getByRole('button', { name: /考试日期/ }).textContent).toContain(planDay(90)));
    await u.click(screen.getByRole('button', { name: '90分钟' }));
    await u.click(screen.getByRole('switch', { name: '学习提醒' }));
    expect(screen.getByRole('button', { name: '提醒时间 20:00' })).toBeTruthy();
    await u.click(submit);
    await waitFor(() => expect(view.where()).toBe('/studyMain'));
    expect(callsTo(callMock, 'plan.open')).toEqual([{ appID: 1001, mdate: planDay(90), timesize: 90, warntime: '20:00', warnopen: 1 }]);
  });

  it("a custom number of minutes is sent as it is; the server's refusal is shown in Chinese", async () => {
    fakeApi(callMock, { 'plan.study': () => noPlanView({ state: 'skipped' }), 'plan.open': () => fail(400, PLAN_MSG.noContent) });
    renderScreen(<OpenStudyScreen />, { path: '/openStudy' });
    const u = user();
    await u.click(await screen.findByRole('button', { name: /考试日期/ }));
    await u.click(await screen.findByText('确定'));
    await u.click(screen.getByRole('button', { name: '自定义' }));
    await u.type(screen.getByRole('textbox', { name: '自定义每天学习分钟数' }), '45');
    await u.click(screen.getByRole('button', { name: '生成学习计划' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PLAN_MSG.noContent);
    expect(callsTo(callMock, 'plan.open')).toEqual([{ appID: 1001, mdate: planDay(90), timesize: 45, warntime: '20:00', warnopen: 0 }]);
  });

  it('with a plan: 调整计划, prefilled from it', async () => {
    fakeApi(callMock, { 'plan.study': () => planViewOf({ plan: { mdate: planDay(40), timesize: 45, warnopen: 1, warntime: '07:15' } }), 'plan.open': () => planViewOf() });
    renderScreen(<OpenStudyScreen />, { path: '/openStudy' });
    expect(await screen.findByRole('heading', { level: 2, name: /调整计划/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /考试日期/ }).textContent).toContain(planDay(40));
    expect(screen.getByRole('button', { name: '自定义' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByRole('textbox', { name: '自定义每天学习分钟数' }) as HTMLInputElement).value).toBe('45');
    expect((screen.getByRole('switch', { name: '学习提醒' }) as HTMLInputElement).checked).toBe(true);
    await user().click(screen.getByRole('button', { name: '生成学习计划' }));
    await waitFor(() => expect(callsTo(callMock, 'plan.open')).toEqual([{ appID: 1001, mdate: planDay(40), timesize: 45, warntime: '07:15', warnopen: 1 }]));
  });
});
