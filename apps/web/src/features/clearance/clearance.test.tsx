import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { alertMsg, toast } from '../../ui/dialogs';
import { callsTo, demoLogin, fakeApi, renderScreen, resetStorage, trialNursing, shellHandlers } from '../../test/screens';
import { examSession } from '../../test/fixtures/exam';
import ExamResultScreen from '../exam-results/exam-result-screen';
import { result } from '../../test/fixtures/exam-results';
import { starText, summary, type LevelRow } from './api';
import RandomPassCheckScreen from './random-pass-check-screen';
import TifenGuoguanScreen from './tifen-guoguan-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
});

const level = (levelID: number, over: Partial<LevelRow> = {}): LevelRow => ({
  levelID,
  title: `章节${levelID}`,
  cptID: 100 + levelID,
  band: null,
  count: 10,
  passRate: 0.8,
  state: 'locked',
  best: null,
  stars: 0,
  attempts: 0,
  open: null,
  ...over,
});

const chapterLadder = [
  level(1, { title: '生命体征的评估与护理', state: 'passed', best: 90, stars: 2, attempts: 2 }),
  level(2, { title: '给药与静脉输液', state: 'open', best: 70, attempts: 1 }),
  level(3, { title: '医院感染的预防与控制' }),
];

describe('level map data', () => {
  it('stars as text and the ladder summary (next = the open attempt, else the first open level)', () => {
    expect([0, 1, 2, 3].map(starText)).toEqual(['☆☆☆', '★☆☆', '★★☆', '★★★']);
    expect(summary(chapterLadder)).toMatchObject({ passed: 1, total: 3, stars: 2, maxStars: 9, next: { levelID: 2 } });
    expect(summary([level(1, { state: 'passed', stars: 3 }), level(2, { state: 'passed', stars: 1, open: 9 }), level(3, { state: 'open' })]).next?.levelID).toBe(2);
    expect(summary([level(1, { state: 'passed', stars: 3 })]).next).toBeNull();
  });
});

describe('/tifenGuoguan', () => {
  it('shows the ladder: states, stars, best, the totals; a locked level says 请先通过上一关 and starts nothing', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'clearance.levels': () => ({ kind: 'chapter', list: chapterLadder }) });
    renderScreen(<TifenGuoguanScreen />, { path: '/tifenGuoguan' });
    const map = await screen.findByRole('list', { name: '关卡' });
    expect(callsTo(callMock, 'clearance.levels')[0]).toEqual({ appID: 1001, kind: 'chapter' });
    const tiles = within(map).getAllByRole('button');
    expect(tiles.map((b) => b.getAttribute('aria-label'))).toEqual(['第1关 生命体征的评估与护理 已过关 2星', '第2关 给药与静脉输液 可挑战', '第3关 医院感染的预防与控制 未解锁']);
    expect(tiles[0]!.textContent).toContain('★★☆');
    expect(tiles[0]!.textContent).toContain('最佳 90%');
    expect(tiles[1]!.textContent).toContain('最佳 70%');
    expect(screen.getByRole('region', { name: '闯关提分' }).textContent).toContain('1/3已过关');
    expect(screen.getByText('按章节逐关闯关，过关解锁下一关')).toBeTruthy();

    await user().click(tiles[2]!);
    expect(toast).toHaveBeenCalledWith('请先通过上一关');
    expect(callsTo(callMock, 'clearance.start')).toHaveLength(0);
  });

  it('挑战第N关 starts an attempt of the open level and opens it in the player', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'clearance.levels': () => ({ kind: 'chapter', list: chapterLadder }),
      'clearance.start': () => examSession({ examHistoryID: 77, mode: 'practice', testMode: 'tifenGuoguan' }),
    });
    const view = renderScreen(<TifenGuoguanScreen />, { path: '/tifenGuoguan' });
    await user().click(await screen.findByRole('button', { name: '挑战第2关' }));
    await waitFor(() => expect(view.where()).toBe('/answerTest?source=session&examHistoryID=77'));
    expect(callsTo(callMock, 'clearance.start')[0]).toEqual({ appID: 1001, kind: 'chapter', levelID: 2 });
  });

  it('a passed level can be played again', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'clearance.levels': () => ({ kind: 'chapter', list: chapterLadder }),
      'clearance.start': () => examSession({ examHistoryID: 78, mode: 'practice' }),
    });
    const view = renderScreen(<TifenGuoguanScreen />, { path: '/tifenGuoguan' });
    await user().click(await screen.findByRole('button', { name: /^第1关/ }));
    await waitFor(() => expect(view.where()).toBe('/answerTest?source=session&examHistoryID=78'));
    expect(callsTo(callMock, 'clearance.start')[0]).toMatchObject({ levelID: 1 });
  });

  it('a level with an open attempt continues it without a new start', async () => {
    const list = [chapterLadder[0]!, { ...chapterLadder[1]!, open: 55 }, chapterLadder[2]!];
    fakeApi(callMock, { ...shellHandlers(), 'clearance.levels': () => ({ kind: 'chapter', list }) });
    const view = renderScreen(<TifenGuoguanScreen />, { path: '/tifenGuoguan' });
    const tile = await screen.findByRole('button', { name: /^第2关/ });
    expect(tile.textContent).toContain('继续挑战');
    expect(screen.getByRole('button', { name: '继续第2关' })).toBeTruthy();
    await user().click(tile);
    expect(view.where()).toBe('/answerTest?source=session&examHistoryID=55');
    expect(callsTo(callMock, 'clearance.start')).toHaveLength(0);
  });

  it('a start refused otherwise (400) is shown in a dialog', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'clearance.levels': () => ({ kind: 'chapter', list: chapterLadder }),
      'clearance.start': () => {
        throw new ApiError(400, '请先通过上一关', null, 'reply');
      },
    });
    const view = renderScreen(<TifenGuoguanScreen />, { path: '/tifenGuoguan' });
    await user().click(await screen.findByRole('button', { name: '挑战第2关' }));
    await waitFor(() => expect(alertMsg).toHaveBeenCalledWith('请先通过上一关'));
    expect(view.where()).toBe('/tifenGuoguan');
  });

  it('a learner without module clearance meets the buy prompt (403)', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'clearance.levels': () => {
        throw new ApiError(403, '开通以下任一班次可使用该功能', { unlocking: [{ vn: '3', vname: '至尊班' }] }, 'reply');
      },
    });
    renderScreen(<TifenGuoguanScreen />, { path: '/tifenGuoguan' });
    expect(await screen.findByText('开通以下任一班次可使用闯关提分')).toBeTruthy();
    expect(screen.getByRole('button', { name: '查看开通班次' })).toBeTruthy();
  });

  it('other errors offer 重试', async () => {
    let fail = true;
    fakeApi(callMock, {
      ...shellHandlers(),
      'clearance.levels': () => {
        if (fail) throw new ApiError(500, '服务器繁忙', null, 'reply');
        return { kind: 'chapter', list: chapterLadder };
      },
    });
    renderScreen(<TifenGuoguanScreen />, { path: '/tifenGuoguan' });
    const retry = await screen.findByRole('button', { name: '重试' });
    fail = false;
    await user().click(retry);
    expect(await screen.findByRole('list', { name: '关卡' })).toBeTruthy();
  });
});

