import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { alertMsg } from '../../ui/dialogs';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage, trialNursing, shellHandlers } from '../../test/screens';
import { examSession } from '../../test/fixtures/exam';
import AiCardScreen from './ai-card-screen';
import AiCoreExamTestScreen from './ai-core-exam-test-screen';
import AiCorePayScreen from './ai-core-pay-screen';
import { delta } from './api';
import type { CardRow, TipsPointRow } from './api';
import FocalPointTestScreen from './focal-point-test-screen';
import { homeModule, nursingGrid } from '../../test/fixtures/home';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
});

const reason = (allTestID: number, point: number, name: string, why: string) => ({ allTestID, point, name, mastery: 0.2, weight: 0.06, why });

/** A round of two questions (ids 1, 2 of the exam fixture) in practice display. */
const round = (over: { replies?: Record<string, string>; round?: number } = {}) => ({
  round: over.round ?? 3,
  session: examSession({
    examHistoryID: 77,
    mode: 'practice',
    testMode: 'AICoreExamTest',
    name: 'AI核心考点·第3轮',
    replies: over.replies ?? {},
    deadline: null,
    remainingSeconds: null,
    timeLimitSeconds: null,
  }),
  reasons: [
    reason(1, 11, '心电图', '考点「心电图」占题库 6%，你的掌握度 20%（答对 2/10）。这道题你还没做过。'),
    reason(2, 12, '休克', '考点「休克」占题库 4%，你的掌握度 10%（答对 1/10）。这道题你上次答错了。'),
  ],
});

/** A 403 of the server: the buy prompt's versions in data.unlocking. */
async function deny(): Promise<never> {
  const { ApiError } = await import('../../api/errors');
  throw new ApiError(403, '开通以下任一班次可使用该功能', { unlocking: [{ vn: '3', vname: '至尊班' }] }, 'reply');
}

describe('/AICoreExamTest', () => {
  it('shows the round, why each question was chosen, and 开始本轮 opens the player on the session', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'ai.next': () => round(), 'ai.last': () => ({ last: null }) });
    const view = renderScreen(<AiCoreExamTestScreen />, { path: '/AICoreExamTest' });
    expect(await screen.findByRole('heading', { name: '第3轮 · 智能选题' })).toBeTruthy();
    const list = screen.getByRole('list', { name: '为什么选这道题' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('考点：心电图');
    expect(items[0]!.textContent).toContain('关于护理的说法');
    expect(items[0]!.textContent).toContain('考点「心电图」占题库 6%，你的掌握度 20%（答对 2/10）。这道题你还没做过。');
    expect(items[1]!.textContent).toContain('这道题你上次答错了');
    expect(screen.queryByRole('region', { name: '上一轮掌握度变化' })).toBeNull();
    expect(callsTo(callMock, 'ai.next')).toEqual([{ appID: 1001 }]);
    await user().click(screen.getByRole('button', { name: '开始本轮' }));
    expect(view.where()).toBe('/answerTest?source=session&examHistoryID=77');
  });

  it('says 继续本轮 for a round with replies and shows the last round with each point before → after', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'ai.next': () => round({ replies: { '1': 'A' } }),
      'ai.last': () => ({
        last: {
          examHistoryID: 70,
          round: 2,
          right: 7,
          total: 10,
          handedAt: '2026-11-21T10:00:00.000Z',
          points: [
            { point: 11, name: '心电图', before: 0.2, after: 0.35 },
            { point: 13, name: '糖尿病', before: 0.5, after: 0.5 },
          ],
        },
      }),
    });
    renderScreen(<AiCoreExamTestScreen />, { path: '/AICoreExamTest' });
    expect(await screen.findByRole('button', { name: '继续本轮' })).toBeTruthy();
    const last = await screen.findByRole('region', { name: '上一轮掌握度变化' });
    expect(last.textContent).toContain('上一轮（第2轮）答对 7/10');
    expect(within(last).getByRole('listitem', { name: '心电图 20% → 35%' }).textContent).toContain('+15%');
    expect(within(last).getByRole('listitem', { name: '糖尿病 50% → 50%' }).textContent).toContain('±0');
    expect(within(last).getByRole('progressbar', { name: '心电图 掌握度' }).getAttribute('aria-valuenow')).toBe('35');
  });

  it('shows the buy prompt naming the feature on 403 and the server message otherwise', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'ai.next': deny, 'ai.last': deny });
    const view = renderScreen(<AiCoreExamTestScreen />, { path: '/AICoreExamTest' });
    expect(await screen.findByText('开通以下任一班次可使用AI核心考点')).toBeTruthy();
    expect(screen.getByTestId('buy-prompt').textContent).toContain('至尊班');
    view.unmount();
    fakeApi(callMock, { ...shellHandlers(), 'ai.next': () => fail(404, '暂无可推荐的题目'), 'ai.last': () => ({ last: null }) });
    renderScreen(<AiCoreExamTestScreen />, { path: '/AICoreExamTest' });
    expect(await screen.findByText('暂无可推荐的题目')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});

