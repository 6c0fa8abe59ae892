import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { point, pointDetail, pointsData } from '../../test/fixtures/reading';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage, trialNursing, shellHandlers } from '../../test/screens';
import type { ShorthandCard } from './api';
import { PointScreen } from './point-screen';
import { PointsScreen } from './points-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
});

const VIP = [{ vn: '2', vname: 'VIP班' }];
const hot = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ rank: i + 1, reason: `近年考过${i + 1}次`, point: point(100 + i, `考点${i + 1}`, { hot: true, weight: 5, mastery: 0.5 }) }));
const rows = (region: HTMLElement) => within(region).getAllByRole('button');

describe('知识点: the list', () => {
  const chapters = () => [
    {
      cptID: 11,
      parentID: 10,
      name: '生命体征的评估与护理',
      open: true,
      points: [point(5, '生命体征', { hot: true, weight: 4, mastery: 0.72, cards: 2 }), point(6, '体温过高的护理', { weight: 2, questions: 0 })],
    },
    { cptID: 22, parentID: 20, name: '心力衰竭', open: false, points: [point(7, '心衰的诱因', { open: false, weight: 5 })] },
  ];

  it('/knowledgePoint: 高频考点 (top 5, 查看全部 / 收起), chapters with 高频, weight stars and my mastery', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'knowledge.list': () => pointsData(chapters(), { unlocking: VIP }),
      'knowledge.hotspots': () => ({ AppID: 1001, year: 2026, list: hot(7) }),
    });
    renderScreen(<PointsScreen />, { path: '/knowledgePoint' });
    const top = await screen.findByRole('region', { name: '高频考点' });
    expect(within(top).getByRole('heading').textContent).toBe('2026 年高频考点');
    expect(rows(top)).toHaveLength(6);
    expect(rows(top)[0]!.textContent).toBe('考点1高频★★★★★ · 4 题 · 第 1 名 · 近年考过1次掌握 50%');
    const more = within(top).getByRole('button', { name: '查看全部 7 个高频考点' });
    await user().click(more);
    expect(
      rows(top)
        .map((b) => b.textContent!.split('高频')[0])
        .slice(5),
    ).toEqual(['考点6', '考点7', '收起']);
    await user().click(within(top).getByRole('button', { name: '收起' }));
    expect(rows(top)).toHaveLength(6);

    const vital = screen.getByRole('region', { name: '生命体征的评估与护理' });
    expect(within(vital).getByRole('heading').textContent).toBe('生命体征的评估与护理');
    const [first, second] = rows(vital);
    expect(first!.textContent).toBe('生命体征高频★★★★★ · 4 题 · 2 张速记卡掌握 72%');
    expect(within(first!).getByLabelText('考试权重 4 星')).toBeTruthy();
    expect(second!.textContent).toBe('体温过高的护理★★★★★ · 0 题未练习');
    expect(within(second!).queryByText('高频')).toBeNull();
    expect(within(second!).getByLabelText('考试权重 2 星')).toBeTruthy();
    expect(rows(screen.getByRole('region', { name: '心力衰竭' }))[0]!.textContent).toContain('🔒 未开通');
    expect(screen.getByText('试用版可查看每部分第一章的知识点，其余章节开通后查看')).toBeTruthy();
    expect(callsTo(callMock, 'knowledge.list')).toEqual([{ appID: 1001 }]);
    expect(callsTo(callMock, 'knowledge.hotspots')).toEqual([{ appID: 1001 }]);
  });

  it('/knowledgePoint: a locked point opens the buy prompt; an open one opens its page', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'knowledge.list': () => pointsData(chapters(), { unlocking: VIP }), 'knowledge.hotspots': () => fail(500, '服务器繁忙') });
    const view = renderScreen(<PointsScreen />, { path: '/knowledgePoint' });
    const locked = await screen.findByRole('region', { name: '心力衰竭' });
    // Without hot points the list still shows.
    expect(screen.queryByRole('region', { name: '高频考点' })).toBeNull();
    await user().click(rows(locked)[0]!);
    const prompt = await screen.findByTestId('buy-prompt');
    expect(prompt.textContent).toContain('该知识点需开通后查看');
    expect(within(prompt).getByText('VIP班')).toBeTruthy();
    expect(view.where()).toBe('/knowledgePoint');
    await user().click(within(prompt).getByRole('button', { name: '取消' }));
    await user().click(rows(screen.getByRole('region', { name: '生命体征的评估与护理' }))[0]!);
    expect(view.where()).toBe('/knowlegeInContent?pointID=5');
  });

  it('/knowledgePoint: no points yet is the empty text; five hot points need no 查看全部', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'knowledge.list': () => pointsData([]), 'knowledge.hotspots': () => ({ AppID: 1001, year: 2026, list: hot(5) }) });
    renderScreen(<PointsScreen />, { path: '/knowledgePoint' });
    expect(await screen.findByText('知识点更新中，敬请期待～')).toBeTruthy();
    const top = await screen.findByRole('region', { name: '高频考点' });
    expect(rows(top)).toHaveLength(5);
    expect(screen.queryByText(/查看全部/)).toBeNull();
  });
});

const card = (id: number, over: Partial<ShorthandCard> = {}): ShorthandCard => ({
  id,
  pointID: 5,
  pointName: '生命体征',
  front: `问题${id}`,
  back: `答案${id}`,
  mnemonic: '',
  state: null,
  ...over,
});

