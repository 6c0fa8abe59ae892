import { SEARCH_KIND_NAMES, SEARCH_KINDS, SEARCH_MSG, type SearchGroup, type SearchItem, type SearchKind } from '@kaoshi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { callsTo, demoLogin, fakeApi, renderScreen, resetStorage, trialNursing, shellHandlers } from '../../test/screens';
import { itemPath, keywordProblem } from './api';
import { recentSearches, RECENT_MAX, rememberSearch } from './recent';
import { SearchScreen } from './search-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs'); // ui/__mocks__/dialogs.ts

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

const item = (id: number, over: Partial<SearchItem> = {}): SearchItem => ({ id, title: `休克 ${id}`, excerpt: '', where: '急救', access: 'open', extra: '', ...over });
const group = (kind: SearchKind, items: SearchItem[], over: Partial<SearchGroup> = {}): SearchGroup => ({
  kind,
  name: SEARCH_KIND_NAMES[kind],
  total: items.length,
  hidden: 0,
  items,
  ...over,
});
const reply = (groups: SearchGroup[], unlocking = [{ vn: '3', vname: '至尊班' }], terms = ['休克']) => ({
  AppID: 1001,
  keyword: terms.join(''),
  groups,
  unlocking,
  terms,
  split: terms.length > 1,
});

const everything = reply([
  group('subject', []),
  group('question', [item(11, { title: '抢救休克首选', excerpt: '' })], { total: 12, hidden: 3 }),
  group('lesson', [item(21, { title: '休克的分类' }), item(22, { title: '休克串讲', access: 'preview', extra: 'ej' }), item(23, { title: '休克的补液', access: 'locked' })]),
  group('handout', [item(31, { title: '急危重症病人的抢救', excerpt: '…感染性休克的护理…' })]),
  group('point', [item(41, { title: '感染性休克的护理' })]),
  group('live', [item(51, { title: '第2讲 休克的分类与早期识别', extra: '2026-11-24T11:30:00.000Z', where: '冲刺营' })]),
]);

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
});

