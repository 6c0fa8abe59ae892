import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { SprintItem } from '@kaoshi/contract';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { saveLogin } from '../../lib/session';
import { cachedSprintConfig, saveSelectedSubject } from '../../lib/subject';
import { callsTo, demoLogin, fakeApi, renderScreen, resetStorage, trialNursing, shellHandlers } from '../../test/screens';
import { loadSource, SOURCES, type Source, sourceTitle } from '../../entities/practice/sources';
import { deniedFeature, parseSource, sourceKey, sourceUrl } from '../../entities/practice/source-url';
import { question } from '../../test/fixtures/practice';
import FiveHundredScreen from './five-hundred-screen';
import Md60fScreen from './md60f-screen';
import SprintListScreen from './sprint-list-screen';
import { itemPath } from './item-path';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
});

const round = (k: number, done = 0, count = 50): SprintItem => ({ kind: 'set', id: k, set: 'hot500', title: `必做500题·第${k}组`, count, done });
const pass60: SprintItem = { kind: 'set', id: 0, set: 'pass60', title: '考前60分', count: 120, done: 30 };
const chapterItem = (id: number, title: string, done = 0): SprintItem => ({ kind: 'chapter', id, set: null, title, count: 40, done });
const paperItem = (id: number, title: string, done = 0): SprintItem => ({ kind: 'paper', id, set: null, title, count: 100, done });
const sets = { hot500: [round(1, 50), round(2, 10), round(3, 0, 20)], pass60 };

const staged = {
  AppID: 1001,
  ClassType: 1,
  newClassType: 1,
  stages: [
    { title: '基础巩固', items: [chapterItem(11, '内科护理学', 5), chapterItem(12, '外科护理学')] },
    { title: '强化提分', items: [...sets.hot500, pass60] },
    { title: '考前冲刺', items: [paperItem(7, '押题密卷一', 2), paperItem(8, '冲刺燃卷一')] },
  ],
  sets,
};
const denied = () => {
  throw new ApiError(403, '开通以下任一班次可使用该功能', { unlocking: [{ vn: '3', vname: '至尊班' }] }, 'reply');
};

describe('/sprintList', () => {
  it('newClassType 1: three stages; chapters → the player, 必做500题 → /fivehundredTest, 考前60分 → /md60f, papers → the exam', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'sprint.list': () => staged });
    const view = renderScreen(<SprintListScreen />, { path: '/sprintList' });
    const base = await screen.findByRole('region', { name: '基础巩固' }, { timeout: 5000 });
    expect(screen.getByRole('heading', { name: '一、基础巩固' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '三、考前冲刺' })).toBeTruthy();
    expect(within(base).getByRole('button', { name: '内科护理学' }).textContent).toContain('已做 5/40');
    const boost = screen.getByRole('region', { name: '强化提分' });
    expect(
      within(boost)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['必做500题', '考前60分']);
    expect(within(boost).getByRole('button', { name: '必做500题' }).textContent).toContain('3组 · 已做 60/120');
    const final = screen.getByRole('region', { name: '考前冲刺' });
    expect(within(final).getByRole('button', { name: '押题密卷一' }).textContent).toContain('100题 · 已考2次');
    expect(within(final).getByRole('button', { name: '冲刺燃卷一' }).textContent).toContain('未考');
    // The spec's per-subject config cache is kept in step.
    expect(cachedSprintConfig(1001)).toEqual({ ClassType: 1, newClassType: 1 });
    expect(callsTo(callMock, 'sprint.list')).toEqual([{ appID: 1001 }]);
    await user().click(within(base).getByRole('button', { name: '内科护理学' }));
    expect(view.where()).toBe('/answerTest?source=sprint&cptID=11');
    view.unmount();

    const v2 = renderScreen(<SprintListScreen />, { path: '/sprintList' });
    await user().click(await screen.findByRole('button', { name: '必做500题' }));
    expect(v2.where()).toBe('/fivehundredTest');
    v2.unmount();
    const v3 = renderScreen(<SprintListScreen />, { path: '/sprintList' });
    await user().click(await screen.findByRole('button', { name: '考前60分' }));
    expect(v3.where()).toBe('/md60f');
    v3.unmount();
    const v4 = renderScreen(<SprintListScreen />, { path: '/sprintList' });
    await user().click(await screen.findByRole('button', { name: '押题密卷一' }));
    expect(v4.where()).toBe('/computerPaper?paperID=7');
  }, 20_000);

  it('newClassType 0: one list without stage headings; ClassType 0: 内容更新中，敬请期待～', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'sprint.list': () => ({ AppID: 1001, ClassType: 2, newClassType: 0, stages: [{ title: '考前冲刺', items: [paperItem(5, '冲刺卷一')] }], sets }),
    });
    const view = renderScreen(<SprintListScreen />, { path: '/sprintList' });
    expect(await screen.findByRole('button', { name: '冲刺卷一' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    view.unmount();
    fakeApi(callMock, { ...shellHandlers(), 'sprint.list': () => ({ AppID: 1001, ClassType: 0, newClassType: 0, stages: [], sets }) });
    renderScreen(<SprintListScreen />, { path: '/sprintList' });
    expect(await screen.findByText('内容更新中，敬请期待～')).toBeTruthy();
  });

  it('a 403 shows the buy prompt', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'sprint.list': denied });
    renderScreen(<SprintListScreen />, { path: '/sprintList' });
    expect(await screen.findByText('开通以下任一班次可使用考前冲刺')).toBeTruthy();
  });
});