const card = (point: number, name: string, over: Partial<CardRow> = {}): CardRow => ({
  point,
  name,
  front: '第一章 生命体征',
  back: [`${name}的【要点】。`],
  sample: point * 10,
  grade: null,
  seenAt: null,
  ...over,
});

describe('/AIcard', () => {
  it('turns a card, stores each grade and moves on; 不认识 offers 练一练 on the point', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'ai.tipsPoints': () => ({ cards: [card(1, '体温'), card(2, '心力衰竭 & 护理', { grade: 'vague', seenAt: '2026-11-20T00:00:00.000Z' })] }),
      'ai.gradeCard': (p) => ({ point: Number(p.point), grade: p.grade, seenAt: '2026-11-21T00:00:00.000Z' }),
    });
    const view = renderScreen(<AiCardScreen />, { path: '/AIcard' });
    const front = await screen.findByRole('button', { name: '体温，点击翻面' });
    expect(front.textContent).toContain('新卡片');
    expect(front.textContent).toContain('第一章 生命体征');
    expect(screen.getByText('第 1 / 2 张')).toBeTruthy();
    await user().click(front);
    const back = screen.getByRole('region', { name: '体温 要点' });
    expect(back.querySelector('mark')?.textContent).toBe('要点');
    await user().click(screen.getByRole('button', { name: '认识' }));
    expect(callsTo(callMock, 'ai.gradeCard')).toEqual([{ appID: 1001, point: 1, grade: 'know' }]);
    const second = await screen.findByRole('button', { name: '心力衰竭 & 护理，点击翻面' });
    expect(second.textContent).toContain('上次：模糊');
    await user().click(screen.getByRole('button', { name: '不认识' }));
    expect(callsTo(callMock, 'ai.gradeCard')[1]).toEqual({ appID: 1001, point: 2, grade: 'forgot' });
    // All seen: the tally and the offer to practise the forgotten point.
    expect(await screen.findByRole('heading', { name: '本轮考点卡已看完' })).toBeTruthy();
    expect(screen.getByText('认识 1 · 模糊 0 · 不认识 1')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '练一练' }));
    expect(view.where()).toBe('/answerTest?source=points&point=%E5%BF%83%E5%8A%9B%E8%A1%B0%E7%AB%AD+%26+%E6%8A%A4%E7%90%86');
  });

  it('再来一轮 asks for the cards again (new order); a failed grade is shown and the card stays', async () => {
    let asked = 0;
    let refuse = true;
    fakeApi(callMock, {
      ...shellHandlers(),
      'ai.tipsPoints': () => {
        asked += 1;
        return { cards: [card(1, '体温')] };
      },
      'ai.gradeCard': (p) => (refuse ? fail(500, '网络不给力') : { point: Number(p.point), grade: p.grade, seenAt: '2026-11-21T00:00:00.000Z' }),
    });
    renderScreen(<AiCardScreen />, { path: '/AIcard' });
    await screen.findByRole('button', { name: '体温，点击翻面' });
    await user().click(screen.getByRole('button', { name: '模糊' }));
    await waitFor(() => expect(alertMsg).toHaveBeenCalledWith('网络不给力'));
    expect(screen.getByText('第 1 / 1 张')).toBeTruthy();
    refuse = false;
    await user().click(screen.getByRole('button', { name: '模糊' }));
    await user().click(await screen.findByRole('button', { name: '再来一轮' }));
    await waitFor(() => expect(asked).toBe(2));
    expect(await screen.findByRole('button', { name: '体温，点击翻面' })).toBeTruthy();
    expect(callsTo(callMock, 'ai.tipsPoints')[0]).toEqual({ appID: 1001, examType: 48, cptID: undefined });
  });
});

