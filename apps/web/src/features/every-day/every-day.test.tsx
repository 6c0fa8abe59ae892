import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage, trialNursing, type ReplyData, shellHandlers } from '../../test/screens';
import { examSession } from '../../test/fixtures/exam';
import { afterHandInPath } from '../exam/exam-runner';
import DailyMockTestScreen from './daily-mock-test-screen';
import { formatSeconds, keyLabel, periodParam, rankedFigure } from './api';
import RankingScreen from './ranking-screen';
import WeekTestScreen from './week-test-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
});

type Submission = ReplyData<'everyDay.submission'>;
const figures = (over: Partial<NonNullable<Submission['submitted']>> = {}) => ({
  examHistoryID: 41,
  correctRate: 70,
  answerSeconds: 65,
  correctNumber: 7,
  wrongNumber: 2,
  doNotNumber: 1,
  score: 7,
  total: 10,
  submittedAt: '2026-11-21T02:00:00.000Z',
  ...over,
});
const state = (over: Partial<Submission> = {}): Submission => ({
  period: 'day',
  key: '2026-11-21',
  testMode: 'dailyMockTest',
  session: null,
  submitted: null,
  attempts: 0,
  ...over,
});
type Ranking = ReplyData<'everyDay.ranking'>;
const entry = (place: number, over: Partial<Ranking['list'][number]> = {}): Ranking['list'][number] => ({
  place,
  name: `138****000${place}`,
  correctNumber: 10 - place,
  score: 10 - place,
  answerSeconds: 30 + place,
  me: false,
  ...over,
});
const denied = () => {
  throw new ApiError(403, '开通以下任一班次可使用该功能', { unlocking: [{ vn: '2', vname: 'VIP班' }] }, 'reply');
};

describe('helpers', () => {
  it('formats seconds, week keys, the ranked figure and the period param', () => {
    expect(formatSeconds(45)).toBe('45秒');
    expect(formatSeconds(65)).toBe('1分05秒');
    expect(formatSeconds(3720)).toBe('1小时02分');
    expect(keyLabel('2026-W07')).toBe('2026年第7周');
    expect(keyLabel('2026-11-21')).toBe('2026-11-21');
    expect(rankedFigure('day', { correctNumber: 8, score: 8 })).toBe('8题');
    expect(rankedFigure('week', { correctNumber: 8, score: 61.5 })).toBe('61.5分');
    expect(periodParam('week')).toBe('week');
    expect(periodParam('month')).toBe('day');
    expect(periodParam(null)).toBe('day');
  });

  it('sends a handed-in daily or weekly test back to its screen, the rest to the result', () => {
    expect(afterHandInPath({ examHistoryID: 5, testMode: 'dailyMockTest' })).toBe('/dailyMockTest?examHistoryID=5');
    expect(afterHandInPath({ examHistoryID: 6, testMode: 'weekTest' })).toBe('/weekTest?examHistoryID=6');
    expect(afterHandInPath({ examHistoryID: 7, testMode: 'mockExam' })).toBe('/examResult?examHistoryID=7');
    expect(afterHandInPath({ examHistoryID: 8, testMode: null })).toBe('/examResult?examHistoryID=8');
  });
});