describe('知识点: one point', () => {
  const full = () =>
    pointDetail({
      handout: { id: 3, title: '生命体征的评估', anchor: 'vital' },
      questions: [
        { allTestID: 901, stem: '成人正常体温是？', answered: true, right: true },
        { allTestID: 902, stem: '脉搏短绌见于？', answered: true, right: false },
        { allTestID: 903, stem: '呼吸过缓是指？', answered: false, right: null },
      ],
      lessons: [{ lessonId: 12, title: '生命体征精讲', from: 95, to: 300 }],
      cards: [card(1, { front: '正常体温？', back: '【36～37℃】', mnemonic: '三六三七' }), card(2)],
    });

  it('/knowlegeInContent?pointID: summary, 阅读讲义, questions with 练一练, lessons at their second, cards and their links', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'knowledge.detail': () => full() });
    renderScreen(<PointScreen />, { path: '/knowlegeInContent', url: '/knowlegeInContent?pointID=5' });
    const head = await screen.findByRole('region', { name: '知识点' });
    expect(within(head).getByRole('heading').textContent).toBe('生命体征高频');
    expect(within(head).getByLabelText('考试权重 4 星')).toBeTruthy();
    expect(head.textContent).toContain('生命体征的评估与护理');
    expect(head.textContent).toContain('掌握 72%');
    expect(head.querySelector('mark')?.textContent).toBe('36～37℃');
    expect(within(head).getByRole('link', { name: '阅读讲义：生命体征的评估' }).getAttribute('href')).toBe('/handoutPage?id=3&anchor=vital');

    const qs = screen.getByRole('region', { name: '相关试题' });
    expect(within(qs).getByRole('heading').textContent).toBe('相关试题（3）');
    expect(qs.textContent).toContain('成人正常体温是？答对');
    expect(qs.textContent).toContain('脉搏短绌见于？答错');
    expect(qs.textContent).toContain('呼吸过缓是指？未做');
    expect(within(qs).getByRole('link', { name: '练一练' }).getAttribute('href')).toBe('/answerTest?source=points&point=P5');

    const lesson = within(screen.getByRole('region', { name: '视频讲解' })).getByRole('link');
    expect(lesson.getAttribute('href')).toBe('/videoPlayonly?lessonID=12&t=95');
    expect(lesson.textContent).toBe('生命体征精讲从 1:35 开始讲解看讲解');

    const cards = screen.getByRole('region', { name: '速记卡片' });
    expect(within(cards).getByRole('heading').textContent).toBe('速记卡片（2）');
    const flip = within(cards).getByRole('button', { name: /正常体温？/ });
    expect(flip.getAttribute('aria-expanded')).toBe('false');
    expect(flip.textContent).toBe('正常体温？点击查看答案');
    await user().click(flip);
    expect(flip.getAttribute('aria-expanded')).toBe('true');
    expect(flip.textContent).toBe('正常体温？36～37℃　口诀：三六三七');
    expect(within(cards).getByRole('button', { name: /问题2/ }).getAttribute('aria-expanded')).toBe('false');
    expect(within(cards).getByRole('link', { name: '复习这些卡片' }).getAttribute('href')).toBe('/newsiteShorthand?pointID=5');
    expect(within(cards).getByRole('link', { name: '全部卡片与进度' }).getAttribute('href')).toBe('/knowlegeShorthand?pointID=5');
    expect(screen.getByRole('link', { name: '内容有误？去纠错' }).getAttribute('href')).toBe(`/knowledgeFeedback?target=point&id=5&title=${encodeURIComponent('生命体征')}`);
    expect(callsTo(callMock, 'knowledge.detail')).toEqual([{ appID: 1001, pointID: 5 }]);
  });

  it('/knowlegeInContent?point=名称 (a question names its point): the call carries the name; bare sections say so', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'knowledge.detail': () => pointDetail({ point: point(8, '体温过高的护理', { questions: 0 }), summary: '' }),
    });
    renderScreen(<PointScreen />, { path: '/knowlegeInContent', url: `/knowlegeInContent?point=${encodeURIComponent(' 体温过高的护理 ')}` });
    const head = await screen.findByRole('region', { name: '知识点' });
    expect(within(head).getByRole('heading').textContent).toBe('体温过高的护理');
    expect(head.textContent).toContain('未练习');
    expect(head.textContent).toContain('暂无概要');
    expect(within(head).queryByRole('link')).toBeNull();
    expect(screen.getByText('暂无相关试题')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '练一练' })).toBeNull();
    expect(screen.queryByRole('region', { name: '视频讲解' })).toBeNull();
    expect(screen.getByText('暂无速记卡片')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '复习这些卡片' })).toBeNull();
    expect(callsTo(callMock, 'knowledge.detail')).toEqual([{ appID: 1001, point: '体温过高的护理' }]);
  });

  it('/knowlegeInContent: no pointID nor point is 知识点不存在 without a call; a locked point is the buy state', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'knowledge.detail': () => fail(403, '开通后可查看') });
    const view = renderScreen(<PointScreen />, { path: '/knowlegeInContent' });
    expect(screen.getByText('知识点不存在')).toBeTruthy();
    view.unmount();
    const again = renderScreen(<PointScreen />, { path: '/knowlegeInContent', url: '/knowlegeInContent?pointID=0&point=%20' });
    expect(screen.getByText('知识点不存在')).toBeTruthy();
    expect(callsTo(callMock, 'knowledge.detail')).toHaveLength(0);
    again.unmount();
    renderScreen(<PointScreen />, { path: '/knowlegeInContent', url: '/knowlegeInContent?pointID=7' });
    expect(await screen.findByText('开通以下任一班次可使用知识点')).toBeTruthy();
  });
});
