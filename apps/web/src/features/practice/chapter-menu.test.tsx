import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { agentStore } from '../../lib/agent';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { confirm } from '../../ui/dialogs';
import { callsTo, demoLogin, fakeApi, renderScreen, resetStorage, trialNursing, type Handlers, shellHandlers } from '../../test/screens';
import ChapterMenuScreen, { RESET_CONFIRM } from './chapter-menu-screen';
import { chapter } from '../../test/fixtures/practice';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs'); // ui/__mocks__/dialogs.ts

const callMock = call as unknown as Mock;
/** The wrong-question book's counts: nothing, unless a test says. */
const around: Handlers = {
  'study.bookLLzs': () => null,
};
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  agentStore.set(null);
  saveSelectedSubject(trialNursing);
});

const menuList = () => [
  chapter({ cptID: 1, name: '循环系统疾病病人的护理', total: 20, done: 5, right: 4, wrong: 1, accuracy: 0.8 }),
  chapter({ cptID: 11, parentID: 1, name: '心力衰竭', total: 12, done: 5, right: 4, wrong: 1, accuracy: 0.8 }),
  chapter({ cptID: 12, parentID: 1, name: '原发性高血压', total: 8 }),
  chapter({ cptID: 2, name: '护理伦理与卫生法规', total: 6, done: 0 }),
];

describe('/chapterMenu', () => {
  it('shows the chapter tree with progress and opens a chapter', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'practice.chapterMenuList': () => ({ AppID: 1001, list: menuList(), unlocking: [] }),
    });
    const view = renderScreen(<ChapterMenuScreen />, { path: '/chapterMenu' });
    const head = await screen.findByRole('button', { name: /循环系统疾病病人的护理/ });
    expect(head.textContent).toContain('已做 5/20');
    expect(head.textContent).toContain('正确率 80%');
    expect(head.getAttribute('aria-expanded')).toBe('false');
    await user().click(head);
    expect(screen.getByRole('progressbar', { name: '心力衰竭 完成度' }).getAttribute('aria-valuenow')).toBe('42');
    await user().click(screen.getByRole('button', { name: /^心力衰竭/ }));
    await waitFor(() => expect(view.where()).toBe('/answerTest?cptID=11'));
    expect(callsTo(callMock, 'practice.chapterMenuList')[0]).toEqual({ appID: 1001 });
    expect(callMock.mock.calls[0]![2]).toEqual({ silent: true });
  });

  it('a 403 shows the buy prompt with the versions that open chapter practice', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'practice.chapterMenuList': () => {
        throw new ApiError(403, '开通以下任一班次可使用该功能', { unlocking: [{ vn: '2', vname: 'VIP班' }] }, 'reply');
      },
    });
    renderScreen(<ChapterMenuScreen />, { path: '/chapterMenu' });
    const prompt = await screen.findByTestId('buy-prompt');
    expect(within(prompt).getByText('VIP班')).toBeTruthy();
    expect(within(prompt).getByText('试用版')).toBeTruthy();
  });

  it('重做 asks first, resets the chapter and reloads the menu', async () => {
    let reset = false;
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'practice.chapterMenuList': () => ({ AppID: 1001, list: reset ? menuList().map((c) => ({ ...c, done: 0, right: 0, accuracy: 0 })) : menuList(), unlocking: [] }),
      'practice.resetTestInfo': () => {
        reset = true;
        return { reset: 5 };
      },
    });
    renderScreen(<ChapterMenuScreen />, { path: '/chapterMenu' });
    await user().click(await screen.findByRole('button', { name: /循环系统疾病病人的护理/ }));
    await user().click(screen.getByRole('button', { name: '重做 心力衰竭' }));
    expect((confirm as Mock).mock.calls[0]![0]).toMatchObject({ content: RESET_CONFIRM });
    await waitFor(() => expect(callsTo(callMock, 'practice.resetTestInfo')).toEqual([{ appID: 1001, cptID: 11 }]));
    await waitFor(() => expect(screen.getByRole('button', { name: /循环系统疾病病人的护理/ }).textContent).toContain('已做 0/20'));
  });

  it('without a subject asks to choose one', async () => {
    resetStorage();
    saveLogin(demoLogin);
    const view = renderScreen(<ChapterMenuScreen />, { path: '/chapterMenu' });
    await user().click(screen.getByRole('button', { name: '选择科目' }));
    expect(view.where()).toBe('/switchSub');
  });

  it('a trial learner sees the chapters beyond the trial marked 需开通; a tap opens the buy prompt, not the chapter', async () => {
    const list = menuList().map((c) => (c.cptID === 12 || c.cptID === 1 ? { ...c, locked: true } : c));
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'practice.chapterMenuList': () => ({
        AppID: 1001,
        list,
        unlocking: [
          { vn: '1', vname: '基础班' },
          { vn: '3', vname: '至尊班' },
        ],
      }),
    });
    const view = renderScreen(<ChapterMenuScreen />, { path: '/chapterMenu' });
    expect(await screen.findByText('试用可练习其中 2 章，开通班次后全部 3 章都可练习')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: /循环系统疾病病人的护理/ }));
    await user().click(screen.getByRole('button', { name: /^原发性高血压 需开通/ }));
    const prompt = await screen.findByTestId('buy-prompt');
    expect(within(prompt).getByText('「原发性高血压」开通班次后可练习')).toBeTruthy();
    expect(within(prompt).getByText('基础班')).toBeTruthy();
    expect(within(prompt).getByText('至尊班')).toBeTruthy();
    expect(view.where()).toBe('/chapterMenu');
    await user().click(within(prompt).getByRole('button', { name: '取消' }));
    await user().click(screen.getByRole('button', { name: /^心力衰竭 已做/ }));
    await waitFor(() => expect(view.where()).toBe('/answerTest?cptID=11'));
  });

  it('a failed load offers a retry', async () => {
    let n = 0;
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'practice.chapterMenuList': () => {
        n += 1;
        if (n === 1) throw new ApiError(0, '网络加载异常，请稍后重试', null, 'network');
        return { AppID: 1001, list: menuList(), unlocking: [] };
      },
    });
    renderScreen(<ChapterMenuScreen />, { path: '/chapterMenu' });
    await user().click(await screen.findByRole('button', { name: '重试' }));
    expect(await screen.findByRole('button', { name: /循环系统疾病病人的护理/ })).toBeTruthy();
  });
});

