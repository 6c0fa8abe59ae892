import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { alertMsg, confirm } from '../../ui/dialogs';
import { callsTo, demoLogin, fakeApi, renderScreen, resetStorage, trialNursing, type Handlers, shellHandlers } from '../../test/screens';
import { examSession } from '../../test/fixtures/exam';
import { history, paper, trendPoint } from '../../test/fixtures/exam-results';
import { chapter } from '../../test/fixtures/practice';
import { type Blueprint, type OpenSession } from '../../entities/exam-center/api';
import EvaluationChapterScreen from './evaluation-chapter-screen';
import ExamCenterScreen from './exam-center-screen';
import ExamGuideScreen from './exam-guide-screen';
import ExamRoomScreen, { NOTICE_SECONDS } from './exam-room-screen';
import MockTestScreen, { RESTART_CONFIRM } from './mock-test-screen';
import SimulationTestRedirect from './simulation-test-redirect';
import { homeModule, nursingGrid } from '../../test/fixtures/home';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');

const callMock = call as unknown as Mock;
/** The hub's other lists (open sessions, records): nothing, unless a test says. */
const around: Handlers = { 'exam.open': () => null, 'exam.history': () => null };
const confirmMock = confirm as unknown as Mock;
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
  confirmMock.mockResolvedValue(true);
});

afterEach(() => {
  vi.useRealTimers();
});

const mod = (id: string, allowed: boolean) => homeModule(id, id, `/${id}`, allowed, allowed ? [] : [{ vn: '3', vname: '至尊班' }]);
const moduleInfo = nursingGrid;

const blueprint: Blueprint = {
  template: 1,
  name: '护士执业资格模拟卷（一）',
  sections: [
    { type: 'A1', title: 'A1型题', count: 40, score: 1 },
    { type: 'A2', title: 'A2型题', count: 40, score: 1 },
    { type: 'A3', title: 'A3/A4型题', count: 20, score: 1 },
  ],
  limitSeconds: 6000,
  totalScore: 100,
  passScore: 60,
};

const openSession = (over: Partial<OpenSession> = {}): OpenSession => ({
  examHistoryID: 55,
  testMode: 'mockExam',
  name: '模拟试卷一',
  mode: 'exam',
  startedAt: '2026-11-21T01:00:00.000Z',
  remainingSeconds: 3725,
  answered: 12,
  total: 100,
  ...over,
});

describe('/exam (考试中心)', () => {
  it('lists the rows the version offers by group, locks closed ones (buy prompt), links open ones', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'subject.moduleInfoX': () => moduleInfo([mod('chapter', true), mod('daily', true), mod('paper', true), mod('sprint', false)]),
      'exam.open': () => ({ list: [] }),
    });
    const view = renderScreen(<ExamCenterScreen />, { path: '/exam' });
    const groups = await screen.findAllByRole('heading', { level: 2 });
    expect(groups.map((h) => h.textContent)).toEqual(['考试', '练习', '冲刺', '考试记录']);
    const exam = screen.getByRole('region', { name: '考试' });
    expect(within(exam).getByRole('button', { name: /^随机组卷 / }).textContent).toContain('每次从题库随机抽一套完整试卷');
    expect(within(exam).queryByRole('button', { name: /模拟考场/ })).toBeNull(); // module mock not in this grid
    const sprint = screen.getByRole('region', { name: '冲刺' });
    await user().click(within(sprint).getByRole('button', { name: /^押题密卷（未开通）/ }));
    expect((await screen.findAllByText('至尊班')).length).toBeGreaterThan(0);
    expect(view.where()).toBe('/exam');
    await user().click(within(exam).getByRole('button', { name: /^考试指南 / }));
    expect(view.where()).toBe('/examinationGuide');
  });

  it('继续考试 lists the open sessions with the remaining time; 考试记录 opens the history', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'subject.moduleInfoX': () => moduleInfo([mod('paper', true)]),
      'exam.open': () => ({
        list: [openSession(), openSession({ examHistoryID: 56, testMode: 'tifenGuoguan', name: '第1关', mode: 'practice', remainingSeconds: null, answered: 2, total: 10 })],
      }),
    });
    const view = renderScreen(<ExamCenterScreen />, { path: '/exam' });
    const block = await screen.findByRole('region', { name: '继续考试' });
    expect(block.textContent).toContain('模拟考试 · 已答12/100题 · 剩余 62:05');
    expect(block.textContent).toContain('闯关提分 · 已答2/10题 · 不限时');
    await user().click(within(block).getAllByRole('button', { name: '继续考试' })[1]!);
    expect(view.where()).toBe('/answerTest?source=session&examHistoryID=56');
    view.unmount();
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'subject.moduleInfoX': () => moduleInfo([mod('paper', true)]),
      'exam.history': () => history([trendPoint(1, 40), trendPoint(2, 80)]),
    });
    const v2 = renderScreen(<ExamCenterScreen />, { path: '/exam' });
    expect((await screen.findByTestId('trend-chart')).getAttribute('aria-label')).toContain('共2次');
    expect(screen.getByRole('region', { name: '考试记录' }).textContent).toContain('已交卷2次');
    await user().click(await screen.findByRole('button', { name: '查看记录' }));
    expect(v2.where()).toBe('/examHistory?appID=1001');
  });

  it('no 继续考试 block when the open call fails', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'subject.moduleInfoX': () => moduleInfo([mod('paper', true)]),
      'exam.open': () => {
        throw new ApiError(404, '接口不存在', null, 'http');
      },
    });
    renderScreen(<ExamCenterScreen />, { path: '/exam' });
    expect(await screen.findByRole('region', { name: '考试' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: '继续考试' })).toBeNull();
  });
});

