import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage, trialNursing, shellHandlers } from '../../test/screens';
import { testMode } from '@kaoshi/contract';
import { examSession } from '../../test/fixtures/exam';
import { PAPER_LISTS, paperListOf } from '../../entities/exam/papers';
import { paper } from '../../test/fixtures/exam-results';
import { homeModule, nursingGrid } from '../../test/fixtures/home';
import PaperListScreen from './paper-list-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
});

const openList = (path: string) => renderScreen(<PaperListScreen />, { path, url: path });

describe('paper lists', () => {
  it('one list per paper row of TEST_MODES, titles and papers from the row', () => {
    expect(PAPER_LISTS.map((r) => [r.route, r.title, r.kinds.join('+'), r.tag])).toEqual([
      ['/mockExam', '模拟考试', 'mock', null],
      ['/mnkcNew', '模拟考场', 'mock', null],
      ['/renjilist', '人机对话考试', 'mock+past', null],
      ['/realPapertest', '真题实战', 'past', null],
      ['/newLnjtMnsj', '历年精题模拟卷', 'mock', 'lnjt'],
      ['/ytmj', '押题密卷', 'mock', 'ytmj'],
      ['/BurningExam', '冲刺燃卷', 'mock', 'burning'],
      ['/secretVolumeWay', '考前密卷', 'mock', 'secret'],
    ]);
    for (const r of PAPER_LISTS) expect(r.title).toBe(testMode(r.route)!.title);
    expect(paperListOf('/realpapertest/').title).toBe('真题实战');
  });

  it('/mockExam: each untagged mock paper with its figures and my attempts; start by testMode, continue, history', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'exam.list': () => ({
        list: [
          paper(1, { name: '模拟试卷一', attempts: 2, best: 71.5 }),
          paper(2, { name: '模拟试卷二', open: 99, questionCount: 50, timeLimitSeconds: 3600, passScore: 30, totalScore: 50 }),
          paper(3, { name: '押题密卷一', tag: 'ytmj' }),
          paper(4, { name: '2025年真题', kind: 'past' }),
        ],
      }),
      'exam.start': (p) => examSession({ examHistoryID: p.paperID === 2 ? 99 : 120 }),
    });
    const view = openList('/mockExam');
    const cards = await screen.findAllByRole('listitem');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['模拟试卷一', '模拟试卷二']);
    expect(cards[0]!.textContent).toContain('100题 · 限时90分钟 · 及格线60/100分');
    expect(within(cards[0]!).getByTestId('mine').textContent).toBe('已考2次 · 最高71.5分');
    expect(within(cards[1]!).getByTestId('mine').textContent).toBe('还没有考过');
    expect(cards[1]!.textContent).toContain('50题 · 限时60分钟 · 及格线30/50分');
    expect(callsTo(callMock, 'exam.list')).toEqual([{ appID: 1001, kind: 'mock' }]);
    await user().click(within(cards[1]!).getByRole('button', { name: '继续考试' }));
    await waitFor(() => expect(view.where()).toBe('/computerPaper?examHistoryID=99'));
    expect(callsTo(callMock, 'exam.start')).toEqual([{ appID: 1001, testMode: 'mockExam', paperID: 2 }]);
    view.unmount();
    const v2 = openList('/mockExam');
    await user().click(within((await screen.findAllByRole('listitem'))[0]!).getByRole('button', { name: '成绩记录' }));
    expect(v2.where()).toBe('/examHistory?appID=1001&paperID=1');
    v2.unmount();
    const v3 = openList('/mockExam');
    await user().click(within((await screen.findAllByRole('listitem'))[0]!).getByRole('button', { name: '开始考试' }));
    await waitFor(() => expect(v3.where()).toBe('/computerPaper?examHistoryID=120'));
    v3.unmount();
    const v4 = openList('/mockExam');
    await user().click(await screen.findByRole('button', { name: '考试记录' }));
    expect(v4.where()).toBe('/examHistory?appID=1001&testMode=mockExam');
  });

  it('/realPapertest: past papers grouped by year, newest first', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'exam.list': () => ({
        list: [
          paper(5, { kind: 'past', year: 2024, name: '2024年真题' }),
          paper(6, { kind: 'past', year: 2025, name: '2025年真题' }),
          paper(7, { kind: 'past', year: null, name: '真题汇编' }),
        ],
      }),
    });
    openList('/realPapertest');
    expect(await screen.findByText('真题实战')).toBeTruthy();
    const years = await screen.findAllByRole('heading', { level: 2 });
    expect(years.map((h) => h.textContent)).toEqual(['2025年', '2024年', '其他年份']);
    expect(within(screen.getByRole('region', { name: '2025年' })).getByText('2025年真题')).toBeTruthy();
    expect(callsTo(callMock, 'exam.list')).toEqual([{ appID: 1001, kind: 'past' }]);
  });

  it('/renjilist: every untagged mock and past paper, by kind, with 机考操作说明', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'exam.list': () => ({
        list: [
          paper(1, { name: '模拟试卷一' }),
          paper(3, { name: '押题密卷一', tag: 'ytmj' }),
          paper(5, { kind: 'past', year: 2024, name: '2024年真题' }),
          paper(6, { kind: 'past', year: 2025, name: '2025年真题' }),
        ],
      }),
      'exam.start': () => examSession({ examHistoryID: 7 }),
    });
    const view = openList('/renjilist');
    const groups = await screen.findAllByRole('heading', { level: 2 });
    expect(groups.map((h) => h.textContent)).toEqual(['模拟试卷', '历年真题']);
    expect(
      within(screen.getByRole('region', { name: '历年真题' }))
        .getAllByRole('listitem')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual(['2025年真题', '2024年真题']);
    expect(screen.queryByText('押题密卷一')).toBeNull();
    expect(screen.getByText('机考操作说明')).toBeTruthy();
    expect(callsTo(callMock, 'exam.list')).toEqual([{ appID: 1001 }]);
    await user().click(within(screen.getByRole('listitem', { name: '2024年真题' })).getByRole('button', { name: '开始考试' }));
    await waitFor(() => expect(view.where()).toBe('/computerPaper?examHistoryID=7'));
    expect(callsTo(callMock, 'exam.start')).toEqual([{ appID: 1001, testMode: 'renjilist', paperID: 5 }]);
  });

  it('tagged rows list their collection only; none yet → 内容更新中，敬请期待～', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'exam.list': () => ({
        list: [paper(1, { name: '模拟试卷一' }), paper(3, { name: '押题密卷一', tag: 'ytmj' }), paper(4, { name: '燃卷一', tag: 'burning' })],
      }),
    });
    const v1 = openList('/ytmj');
    expect((await screen.findAllByRole('listitem')).map((c) => c.getAttribute('aria-label'))).toEqual(['押题密卷一']);
    v1.unmount();
    openList('/secretVolumeWay');
    expect(screen.getByText('考前密卷')).toBeTruthy();
    expect(await screen.findByText('内容更新中，敬请期待～')).toBeTruthy();
  });

  it('the row’s module closed in the home grid → the buy prompt; a 403 of the start → the buy prompt too', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'subject.moduleInfoX': () => ({
        ...moduleInfo(true),
        modules: [homeModule('sprint', '考前冲刺', '/sprintList', false, [{ vn: '3', vname: '至尊班' }])],
      }),
      'exam.list': () => ({ list: [paper(3, { name: '押题密卷一', tag: 'ytmj' })] }),
    });
    const v1 = openList('/ytmj');
    expect(await screen.findByText('开通以下任一班次可使用押题密卷')).toBeTruthy();
    v1.unmount();
    fakeApi(callMock, {
      ...shellHandlers(),
      'exam.list': () => ({ list: [paper(1)] }),
      'exam.start': () => {
        throw new ApiError(403, '开通以下任一班次可使用该功能', { unlocking: [{ vn: '2', vname: 'VIP班' }] }, 'reply');
      },
    });
    const v2 = openList('/mockExam');
    await user().click(await screen.findByRole('button', { name: '开始考试' }));
    expect((await screen.findAllByText('VIP班')).length).toBeGreaterThan(0);
    expect(v2.where()).toBe('/mockExam');
  });

  it('a session in practice display opens in the player', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'exam.list': () => ({ list: [paper(1)] }), 'exam.start': () => examSession({ examHistoryID: 8, mode: 'practice' }) });
    const view = openList('/mockExam');
    await user().click(await screen.findByRole('button', { name: '开始考试' }));
    await waitFor(() => expect(view.where()).toBe('/answerTest?source=session&examHistoryID=8'));
  });

  it('a 403 shows the buy prompt; another error 重试', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'exam.list': () => {
        throw new ApiError(403, '开通以下任一班次可使用该功能', { unlocking: [{ vn: '3', vname: '至尊班' }] }, 'reply');
      },
    });
    const v1 = openList('/mockExam');
    expect(await screen.findByText('开通以下任一班次可使用模拟考试')).toBeTruthy();
    expect((await screen.findAllByText('至尊班')).length).toBeGreaterThan(0);
    v1.unmount();
    let n = 0;
    fakeApi(callMock, { ...shellHandlers(), 'exam.list': () => (n++ === 0 ? fail(500, '服务器开小差了，请稍后重试') : { list: [paper(1)] }) });
    openList('/mockExam');
    await user().click(await screen.findByRole('button', { name: '重试' }));
    expect(await screen.findByText('试卷1')).toBeTruthy();
  });

  it('without a subject: 选择科目', () => {
    resetStorage();
    saveLogin(demoLogin);
    openList('/mockExam');
    expect(screen.getByRole('button', { name: '选择科目' })).toBeTruthy();
  });
});

const moduleInfo = (allowed: boolean) =>
  nursingGrid([{ ...homeModule('daily', '每日一练', '/dailyMockTest', allowed, allowed ? [] : [{ vn: '2', vname: 'VIP班' }]), reason: allowed ? 'free' : 'not-purchased' }]);

// /dailyMockTest: features/every-day/every-day.test.tsx