describe('/search_result', () => {
  it('without a keyword shows the hint and the recent searches; a recent one searches again', async () => {
    rememberSearch('糖尿病');
    rememberSearch('休克');
    fakeApi(callMock, { ...shellHandlers(), 'search.all': () => everything });
    const { where } = renderScreen(<SearchScreen />, { path: '/search_result' });
    expect(screen.getByRole('heading', { name: '搜索' })).toBeTruthy();
    expect(screen.getByText(/在「护士执业资格」中搜索/)).toBeTruthy();
    const recent = within(screen.getByRole('region', { name: '最近搜索' }));
    expect(recent.getAllByRole('button').map((b) => b.textContent)).toEqual(['清空', '休克', '糖尿病']);
    await user().click(recent.getByRole('button', { name: '休克' }));
    await waitFor(() => expect(where()).toBe('/search_result?keyword=%E4%BC%91%E5%85%8B'));
    expect(await screen.findByText('找到 18 条与“休克”相关的结果')).toBeTruthy();
    expect(callsTo(callMock, 'search.all')[0]).toEqual({ appID: 1001, keyword: '休克' });
  });

  it('checks the keyword before sending it', async () => {
    renderScreen(<SearchScreen />, { path: '/search_result' });
    await user().click(screen.getByRole('button', { name: '搜索' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入要搜索的内容');
    await user().type(screen.getByRole('searchbox', { name: '搜索内容' }), 'a{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(SEARCH_MSG.tooShort);
    expect(callsTo(callMock, 'search.all')).toEqual([]);
  });

  it('shows each group with its count, the keyword marked, access tags and the hidden questions', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'search.all': () => everything });
    renderScreen(<SearchScreen />, { path: '/search_result', url: '/search_result?keyword=休克' });
    const questions = within(await screen.findByTestId('group-question'));
    expect(questions.getByRole('heading', { name: /^试题\s?12$/ })).toBeTruthy();
    expect(questions.getByRole('button', { name: '查看全部12个试题' })).toBeTruthy();
    expect(questions.getByRole('button', { name: /另有 3 道试题在未开通的章节中/ })).toBeTruthy();
    expect(screen.queryByTestId('group-subject')).toBeNull();
    const lessons = within(screen.getByTestId('group-lesson'));
    expect(lessons.getByText('试看')).toBeTruthy();
    expect(lessons.getByText('🔒 需开通')).toBeTruthy();
    expect(lessons.queryByRole('button', { name: /查看全部/ })).toBeNull();
    expect(screen.getByTestId('group-handout').querySelector('mark')?.textContent).toBe('休克');
    expect(within(screen.getByTestId('group-live')).getByText(/11\/24 19:30 · 冲刺营/)).toBeTruthy();
    // Searching remembered the keyword? Only a typed search does; a shared link does not.
    expect(recentSearches()).toEqual([]);
  });

  it('opens each kind on its own screen; a locked item opens the buy sheet instead', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'search.all': () => everything });
    const { where } = renderScreen(<SearchScreen />, { path: '/search_result', url: '/search_result?keyword=休克' });
    await user().click(await screen.findByRole('button', { name: /休克的补液/ }));
    expect(await screen.findByText('「休克的补液」需开通后使用')).toBeTruthy();
    expect(where()).toBe('/search_result?keyword=休克');
    await user().click(screen.getByRole('button', { name: /休克串讲/ }));
    await waitFor(() => expect(where()).toBe('/videoEjPlay?lessonID=22'));
  });

  it('a handout found by its text opens at the hit: the words searched go with it', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'search.all': () => everything });
    const { where } = renderScreen(<SearchScreen />, { path: '/search_result', url: '/search_result?keyword=休克' });
    await user().click(await screen.findByRole('button', { name: /急危重症病人的抢救/ }));
    await waitFor(() => expect(where()).toBe(`/handoutPage?id=31&hit=${encodeURIComponent('休克')}`));
  });

  it('查看全部 pages one group and goes back to all results', async () => {
    const page = (n: number) =>
      reply([
        group(
          'question',
          Array.from({ length: n === 1 ? 20 : 5 }, (_, i) => item(n * 100 + i)),
          { total: 25 },
        ),
      ]);
    fakeApi(callMock, { ...shellHandlers(), 'search.all': (p) => (p.kind ? page(Number(p.page)) : everything) });
    const { where } = renderScreen(<SearchScreen />, { path: '/search_result', url: '/search_result?keyword=休克' });
    await user().click(await screen.findByRole('button', { name: '查看全部12个试题' }));
    await waitFor(() => expect(where()).toContain('kind=question'));
    const list = await screen.findByTestId('group-question');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(20));
    await user().click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(within(screen.getByTestId('group-question')).getAllByRole('listitem')).toHaveLength(25));
    expect(callsTo(callMock, 'search.all').filter((p) => p.kind)).toEqual([
      { appID: 1001, keyword: '休克', kind: 'question', page: 1 },
      { appID: 1001, keyword: '休克', kind: 'question', page: 2 },
    ]);
    await user().click(screen.getByRole('button', { name: '‹ 全部结果' }));
    await waitFor(() => expect(where()).toBe('/search_result?keyword=%E4%BC%91%E5%85%8B'));
  });

  it('says when the keyword was searched as its Chinese words, marks each, and pages with them', async () => {
    const split = reply([group('lesson', [item(23, { title: '休克的补液' }), ...[24, 25, 26, 27, 28].map((id) => item(id))], { total: 7 })], [], ['休克', '补液']);
    fakeApi(callMock, { ...shellHandlers(), 'search.all': (p) => (p.kind ? reply([group('lesson', [], { total: 7 })], [], ['休克', '补液']) : split) });
    const { where } = renderScreen(<SearchScreen />, { path: '/search_result', url: '/search_result?keyword=休克补液' });
    expect(await screen.findByText('没有找到“休克补液”，以下是“休克 补液”的 7 条结果')).toBeTruthy();
    const first = within(screen.getByTestId('group-lesson')).getAllByRole('listitem')[0]!;
    expect([...first.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['休克', '补液']);
    await user().click(screen.getByRole('button', { name: '查看全部7个视频课程' }));
    await waitFor(() => expect(where()).toBe(`/search_result?${new URLSearchParams({ keyword: '休克 补液', kind: 'lesson' })}`));
    await waitFor(() => expect(callsTo(callMock, 'search.all').at(-1)).toMatchObject({ keyword: '休克 补液', kind: 'lesson' }));
  });

  it('says so when nothing matches', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'search.all': () =>
        reply(
          SEARCH_KINDS.map((k) => group(k, [])),
          [],
        ),
    });
    renderScreen(<SearchScreen />, { path: '/search_result', url: '/search_result?keyword=火星' });
    expect(await screen.findByText(SEARCH_MSG.empty)).toBeTruthy();
  });
});

describe('search helpers', () => {
  it('keeps recent searches newest first, once each, at most RECENT_MAX', () => {
    resetStorage();
    for (let i = 0; i < RECENT_MAX + 3; i++) rememberSearch(`词${i}`);
    rememberSearch('词5');
    expect(recentSearches()[0]).toBe('词5');
    expect(recentSearches()).toHaveLength(RECENT_MAX);
    expect(new Set(recentSearches()).size).toBe(RECENT_MAX);
  });

  it('keeps them per learner: another learner on the device sees none', () => {
    resetStorage();
    saveLogin(demoLogin);
    rememberSearch('休克');
    expect(recentSearches()).toEqual(['休克']);
    saveLogin({ ...demoLogin, userID: 8, userName: '13800000008' });
    expect(recentSearches()).toEqual([]);
  });

  it('checks width as the server does and maps every kind to its screen', () => {
    expect(keywordProblem('休')).toBeNull();
    expect(keywordProblem('ab')).toBeNull();
    expect(keywordProblem('护'.repeat(21))).toBe(SEARCH_MSG.tooLong);
    expect(itemPath('question', item(1))).toBe('/testdetails?allTestID=1');
    expect(itemPath('lesson', item(2))).toBe('/videoStudy?lessonID=2');
    expect(itemPath('handout', item(3))).toBe('/handoutPage?id=3');
    // Found by its title (no excerpt): it opens at the top, where the title is.
    expect(itemPath('handout', item(3), ['休克'])).toBe('/handoutPage?id=3');
    expect(itemPath('handout', item(3, { excerpt: '…感染性休克的护理…' }), ['感染', 'shock'])).toBe('/handoutPage?id=3&hit=%E6%84%9F%E6%9F%93%20shock');
    expect(itemPath('point', item(4))).toBe('/knowlegeInContent?pointID=4');
    expect(itemPath('live', item(5))).toBe('/livedetail?liveID=5');
    expect(itemPath('subject', item(6))).toBeNull();
  });
});