describe('/mockTest (随机组卷)', () => {
  it('shows the blueprint as a drawn set (1 point each, pass 60 %) and 开始组卷 starts the row → /computerPaper', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'exam.blueprint': () => blueprint,
      'exam.open': () => ({ list: [] }),
      'exam.start': () => examSession({ examHistoryID: 301 }),
    });
    const view = renderScreen(<MockTestScreen />, { path: '/mockTest' });
    const bp = await screen.findByRole('region', { name: '本卷结构' });
    expect(
      within(bp)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['题型题数每题分值', 'A1型题401', 'A2型题401', 'A3/A4型题201']);
    expect(bp.textContent).toContain('100题');
    expect(bp.textContent).toContain('100分钟');
    expect(bp.textContent).toContain('60/100分');
    await user().click(screen.getByRole('button', { name: '开始组卷' }));
    await waitFor(() => expect(view.where()).toBe('/computerPaper?examHistoryID=301'));
    expect(callsTo(callMock, 'exam.start')).toEqual([{ appID: 1001, testMode: 'mockTest' }]);
  });

  it('an open drawn paper: 继续作答, or 重新组卷 after a confirmation (restart)', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'exam.blueprint': () => blueprint,
      'exam.open': () => ({ list: [openSession({ examHistoryID: 77, testMode: 'mockTest', name: '随机组卷' })] }),
      'exam.start': () => examSession({ examHistoryID: 78 }),
    });
    const view = renderScreen(<MockTestScreen />, { path: '/mockTest' });
    expect((await screen.findByTestId('open-draw')).textContent).toBe('你有一套未交卷的随机试卷 · 已答12/100题 · 剩余 62:05');
    confirmMock.mockResolvedValueOnce(false);
    await user().click(screen.getByRole('button', { name: '重新组卷' }));
    expect(callsTo(callMock, 'exam.start')).toEqual([]);
    await user().click(screen.getByRole('button', { name: '重新组卷' }));
    expect((confirmMock.mock.calls[1]![0] as { content: string }).content).toBe(RESTART_CONFIRM);
    await waitFor(() => expect(view.where()).toBe('/computerPaper?examHistoryID=78'));
    expect(callsTo(callMock, 'exam.start')).toEqual([{ appID: 1001, testMode: 'mockTest', restart: true }]);
    view.unmount();
    const v2 = renderScreen(<MockTestScreen />, { path: '/mockTest' });
    await user().click(await screen.findByRole('button', { name: '继续作答' }));
    expect(v2.where()).toBe('/computerPaper?examHistoryID=77');
  });

  it('a 403 of the start → the buy prompt; another error → a dialog; no blueprint → still startable', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'exam.blueprint': () => {
        throw new ApiError(404, '接口不存在', null, 'http');
      },
      'exam.open': () => ({ list: [] }),
      'exam.start': () => {
        throw new ApiError(403, '开通以下任一班次可使用该功能', { unlocking: [{ vn: '2', vname: 'VIP班' }] }, 'reply');
      },
    });
    renderScreen(<MockTestScreen />, { path: '/mockTest' });
    expect(await screen.findByText('试卷结构暂时无法显示，可直接开始组卷。')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '开始组卷' }));
    expect((await screen.findAllByText('VIP班')).length).toBeGreaterThan(0);
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'exam.open': () => ({ list: [] }),
      'exam.start': () => {
        throw new ApiError(400, '题库中暂无可抽取的试题', null, 'reply');
      },
    });
    await user().click(screen.getByRole('button', { name: '开始组卷' }));
    await waitFor(() => expect(alertMsg).toHaveBeenCalledWith('题库中暂无可抽取的试题'));
  });

  it('module paper closed in the home grid → the buy prompt instead of the screen', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'subject.moduleInfoX': () => moduleInfo([mod('paper', false)]),
      'exam.blueprint': () => blueprint,
      'exam.open': () => ({ list: [] }),
    });
    renderScreen(<MockTestScreen />, { path: '/mockTest' });
    expect(await screen.findByText('开通以下任一班次可使用随机组卷')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '开始组卷' })).toBeNull();
  });
});