describe('/dailyMockTest', () => {
  it('not started: the row’s texts; 开始 starts the daily test by testMode and opens the simulator', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'everyDay.submission': () => state(), 'exam.start': () => examSession({ examHistoryID: 12 }) });
    const view = renderScreen(<DailyMockTestScreen />, { path: '/dailyMockTest' });
    const card = await screen.findByRole('region', { name: '今日测试' });
    expect(within(card).getByRole('heading').textContent).toBe('今日测试 · 2026-11-21');
    expect(card.textContent).toContain('每天10题，全站同题，交卷后看排名');
    expect(callsTo(callMock, 'everyDay.submission')).toEqual([{ appID: 1001, period: 'day' }]);
    await user().click(within(card).getByRole('button', { name: '开始今日测试' }));
    expect(callsTo(callMock, 'exam.start')).toEqual([{ appID: 1001, testMode: 'dailyMockTest' }]);
    expect(view.where()).toBe('/computerPaper?examHistoryID=12');
  });

  it('an open session: 继续作答 resumes it', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'everyDay.submission': () => state({ session: 33 }) });
    const view = renderScreen(<DailyMockTestScreen />, { path: '/dailyMockTest' });
    await user().click(await screen.findByRole('button', { name: '继续作答' }));
    expect(view.where()).toBe('/computerPaper?examHistoryID=33');
    expect(callsTo(callMock, 'exam.start')).toEqual([]);
  });

  it('submitted today: the figures and my place, 查看解析, 再练一次 and the ranking link', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'everyDay.submission': () => state({ submitted: { ...figures(), place: 3 }, attempts: 2 }) });
    const view = renderScreen(<DailyMockTestScreen />, { path: '/dailyMockTest' });
    expect((await screen.findByTestId('period-done')).textContent).toBe('今日已交卷 · 第3名');
    const f = screen.getByTestId('period-figures');
    expect(f.textContent).toContain('7/10题');
    expect(f.textContent).toContain('70%');
    expect(f.textContent).toContain('1分05秒');
    expect(screen.getByText('今日共交卷2次，排行以首次交卷为准')).toBeTruthy();
    expect(screen.getByRole('button', { name: '再练一次' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看解析' }).getAttribute('href')).toBe('/examResult?examHistoryID=41');
    await user().click(screen.getByRole('link', { name: '查看排行榜' }));
    expect(view.where()).toBe('/ranking');
  });

  it('back from the simulator: submits the handed-in attempt and shows the server’s figures and place', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'everyDay.submit': () => ({ ...figures({ examHistoryID: 5 }), period: 'day', key: '2026-11-21', counted: true, place: 2 }),
      'everyDay.submission': () => state({ submitted: { ...figures({ examHistoryID: 5 }), place: 2 }, attempts: 1 }),
    });
    renderScreen(<DailyMockTestScreen />, { path: '/dailyMockTest', url: '/dailyMockTest?examHistoryID=5' });
    expect((await screen.findByTestId('just-place')).textContent).toBe('已计入今日排行 · 第2名');
    expect(screen.getByTestId('just-submitted').textContent).toContain('7/10题');
    // Only the session id is sent: the server's figures count.
    expect(callsTo(callMock, 'everyDay.submit')).toEqual([{ appID: 1001, examHistoryID: 5 }]);
    const card = screen.getByRole('region', { name: '本次成绩' });
    expect(within(card).getByRole('link', { name: '查看解析' }).getAttribute('href')).toBe('/examResult?examHistoryID=5');
    expect(within(card).getByRole('link', { name: '查看排名' }).getAttribute('href')).toBe('/ranking');
    // The state was read after the submission.
    expect(callMock.mock.calls.map(([d]) => (d as { id: string }).id).filter((id) => id.startsWith('everyDay'))).toEqual(['everyDay.submit', 'everyDay.submission']);
    // The score card once: the day's card does not repeat the figures of the attempt just shown.
    expect(screen.getAllByText('7/10题')).toHaveLength(1);
    expect(screen.queryByTestId('period-figures')).toBeNull();
    expect(screen.getAllByRole('link', { name: '查看解析' })).toHaveLength(1);
  });

  it('a second attempt of the day is not counted', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'everyDay.submit': () => ({ ...figures({ examHistoryID: 6, correctNumber: 10 }), period: 'day', key: '2026-11-21', counted: false, place: 4 }),
      'everyDay.submission': () => state({ submitted: { ...figures(), place: 4 }, attempts: 2 }),
    });
    renderScreen(<DailyMockTestScreen />, { path: '/dailyMockTest', url: '/dailyMockTest?examHistoryID=6' });
    expect((await screen.findByTestId('just-place')).textContent).toBe('今日首次交卷已计入排行（第4名），本次练习不计入');
  });

  it('a refused submission shows the reason, the day’s card stays', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'everyDay.submit': () => fail(404, '考试记录不存在'), 'everyDay.submission': () => state() });
    renderScreen(<DailyMockTestScreen />, { path: '/dailyMockTest', url: '/dailyMockTest?examHistoryID=9' });
    expect(await screen.findByText('考试记录不存在')).toBeTruthy();
    expect(screen.getByRole('button', { name: '开始今日测试' })).toBeTruthy();
  });

  it('module daily not open: the buy prompt', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'everyDay.submission': denied });
    renderScreen(<DailyMockTestScreen />, { path: '/dailyMockTest' });
    expect(await screen.findByText('开通以下任一班次可使用每日一练')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '开始今日测试' })).toBeNull();
  });
});