describe('/chapterMenu statistics header and study tools', () => {
  const stats = {
    AppID: 1001,
    total: 316,
    done: 120,
    right: 90,
    wrong: 30,
    accuracy: 0.75,
    spentSeconds: 7500,
    activeDays: 6,
    today: { done: 12, right: 10 },
    book: { items: 18, due: 4, cleared: 2 },
    favourites: 3,
    notes: 1,
  };

  it('shows done, accuracy, time, active days and today from bookLLzs', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'practice.chapterMenuList': () => ({ AppID: 1001, list: menuList(), unlocking: [] }),
      'study.bookLLzs': () => stats,
    });
    renderScreen(<ChapterMenuScreen />, { path: '/chapterMenu' });
    const header = await screen.findByRole('region', { name: '学习统计' });
    // It keeps its place with dashes while loading, then shows the figures.
    await waitFor(() => expect(header.getAttribute('aria-busy')).toBe('false'));
    expect(header.textContent).toContain('120已做（题）');
    expect(header.textContent).toContain('75%正确率');
    expect(header.textContent).toContain('2小时5分用时');
    expect(header.textContent).toContain('6学习天数');
    expect(header.textContent).toContain('今日已做 12 题 · 答对 10 题 · 错题本 18 题（4 题待复习）');
    expect(callsTo(callMock, 'study.bookLLzs')).toEqual([{ appID: 1001 }]);
    expect(screen.getByRole('button', { name: /循环系统疾病病人的护理/ })).toBeTruthy();
  });

  it('a failed statistics call leaves the chapter tree alone', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'practice.chapterMenuList': () => ({ AppID: 1001, list: menuList(), unlocking: [] }),
      'study.bookLLzs': () => {
        throw new ApiError(500, '服务器开小差了', null, 'reply');
      },
    });
    renderScreen(<ChapterMenuScreen />, { path: '/chapterMenu' });
    expect(await screen.findByRole('button', { name: /循环系统疾病病人的护理/ })).toBeTruthy();
    await waitFor(() => expect(callsTo(callMock, 'study.bookLLzs')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('region', { name: '学习统计' })).toBeNull());
    expect(screen.queryByText('服务器开小差了')).toBeNull();
  });

  it('the tools row opens the study screens', async () => {
    const targets: [string, string][] = [
      ['错题本', '/consolidate'],
      ['收藏', '/consolidate?tab=fav'],
      ['笔记', '/consolidate?tab=note'],
      ['背题复习', '/memoryAnswer'],
      ['薄弱点', '/strengthen'],
      ['搜题', '/searchExam'],
    ];
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'practice.chapterMenuList': () => ({ AppID: 1001, list: menuList(), unlocking: [] }),
      'study.bookLLzs': () => stats,
    });
    for (const [name, to] of targets) {
      const view = renderScreen(<ChapterMenuScreen />, { path: '/chapterMenu' });
      const tools = await screen.findByRole('navigation', { name: '学习工具' });
      await user().click(within(tools).getByRole('button', { name }));
      expect(view.where()).toBe(to);
      view.unmount();
    }
  });
});
