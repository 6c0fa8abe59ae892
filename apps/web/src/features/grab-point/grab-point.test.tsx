import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { alertMsg } from '../../ui/dialogs';
import { callsTo, demoLogin, fakeApi, renderScreen, resetStorage, trialNursing, shellHandlers } from '../../test/screens';
import { examSession } from '../../test/fixtures/exam';
import ExamResultScreen from '../exam-results/exam-result-screen';
import { result } from '../../test/fixtures/exam-results';
import type { GrabInfo } from './api';
import GrabPointScreen from './grab-point-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
});

const points = [
  { point: 11, name: '常见输液反应及护理', missing: 8, total: 8, mastery: 0 },
  { point: 26, name: '降压药物的用药护理', missing: 5, total: 8, mastery: 0.375 },
  { point: 103, name: '产褥期生理与护理', missing: 3, total: 9, mastery: 0.6667 },
  { point: 87, name: '甲状腺手术前后护理', missing: 1, total: 8, mastery: 0.875 },
];

const info = (over: Partial<GrabInfo> = {}): GrabInfo => ({
  points,
  missingTotal: 17,
  rounds: 0,
  open: null,
  last: null,
  allowed: true,
  unlocking: [],
  ...over,
});

describe('/grabPoint for a holder', () => {
  it('lists the missing hot points weakest first with their mastery; 开始抢分 starts a round in the player', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'grabPoint.info': () => info(),
      'grabPoint.start': () => examSession({ examHistoryID: 90, mode: 'practice', testMode: 'grabPoint' }),
    });
    const view = renderScreen(<GrabPointScreen />, { path: '/grabPoint' });
    const list = await screen.findByRole('region', { name: '待抢的高频考点' });
    expect(callsTo(callMock, 'grabPoint.info')[0]).toEqual({ appID: 1001 });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      '常见输液反应及护理还差 8 题掌握度 0%',
      '降压药物的用药护理还差 5 题掌握度 38%',
      '产褥期生理与护理还差 3 题掌握度 67%',
      '甲状腺手术前后护理还差 1 题掌握度 88%',
    ]);
    expect(within(list).getAllByRole('progressbar')[1]!.getAttribute('aria-valuenow')).toBe('38');
    const hero = screen.getByRole('region', { name: '考前抢分' });
    expect(hero.textContent).toContain('4待抢考点');
    expect(hero.textContent).toContain('17待抢题目');
    expect(hero.textContent).toContain('每轮10题，限时5分钟，到时自动交卷');
    expect(screen.queryByRole('region', { name: '上一轮' })).toBeNull();

    await user().click(screen.getByRole('button', { name: '开始抢分' }));
    await waitFor(() => expect(view.where()).toBe('/answerTest?source=session&examHistoryID=90'));
    expect(callsTo(callMock, 'grabPoint.start')[0]).toEqual({ appID: 1001 });
  });

  it('shows the last round: 本轮抢回 x 分 with right/total and a link to its review; 继续本轮 opens the open round', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'grabPoint.info': () => info({ rounds: 2, open: 95, last: { examHistoryID: 93, gained: 3.5, right: 4, total: 10, handedAt: '2026-11-21T02:00:00.000Z' } }),
    });
    const view = renderScreen(<GrabPointScreen />, { path: '/grabPoint' });
    const last = await screen.findByRole('region', { name: '上一轮' });
    expect(last.textContent).toContain('本轮抢回 3.5 分');
    expect(last.textContent).toContain('上一轮（第2轮）答对 4/10 题');
    await user().click(screen.getByRole('button', { name: '继续本轮' }));
    expect(view.where()).toBe('/answerTest?source=session&examHistoryID=95');
    expect(callsTo(callMock, 'grabPoint.start')).toHaveLength(0);
    view.unmount();

    const v2 = renderScreen(<GrabPointScreen />, { path: '/grabPoint' });
    await user().click(await screen.findByRole('button', { name: '查看本轮解析' }));
    expect(v2.where()).toBe('/examResult?examHistoryID=93');
  });

  it('nothing left to grab: says so instead of 开始抢分', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'grabPoint.info': () => info({ points: [], missingTotal: 0 }) });
    renderScreen(<GrabPointScreen />, { path: '/grabPoint' });
    expect(await screen.findByText('高频考点的题目你已全部答对，暂无可抢的分')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '开始抢分' })).toBeNull();
  });

  it('a refused start is shown in a dialog', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'grabPoint.info': () => info(),
      'grabPoint.start': () => {
        throw new ApiError(404, '高频考点的题目你已全部答对，暂无可抢的分', null, 'reply');
      },
    });
    renderScreen(<GrabPointScreen />, { path: '/grabPoint' });
    await user().click(await screen.findByRole('button', { name: '开始抢分' }));
    await waitFor(() => expect(alertMsg).toHaveBeenCalledWith('高频考点的题目你已全部答对，暂无可抢的分'));
  });
});

describe('/grabPoint for a non-holder: the product page', () => {
  it('what it gives, the learner’s own missing points as a taste, the unlocking versions and 去开通', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'grabPoint.info': () => info({ allowed: false, unlocking: [{ vn: '3', vname: '至尊班' }] }) });
    const view = renderScreen(<GrabPointScreen />, { path: '/grabPoint' });
    expect(await screen.findByText('考前最后冲刺，把丢掉的分抢回来')).toBeTruthy();
    expect(screen.getByRole('list', { name: '包含内容' }).textContent).toContain('只练高频考点');
    const taste = screen.getByRole('region', { name: '你的待抢考点' });
    expect(taste.textContent).toContain('你还有 4 个高频考点没有掌握（共 17 题）');
    expect(within(taste).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('list', { name: '可开通的班次' }).textContent).toBe('至尊班');
    expect(screen.queryByRole('button', { name: '开始抢分' })).toBeNull();
    await user().click(screen.getByRole('button', { name: '去开通' }));
    expect(view.where()).toBe('/buyApp?moduleType=dialog&posSlide=3');
  });

  it('an error of the info call offers 重试', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'grabPoint.info': () => {
        throw new ApiError(500, '服务器繁忙', null, 'reply');
      },
    });
    renderScreen(<GrabPointScreen />, { path: '/grabPoint' });
    expect(await screen.findByRole('button', { name: '重试' })).toBeTruthy();
  });
});

describe('the result of a round (/examResult)', () => {
  it('says 本轮抢回 x 分: the marks of the questions answered right', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'exam.result': () => result({ testMode: 'grabPoint', mode: 'practice', name: '考前抢分·第1轮' }) });
    renderScreen(<ExamResultScreen />, { path: '/examResult', url: '/examResult?examHistoryID=42' });
    expect((await screen.findByTestId('mode-line')).textContent).toBe('本轮抢回 3 分');
    expect(screen.getByRole('button', { name: '返回考前抢分' })).toBeTruthy();
  });
});