describe('/fivehundredTest and /md60f', () => {
  it('rounds with progress; 继续 opens the first unfinished round; a round opens the player', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'sprint.list': () => staged });
    const view = renderScreen(<FiveHundredScreen />, { path: '/fivehundredTest' });
    expect((await screen.findByRole('button', { name: '第1组 已做50/50' })).textContent).toContain('已完成');
    expect(screen.getByText('共3组 · 120题 · 已做 60/120')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '继续：第2组' }));
    expect(view.where()).toBe('/answerTest?source=sprint&set=hot500&round=2');
    view.unmount();
    const v2 = renderScreen(<FiveHundredScreen />, { path: '/fivehundredTest' });
    await user().click(await screen.findByRole('button', { name: '第3组 已做0/20' }));
    expect(v2.where()).toBe('/answerTest?source=sprint&set=hot500&round=3');
  }, 20_000);

  it('no rounds → 内容更新中; 403 → the buy prompt', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'sprint.list': () => ({ ...staged, sets: { hot500: [], pass60: null } }) });
    const view = renderScreen(<FiveHundredScreen />, { path: '/fivehundredTest' });
    expect(await screen.findByText('内容更新中，敬请期待～')).toBeTruthy();
    view.unmount();
    fakeApi(callMock, { ...shellHandlers(), 'sprint.list': denied });
    renderScreen(<Md60fScreen />, { path: '/md60f' });
    expect(await screen.findByText('开通以下任一班次可使用考前60分')).toBeTruthy();
  });

  it('/md60f: the intro, progress and 继续练习 → the player', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'sprint.list': () => staged });
    const view = renderScreen(<Md60fScreen />, { path: '/md60f' });
    expect(await screen.findByText('共120题，按考点重要程度排列')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: '考前60分 完成度' }).getAttribute('aria-valuenow')).toBe('25');
    await user().click(screen.getByRole('button', { name: '继续练习' }));
    expect(view.where()).toBe('/answerTest?source=sprint&set=pass60');
  });
});

