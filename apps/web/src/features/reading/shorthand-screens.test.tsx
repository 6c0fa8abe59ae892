import type { DataOf, shorthandCards } from '@kaoshi/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage, trialNursing, shellHandlers } from '../../test/screens';
import { toast } from '../../ui/dialogs';
import { readingKeys, type ShorthandCard } from './api';
import { DailyNoteScreen } from './daily-note-screen';
import { DecksScreen } from './decks-screen';
import { FeedbackScreen } from './feedback-screen';
import { PointCardsScreen } from './point-cards-screen';
import { ReviewScreen } from './review-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
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
const deck = (cptID: number, parentID: number | null, name: string, over: Record<string, unknown> = {}) => ({
  cptID,
  parentID,
  name,
  open: true,
  total: 10,
  due: 0,
  fresh: 10,
  ...over,
});
const decksData = (over: Record<string, unknown> = {}) => ({
  AppID: 1001,
  total: 23,
  due: 4,
  fresh: 26,
  newLeft: 20,
  reviewedToday: 3,
  decks: [deck(10, null, '基础护理知识和技能', { total: 5, due: 1 }), deck(11, 10, '生命体征的评估与护理', { due: 3 }), deck(21, 20, '心力衰竭', { open: false, total: 8 })],
  unlocking: [{ vn: '2', vname: 'VIP班' }],
  ...over,
});
const statOf = (label: string) => screen.getByText(label).parentElement!.textContent;

describe('速记: the decks', () => {
  it("/siteShorthand: today's counts, the decks by chapter, a locked deck's buy prompt and 开始复习", async () => {
    fakeApi(callMock, { ...shellHandlers(), 'shorthand.decks': () => decksData() });
    const view = renderScreen(<DecksScreen />, { path: '/siteShorthand' });
    await screen.findByRole('region', { name: '今日复习' });
    // 新卡片 is what I may still start today: min(fresh, newLeft).
    expect([statOf('待复习'), statOf('新卡片'), statOf('今日已复习')]).toEqual(['待复习4', '新卡片20', '今日已复习3']);
    const group = screen.getByRole('region', { name: '基础护理知识和技能' });
    expect(within(group).getByRole('heading').textContent).toBe('基础护理知识和技能');
    // The parent's own cards first, then its chapters (the due badge beside a row is not read out: the row says it).
    expect(within(group).getAllByRole('button')).toEqual([
      within(group).getByRole('button', { name: '基础护理知识和技能共 5 张 · 待复习 1' }),
      within(group).getByRole('button', { name: '生命体征的评估与护理共 10 张 · 待复习 3' }),
    ]);
    const locked = within(screen.getByRole('region', { name: '章节' })).getByRole('button');
    expect(locked.textContent).toContain('🔒 未开通');
    await user().click(locked);
    const prompt = await screen.findByTestId('buy-prompt');
    expect(prompt.textContent).toContain('「心力衰竭」需开通后使用速记');
    expect(prompt.textContent).toContain('VIP班');
    expect(view.where()).toBe('/siteShorthand');
    await user().click(within(prompt).getByRole('button', { name: '取消' }));
    await user().click(screen.getByRole('button', { name: '开始复习' }));
    expect(view.where()).toBe('/newsiteShorthand');
    expect(callsTo(callMock, 'shorthand.decks')).toEqual([{ appID: 1001 }]);
  });

  it('/siteShorthand: an open deck opens its session; nothing due and no new left → 今日已完成', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'shorthand.decks': () => decksData() });
    const view = renderScreen(<DecksScreen />, { path: '/siteShorthand' });
    await user().click(await screen.findByRole('button', { name: /^生命体征的评估与护理/ }));
    expect(view.where()).toBe('/newsiteShorthand?cptID=11');
    view.unmount();
    fakeApi(callMock, { ...shellHandlers(), 'shorthand.decks': () => decksData({ due: 0, fresh: 12, newLeft: 0, reviewedToday: 20 }) });
    renderScreen(<DecksScreen />, { path: '/siteShorthand' });
    const done = await screen.findByRole('button', { name: '今日已完成' });
    expect((done as HTMLButtonElement).disabled).toBe(true);
    expect(statOf('新卡片')).toBe('新卡片0');
  });
});

