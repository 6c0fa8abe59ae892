import { onlineManager } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { queuePosition } from '../../lib/outbox/reading';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { track } from '../../lib/tracking';
import { catalog, chapter, entry, mark, position, readingItem } from '../../test/fixtures/reading';
import { callsTo, demoLogin, fakeApi, renderScreen, resetStorage, trialNursing, shellHandlers } from '../../test/screens';
import { HandoutList, PocketMenu, TheoryList } from './catalog-screen';
import { forgetPositions } from './local-positions';
import { HandoutPage, PocketPage } from './reader-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');
// The reader saves positions and marks through the outbox: here only what it queues is seen.
vi.mock('../../lib/outbox/reading', () => ({
  queuePosition: vi.fn(async () => undefined),
  queueMark: vi.fn(async () => undefined),
  queueUnmark: vi.fn(async () => undefined),
  pendingMarks: vi.fn(async () => ({ saved: [], removed: new Set<string>() })),
  onMarkSaved: vi.fn(() => () => undefined),
  flushReading: vi.fn(async () => true),
  pendingReadingCount: vi.fn(async () => 0),
}));
// react-pdf does not run in jsdom: the lazy PDF view is a stub that prints what it was given.
vi.mock('./components/pdf-view', () => ({ default: ({ url, title }: { url: string; title: string }) => <p data-testid="pdf-view">{`${title}:${url}`}</p> }));

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
  forgetPositions();
});

const VIP = [{ vn: '2', vname: 'VIP班' }];

/** Part 10 (基础护理) with two chapters; part 20 (内科护理) whose second chapter is beyond the trial. */
const handouts = () =>
  catalog(
    [
      chapter(10, null, '基础护理知识和技能'),
      chapter(11, 10, '生命体征的评估与护理', [entry(3, '生命体征的评估', { position: position('vital', 60) })]),
      chapter(12, 10, '给药', [entry(4, '给药', { position: position('drugs', 97) }), entry(5, '给药图解', { format: 'pdf' })]),
      chapter(20, null, '内科护理学'),
      chapter(21, 20, '呼吸系统疾病', [entry(6, '呼吸系统疾病')]),
      chapter(22, 20, '心力衰竭', [entry(7, '心衰的护理')], { open: false }),
    ],
    { unlocking: VIP, last: { id: 3, title: '生命体征的评估', position: position('vital', 60) } },
  );

