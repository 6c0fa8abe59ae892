import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { agentStore } from '../../lib/agent';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { callsTo, demoLogin, renderScreen, resetStorage } from '../../test/screens';
import HomeScreen from './home-screen';
import { api, gridData, mod, modules, nursing } from './home-setup';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs'); // ui/__mocks__/dialogs.ts
vi.mock('../../ui/no-content', () => ({ showNoContent: vi.fn() }));
vi.mock('../../entities/subject/choose-subject', () => ({ chooseSubject: vi.fn() }));

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  agentStore.set(null);
});

describe('/homePage: the 考试中心 tile', () => {
  it('opens the hub for a trial learner (its free items), while the module stays closed for its paid rows', async () => {
    saveSelectedSubject(nursing);
    api({ 'subject.moduleInfoX': () => gridData([...modules, mod('paper', '考试中心', '/exam', false, [{ vn: '2', vname: 'VIP班' }])]) });
    const view = renderScreen(<HomeScreen />, { path: '/homePage' });
    const tile = await screen.findByRole('button', { name: '考试中心' });
    expect(screen.queryByTestId('lock-paper')).toBeNull();
    await user().click(tile);
    expect(view.where()).toBe('/exam');
  });
});

describe('/homePage: 继续考试', () => {
  it('shows an open exam of the subject (any device) and goes back into it; nothing when none is open', async () => {
    saveSelectedSubject(nursing);
    const open = {
      examHistoryID: 77,
      testMode: null,
      name: '模拟考试（一）',
      mode: 'exam' as const,
      startedAt: '2026-11-25T01:00:00Z',
      answered: 12,
      total: 50,
      remainingSeconds: 1805,
    };
    api({ 'exam.open': () => ({ list: [open] }) });
    const view = renderScreen(<HomeScreen />, { path: '/homePage' });
    const banner = await screen.findByRole('region', { name: '未交卷的考试' });
    expect(banner.textContent).toContain('未交卷：模拟考试（一）');
    expect(banner.textContent).toContain('已答12/50题 · 剩余 30:05');
    expect(callsTo(callMock, 'exam.open')).toEqual([{ appID: 1001 }]);
    await user().click(within(banner).getByRole('button', { name: '继续考试' }));
    expect(view.where()).toBe('/computerPaper?examHistoryID=77');
    view.unmount();

    api({ 'exam.open': () => ({ list: [] }) });
    renderScreen(<HomeScreen />, { path: '/homePage' });
    await screen.findByRole('heading', { name: '护士执业资格' });
    await waitFor(() => expect(callsTo(callMock, 'exam.open').length).toBeGreaterThan(1));
    expect(screen.queryByRole('region', { name: '未交卷的考试' })).toBeNull();
  });
});