describe('速记: a review session', () => {
  it('/newsiteShorthand: flips, grades (buttons and keys), brings a 不认识 card back once, then sums up', async () => {
    const cards = [card(1, { front: '成人正常呼吸频率？', back: '【16～20次/分】', mnemonic: '十六到二十' }), card(2)];
    let sessions = 0;
    fakeApi(callMock, {
      ...shellHandlers(),
      'shorthand.session': () => ({ AppID: 1001, cards: sessions++ === 0 ? cards : [], due: 1, fresh: 1 }),
      'shorthand.grade': (p) => ({ card: card(p.cardID as number), dueToday: 0 }),
    });
    const view = renderScreen(<ReviewScreen />, { path: '/newsiteShorthand', url: '/newsiteShorthand?cptID=11', before: ['/siteShorthand'] });
    view.queryClient.setQueryData(readingKeys.decks(1001), decksData());
    const u = user();
    const face = await screen.findByRole('region', { name: '卡片' });
    expect(face.textContent).toBe('生命体征成人正常呼吸频率？');
    expect(screen.getByText('1 / 2')).toBeTruthy();
    expect(screen.queryByRole('group', { name: '评价' })).toBeNull();
    await u.click(screen.getByRole('button', { name: '显示答案' }));
    expect(screen.getByTestId('card-back').textContent).toBe('16～20次/分口诀十六到二十');
    expect(screen.getByTestId('card-back').querySelector('mark')?.textContent).toBe('16～20次/分');
    const before = Date.now();
    await u.click(screen.getByRole('button', { name: '不认识' }));
    // The forgotten card comes back at the end of the queue: 2 / 3.
    expect(screen.getByText('2 / 3')).toBeTruthy();
    expect(screen.getByRole('region', { name: '卡片' }).textContent).toContain('问题2');
    await u.keyboard(' ');
    expect(screen.getByTestId('card-back').textContent).toBe('答案2');
    await u.keyboard('1');
    expect(screen.getByText('3 / 3')).toBeTruthy();
    expect(screen.getByRole('region', { name: '卡片' }).textContent).toContain('成人正常呼吸频率？');
    await u.click(screen.getByRole('button', { name: '显示答案' }));
    // Forgotten again: it came back once already, so the session ends.
    await u.click(screen.getByRole('button', { name: '不认识' }));
    const summary = await screen.findByRole('region', { name: '本组完成' });
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['认识 1', '模糊 0', '不认识 2']);

    const grades = callsTo(callMock, 'shorthand.grade');
    expect(grades.map(({ appID, cardID, grade }) => ({ appID, cardID, grade }))).toEqual([
      { appID: 1001, cardID: 1, grade: 'forgot' },
      { appID: 1001, cardID: 2, grade: 'know' },
      { appID: 1001, cardID: 1, grade: 'forgot' },
    ]);
    for (const g of grades) {
      expect(g.reviewID).toMatch(/^[A-Za-z0-9-]{8,64}$/);
      expect(g.at as number).toBeGreaterThanOrEqual(before);
      expect(g.at as number).toBeLessThanOrEqual(Date.now());
    }
    expect(new Set(grades.map((g) => g.reviewID)).size).toBe(3);
    expect(callsTo(callMock, 'shorthand.session')).toEqual([{ appID: 1001, cptID: 11, pointID: undefined }]);
    // The decks (home badge, /siteShorthand) are read again after a grade.
    await vi.waitFor(() => expect(view.queryClient.getQueryState(readingKeys.decks(1001))?.isInvalidated).toBe(true));

    await u.click(within(summary).getByRole('button', { name: '再来一组' }));
    expect(await screen.findByText('今日没有需要复习的卡片')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回速记' }).getAttribute('href')).toBe('/siteShorthand');
    expect(callsTo(callMock, 'shorthand.session')).toHaveLength(2);
  });

  it('/newsiteShorthand: a 模糊 card does not come back; a locked session is the buy prompt', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'shorthand.session': () => ({ AppID: 1001, cards: [card(7)], due: 1, fresh: 0 }),
      'shorthand.grade': (p) => ({ card: card(p.cardID as number), dueToday: 0 }),
    });
    const view = renderScreen(<ReviewScreen />, { path: '/newsiteShorthand', url: '/newsiteShorthand?pointID=5' });
    await screen.findByText('1 / 1');
    await user().keyboard(' ');
    await user().keyboard('2');
    const summary = await screen.findByRole('region', { name: '本组完成' });
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['认识 0', '模糊 1', '不认识 0']);
    expect(callsTo(callMock, 'shorthand.session')).toEqual([{ appID: 1001, cptID: undefined, pointID: 5 }]);
    view.unmount();

    fakeApi(callMock, { ...shellHandlers(), 'shorthand.session': () => fail(403, '开通后可使用') });
    renderScreen(<ReviewScreen />, { path: '/newsiteShorthand' });
    expect(await screen.findByText('开通以下任一班次可使用速记')).toBeTruthy();
  });
  it('/newsiteShorthand: a grade the server did not take no longer counts, and its card is asked again', async () => {
    let tries = 0;
    fakeApi(callMock, {
      ...shellHandlers(),
      'shorthand.session': () => ({ AppID: 1001, cards: [card(7)], due: 1, fresh: 0 }),
      'shorthand.grade': (p) => (tries++ === 0 ? fail(500, '服务器繁忙') : { card: card(p.cardID as number), dueToday: 0 }),
    });
    renderScreen(<ReviewScreen />, { path: '/newsiteShorthand' });
    const u = user();
    await u.click(await screen.findByRole('button', { name: '显示答案' }));
    await u.click(screen.getByRole('button', { name: '认识' }));
    expect(await screen.findByText('2 / 2')).toBeTruthy();
    expect(screen.getByRole('region', { name: '卡片' }).textContent).toContain('问题7');
    await u.click(screen.getByRole('button', { name: '显示答案' }));
    await u.click(screen.getByRole('button', { name: '认识' }));
    const summary = await screen.findByRole('region', { name: '本组完成' });
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['认识 1', '模糊 0', '不认识 0']);
    expect(callsTo(callMock, 'shorthand.grade')).toHaveLength(2);
  });
});