const rowTexts = (region: HTMLElement) =>
  within(region)
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('电子讲义 / 理论知识 / 口袋书: the catalog', () => {
  it('/handoutList: one card per part, 读到 / 已读完 / 未读, 继续阅读, 知识导航, and a row opens its page', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'reading.catalog': () => handouts() });
    const view = renderScreen(<HandoutList />, { path: '/handoutList' });
    const basic = await screen.findByRole('region', { name: '基础护理知识和技能' });
    expect(within(basic).getByRole('heading').textContent).toBe('基础护理知识和技能');
    // A page named like its chapter says no chapter; another names it.
    expect(rowTexts(basic)).toEqual(['生命体征的评估生命体征的评估与护理 · 读到 60%', '给药已读完', '给药图解给药 · PDF · 未读']);
    const internal = screen.getByRole('region', { name: '内科护理学' });
    expect(rowTexts(internal)).toEqual(['呼吸系统疾病未读', '心衰的护理心力衰竭 · 未读🔒 未开通']);

    const last = within(screen.getByRole('region', { name: '继续阅读' })).getByRole('link');
    // The page itself goes back to my saved position (see the reader's test below).
    expect(last.getAttribute('href')).toBe('/handoutPage?id=3');
    expect(last.textContent).toBe('生命体征的评估读到 60%继续');
    expect(screen.getByText('试用版可阅读每部分的第一章，其余章节开通后阅读')).toBeTruthy();

    const nav = screen.getByRole('navigation', { name: '知识导航' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['知识点', '/knowledgePoint'],
      ['速记', '/siteShorthand'],
      ['口袋书', '/pocketMenu'],
      ['理论知识', '/theoryKnowledgelist'],
    ]);
    expect(callsTo(callMock, 'reading.catalog')).toEqual([{ appID: 1001, kind: 'handout' }]);
    await user().click(within(basic).getByRole('button', { name: /^给药图解/ }));
    expect(view.where()).toBe('/handoutPage?id=5');
  });

  it('/handoutList: a locked row opens the buy prompt naming the chapter and the versions, and stays', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'reading.catalog': () => handouts() });
    const view = renderScreen(<HandoutList />, { path: '/handoutList' });
    const internal = await screen.findByRole('region', { name: '内科护理学' });
    await user().click(within(internal).getByRole('button', { name: /^心衰的护理/ }));
    const prompt = await screen.findByTestId('buy-prompt');
    expect(prompt.textContent).toContain('「心力衰竭」需开通后阅读');
    expect(within(prompt).getByText('VIP班')).toBeTruthy();
    expect(view.where()).toBe('/handoutList');
    await user().click(within(prompt).getByRole('button', { name: '取消' }));
    expect(screen.queryByTestId('buy-prompt')).toBeNull();
  });

  it('/pocketMenu: parts with only their own page share one card without headings; no 知识导航', async () => {
    const pocket = catalog(
      [
        chapter(10, null, '基础护理知识和技能', [entry(31, '基础护理知识和技能', { position: position('', 100) })]),
        chapter(20, null, '内科护理学', [entry(32, '内科护理学')], { open: false }),
        chapter(30, null, '外科护理学'),
        chapter(31, 30, '围术期护理', [entry(33, '围术期护理')]),
        chapter(40, null, '妇产科护理学', [entry(34, '妇产科护理学')]),
      ],
      { kind: 'pocket', unlocking: VIP },
    );
    fakeApi(callMock, { ...shellHandlers(), 'reading.pocketMenu': () => pocket });
    const view = renderScreen(<PocketMenu />, { path: '/pocketMenu' });
    await screen.findByRole('region', { name: '外科护理学' });
    // The first two parts share a card; a part with its own chapters breaks the run; the next starts a new one.
    const shared = screen.getAllByRole('region', { name: '口袋书' });
    expect(shared).toHaveLength(2);
    expect(within(shared[0]!).queryByRole('heading')).toBeNull();
    expect(rowTexts(shared[0]!)).toEqual(['基础护理知识和技能已读完', '内科护理学未读🔒 未开通']);
    expect(rowTexts(screen.getByRole('region', { name: '外科护理学' }))).toEqual(['围术期护理未读']);
    expect(rowTexts(shared[1]!)).toEqual(['妇产科护理学未读']);
    expect(screen.queryByRole('navigation', { name: '知识导航' })).toBeNull();
    expect(callsTo(callMock, 'reading.pocketMenu')).toEqual([{ appID: 1001 }]);
    await user().click(within(shared[0]!).getByRole('button', { name: /^内科护理学/ }));
    expect((await screen.findByTestId('buy-prompt')).textContent).toContain('「内科护理学」需开通后阅读');
    await user().click(within(screen.getByTestId('buy-prompt')).getByRole('button', { name: '取消' }));
    await user().click(within(shared[0]!).getByRole('button', { name: /^基础护理知识和技能/ }));
    expect(view.where()).toBe('/pocketContent?id=31');
  });

  it('/theoryKnowledgelist and /handoutList: nothing yet is the empty text, without 继续阅读', async () => {
    fakeApi(callMock, { ...shellHandlers(), 'reading.catalog': (p) => catalog([], { kind: p.kind as 'theory' }) });
    const view = renderScreen(<TheoryList />, { path: '/theoryKnowledgelist' });
    expect(await screen.findByText('理论知识更新中，敬请期待～')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '继续阅读' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: '知识导航' })).toBeNull();
    expect(callsTo(callMock, 'reading.catalog')).toEqual([{ appID: 1001, kind: 'theory' }]);
    view.unmount();
    renderScreen(<HandoutList />, { path: '/handoutList' });
    expect(await screen.findByText('讲义更新中，敬请期待～')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: '知识导航' })).toBeTruthy();
  });
});