const mod = (allowed: boolean) => homeModule('ai', 'AI核心考点', '/AICoreExamTest', allowed, allowed ? [] : [{ vn: '3', vname: '至尊班' }]);
const grid = nursingGrid;

describe('/AICorePay', () => {
  it('sends a holder to /AICoreExamTest', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'subject.moduleInfoX': () => grid([mod(true)]), 'ai.next': () => round(), 'ai.last': () => ({ last: null }) });
    const view = renderScreen(<AiCorePayScreen />, { path: '/AICorePay' });
    await waitFor(() => expect(view.where()).toBe('/AICoreExamTest'));
  });

  it('shows what AI offers, the unlocking versions and 去开通 → /buyApp?moduleType=dialog', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'subject.moduleInfoX': () => grid([mod(false)]) });
    const view = renderScreen(<AiCorePayScreen />, { path: '/AICorePay' });
    const offers = await screen.findByRole('list', { name: '包含内容' });
    expect(
      within(offers)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['AI核心考点', 'AI考点卡']);
    expect(within(screen.getByRole('list', { name: '可开通的班次' })).getByText('至尊班')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '去开通' }));
    expect(view.where()).toBe('/buyApp?moduleType=dialog&posSlide=3');
  });
});

const tip = (point: number, name: string, over: Partial<TipsPointRow> = {}): TipsPointRow => ({
  point,
  name,
  heat: 9.4,
  weight: 0.03,
  mastery: 0.25,
  total: 8,
  tips: ['一【甲】。', '二【乙】。', '三【丙】。'],
  ...over,
});

describe('/focalPointTest', () => {
  it('lists the hot points with mastery and folded tips; 开始测试 starts the point as an exam → /computerPaper', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'ai.tipsPoints': () => ({ list: [tip(5, '抑郁症'), tip(6, '甲状腺', { total: 30, tips: [] })] }),
      'exam.start': () => examSession({ examHistoryID: 91, testMode: 'focalPointTest' }),
    });
    const view = renderScreen(<FocalPointTestScreen />, { path: '/focalPointTest' });
    const first = await screen.findByRole('listitem', { name: '抑郁症' });
    expect(first.textContent).toContain('热度 9');
    expect(first.textContent).toContain('掌握度 25%');
    expect(first.textContent).toContain('共8题');
    expect(within(first).getByRole('list', { name: '抑郁症 要点' }).querySelectorAll('li')).toHaveLength(2);
    await user().click(within(first).getByRole('button', { name: '展开全部3条要点' }));
    expect(within(first).getByRole('list', { name: '抑郁症 要点' }).querySelectorAll('li')).toHaveLength(3);
    const second = screen.getByRole('listitem', { name: '甲状腺' });
    expect(within(second).getByRole('button', { name: '开始测试（20题）' })).toBeTruthy();
    expect(callsTo(callMock, 'ai.tipsPoints')).toEqual([{ appID: 1001, examType: 40, cptID: undefined }]);
    await user().click(within(first).getByRole('button', { name: '开始测试（8题）' }));
    expect(callsTo(callMock, 'exam.start')).toEqual([{ appID: 1001, testMode: 'focalPointTest', key: 5 }]);
    await waitFor(() => expect(view.where()).toBe('/computerPaper?examHistoryID=91'));
  });

  it('passes ?cptID= on and shows the buy prompt on 403', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'ai.tipsPoints': deny });
    renderScreen(<FocalPointTestScreen />, { path: '/focalPointTest', url: '/focalPointTest?cptID=42' });
    expect(await screen.findByText('开通以下任一班次可使用重点考点测试')).toBeTruthy();
    expect(callsTo(callMock, 'ai.tipsPoints')).toEqual([{ appID: 1001, examType: 40, cptID: 42 }]);
  });
});

describe('delta', () => {
  it('writes a mastery change in whole percentage points', () => {
    expect(delta(0.2, 0.35)).toBe('+15%');
    expect(delta(0.5, 0.3)).toBe('−20%');
    expect(delta(0.5, 0.501)).toBe('±0');
  });
});