describe('/evaluationChapter (章节测评)', () => {
  const menu = {
    AppID: 1001,
    list: [chapter({ cptID: 1, name: '基础护理', total: 30 }), chapter({ cptID: 2, name: '生命体征', parentID: 1, total: 12 }), chapter({ cptID: 3, name: '内科护理', total: 0 })],
    unlocking: [],
  };

  it('the tree with each chapter’s best 测评 score; a tap starts the chapter (key = cptID)', async () => {
    const h = history([trendPoint(1, 40), trendPoint(2, 85)]);
    h.list = h.list.map((x) => ({ ...x, name: '章节测评·基础护理', testMode: 'evaluationChapter', total: 20, score: x.score / 5 }));
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'practice.chapterMenuList': () => menu,
      'exam.history': () => h,
      'exam.open': () => ({ list: [] }),
      'exam.start': () => examSession({ examHistoryID: 9 }),
    });
    const view = renderScreen(<EvaluationChapterScreen />, { path: '/evaluationChapter' });
    const top = await screen.findByRole('button', { name: '基础护理，最高17分' });
    expect(top.textContent).toContain('最高 17/20分');
    expect(screen.getByRole('button', { name: '生命体征，未测评' }).textContent).toContain('12题');
    expect((screen.getByRole('button', { name: '内科护理，未测评' }) as HTMLButtonElement).disabled).toBe(true);
    expect(callsTo(callMock, 'exam.history')).toEqual([{ appID: 1001, testMode: 'evaluationChapter' }]);
    await user().click(screen.getByRole('button', { name: '生命体征，未测评' }));
    await waitFor(() => expect(view.where()).toBe('/computerPaper?examHistoryID=9'));
    expect(callsTo(callMock, 'exam.start')).toEqual([{ appID: 1001, testMode: 'evaluationChapter', key: 2 }]);
  });

  it('a chapter beyond the trial says 需开通 and opens the buy prompt without starting', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'practice.chapterMenuList': () => ({ ...menu, list: menu.list.map((c) => (c.cptID === 2 ? { ...c, locked: true } : c)), unlocking: [{ vn: '2', vname: 'VIP班' }] }),
      'exam.history': () => history([]),
      'exam.open': () => ({ list: [] }),
    });
    renderScreen(<EvaluationChapterScreen />, { path: '/evaluationChapter' });
    await user().click(await screen.findByRole('button', { name: '生命体征，需开通' }));
    expect(within(await screen.findByTestId('buy-prompt')).getByText('VIP班')).toBeTruthy();
    expect(callsTo(callMock, 'exam.start')).toEqual([]);
  });

  it('a chapter with an open 测评 continues it', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'practice.chapterMenuList': () => menu,
      'exam.history': () => history([]),
      'exam.open': () => ({ list: [openSession({ examHistoryID: 31, testMode: 'evaluationChapter', name: '章节测评·生命体征' })] }),
    });
    const view = renderScreen(<EvaluationChapterScreen />, { path: '/evaluationChapter' });
    await user().click(await screen.findByRole('button', { name: '生命体征，测评未交卷' }));
    expect(view.where()).toBe('/computerPaper?examHistoryID=31');
    expect(callsTo(callMock, 'exam.start')).toEqual([]);
  });
});

