import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { agentStore } from '../../lib/agent';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { noPlanView, planTaskOf, planViewOf } from '../../test/fixtures/plan';
import { callsTo, demoLogin, fail, renderScreen, resetStorage } from '../../test/screens';
import HomeScreen from './home-screen';
import { api, gridData, mod, modules, nursing } from './home-setup';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');
vi.mock('../../ui/no-content', () => ({ showNoContent: vi.fn() }));
vi.mock('../../entities/subject/choose-subject', () => ({ chooseSubject: vi.fn(async () => ({ kind: 'chosen', subject: nursing })) }));

const callMock = call as unknown as Mock;
const withPlan = () => gridData([...modules, mod('plan', '学习计划', '/studyMain', true)]);

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  agentStore.set(null);
  saveSelectedSubject(nursing);
});

describe("/homePage: the plan's today-progress", () => {
  it('shows 今日计划 with the tasks done and the percent, into /studyMain', async () => {
    const tasks = [planTaskOf(1, { done: true }), planTaskOf(2), planTaskOf(3, { skipped: true }), planTaskOf(4)];
    api({ 'subject.moduleInfoX': withPlan, 'plan.study': () => planViewOf({ tasks }) });
    renderScreen(<HomeScreen />, { path: '/homePage' });
    const card = await screen.findByRole('region', { name: '今日计划' }, { timeout: 3000 });
    expect(card.textContent).toContain('已完成 1/3 项任务');
    expect(card.textContent).toContain('33%');
    expect(card.textContent).toContain('距离考试 95 天');
    expect(within(card).getByRole('link', { name: '继续今天的学习' }).getAttribute('href')).toBe('/studyMain');
    expect(callsTo(callMock, 'plan.study')).toEqual([{ appID: 1001 }]);
  });

  it('without a plan: a quiet 制定学习计划 entry', async () => {
    api({ 'subject.moduleInfoX': withPlan, 'plan.study': () => noPlanView() });
    renderScreen(<HomeScreen />, { path: '/homePage' });
    expect((await screen.findByRole('link', { name: /制定学习计划/ })).getAttribute('href')).toBe('/openStudy');
    expect(screen.queryByRole('region', { name: '今日计划' })).toBeNull();
  });

  it('a grid without the plan module asks nothing; a failing plan call leaves the page as it is', async () => {
    api();
    const first = renderScreen(<HomeScreen />, { path: '/homePage' });
    await screen.findByRole('button', { name: '考试介绍' });
    expect(callsTo(callMock, 'plan.study')).toEqual([]);
    expect(screen.queryByRole('link', { name: /制定学习计划/ })).toBeNull();
    first.unmount();

    api({ 'subject.moduleInfoX': withPlan, 'plan.study': () => fail(500, '服务器繁忙') });
    renderScreen(<HomeScreen />, { path: '/homePage' });
    await screen.findByRole('button', { name: '学习计划' });
    await waitFor(() => expect(callsTo(callMock, 'plan.study')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: '今日计划' })).toBeNull();
    expect(screen.getByRole('button', { name: '考试介绍' })).toBeTruthy();
  });
});