describe("速记: a point's cards", () => {
  it("/knowlegeShorthand: the point's cards with their schedule, tap to reveal, 加入今日复习 and 查看知识点", async () => {
    const cards = [card(1, { back: '口服、注射' }), card(2, { state: { due: '2026-11-27T20:00:00.000Z', state: 'review', reps: 3, lapses: 0 } })];
    const reply: DataOf<typeof shorthandCards> = { AppID: 1001, point: { id: 5, name: '给药途径与首过效应' }, cards };
    fakeApi(callMock, { ...shellHandlers(), 'shorthand.cards': () => reply });
    const view = renderScreen(<PointCardsScreen />, { path: '/knowlegeShorthand', url: '/knowlegeShorthand?pointID=5' });
    const head = await screen.findByRole('region', { name: '知识点' });
    expect(within(head).getByRole('heading').textContent).toBe('给药途径与首过效应');
    expect(within(head).getByRole('link', { name: '查看知识点' }).getAttribute('href')).toBe('/knowlegeInContent?pointID=5');
    const first = screen.getByRole('region', { name: '卡片 1' });
    expect(first.textContent).toContain('未学');
    expect(first.textContent).not.toContain('口服、注射');
    const flip = within(first).getByRole('button', { name: /问题1/ });
    expect(flip.getAttribute('aria-expanded')).toBe('false');
    await user().click(flip);
    expect(flip.getAttribute('aria-expanded')).toBe('true');
    expect(first.textContent).toContain('口服、注射');
    // Due 20:00 UTC is 04:00 the next day in China.
    const second = screen.getByRole('region', { name: '卡片 2' });
    expect(second.textContent).toContain('复习中');
    expect(second.textContent).toContain('下次复习 11月28日');
    expect(within(second).getByRole('link', { name: '纠错' }).getAttribute('href')).toBe('/knowledgeFeedback?target=card&id=2');
    await user().click(within(head).getByRole('button', { name: '加入今日复习' }));
    expect(view.where()).toBe('/newsiteShorthand?pointID=5');
    expect(callsTo(callMock, 'shorthand.cards')).toEqual([{ appID: 1001, pointID: 5 }]);
  });

  it('/knowlegeShorthand: a locked point (403) is the buy state with the versions of the refusal, no cards, no decks call; a bad pointID is refused', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'shorthand.cards': () => {
        throw new ApiError(403, '开通以下任一班次可使用该功能', { unlocking: [{ vn: '2', vname: 'VIP班' }] }, 'reply');
      },
    });
    const view = renderScreen(<PointCardsScreen />, { path: '/knowlegeShorthand', url: '/knowlegeShorthand?pointID=6' });
    expect(await screen.findByText('开通以下任一班次可使用速记')).toBeTruthy();
    expect(within(screen.getByTestId('buy-prompt')).getByText('VIP班')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '知识点' })).toBeNull();
    expect(callsTo(callMock, 'shorthand.cards')).toEqual([{ appID: 1001, pointID: 6 }]);
    expect(callsTo(callMock, 'shorthand.decks')).toEqual([]);
    view.unmount();
    renderScreen(<PointCardsScreen />, { path: '/knowlegeShorthand', url: '/knowlegeShorthand?pointID=x' });
    expect(screen.getByText('知识点不存在')).toBeTruthy();
  });
});

