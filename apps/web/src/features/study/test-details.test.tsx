import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { toast } from '../../ui/dialogs';
import { callsTo, demoLogin, fakeApi, renderScreen, resetStorage, trialNursing, shellHandlers } from '../../test/screens';
import NewTestDetailsScreen from './new-test-details-screen';
import TestDetailsClassicScreen from './test-details-screen';
import { sq } from '../../test/fixtures/study';
import type { Details } from '../../entities/study/api';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
});

const details = (over: Partial<Details> = {}): Details => ({
  AppID: 1001,
  chapterName: '心力衰竭',
  group: { childTableID: 7, childTableName: 'A3', stem: '患者，女，62岁，心悸气短。', options: [] },
  question: sq({
    allTestID: 42,
    childTableID: 7,
    childTableName: 'A3',
    stem: '首选的体位是',
    answer: 'B',
    explanation: '心衰病人取【端坐位】以减少回心血量',
    points: ['心力衰竭的护理'],
  }),
  stats: {
    answered: 200,
    right: 150,
    rightRate: 0.75,
    options: [
      { key: 'A', count: 30, share: 0.15 },
      { key: 'B', count: 150, share: 0.75 },
      { key: 'C', count: 20, share: 0.1 },
    ],
  },
  mine: { attempts: 3, right: 1, lastReply: 'C' },
  ...over,
});