describe('/weekTest', () => {
  it('this week’s card: 50 questions, 60 minutes; starts the weekly test', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'everyDay.submission': () => state({ period: 'week', key: '2026-W47', testMode: 'weekTest' }),
      'exam.start': () => examSession({ examHistoryID: 77 }),
    });
    const view = renderScreen(<WeekTestScreen />, { path: '/weekTest' });
    const card = await screen.findByRole('region', { name: '本周测试' });
    expect(within(card).getByRole('heading').textContent).toBe('本周测试 · 2026年第47周');
    expect(card.textContent).toContain('每周50题');
    expect(card.textContent).toContain('60分钟');
    expect(callsTo(callMock, 'everyDay.submission')).toEqual([{ appID: 1001, period: 'week' }]);
    await user().click(within(card).getByRole('button', { name: '开始本周测试' }));
    expect(callsTo(callMock, 'exam.start')).toEqual([{ appID: 1001, testMode: 'weekTest' }]);
    expect(view.where()).toBe('/computerPaper?examHistoryID=77');
  });

  it('a start refused with 403 shows the buy prompt', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'everyDay.submission': () => state({ period: 'week', key: '2026-W47', testMode: 'weekTest' }), 'exam.start': denied });
    renderScreen(<WeekTestScreen />, { path: '/weekTest' });
    await user().click(await screen.findByRole('button', { name: '开始本周测试' }));
    expect(await screen.findByText('开通以下任一班次可使用每周一测')).toBeTruthy();
  });
});

describe('/ranking', () => {
  const board = (over: Partial<Ranking> = {}): Ranking => ({
    period: 'day',
    key: '2026-11-21',
    total: 3,
    list: [entry(1), entry(2, { name: '小明', me: true }), entry(3)],
    mine: entry(2, { name: '小明', me: true }),
    ...over,
  });

  it('today: the list with my row marked and 我的排名 pinned; 本周 switches the tab', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'everyDay.ranking': (p) => (p.period === 'week' ? board({ period: 'week', key: '2026-W47', total: 1, list: [entry(1, { score: 88.5 })], mine: null }) : board()),
    });
    const view = renderScreen(<RankingScreen />, { path: '/ranking' });
    const list = await screen.findByRole('list', { name: '今日排行' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['1138****00019题31秒', '2小明我8题32秒', '3138****00037题33秒']);
    expect(rows[1]!.getAttribute('aria-current')).toBe('true');
    expect(screen.getByTestId('ranking-total').textContent).toBe('共3人上榜');
    expect(screen.getByTestId('my-rank').textContent).toBe('我的排名第2名8题 · 32秒');
    expect(screen.getByRole('tab', { name: '今日' }).getAttribute('aria-selected')).toBe('true');
    await user().click(screen.getByRole('tab', { name: '本周' }));
    expect(view.where()).toBe('/ranking?period=week');
    const week = await screen.findByRole('list', { name: '本周排行' });
    expect(within(week).getAllByRole('listitem')[0]!.textContent).toContain('88.5分');
    expect(screen.getByTestId('my-rank').textContent).toBe('我的排名本周未上榜去参加');
    expect(screen.getByRole('link', { name: '去参加' }).getAttribute('href')).toBe('/weekTest');
    expect(callsTo(callMock, 'everyDay.ranking')).toEqual([
      { appID: 1001, period: 'day' },
      { appID: 1001, period: 'week' },
    ]);
  });

  it('nobody yet: the invitation', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'everyDay.ranking': () => board({ total: 0, list: [], mine: null }) });
    renderScreen(<RankingScreen />, { path: '/ranking' });
    expect(await screen.findByText('今日还没有人交卷，快来做第一个吧')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去参加每日一练' }).getAttribute('href')).toBe('/dailyMockTest');
  });

  it('a name is text, never markup', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'everyDay.ranking': () => board({ list: [entry(1, { name: '<b>x</b>' })], total: 1, mine: null }) });
    renderScreen(<RankingScreen />, { path: '/ranking' });
    expect(await screen.findByText('<b>x</b>')).toBeTruthy();
  });

  it('403: the buy prompt', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'everyDay.ranking': denied });
    renderScreen(<RankingScreen />, { path: '/ranking', url: '/ranking?period=week' });
    expect(await screen.findByText('开通以下任一班次可使用排行榜')).toBeTruthy();
  });
});