describe('电子讲义: the reader', () => {
  it('/handoutPage: title, Markdown with 【】 marks and section anchors, 上一篇 / 下一篇, 纠错; tracked once', async () => {
    const article = vi.spyOn(track, 'article');
    const item = readingItem({ prev: { id: 2, title: '体温' }, next: { id: 4, title: '给药' }, marks: [mark('m1', '口服给药')] });
    fakeApi(callMock, { ...shellHandlers(), 'reading.content': () => item });
    const view = renderScreen(<HandoutPage />, { path: '/handoutPage', url: '/handoutPage?id=3' });
    expect(await screen.findByRole('heading', { level: 2, name: '生命体征的评估' })).toBeTruthy();
    expect(screen.getByText('基础护理知识和技能')).toBeTruthy();
    const body = screen.getByRole('article');
    expect(body.querySelector('mark')?.textContent).toBe('36～37℃');
    expect([...body.querySelectorAll('h2')].map((h) => [h.id, h.textContent])).toEqual([
      ['sec-vital', '生命体征'],
      ['sec-drugs', '给药'],
    ]);
    const pager = screen.getByRole('navigation', { name: '翻页' });
    expect(within(pager).getByRole('link', { name: '上一篇：体温' }).getAttribute('href')).toBe('/handoutPage?id=2');
    expect(within(pager).getByRole('link', { name: '下一篇：给药' }).getAttribute('href')).toBe('/handoutPage?id=4');
    expect(screen.getByRole('link', { name: '内容有误？去纠错' }).getAttribute('href')).toBe(
      `/knowledgeFeedback?target=handout&id=3&title=${encodeURIComponent('生命体征的评估')}`,
    );
    expect(screen.getByRole('region', { name: '我的标注' }).textContent).toContain('口服给药');
    expect(callsTo(callMock, 'reading.content')).toEqual([{ appID: 1001, kind: 'handout', id: 3 }]);

    // Aa re-renders the page: no second tracking call.
    await user().click(screen.getByRole('button', { name: '字号 100%' }));
    expect(article).toHaveBeenCalledTimes(1);
    expect(article).toHaveBeenCalledWith({ articleName: '生命体征的评估', lastMenuID: 11 });
    // Leaving the page saves where I stopped.
    view.unmount();
    expect(queuePosition).toHaveBeenCalledWith(1001, 3, expect.any(String), expect.any(Number), expect.any(Number));
  });

  it('/handoutPage: Aa cycles the font scale and keeps it on the device', async () => {
    localStorage.setItem('readingScale', '1.25');
    fakeApi(callMock, { ...shellHandlers(), 'reading.content': () => readingItem() });
    const view = renderScreen(<HandoutPage />, { path: '/handoutPage', url: '/handoutPage?id=3' });
    await screen.findByRole('article');
    const reader = () => screen.getByRole('article').parentElement!;
    expect(reader().style.getPropertyValue('--reading-scale')).toBe('1.25');
    const u = user();
    await u.click(screen.getByRole('button', { name: '字号 125%' }));
    expect(localStorage.getItem('readingScale')).toBe('1.5');
    expect(reader().style.getPropertyValue('--reading-scale')).toBe('1.5');
    // After the largest comes the smallest again.
    await u.click(screen.getByRole('button', { name: '字号 150%' }));
    expect(localStorage.getItem('readingScale')).toBe('0.875');
    await u.click(screen.getByRole('button', { name: '字号 88%' }));
    expect(localStorage.getItem('readingScale')).toBe('1');
    view.unmount();
    // A stored value that is not a scale reads as 100%.
    localStorage.setItem('readingScale', '7');
    renderScreen(<HandoutPage />, { path: '/handoutPage', url: '/handoutPage?id=3' });
    expect(screen.getByRole('button', { name: '字号 100%' })).toBeTruthy();
  });

  it('/handoutPage&anchor: opens at the section of the link; without one, at my saved position', async () => {
    const intoView = vi.fn();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    Element.prototype.scrollIntoView = intoView;
    try {
      fakeApi(callMock, { ...shellHandlers(), 'reading.content': () => readingItem({ position: position('vital', 40) }) });
      // The app's router keeps the address bar in step, where the reader reads it.
      window.history.replaceState(null, '', '/handoutPage?id=3&anchor=drugs');
      const view = renderScreen(<HandoutPage />, { path: '/handoutPage', url: '/handoutPage?id=3&anchor=drugs' });
      await vi.waitFor(() => expect(intoView).toHaveBeenCalledTimes(1));
      expect((intoView.mock.contexts[0] as HTMLElement).id).toBe('sec-drugs');
      expect(scrollTo).not.toHaveBeenCalled();
      view.unmount();
      window.history.replaceState(null, '', '/handoutPage?id=3');
      renderScreen(<HandoutPage />, { path: '/handoutPage', url: '/handoutPage?id=3' });
      await vi.waitFor(() => expect(scrollTo).toHaveBeenCalledTimes(1));
      expect(intoView).toHaveBeenCalledTimes(1);
    } finally {
      delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
  });

  it('/handoutPage&hit: a search result opens at its first hit, every one marked, not where I stopped; unmarked on leaving', async () => {
    const highlights = new Map<string, { ranges: Range[] }>();
    vi.stubGlobal('CSS', { highlights });
    vi.stubGlobal(
      'Highlight',
      class {
        ranges: Range[];
        constructor(...ranges: Range[]) {
          this.ranges = ranges;
        }
      },
    );
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => undefined);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    // jsdom lays nothing out: a range has no box of its own there.
    Range.prototype.getBoundingClientRect = () => new DOMRect(0, 900, 40, 20);
    fakeApi(callMock, { ...shellHandlers(), 'reading.content': () => readingItem({ position: position('vital', 40), next: { id: 4, title: '给药' } }) });
    const url = `/handoutPage?id=3&hit=${encodeURIComponent('给药 脉搏')}`;
    window.history.replaceState(null, '', url);
    const view = renderScreen(<HandoutPage />, { path: '/handoutPage', url });
    await vi.waitFor(() => expect(highlights.get('reading-find')).toBeTruthy());
    // In the article only (not the title, the pager or the marks list), in the text's order: the first is scrolled to.
    expect(highlights.get('reading-find')!.ranges.map((r) => r.toString())).toEqual(['脉搏', '给药', '给药']);
    expect(scrollBy).toHaveBeenCalledTimes(1);
    expect(scrollTo).not.toHaveBeenCalled();
    expect(scrollBy.mock.calls[0]![0]).toEqual({ top: 900 - window.innerHeight / 3 });
    view.unmount();
    expect(highlights.has('reading-find')).toBe(false);
    delete (Range.prototype as { getBoundingClientRect?: unknown }).getBoundingClientRect;
  });

  it('/handoutPage: a locked chapter (403) is the buy state with its versions; a bad id is 内容不存在', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'reading.content': () => {
        throw new ApiError(403, '开通后可阅读', { unlocking: VIP }, 'reply');
      },
    });
    const article = vi.spyOn(track, 'article');
    const view = renderScreen(<HandoutPage />, { path: '/handoutPage', url: '/handoutPage?id=7' });
    expect(await screen.findByText('开通以下任一班次可使用电子讲义')).toBeTruthy();
    expect(within(screen.getByTestId('buy-prompt')).getByText('VIP班')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    expect(article).not.toHaveBeenCalled();
    view.unmount();
    renderScreen(<HandoutPage />, { path: '/handoutPage', url: '/handoutPage?id=abc' });
    expect(screen.getByText('内容不存在')).toBeTruthy();
  });

  it('/handoutPage offline: a page opened before is asked for (the worker keeps it); one never opened says it is not saved, not 网络加载异常', async () => {
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onlineManager.setOnline(false);
    try {
      // The worker's copy answers although the browser said it went offline.
      fakeApi(callMock, { ...shellHandlers(), 'reading.content': () => readingItem() });
      const view = renderScreen(<HandoutPage />, { path: '/handoutPage', url: '/handoutPage?id=3' });
      expect(await screen.findByRole('article')).toBeTruthy();
      view.unmount();
      // No copy: the call fails for want of a network.
      fakeApi(callMock, {
        ...shellHandlers(),
        'reading.content': () => {
          throw new ApiError(0, '网络加载异常，请稍后重试', null, 'network');
        },
      });
      const unsaved = renderScreen(<HandoutPage />, { path: '/handoutPage', url: '/handoutPage?id=4' });
      expect((await screen.findByRole('alert')).textContent).toBe('离线时只能阅读已打开过的讲义。这篇讲义还没有保存到本机，请联网后打开一次，之后离线也能阅读重试');
      expect(screen.queryByText(/网络加载异常/)).toBeNull();
      unsaved.unmount();
      // Online, a network fault is still said as one.
      offline.mockReturnValue(true);
      onlineManager.setOnline(true);
      renderScreen(<HandoutPage />, { path: '/handoutPage', url: '/handoutPage?id=4' });
      expect((await screen.findByRole('alert')).textContent).toBe('网络加载异常，请稍后重试重试');
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('/handoutPage: a PDF handout is the lazy PDF view of its URL, without the Markdown article', async () => {
    const pdf = readingItem({ id: 5, title: '给药图解', format: 'pdf', pdfUrl: '/media/reading/jc.pdf', body: '可搜索的文字' });
    fakeApi(callMock, { ...shellHandlers(), 'reading.content': () => pdf });
    renderScreen(<HandoutPage />, { path: '/handoutPage', url: '/handoutPage?id=5' });
    expect((await screen.findByTestId('pdf-view')).textContent).toBe('给药图解:/media/reading/jc.pdf');
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.queryByText('可搜索的文字')).toBeNull();
  });

  it('/pocketContent: a pocket page is read with pocketContent and reported as a pocket page', async () => {
    const page = readingItem({ id: 31, kind: 'pocket', title: '基础护理知识和技能', chapterName: '基础护理知识和技能' });
    fakeApi(callMock, { ...shellHandlers(), 'reading.pocketContent': () => page });
    renderScreen(<PocketPage />, { path: '/pocketContent', url: '/pocketContent?id=31' });
    expect(await screen.findByRole('heading', { level: 2, name: '基础护理知识和技能' })).toBeTruthy();
    // The chapter is not repeated above a title that says it.
    expect(screen.getAllByText('基础护理知识和技能')).toHaveLength(1);
    expect(screen.getByRole('link', { name: '内容有误？去纠错' }).getAttribute('href')).toMatch(/^\/knowledgeFeedback\?target=pocket&id=31&/);
    expect(callsTo(callMock, 'reading.pocketContent')).toEqual([{ appID: 1001, id: 31 }]);
  });
});
