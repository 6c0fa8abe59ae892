import { PLAN_MSG } from '@kaoshi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { confirm, toast } from '../../ui/dialogs';
import { examSession } from '../../test/fixtures/exam';
import { noPlanView, planDay, planTaskOf, planViewOf, rankRowOf } from '../../test/fixtures/plan';
import { callsTo, demoLogin, fakeApi, renderScreen, resetStorage, trialNursing } from '../../test/screens';
import { StudyMainScreen } from './study-main-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');

const callMock = call as unknown as Mock;
const confirmMock = confirm as unknown as Mock;
const user = () => userEvent.setup();
const emptyRank = { week: '2026-W48', from: planDay(-3), to: planDay(3), list: [], me: null };
const warnReply = (warnopen: 0 | 1, warntime = '20:00') => ({ warnopen, warntime, text: warnopen ? PLAN_MSG.warnOn : PLAN_MSG.warnOff, icsUrl: '/api/xxjh/ics?plan=1&sig=abc' });

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
});

describe('/studyMain', () => {
  it('without a plan goes to /openStudy', async () => {
    fakeApi(callMock, { 'plan.study': () => noPlanView(), 'plan.weekRank': () => emptyRank });
    const view = renderScreen(<StudyMainScreen />, { path: '/studyMain' });
    await waitFor(() => expect(view.where()).toBe('/openStudy'));
    expect(callsTo(callMock, 'plan.study')).toEqual([{ appID: 1001 }]);
  });

  it('says when the day holds much less than the minutes a day (a small bank spread over the days), and only today', async () => {
    fakeApi(callMock, { 'plan.study': () => planViewOf({ tasks: [planTaskOf(1, { minutes: 11 })] }), 'plan.weekRank': () => emptyRank });
    renderScreen(<StudyMainScreen />, { path: '/studyMain' });
    expect(await screen.findByText(/内容已按天均匀安排，今天约11分钟/)).toBeTruthy();
  });

  it('no such line when the day is full', async () => {
    fakeApi(callMock, { 'plan.study': () => planViewOf({ tasks: [planTaskOf(1, { minutes: 45 })] }), 'plan.weekRank': () => emptyRank });
    renderScreen(<StudyMainScreen />, { path: '/studyMain' });
    await screen.findByRole('region', { name: '计划概览' });
    expect(screen.queryByText(/内容已按天均匀安排/)).toBeNull();
  });

  it("shows the countdown, stage, total progress, streak, stage map, the notice and today's tasks with their measured progress and ticks", async () => {
    const tasks = [
      planTaskOf(1, { title: '基础护理', detail: '练习20题', progress: 20, target: 20, done: true, doneAt: new Date().toISOString() }),
      planTaskOf(2, { kind: 'lesson', refID: 31, title: '生命体征', detail: '观看24分钟', progress: 0, target: 1, minutes: 24 }),
      planTaskOf(3, { kind: 'review', refID: 0, title: '错题复习', detail: '复习错题12道', progress: 5, target: 12, minutes: 12 }),
    ];
    fakeApi(callMock, { 'plan.study': () => planViewOf({ tasks, plan: { notice: PLAN_MSG.replannedMissed, totalProgress: 37 } }), 'plan.weekRank': () => emptyRank });
    renderScreen(<StudyMainScreen />, { path: '/studyMain' });
    const hero = await screen.findByRole('region', { name: '计划概览' });
    expect(hero.textContent).toContain('距离考试还有 95 天');
    expect(hero.textContent).toContain('当前阶段：基础');
    expect(within(hero).getByRole('img', { name: '总进度 37%' })).toBeTruthy();
    expect(hero.textContent).toContain('连续学习 3 天');
    expect(within(hero).getByLabelText('冻结卡 1 张')).toBeTruthy();
    expect(hero.textContent).toContain('最长 5 天');
    expect(screen.getByRole('status').textContent).toBe(PLAN_MSG.replannedMissed);
    const map = screen.getByRole('region', { name: '阶段安排' });
    expect(
      within(map)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('span')!.textContent),
    ).toEqual(['基础', '强化', '冲刺']);
    expect(within(map).getByText('基础').closest('li')!.getAttribute('aria-current')).toBe('step');

    const day = screen.getByRole('region', { name: '今日任务' });
    const rows = within(day).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['基础护理', '生命体征', '错题复习']);
    // Done: a tick (not a checkbox), no go or skip.
    expect(within(rows[0]!).getByText('已完成')).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(within(day).queryByRole('checkbox')).toBeNull();
    expect(within(rows[2]!).getByRole('progressbar', { name: '错题复习 进度' }).getAttribute('aria-valuenow')).toBe('5');
    expect(within(rows[2]!).getByText('5/12')).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: '去学习 生命体征' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '学习报告' }).getAttribute('href')).toBe('/studyFinally');
    expect(screen.getByRole('link', { name: '调整计划' }).getAttribute('href')).toBe('/openStudy');
  });

  it.each([
    ['chapter', 11, '去练习', '/answerTest?cptID=11'],
    ['lesson', 31, '去学习', '/videoPlayonly?lessonID=31'],
    ['handout', 41, '去阅读', '/handoutPage?id=41'],
    ['review', 0, '去复习', '/answerTest?source=review'],
  ] as const)('a %s task opens its work', async (kind, refID, go, path) => {
    fakeApi(callMock, { 'plan.study': () => planViewOf({ tasks: [planTaskOf(1, { kind, refID, title: '任务' })] }), 'plan.weekRank': () => emptyRank });
    const view = renderScreen(<StudyMainScreen />, { path: '/studyMain' });
    await user().click(await screen.findByRole('button', { name: `${go} 任务` }));
    await waitFor(() => expect(view.where()).toBe(path));
  });

  it('a paper task starts the mock paper as the exam centre does', async () => {
    fakeApi(callMock, {
      'plan.study': () => planViewOf({ tasks: [planTaskOf(1, { kind: 'paper', refID: 7, title: '模拟卷一' })] }),
      'plan.weekRank': () => emptyRank,
      'exam.start': () => examSession({ examHistoryID: 88, mode: 'exam' }),
    });
    const view = renderScreen(<StudyMainScreen />, { path: '/studyMain' });
    await user().click(await screen.findByRole('button', { name: '去考试 模拟卷一' }));
    await waitFor(() => expect(view.where()).toBe('/computerPaper?examHistoryID=88'));
    expect(callsTo(callMock, 'exam.start')).toEqual([{ appID: 1001, testMode: 'mockExam', paperID: 7 }]);
  });

  it('跳过 asks first (提醒 / 确定 / 取消), then skips and shows the re-planned day', async () => {
    let skipped = false;
    fakeApi(callMock, {
      'plan.study': () => planViewOf({ tasks: [planTaskOf(5, { title: '循环系统' })] }),
      'plan.skip': () => ((skipped = true), planViewOf({ tasks: [planTaskOf(5, { title: '循环系统', skipped: true }), planTaskOf(6, { title: '呼吸系统' })] })),
      'plan.weekRank': () => emptyRank,
    });
    renderScreen(<StudyMainScreen />, { path: '/studyMain' });
    const u = user();
    confirmMock.mockResolvedValueOnce(false);
    await u.click(await screen.findByRole('button', { name: '跳过 循环系统' }));
    expect(confirmMock).toHaveBeenCalledWith({ content: expect.stringContaining('确定跳过“循环系统”吗') });
    expect(callsTo(callMock, 'plan.skip')).toEqual([]);
    await u.click(screen.getByRole('button', { name: '跳过 循环系统' }));
    await screen.findByRole('listitem', { name: '呼吸系统' });
    expect(skipped).toBe(true);
    expect(callsTo(callMock, 'plan.skip')).toEqual([{ appID: 1001, taskID: 5 }]);
    expect(within(screen.getByRole('listitem', { name: '循环系统' })).getByText('已跳过')).toBeTruthy();
    expect(toast).toHaveBeenCalledWith('已跳过，后面的计划已重新安排');
  });

  it('switches days with the date param; past days cannot be skipped', async () => {
    fakeApi(callMock, {
      'plan.study': (p) =>
        planViewOf({ date: (p.date as string) ?? planDay(), tasks: [planTaskOf(1, { day: (p.date as string) ?? planDay(), title: p.date ? `任务${p.date}` : '今天的任务' })] }),
      'plan.weekRank': () => emptyRank,
    });
    const view = renderScreen(<StudyMainScreen />, { path: '/studyMain' });
    await screen.findByRole('listitem', { name: '今天的任务' });
    const u = user();
    await u.click(screen.getByRole('button', { name: '前一天' }));
    const yesterday = planDay(-1);
    await screen.findByRole('listitem', { name: `任务${yesterday}` });
    expect(view.where()).toBe(`/studyMain?date=${yesterday}`);
    expect(screen.queryByRole('button', { name: /^跳过/ })).toBeNull();
    await u.click(screen.getByRole('button', { name: '回到今天' }));
    await screen.findByRole('listitem', { name: '今天的任务' });
    expect(callsTo(callMock, 'plan.study')).toContainEqual({ appID: 1001, date: yesterday });
  });

  it('the week rank shows the top 3 and my place pinned below; the full list opens', async () => {
    const list = [1, 2, 3, 4, 5].map((r) => rankRowOf(r));
    fakeApi(callMock, { 'plan.study': () => planViewOf(), 'plan.weekRank': () => ({ ...emptyRank, list, me: rankRowOf(9, { name: '小**', gained: 3, me: true }) }) });
    renderScreen(<StudyMainScreen />, { path: '/studyMain' });
    const card = await screen.findByRole('region', { name: '本周排行' });
    expect(within(within(card).getByRole('list', { name: '排行榜' })).getAllByRole('listitem')).toHaveLength(3);
    const mine = within(card).getByRole('list', { name: '我的排名' });
    expect(mine.textContent).toContain('9');
    expect(mine.textContent).toContain('小**（我）');
    expect(mine.textContent).toContain('3 题');
    await user().click(within(card).getByRole('button', { name: '查看完整榜单（前5名）' }));
    expect(within(within(card).getByRole('list', { name: '排行榜' })).getAllByRole('listitem')).toHaveLength(5);
  });

  it('tapping the reminder row turns it on and off with the §4 texts; 添加到日历 links the .ics', async () => {
    fakeApi(callMock, { 'plan.study': () => planViewOf(), 'plan.weekRank': () => emptyRank, 'plan.warn': (p) => warnReply(p.warnopen as 0 | 1) });
    renderScreen(<StudyMainScreen />, { path: '/studyMain' });
    const u = user();
    const row = await screen.findByRole('switch', { name: /学习提醒/ });
    expect(row.getAttribute('aria-checked')).toBe('false');
    await u.click(row);
    await waitFor(() => expect(row.getAttribute('aria-checked')).toBe('true'));
    expect(toast).toHaveBeenLastCalledWith(PLAN_MSG.warnOn);
    expect(screen.getByRole('link', { name: '添加到日历' }).getAttribute('href')).toBe('/api/xxjh/ics?plan=1&sig=abc');
    await u.click(row);
    await waitFor(() => expect(row.getAttribute('aria-checked')).toBe('false'));
    expect(toast).toHaveBeenLastCalledWith(PLAN_MSG.warnOff);
    expect(callsTo(callMock, 'plan.warn')).toEqual([
      { appID: 1001, warnopen: 1 },
      { appID: 1001, warnopen: 0 },
    ]);
  });

  it('the time wheel: 确定 sends warntime and shows hh:mm with the reminder text', async () => {
    fakeApi(callMock, {
      'plan.study': () => planViewOf({ plan: { warntime: '21:30', warnopen: 0 } }),
      'plan.weekRank': () => emptyRank,
      'plan.warn': (p) => warnReply(p.warnopen as 0 | 1, p.warntime as string),
    });
    renderScreen(<StudyMainScreen />, { path: '/studyMain' });
    // The wheel's popup animates in (pointer-events: none until it settles).
    const u = userEvent.setup({ pointerEventsCheck: 0 });
    await u.click(await screen.findByRole('button', { name: '提醒时间 21:30' }));
    expect(await screen.findByText('21时')).toBeTruthy();
    await u.click(screen.getByText('确定'));
    await waitFor(() => expect(callsTo(callMock, 'plan.warn')).toEqual([{ appID: 1001, warnopen: 1, warntime: '21:30' }]));
    await waitFor(() => expect(toast).toHaveBeenLastCalledWith(`21:30 ${PLAN_MSG.warnOn}`));
    expect(screen.getByRole('switch', { name: /学习提醒/ }).getAttribute('aria-checked')).toBe('true');
  });
});
