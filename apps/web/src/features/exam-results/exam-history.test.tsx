import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage, trialNursing, shellHandlers } from '../../test/screens';
import { trendSummary } from '../../entities/exam/chart';
import { charts, liveChart } from '../../test/chart-mock';
import ExamHistoryScreen from './exam-history-screen';
import { trendConfig } from '../../entities/exam/score-chart';
import { history, paper, trendPoint } from '../../test/fixtures/exam-results';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');
vi.mock('chart.js', async () => (await import('../../test/chart-mock')).chartJsMock());

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  charts.made.length = 0;
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
});

const open = (url = '/examHistory') => renderScreen(<ExamHistoryScreen />, { path: '/examHistory', url });

describe('trend chart', () => {
  it('colours each dot by pass from the palette, clamps to 0–100 and names the pass line', () => {
    const config = trendConfig([trendPoint(1, 40), trendPoint(2, 75), trendPoint(3, 120, true)], 72, '及格线 72分', (v) => `var(${v})`, 'sans-serif');
    expect(config.data.datasets[0]!.pointBackgroundColor).toEqual(['var(--chart-weak)', 'var(--chart-done)', 'var(--chart-done)']);
    expect(config.data.datasets[0]!.data).toEqual([40, 75, 100]);
    expect(config.data.datasets[0]!.borderColor).toBe('var(--chart-theme)');
    expect(config.options?.plugins?.passLine).toEqual({ percent: 72, label: '及格线 72分', color: 'var(--chart-weak)', font: { family: 'sans-serif', size: 11 } });
    expect(config.options?.scales?.x).toMatchObject({ offset: false });
    expect(trendConfig([trendPoint(1, 40)], 60, '', (v) => v, '').options?.scales?.x).toMatchObject({ offset: true });
  });

  it('summarises the trend in one sentence', () => {
    expect(trendSummary([])).toBe('还没有成绩');
    expect(trendSummary([trendPoint(1, 40), trendPoint(2, 80), trendPoint(3, 70)])).toBe('成绩趋势：共3次，第一次40%，最近一次70%，总体上升；最高80%，合格2次');
    expect(trendSummary([trendPoint(1, 70), trendPoint(2, 50)])).toContain('总体下降');
  });
});

describe('/examHistory', () => {
  it('lists every attempt newest first; a tap opens its result', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'exam.history': () => history([trendPoint(1, 40), trendPoint(2, 75)]) });
    const view = open();
    const list = await screen.findByRole('region', { name: '历次考试' });
    const rows = within(list).getAllByRole('button');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('75');
    expect(rows[0]!.textContent).toContain('合格');
    expect(rows[0]!.textContent).toContain('用时10分00秒');
    expect(rows[1]!.textContent).toContain('不合格');
    expect(within(list).getByRole('heading').textContent).toBe('历次考试（共2次）');
    expect(callsTo(callMock, 'exam.history')).toEqual([{ appID: 1001 }]);
    await user().click(rows[1]!);
    expect(view.where()).toBe('/examResult?examHistoryID=1');
  });

  it('draws the trend: one point per attempt, coloured by pass, the pass line, a summary and a table', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'exam.history': () => history([trendPoint(1, 40), trendPoint(2, 75), trendPoint(3, 90)]) });
    open();
    const chart = await screen.findByRole('img');
    expect(chart.getAttribute('aria-label')).toBe('成绩趋势：共3次，第一次40%，最近一次90%，总体上升；最高90%，合格2次');
    // chart.js draws a line with one dot per attempt (red below the pass line, green at or above) and the pass line.
    const { config } = liveChart<'line'>('trend-chart');
    expect(charts.registered.map((r) => r.id).sort()).toEqual(['category', 'line', 'lineElement', 'linear', 'point', 'tooltip']);
    expect(config.type).toBe('line');
    expect(config.data.labels).toHaveLength(3);
    expect(config.data.datasets[0]!.data).toEqual([40, 75, 90]);
    expect(config.options?.plugins?.passLine).toMatchObject({ percent: 60, label: '及格线 60%' });
    expect(config.options?.scales?.y).toMatchObject({ min: 0, max: 100 });
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(table.textContent).toContain('90/100');
  });

  it('one paper (paperID): its pass line from the paper list', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'exam.history': () => history([trendPoint(1, 40), trendPoint(2, 75)]),
      'exam.list': () => ({ list: [paper(7, { name: '模拟试卷一', passScore: 72, totalScore: 120 })] }),
    });
    open('/examHistory?appID=1001&paperID=7');
    await waitFor(() => expect(liveChart<'line'>('trend-chart').config.options?.plugins?.passLine).toMatchObject({ percent: 60, label: '及格线 72分' }));
    expect(callsTo(callMock, 'exam.history')).toEqual([{ appID: 1001, paperID: 7 }]);
  });

  it('loads more pages', async () => {
    const trend = Array.from({ length: 3 }, (_, i) => trendPoint(i + 1, 50 + i));
    fakeApi(callMock, {
      ...shellHandlers(),
      'exam.history': (p) => (p.page === 2 ? history([trendPoint(9, 30)], { total: 21, page: 2 }) : history(trend, { total: 21 })),
    });
    open();
    await user().click(await screen.findByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(within(screen.getByRole('region', { name: '历次考试' })).getAllByRole('button')).toHaveLength(4));
    expect(callsTo(callMock, 'exam.history')[1]).toEqual({ appID: 1001, page: 2 });
  });

  it('no attempts yet', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'exam.history': () => history([]) });
    const view = open();
    expect(await screen.findByText('还没有考试记录')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '去考试中心' }));
    expect(view.where()).toBe('/exam');
  });

  it('考试类型 filter: one mode’s attempts (kept in the URL), its own empty state; abandoned attempts say 已放弃', async () => {
    const h = history([trendPoint(5, 80), trendPoint(6, 20)]);
    h.list[1]!.handedBy = 'abandoned';
    fakeApi(callMock, { ...shellHandlers(), 'exam.history': (p) => (p.testMode === 'mockTest' ? history([]) : h) });
    const view = open();
    expect(await screen.findByText('已放弃')).toBeTruthy();
    await user().selectOptions(screen.getByRole('combobox', { name: '考试类型' }), 'mockTest');
    expect(await screen.findByText('还没有考试记录')).toBeTruthy();
    expect(view.where()).toBe('/examHistory?testMode=mockTest');
    expect(callsTo(callMock, 'exam.history').at(-1)).toEqual({ appID: 1001, testMode: 'mockTest' });
    await user().click(screen.getByRole('button', { name: '去随机组卷' }));
    expect(view.where()).toBe('/mockTest');
    view.unmount();
    open('/examHistory?appID=1001&testMode=nope');
    expect(screen.getByText('考试类型不正确')).toBeTruthy();
  });

  it('errors: inline with 重试; a 403 shows the buy prompt; a bad appID is refused', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'exam.history': () => fail(500, '服务器开小差了，请稍后重试') });
    const v1 = open();
    expect((await screen.findByRole('alert')).textContent).toContain('服务器开小差了');
    v1.unmount();
    fakeApi(callMock, {
      ...shellHandlers(),
      'exam.history': () => {
        throw new ApiError(403, '开通以下任一班次可使用该功能', { unlocking: [{ vn: '3', vname: '至尊班' }] }, 'reply');
      },
    });
    const v2 = open();
    expect(await screen.findByText('开通以下任一班次可使用考试记录')).toBeTruthy();
    v2.unmount();
    open('/examHistory?appID=x');
    expect(screen.getByText('科目编号不正确')).toBeTruthy();
  });
});