describe('player sources year, case and sprint', () => {
  const parse = (qs: string) => parseSource(new URLSearchParams(qs));

  it.each([
    ['source=year&year=2024', { kind: 'year', year: 2024 }],
    ['source=year&year=2024&cptID=3', { kind: 'year', year: 2024, cptID: 3 }],
    ['source=year&cptID=3', { kind: 'year', cptID: 3 }],
    ['source=case&cptID=4', { kind: 'case', cptID: 4 }],
    ['source=sprint&set=hot500&round=2', { kind: 'sprint', set: 'hot500', round: 2 }],
    ['source=sprint&set=hot500', { kind: 'sprint', set: 'hot500', round: 1 }],
    ['source=sprint&set=pass60', { kind: 'sprint', set: 'pass60' }],
    ['source=sprint&cptID=9', { kind: 'sprint', set: 'chapter', cptID: 9 }],
  ])('%s', (qs, source) => {
    expect(parse(qs)).toEqual({ source });
    expect(parse(sourceUrl(source as Source).split('?')[1]!)).toEqual({ source });
  });

  it.each([
    ['source=year', '请选择年份或章节'],
    ['source=year&year=20', '年份格式不正确'],
    ['source=case', '章节不存在'],
    ['source=sprint', '练习类型不正确'],
    ['source=sprint&set=hot500&round=0', '轮次不正确'],
  ])('bad input %s → %s', (qs, error) => {
    expect(parse(qs)).toEqual({ error });
  });

  it('titles, empty texts and distinct keys', () => {
    expect(sourceTitle({ kind: 'year', year: 2024 })).toBe('2024年真题回顾');
    expect(sourceTitle({ kind: 'sprint', set: 'hot500', round: 3 })).toBe('必做500题·第3组');
    expect(sourceTitle({ kind: 'sprint', set: 'pass60' })).toBe('考前60分');
    expect(SOURCES.sprint.empty({ kind: 'sprint' })).toBe('内容更新中，敬请期待～');
    expect(SOURCES.year.empty({ kind: 'year', year: 2024 })).toBe('该年份暂无真题');
    expect(SOURCES.case.empty({ kind: 'case', cptID: 1 })).toBe('本章暂无案例题');
    expect(sourceKey({ kind: 'sprint', set: 'hot500', round: 1 })).not.toBe(sourceKey({ kind: 'sprint', set: 'hot500', round: 2 }));
    expect(sourceKey({ kind: 'year', year: 2023 })).not.toBe(sourceKey({ kind: 'year', year: 2024 }));
  });

  it('loadSource calls the set’s call and keeps the learner’s last replies', async () => {
    const q = question({ allTestID: 5, last: { lastUserReply: 'A', right: true, score: 1, spendTime: 3, answeredAt: '2026-11-20T00:00:00.000Z' } });
    const reply = (name: string) => () => ({ AppID: 1001, name, total: 1, groups: [], list: [q] });
    fakeApi(callMock, { ...shellHandlers(), 'sprint.questions': reply('必做500题·第2组'), 'zhiye.yearTest': reply('2024年真题回顾'), 'zhiye.caseTest': reply('案例分析·内科') });
    const s = await loadSource(1001, { kind: 'sprint', set: 'hot500', round: 2 });
    expect(s.name).toBe('必做500题·第2组');
    expect(s.list[0]!.last).not.toBeNull();
    expect(callsTo(callMock, 'sprint.questions')).toEqual([{ appID: 1001, set: 'hot500', round: 2, cptID: undefined }]);
    expect((await loadSource(1001, { kind: 'year', year: 2024, cptID: 3 })).name).toBe('2024年真题回顾');
    expect(callsTo(callMock, 'zhiye.yearTest')).toEqual([{ appID: 1001, year: 2024, cptID: 3 }]);
    await loadSource(1001, { kind: 'case', cptID: 4 });
    expect(callsTo(callMock, 'zhiye.caseTest')).toEqual([{ appID: 1001, cptID: 4 }]);
  });

  it('a 403 in the player names the feature of the source', () => {
    expect(deniedFeature({ kind: 'sprint', set: 'pass60' })).toBe('考前冲刺');
    expect(deniedFeature({ kind: 'year', year: 2024 })).toBe('历年真题');
    expect(deniedFeature({ kind: 'year', cptID: 2 })).toBe('章节练习');
    expect(deniedFeature({ kind: 'chapter', cptID: 2 })).toBe('章节练习');
  });

  it('itemPath: every sprint item opens its source', () => {
    expect(itemPath(round(4))).toBe('/answerTest?source=sprint&set=hot500&round=4');
    expect(itemPath(pass60)).toBe('/answerTest?source=sprint&set=pass60');
    expect(itemPath(chapterItem(3, 'x'))).toBe('/answerTest?source=sprint&cptID=3');
    expect(itemPath(paperItem(9, 'x'))).toBe('/computerPaper?paperID=9');
  });
});