describe('/randomPassCheck', () => {
  it('shows numbered levels with their difficulty band; an empty ladder says why', async () => {
    const list = [
      level(1, { title: '第1关', cptID: null, band: '基础', state: 'open' }),
      level(2, { title: '第2关', cptID: null, band: '进阶' }),
      level(3, { title: '第3关', cptID: null, band: '冲刺' }),
    ];
    fakeApi(callMock, { ...shellHandlers(), 'clearance.levels': () => ({ kind: 'random', list }) });
    const view = renderScreen(<RandomPassCheckScreen />, { path: '/randomPassCheck' });
    const map = await screen.findByRole('list', { name: '关卡' });
    expect(callsTo(callMock, 'clearance.levels')[0]).toEqual({ appID: 1001, kind: 'random' });
    expect(
      within(map)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['第1关 基础 可挑战', '第2关 进阶 未解锁', '第3关 冲刺 未解锁']);
    view.unmount();

    fakeApi(callMock, { ...shellHandlers(), 'clearance.levels': () => ({ kind: 'random', list: [] }) });
    renderScreen(<RandomPassCheckScreen />, { path: '/randomPassCheck' });
    expect(await screen.findByText('题库不足10题，暂无随机关卡')).toBeTruthy();
  });
});

describe('the result of a level (/examResult)', () => {
  it('shows the stars earned, or what passing takes', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'exam.result': () => result({ testMode: 'tifenGuoguan', mode: 'practice', right: 4, wrong: 0, unanswered: 0 }) });
    const view = renderScreen(<ExamResultScreen />, { path: '/examResult', url: '/examResult?examHistoryID=42' });
    expect((await screen.findByTestId('mode-line')).textContent).toBe('闯关成功 ★★★');
    expect(screen.getByRole('button', { name: '返回闯关提分' })).toBeTruthy();
    view.unmount();
    fakeApi(callMock, { ...shellHandlers(), 'exam.result': () => result({ testMode: 'randomPassCheck', mode: 'practice' }) });
    renderScreen(<ExamResultScreen />, { path: '/examResult', url: '/examResult?examHistoryID=42' });
    expect((await screen.findByTestId('mode-line')).textContent).toBe('未过关：答对80%即可过关');
  });
});

describe('ladder tabs', () => {
  it('switch between 闯关提分 and 随机闯关 (the current one marked)', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'clearance.levels': () => ({ kind: 'chapter', list: chapterLadder }) });
    const view = renderScreen(<TifenGuoguanScreen />, { path: '/tifenGuoguan' });
    const tabs = await screen.findByRole('navigation', { name: '闯关方式' });
    expect(within(tabs).getByRole('button', { name: '闯关提分' }).getAttribute('aria-current')).toBe('page');
    await user().click(within(tabs).getByRole('button', { name: '随机闯关' }));
    expect(view.where()).toBe('/randomPassCheck');
  });
});