describe('/examinationGuide (考试指南)', () => {
  it('the structure with the template’s marks, the guide texts, and 机考体验 → the simulator', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'exam.blueprint': () => ({ ...blueprint, sections: [{ type: 'A1', title: 'A1型题', count: 50, score: 2 }], totalScore: 100, passScore: 72 }),
      'exam.open': () => ({ list: [] }),
      'exam.start': () => examSession({ examHistoryID: 12 }),
    });
    const view = renderScreen(<ExamGuideScreen />, { path: '/examinationGuide' });
    const bp = await screen.findByRole('region', { name: '护士执业资格 · 考试结构' });
    expect(within(bp).getAllByRole('row')[1]!.textContent).toBe('A1型题502');
    expect(bp.textContent).toContain('72/100分');
    expect(screen.getByRole('region', { name: '考试说明' }).textContent).toContain('人机对话');
    expect(screen.getByRole('region', { name: '机考操作说明' }).textContent).toContain('标疑');
    await user().click(screen.getByRole('button', { name: '开始机考体验' }));
    await waitFor(() => expect(view.where()).toBe('/computerPaper?examHistoryID=12'));
    expect(callsTo(callMock, 'exam.start')).toEqual([{ appID: 1001, testMode: 'examinationGuide' }]);
  });
});

describe('/mnkcNew (模拟考场)', () => {
  const list = () => ({
    list: [paper(1, { name: '模拟试卷一', attempts: 1, best: 70 }), paper(2, { name: '模拟试卷二' }), paper(3, { name: '押题密卷一', tag: 'ytmj' })],
  });

  it('suggests the first paper not sat; 考场须知 for 60 s; then the 准考证 (seat no. = last 4 of the session) and 开始考试', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    saveLogin({ ...demoLogin });
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'exam.list': list,
      'exam.start': () => examSession({ examHistoryID: 120345, name: '模拟试卷二', remainingSeconds: 5400 }),
    });
    const view = renderScreen(<ExamRoomScreen />, { path: '/mnkcNew' });
    const radios = await screen.findAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect((radios[1] as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('（推荐）')).toBeTruthy();
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    await u.click(screen.getByRole('button', { name: '进入考场' }));
    const wait = screen.getByRole('button', { name: `请阅读须知（${NOTICE_SECONDS}秒）` }) as HTMLButtonElement;
    expect(wait.disabled).toBe(true);
    expect(callsTo(callMock, 'exam.start')).toEqual([]);
    for (let i = 0; i < NOTICE_SECONDS; i += 1) {
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
    }
    await u.click(screen.getByRole('button', { name: '我已阅读，领取准考证' }));
    const ticket = await screen.findByRole('region', { name: '准考证' });
    expect(callsTo(callMock, 'exam.start')).toEqual([{ appID: 1001, testMode: 'mnkcNew', paperID: 2 }]);
    expect(within(ticket).getByTestId('seat').textContent).toBe('0345');
    expect(ticket.textContent).toContain('护士执业资格');
    expect(ticket.textContent).toContain('模拟试卷二');
    expect(ticket.textContent).toContain('90:00');
    await u.click(within(ticket).getByRole('button', { name: '开始考试' }));
    expect(view.where()).toBe('/computerPaper?examHistoryID=120345');
  });

  it('a paper with its session open goes straight to the ticket (继续考试); the module closed → the buy prompt', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'exam.list': () => ({ list: [paper(1, { name: '模拟试卷一', open: 88 })] }),
      'exam.start': () => examSession({ examHistoryID: 88, replies: { '1': 'A' } }),
    });
    const view = renderScreen(<ExamRoomScreen />, { path: '/mnkcNew' });
    expect(await screen.findByText('（未交卷）')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '继续考试' }));
    const ticket = await screen.findByRole('region', { name: '准考证' });
    await user().click(within(ticket).getByRole('button', { name: '继续考试' }));
    expect(view.where()).toBe('/computerPaper?examHistoryID=88');
    view.unmount();
    fakeApi(callMock, {
      ...shellHandlers(),
      ...around,
      'subject.moduleInfoX': () => moduleInfo([mod('mock', false)]),
      'exam.list': list,
    });
    renderScreen(<ExamRoomScreen />, { path: '/mnkcNew' });
    expect(await screen.findByText('开通以下任一班次可使用模拟考场')).toBeTruthy();
  });

  it('/simulationTest goes to /mnkcNew', async () => {
    const view = renderScreen(<SimulationTestRedirect />, { path: '/simulationTest', url: '/simulationTest?from=home' });
    await waitFor(() => expect(view.where()).toBe('/mnkcNew?from=home'));
  });
});