describe('每日一记', () => {
  const note = (id: number, day: string) => ({ id, day, title: `一记${id}`, body: `第${id}条：【重点${id}】` });
  const archive = Array.from({ length: 12 }, (_, i) => note(99 - i, `2026-11-${String(24 - i).padStart(2, '0')}`));

  it("/everyDayNote: today's note, the archive a page at a time, a note opened in place", async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'dailyNote.list': (p) => {
        const page = (p.page as number | undefined) ?? 1;
        return {
          AppID: 1001,
          today: { id: 100, day: '2026-11-25', title: '今天的一记', body: '## 生命体征\n\n体温【36～37℃】' },
          list: archive.slice((page - 1) * 10, page * 10),
          page,
          total: 12,
        };
      },
    });
    renderScreen(<DailyNoteScreen />, { path: '/everyDayNote' });
    const today = await screen.findByRole('article', { name: '今日一记' });
    expect(within(today).getByRole('heading', { level: 2, name: '今天的一记' })).toBeTruthy();
    expect(today.textContent).toContain('2026年11月25日');
    expect(today.querySelector('mark')?.textContent).toBe('36～37℃');
    expect(within(today).getByRole('link', { name: '纠错' }).getAttribute('href')).toBe('/knowledgeFeedback?target=daily&id=100');
    const past = screen.getByRole('region', { name: '往期回顾' });
    const rows = () => within(past).getAllByRole('button', { expanded: false });
    expect(rows()).toHaveLength(10);
    expect(rows()[0]!.textContent).toBe('一记992026年11月24日展开');
    await user().click(within(past).getByRole('button', { name: '加载更多' }));
    await vi.waitFor(() => expect(rows()).toHaveLength(12));
    expect(within(past).queryByRole('button', { name: '加载更多' })).toBeNull();
    expect(callsTo(callMock, 'dailyNote.list')).toEqual([
      { appID: 1001, page: 1 },
      { appID: 1001, page: 2 },
    ]);
    await user().click(rows()[11]!);
    const opened = within(past).getByRole('button', { expanded: true });
    expect(opened.textContent).toContain('一记88');
    expect(past.textContent).toContain('第88条：重点88');
    expect(within(past).getByRole('link', { name: '纠错' }).getAttribute('href')).toBe('/knowledgeFeedback?target=daily&id=88');
  });

  it('/everyDayNote: no note today says so', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'dailyNote.list': () => ({ AppID: 1001, today: null, list: [], page: 1, total: 0 }) });
    renderScreen(<DailyNoteScreen />, { path: '/everyDayNote' });
    expect(await screen.findByText('今日暂无每日一记')).toBeTruthy();
    expect(screen.getByText('暂无往期内容')).toBeTruthy();
  });
});

describe('纠错', () => {
  it('/knowledgeFeedback: a kind is needed; the report goes with the kinds in order and the text, then back', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'reading.feedback': () => ({ id: 3, msg: '感谢反馈，我们会尽快处理' }) });
    const view = renderScreen(<FeedbackScreen />, {
      path: '/knowledgeFeedback',
      url: `/knowledgeFeedback?target=daily&id=100&title=${encodeURIComponent('今天的一记')}`,
      before: ['/everyDayNote'],
    });
    const u = user();
    expect(screen.getByRole('region', { name: '纠错内容' }).textContent).toBe('每日一记今天的一记');
    const send = screen.getByRole('button', { name: '提交' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(screen.getByText('请选择反馈类型')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: '错别字' }));
    await u.click(screen.getByRole('button', { name: '图片问题' }));
    await u.click(screen.getByRole('button', { name: '内容错误' }));
    await u.click(screen.getByRole('button', { name: '图片问题' }));
    expect(screen.getByRole('button', { name: '图片问题' }).getAttribute('aria-pressed')).toBe('false');
    expect(send.disabled).toBe(false);
    await u.type(screen.getByRole('textbox', { name: '问题描述' }), '体温写错了');
    expect(screen.getByText('5/500')).toBeTruthy();
    await u.click(send);
    await vi.waitFor(() =>
      expect(callsTo(callMock, 'reading.feedback')).toEqual([{ appID: 1001, target: 'daily', targetID: 100, kinds: '内容错误,错别字', content: '体温写错了' }]),
    );
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith('感谢反馈，我们会尽快处理'));
    await vi.waitFor(() => expect(view.where()).toBe('/everyDayNote'));
  });

  it('/knowledgeFeedback: an unknown target or id is 内容不存在, and the text stops at 500', async () => {
    const view = renderScreen(<FeedbackScreen />, { path: '/knowledgeFeedback', url: '/knowledgeFeedback?target=video&id=1' });
    expect(screen.getByText('内容不存在')).toBeTruthy();
    view.unmount();
    renderScreen(<FeedbackScreen />, { path: '/knowledgeFeedback', url: '/knowledgeFeedback?target=card&id=9' });
    expect((screen.getByRole('textbox', { name: '问题描述' }) as HTMLTextAreaElement).maxLength).toBe(500);
    expect(screen.getByRole('region', { name: '纠错内容' }).textContent).toBe('速记卡');
  });
});