describe('/testdetails', () => {
  it('shows the case stem, stem, options with their share, the right answer, explanation, points and both records', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'study.cptcontent': () => details() });
    renderScreen(<TestDetailsClassicScreen />, { path: '/testdetails', url: '/testdetails?allTestID=42' });
    expect(await screen.findByText('首选的体位是')).toBeTruthy();
    expect(callsTo(callMock, 'study.cptcontent')).toEqual([{ appID: 1001, allTestID: 42 }]);
    expect(screen.getByTestId('case-stem').textContent).toContain('患者，女，62岁');
    const b = screen.getByTestId('option-B');
    expect(b.textContent).toContain('正确答案');
    expect(b.textContent).toContain('75%');
    expect(within(screen.getByTestId('option-A')).getByRole('img', { name: '选A的占比 15%' })).toBeTruthy();
    expect(screen.getByTestId('option-D').textContent).toContain('0%');
    expect(screen.getByTestId('option-A').textContent).not.toContain('正确答案');
    expect(screen.getByRole('region', { name: '解析' }).querySelector('mark')?.textContent).toBe('端坐位');
    expect(screen.getByText('心力衰竭的护理')).toBeTruthy();
    expect(screen.getByTestId('site-stats').textContent).toBe('全站作答 200 人次 · 正确率 75%');
    expect(screen.getByTestId('my-record').textContent).toBe('我的记录：作答 3 次，答对 1 次，上次作答 C');
    // Classic layout: the question comes before the statistics.
    const order = [...document.querySelectorAll('[aria-label="试题"], [aria-label="作答统计"]')].map((e) => e.getAttribute('aria-label'));
    expect(order).toEqual(['试题', '作答统计']);
  });

  it('收藏 and 取消收藏 toggle the favourite; 纠错 opens the report form', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'study.cptcontent': () => details(),
      'study.addUserFav': () => ({ allTestID: 42, favourite: true }),
      'study.deleteUserFav': () => ({ allTestID: 42, favourite: false }),
    });
    const view = renderScreen(<TestDetailsClassicScreen />, { path: '/testdetails', url: '/testdetails?allTestID=42' });
    await user().click(await screen.findByRole('button', { name: '☆ 收藏' }));
    await waitFor(() => expect(callsTo(callMock, 'study.addUserFav')).toEqual([{ appID: 1001, allTestID: 42 }]));
    expect(toast).toHaveBeenCalledWith('已收藏');
    await user().click(await screen.findByRole('button', { name: '★ 取消收藏' }));
    await waitFor(() => expect(callsTo(callMock, 'study.deleteUserFav')).toEqual([{ appID: 1001, allTestID: 42 }]));
    expect(await screen.findByRole('button', { name: '☆ 收藏' })).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '纠错' }));
    expect(view.where()).toBe('/testfeedback?allTestID=42');
  });

  it('a question never answered, a B1 question (shared options) and a FILL question (common replies)', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'study.cptcontent': (p) =>
        p.allTestID === 1
          ? details({
              group: {
                childTableID: 8,
                childTableName: 'B1',
                stem: '',
                options: [
                  { key: 'A', text: '二甲双胍' },
                  { key: 'B', text: '阿卡波糖' },
                ],
              },
              question: sq({ allTestID: 1, childTableID: 8, childTableName: 'B1', options: [], answer: 'A', stem: '肥胖者首选' }),
              mine: { attempts: 0, right: 0, lastReply: null },
            })
          : details({
              group: null,
              question: sq({ allTestID: 2, childTableName: 'FILL', options: [], answer: ['胰岛素'], stem: '降糖激素是____' }),
              stats: {
                answered: 3,
                right: 2,
                rightRate: 0.667,
                options: [
                  { key: '胰岛素', count: 2, share: 0.667 },
                  { key: '胰高血糖素', count: 1, share: 0.333 },
                ],
              },
            }),
    });
    const v = renderScreen(<TestDetailsClassicScreen />, { path: '/testdetails', url: '/testdetails?allTestID=1' });
    expect(await screen.findByText('二甲双胍')).toBeTruthy();
    expect(screen.getByText('共用备选答案')).toBeTruthy();
    expect(screen.getByTestId('my-record').textContent).toBe('你还没有做过这道题');
    v.unmount();
    renderScreen(<TestDetailsClassicScreen />, { path: '/testdetails', url: '/testdetails?allTestID=2' });
    const common = await screen.findByRole('region', { name: '常见作答' });
    expect(common.textContent).toContain('胰高血糖素1 人 · 33%');
    expect(screen.getByTestId('correct-answer').textContent).toBe('胰岛素');
  });

  it('a bad id or a 403 is explained', async () => {
    const v = renderScreen(<TestDetailsClassicScreen />, { path: '/testdetails', url: '/testdetails?allTestID=abc' });
    expect(screen.getByText('链接参数不正确：缺少试题编号')).toBeTruthy();
    v.unmount();
    fakeApi(callMock, {
      ...shellHandlers(),
      'study.cptcontent': () => {
        throw new ApiError(403, '开通以下任一班次可使用该功能', { unlocking: [{ vn: '2', vname: 'VIP班' }] }, 'reply');
      },
    });
    renderScreen(<TestDetailsClassicScreen />, { path: '/testdetails', url: '/testdetails?allTestID=42' });
    expect(within(await screen.findByTestId('buy-prompt')).getByText('VIP班')).toBeTruthy();
  });
});

describe('/newTestdetails', () => {
  it('shows the same data with the statistics first', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'study.cptcontent': () => details() });
    renderScreen(<NewTestDetailsScreen />, { path: '/newTestdetails', url: '/newTestdetails?allTestID=42' });
    const hero = await screen.findByRole('region', { name: '本题概况' });
    expect(hero.textContent).toContain('200全站作答（人次）');
    expect(hero.textContent).toContain('75%全站正确率');
    expect(hero.textContent).toContain('B正确答案');
    const order = [...document.querySelectorAll('[aria-label="本题概况"], [aria-label="试题"], [aria-label="作答统计"]')].map((e) => e.getAttribute('aria-label'));
    expect(order).toEqual(['本题概况', '作答统计', '试题']);
    expect(screen.getByTestId('option-B').textContent).toContain('75%');
    // The site numbers are in the top card only; the record card keeps the learner's own.
    expect(screen.queryByTestId('site-stats')).toBeNull();
    expect(screen.getByTestId('my-record').textContent).toBe('我的记录：作答 3 次，答对 1 次，上次作答 C');
  });
});
