import { PLAN_MSG } from '@kaoshi/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { queryClient as appQueryClient } from '../../api/query-client';
import { setNightMode } from '../../lib/night-mode';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { charts, liveChart } from '../../test/chart-mock';
import { planDay } from '../../test/fixtures/plan';
import { planEvaluationOf, planReportOf, reportDays } from '../../test/fixtures/plan-report';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage, trialNursing } from '../../test/screens';
import { shortDay, weekdayOf } from './report-format';
import { StudyFinallyScreen } from './study-finally-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');

vi.mock('chart.js', async () => (await import('../../test/chart-mock')).chartJsMock());

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

const chart = (testId: string) => liveChart<'bar'>(testId);
const dataOf = (testId: string) => chart(testId).config.data.datasets.map((d) => ({ label: d.label, data: d.data }));
const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

beforeEach(() => {
  resetStorage();
  setNightMode(false);
  charts.made.length = 0;
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
});

describe('/studyFinally', () => {
  it('draws time, tasks, mastery (weakest first) and readiness with chart.js, each with a caption and a table', async () => {
    fakeApi(callMock, { 'plan.detail': () => planReportOf(), 'plan.evaluate': () => planEvaluationOf() });
    renderScreen(<StudyFinallyScreen />, { path: '/studyFinally' });
    expect(await screen.findByRole('heading', { level: 1, name: '学习报告' })).toBeTruthy();
    await screen.findByTestId('chart-readiness');
    expect(callsTo(callMock, 'plan.detail')).toEqual([{ appID: 1001 }]);
    expect(callsTo(callMock, 'plan.evaluate')).toEqual([{ appID: 1001 }]);
    // Only the bar chart's parts are registered (no chart.js/auto).
    expect(charts.registered.map((r) => r.id).sort()).toEqual(['bar', 'barElement', 'category', 'legend', 'linear', 'tooltip']);

    const overview = screen.getByRole('region', { name: '计划概况' });
    expect(within(overview).getByRole('progressbar', { name: '计划总进度' }).getAttribute('aria-valuenow')).toBe('12');
    expect(within(overview).getByText('距考试还有 95 天')).toBeTruthy();

    // Time spent: 95 + 40 + 25 minutes.
    const time = screen.getByRole('region', { name: '学习时长' });
    expect(within(time).getByText('2小时40分钟', { selector: 'strong' })).toBeTruthy();
    expect(dataOf('chart-time')).toEqual([{ label: '用时', data: [95, 40, 25] }]);
    expect(chart('chart-time').config.data.labels).toEqual(['做题练习', '视频课程', '讲义阅读']);
    expect(within(time).getByRole('img', { name: '累计学习2小时40分钟：做题练习1小时35分钟，视频课程40分钟，讲义阅读25分钟' })).toBeTruthy();
    expect(within(time).getByText('各类学习用时（分钟）').tagName).toBe('FIGCAPTION');
    expect(rowsOf('各类学习用时')).toEqual([
      ['做题练习', '1小时35分钟'],
      ['视频课程', '40分钟'],
      ['讲义阅读', '25分钟'],
      ['合计', '2小时40分钟'],
    ]);

    // Tasks by kind, in the contract's order, kinds without tasks left out; stacked done / not yet.
    const tasks = screen.getByRole('region', { name: '任务完成' });
    expect(within(tasks).getByText('12/30')).toBeTruthy();
    expect(within(tasks).getByText('已完成 40%，跳过 2 项')).toBeTruthy();
    expect(chart('chart-tasks').config.data.labels).toEqual(['章节练习', '视频课程', '错题复习']);
    expect(dataOf('chart-tasks')).toEqual([
      { label: '已完成', data: [8, 3, 1] },
      { label: '未完成', data: [10, 3, 5] },
    ]);
    expect(rowsOf('各类任务完成情况')).toEqual([
      ['章节练习', '8', '18'],
      ['视频课程', '3', '6'],
      ['错题复习', '1', '6'],
    ]);

    // Mastery: weakest first (a tie goes to the heavier chapter), on a 0–100 axis.
    expect(chart('chart-mastery').config.data.labels).toEqual(['内科护理', '妇产科护理', '外科护理', '基础护理知识和技能']);
    expect(dataOf('chart-mastery')).toEqual([{ label: '掌握度', data: [35, 35, 58, 72] }]);
    expect(chart('chart-mastery').config.options?.indexAxis).toBe('y');
    expect(rowsOf('各章节掌握度')[0]).toEqual(['内科护理', '35%', '35/80/100', '25%']);
    expect(screen.getByRole('img', { name: '已练习4个章节，掌握度最低的是内科护理（35%），最高的是基础护理知识和技能（72%）' })).toBeTruthy();
    expect(screen.getByText('已练习4个章节，按掌握度从低到高排列，低于60%的标为红色。')).toBeTruthy();

    // Readiness: predicted below the pass line → 仍需努力, with what it was computed from.
    const readiness = screen.getByRole('region', { name: '考试准备度' });
    expect(within(readiness).getByTestId('verdict').textContent).toContain('仍需努力');
    expect(within(readiness).getByText('预测得分率 52% · 及格线 60%')).toBeTruthy();
    expect(within(readiness).getByText('根据题库掌握情况（45%）和最近2次模拟考试（平均57%）预测。')).toBeTruthy();
    expect(chart('chart-readiness').config.data.labels).toEqual(['预测得分率', '及格线', '题库掌握', '模拟考试']);
    expect(dataOf('chart-readiness')).toEqual([{ label: '得分率', data: [52, 60, 45, 57] }]);
    expect(rowsOf('预测得分率与及格线')).toContainEqual(['及格线', '60%']);

    // The last mock's weak chapters and the way back to the plan.
    const weak = screen.getByRole('region', { name: '薄弱章节' });
    expect(within(weak).getByText(/依据最近一次模拟考试《护士执业资格模拟卷一》：68\/120分/)).toBeTruthy();
    expect(
      within(within(weak).getByRole('list', { name: '薄弱章节列表' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['内科护理得分率 30%', '外科护理得分率 50%']);
    expect(within(weak).getByRole('link', { name: '返回学习计划' }).getAttribute('href')).toBe('/studyMain');
  });

  it('shows the days as a heatmap from Monday, with the streak, a legend and the days in a table', async () => {
    fakeApi(callMock, { 'plan.detail': () => planReportOf(), 'plan.evaluate': () => planEvaluationOf() });
    renderScreen(<StudyFinallyScreen />, { path: '/studyFinally' });
    const days = await screen.findByRole('region', { name: '学习日历' });
    expect(within(days).getByText('1天').nextSibling?.textContent).toBe('连续学习');
    expect(within(days).getByText('3天').nextSibling?.textContent).toBe('最长连续');
    expect(within(days).getByText('1张').nextSibling?.textContent).toBe('冻结卡');
    const heat = within(days).getByTestId('day-heatmap');
    expect(heat.getAttribute('aria-label')).toMatch(/^计划共10天.*已达标4天，冻结卡保护1天，未达标1天，还有4天$/);
    const cells = [...heat.children] as HTMLElement[];
    // The weekdays' names, then blanks up to the first day's weekday.
    expect(cells.slice(0, 7).map((c) => c.textContent)).toEqual(['一', '二', '三', '四', '五', '六', '日']);
    expect(cells.filter((c) => !c.dataset.state)).toHaveLength(7 + weekdayOf(planDay(-6)));
    expect(cells.filter((c) => c.dataset.state).map((c) => c.dataset.state)).toEqual([
      'counted',
      'counted',
      'counted',
      'frozen',
      'missed',
      'counted',
      'today',
      'coming',
      'coming',
      'coming',
    ]);
    expect(
      within(within(days).getByRole('list', { name: '图例' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['已达标 4天', '冻结卡保护 1天', '未达标 1天', '未到 4天']);
    const rows = rowsOf('每日完成情况');
    expect(rows).toHaveLength(10);
    expect(rows[4]).toEqual([expect.stringMatching(/月/), '基础', '1小时', '10分钟（1/3项）', '未达标']);
    expect(rows[6]![4]).toBe('今天');
  });

  it('shows a past day without tasks as 无任务 in its place (issue 32: no gap in the days)', async () => {
    const days = reportDays().map((d, i) => (i === 1 ? { ...d, minutes: 0, doneMinutes: 0, tasks: 0, doneTasks: 0, state: 'rest' as const } : d));
    fakeApi(callMock, { 'plan.detail': () => planReportOf({ days }), 'plan.evaluate': () => planEvaluationOf() });
    renderScreen(<StudyFinallyScreen />, { path: '/studyFinally' });
    const heat = await screen.findByTestId('day-heatmap');
    expect(heat.getAttribute('aria-label')).toMatch(/已达标3天，冻结卡保护1天，未达标1天，无任务1天，还有4天$/);
    expect([...heat.querySelectorAll<HTMLElement>('[data-state]')].map((c) => c.dataset.state).slice(0, 3)).toEqual(['counted', 'rest', 'counted']);
    const legend = within(screen.getByRole('list', { name: '图例' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(legend).toEqual(['已达标 3天', '冻结卡保护 1天', '未达标 1天', '无任务 1天', '未到 4天']);
    const rows = rowsOf('每日完成情况');
    expect(rows.map((r) => r[0])).toEqual(days.map((d) => shortDay(d.date)));
    expect(rows[1]).toEqual([shortDay(planDay(-5)), '基础', '0分钟', '0分钟（0/0项）', '无任务']);
  });

  it('shows today as counted once the streak counts it, still marked as today', async () => {
    fakeApi(callMock, { 'plan.detail': () => planReportOf({ streak: { days: 2, best: 3, freezes: 1, todayCounted: true } }), 'plan.evaluate': () => planEvaluationOf() });
    renderScreen(<StudyFinallyScreen />, { path: '/studyFinally' });
    const heat = await screen.findByTestId('day-heatmap');
    expect(heat.getAttribute('aria-label')).toMatch(/已达标5天，冻结卡保护1天，未达标1天，还有3天$/);
    const today = heat.querySelector<HTMLElement>(`[title^="${shortDay(planDay())}"]`)!;
    expect(today.dataset.state).toBe('counted');
    expect(today.title).toBe(`${shortDay(planDay())} 已达标（今天）`);
    expect(rowsOf('每日完成情况')[6]![4]).toBe('已达标（今天）');
  });

  it('shows a table on screen on demand; the table is in the page for screen readers either way', async () => {
    fakeApi(callMock, { 'plan.detail': () => planReportOf(), 'plan.evaluate': () => planEvaluationOf() });
    renderScreen(<StudyFinallyScreen />, { path: '/studyFinally' });
    const time = await screen.findByRole('region', { name: '学习时长' });
    const wrap = within(time).getByTestId('report-table');
    expect(wrap.className).toBe('ks-visually-hidden');
    await user().click(within(time).getByRole('button', { name: '显示数据表' }));
    expect(wrap.className).not.toBe('ks-visually-hidden');
    await user().click(within(time).getByRole('button', { name: '隐藏数据表' }));
    expect(wrap.className).toBe('ks-visually-hidden');
  });

  it('draws the charts again in the night colours when night mode changes', async () => {
    fakeApi(callMock, { 'plan.detail': () => planReportOf(), 'plan.evaluate': () => planEvaluationOf() });
    renderScreen(<StudyFinallyScreen />, { path: '/studyFinally' });
    await screen.findByTestId('chart-readiness');
    const first = chart('chart-mastery');
    act(() => setNightMode(true));
    expect(first.destroyed).toBe(true);
    expect(chart('chart-mastery')).not.toBe(first);
    expect(charts.made.filter((c) => !c.destroyed)).toHaveLength(4);
  });

  it.each([
    ['ready', 70, '有望通过'],
    ['close', 58, '接近及格线'],
    ['behind', 40, '仍需努力'],
  ] as const)('says %s as %s', async (verdict, predicted, title) => {
    fakeApi(callMock, { 'plan.detail': () => planReportOf(), 'plan.evaluate': () => planEvaluationOf({}, { verdict, predicted }) });
    renderScreen(<StudyFinallyScreen />, { path: '/studyFinally' });
    expect((await screen.findByTestId('verdict')).textContent).toContain(title);
    expect(screen.getByTestId('chart-readiness').getAttribute('aria-label')).toBe(`预测得分率${predicted}%，及格线60%，${title}`);
  });

  it('draws only the chapters practised; the others are counted and listed last in the table', async () => {
    const { chapters } = planReportOf();
    const untouched = { ...chapters[0]!, cptID: 15, name: '儿科护理', done: 0, right: 0, mastery: 0 };
    fakeApi(callMock, { 'plan.detail': () => planReportOf({ chapters: [untouched, ...chapters] }), 'plan.evaluate': () => planEvaluationOf() });
    renderScreen(<StudyFinallyScreen />, { path: '/studyFinally' });
    await screen.findByTestId('chart-mastery');
    expect(chart('chart-mastery').config.data.labels).toEqual(['内科护理', '妇产科护理', '外科护理', '基础护理知识和技能']);
    expect(screen.getByText(/还有1个章节未练习。/)).toBeTruthy();
    expect(rowsOf('各章节掌握度').at(-1)).toEqual(['儿科护理', '未练习', '0/0/100', '30%']);
  });

  it('without a mock: the bank alone, no mock bar, and what a mock would add', async () => {
    fakeApi(callMock, {
      'plan.detail': () => planReportOf(),
      'plan.evaluate': () => planEvaluationOf({ weak: [], basedOn: null }, { fromMocks: null, mocks: 0, fromBank: 52 }),
    });
    renderScreen(<StudyFinallyScreen />, { path: '/studyFinally' });
    await screen.findByTestId('chart-readiness');
    expect(chart('chart-readiness').config.data.labels).toEqual(['预测得分率', '及格线', '题库掌握']);
    expect(screen.getByText('根据题库掌握情况预测（题库掌握52%）。完成模拟考试后预测会更准确。')).toBeTruthy();
    expect(screen.getByText(/完成一次模拟考试后，这里会列出需要加强的章节/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: '薄弱章节列表' })).toBeNull();
  });

  it('a mock not evaluated before re-plans: the notice, and the report is read again', async () => {
    fakeApi(callMock, { 'plan.detail': () => planReportOf(), 'plan.evaluate': () => planEvaluationOf({ replanned: true }) });
    renderScreen(<StudyFinallyScreen />, { path: '/studyFinally' });
    expect(await screen.findByText(PLAN_MSG.replannedMock)).toBeTruthy();
    await waitFor(() => expect(callsTo(callMock, 'plan.detail')).toHaveLength(2));
    expect(callsTo(callMock, 'plan.evaluate')).toHaveLength(1);
  });

  it('reads the report again each time it opens: a review answered meanwhile counts (issue 32)', async () => {
    let practice = 0;
    fakeApi(callMock, { 'plan.detail': () => planReportOf({ spent: { practice, lessons: 0, reading: 0 } }), 'plan.evaluate': () => planEvaluationOf() });
    const view = renderScreen(<StudyFinallyScreen />, { path: '/studyFinally' });
    view.queryClient.setDefaultOptions(appQueryClient.getDefaultOptions()); // the app's cache: 30 s fresh
    expect(await screen.findByText(/累计用时还不到1分钟/)).toBeTruthy();
    // Off to 去复习 and back within seconds: the review's answers are in the report.
    practice = 3;
    await act(() => view.router.navigate('/answerTest?source=review'));
    await act(() => view.router.navigate(-1));
    await waitFor(() => expect(within(screen.getByRole('region', { name: '学习时长' })).getByText('累计学习').previousSibling?.textContent).toBe('3分钟'));
    expect(callsTo(callMock, 'plan.detail')).toHaveLength(2);
  });

  it('without a plan: says so and leads to /openStudy', async () => {
    fakeApi(callMock, { 'plan.detail': () => fail(400, PLAN_MSG.noPlan), 'plan.evaluate': () => fail(400, PLAN_MSG.noPlan) });
    const view = renderScreen(<StudyFinallyScreen />, { path: '/studyFinally' });
    expect(await screen.findByText(`${PLAN_MSG.noPlan}，制定计划后即可查看学习报告`)).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '制定学习计划' }));
    expect(view.where()).toBe('/openStudy');
  });

  it('an empty report: no time, task or mastery chart, a message instead; a failed evaluation offers 重试', async () => {
    fakeApi(callMock, {
      'plan.detail': () => planReportOf({ byKind: [], chapters: [], tasks: { total: 0, done: 0, skipped: 0 }, spent: { practice: 0, lessons: 0, reading: 0 } }),
      'plan.evaluate': () => fail(500, '服务器繁忙'),
    });
    renderScreen(<StudyFinallyScreen />, { path: '/studyFinally' });
    expect(await screen.findByText('计划中还没有任务')).toBeTruthy();
    expect(screen.getByText(/暂无章节掌握数据/)).toBeTruthy();
    expect(screen.getByText(/累计用时还不到1分钟/)).toBeTruthy();
    expect(screen.queryByTestId('chart-time')).toBeNull();
    expect(screen.queryByTestId('chart-tasks')).toBeNull();
    expect(screen.queryByTestId('chart-mastery')).toBeNull();
    expect(await screen.findByText('服务器繁忙')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});
