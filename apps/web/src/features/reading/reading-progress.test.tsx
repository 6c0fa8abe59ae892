import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { ReadingPosition } from '@kaoshi/contract';
import { call } from '../../api/client';
import { pendingReadingCount, queuePosition } from '../../lib/outbox/reading';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { catalog, chapter, entry, position, readingItem } from '../../test/fixtures/reading';
import { callsTo, demoLogin, fakeApi, resetStorage, trialNursing } from '../../test/screens';
import { readingKeys } from './api';
import { HandoutList } from './catalog-screen';
import type { PdfViewProps } from './components/pdf-view';
import { forgetPositions, rememberPosition, withLocalPositions } from './local-positions';
import { bodyTextSize, canvasRatio, pageAt, pageOfAnchor, pagePercent, pdfPageWidth } from './pdf-pages';
import { HandoutPage } from './reader-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');
// The outbox is the reader's way to the server: here a test decides whether it has sent everything.
vi.mock('../../lib/outbox/reading', () => ({
  queuePosition: vi.fn(async () => undefined),
  queueMark: vi.fn(async () => undefined),
  queueUnmark: vi.fn(async () => undefined),
  pendingMarks: vi.fn(async () => ({ saved: [], removed: new Set<string>() })),
  onMarkSaved: vi.fn(() => () => undefined),
  flushReading: vi.fn(async () => true),
  pendingReadingCount: vi.fn(async () => 0),
}));
// react-pdf does not run in jsdom: the PDF view is a stub that shows its start page and turns to page 2 of 16.
vi.mock('./components/pdf-view', () => ({
  default: ({ startPage, onPage }: PdfViewProps) => (
    <div data-testid="pdf-view" data-start={startPage}>
      <button type="button" onClick={() => onPage?.({ page: 2, pages: 16 })}>
        翻到第 2 页
      </button>
    </div>
  ),
}));

const callMock = call as unknown as Mock;
const queued = queuePosition as unknown as Mock;
const pending = pendingReadingCount as unknown as Mock;

/** The server of these tests: the handouts of two parts and my positions in them. */
function fakeServer() {
  const saved = new Map<number, ReadingPosition>([[3, position('vital', 60)]]);
  const titles: Record<number, string> = { 3: '生命体征的评估', 5: '给药图解', 6: '呼吸系统疾病' };
  const pos = (id: number) => saved.get(id) ?? null;
  const last = () => [...saved.entries()].sort((a, b) => b[1].updatedAt.localeCompare(a[1].updatedAt))[0];
  fakeApi(callMock, {
    'reading.catalog': () =>
      catalog(
        [
          chapter(10, null, '基础护理知识和技能'),
          chapter(11, 10, '生命体征的评估与护理', [entry(3, titles[3]!, { position: pos(3) })]),
          chapter(12, 10, '给药', [entry(5, titles[5]!, { format: 'pdf', position: pos(5) })]),
          chapter(20, null, '内科护理学'),
          chapter(21, 20, '呼吸系统疾病', [entry(6, titles[6]!, { position: pos(6) })]),
        ],
        { last: last() ? { id: last()![0], title: titles[last()![0]]!, position: last()![1] } : null },
      ),
    'reading.content': (p) => {
      const id = p.id as number;
      return readingItem({ id, title: titles[id]!, position: pos(id), ...(id === 5 ? { format: 'pdf' as const, pdfUrl: '/media/reading/jc.pdf' } : {}) });
    },
  });
  return saved;
}

/** The list and the reader in one router, with the app's query defaults (answers are fresh for 30 s). */
function renderApp() {
  const router = createMemoryRouter(
    [
      { path: '/handoutList', element: <HandoutList /> },
      { path: '/handoutPage', element: <HandoutPage /> },
    ],
    { initialEntries: ['/handoutList'] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient, back: () => act(() => router.navigate(-1)) };
}

const row = async (name: RegExp) => (await screen.findByRole('button', { name })).textContent;
/** The list's row of a page says this (the list may take a render to show a save). */
const rowSays = (name: RegExp, text: string) => vi.waitFor(() => expect(screen.getByRole('button', { name }).textContent).toBe(text));
/** The reader has gone where the page opens (its first frame), from where on it saves. */
const opened = () => act(() => new Promise((r) => requestAnimationFrame(r)));
const continued = () => {
  const link = within(screen.getByRole('region', { name: '继续阅读' })).getByRole('link');
  return [link.getAttribute('href'), link.textContent];
};

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
  forgetPositions();
  vi.clearAllMocks();
  queued.mockImplementation(async () => undefined);
  pending.mockResolvedValue(0);
  // jsdom does not scroll; the reader's restore is seen in reading-screens.test.tsx.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

describe('reading progress: back on the list after reading', () => {
  it('a page read to the end is 已读完 and 继续阅读 at once, before the outbox has sent it, and stays so when the list is fetched again', async () => {
    fakeServer();
    pending.mockResolvedValue(1); // offline: the save waits in the outbox
    const app = renderApp();
    expect(await row(/^呼吸系统疾病/)).toBe('呼吸系统疾病未读');
    expect(continued()).toEqual(['/handoutPage?id=3', '生命体征的评估读到 60%继续']);
    await userEvent.click(screen.getByRole('button', { name: /^呼吸系统疾病/ }));
    await screen.findByRole('article');
    // jsdom's page is no taller than its window: the whole page is on the screen, read to the end.
    await opened();
    await app.back();
    await rowSays(/^呼吸系统疾病/, '呼吸系统疾病已读完');
    expect(continued()).toEqual(['/handoutPage?id=6', '呼吸系统疾病已读完继续']);
    expect(queued).toHaveBeenLastCalledWith(1001, 6, expect.any(String), 100, expect.any(Number));
    // A list fetched again from the server, which has not got it yet, still shows it.
    await act(() => app.queryClient.refetchQueries({ queryKey: readingKeys.catalogs(1001) }));
    expect(callsTo(callMock, 'reading.catalog')).toHaveLength(2);
    expect(await row(/^呼吸系统疾病/)).toBe('呼吸系统疾病已读完');
    expect(continued()[0]).toBe('/handoutPage?id=6');
  });

  it('once the outbox has sent it, the list is fetched again and shows the server’s copy; a page opened and left unchanged is the one to continue', async () => {
    const saved = fakeServer();
    queued.mockImplementation(async (_app: number, id: number, anchor: string, percent: number, at: number) => {
      saved.set(id, { anchor, percent, updatedAt: new Date(at).toISOString() });
    });
    const app = renderApp();
    await row(/^呼吸系统疾病/);
    await userEvent.click(screen.getByRole('button', { name: /^呼吸系统疾病/ }));
    await screen.findByRole('article');
    await opened();
    await app.back();
    await vi.waitFor(() => expect(callsTo(callMock, 'reading.catalog')).toHaveLength(2));
    await rowSays(/^呼吸系统疾病/, '呼吸系统疾病已读完');
    expect(continued()[0]).toBe('/handoutPage?id=6');

    // 生命体征的评估 is where it was left (read to the end: jsdom's page fits its window); opening it makes it the one to continue.
    saved.set(3, { ...position('drugs', 100), updatedAt: '2026-01-01T00:00:00.000Z' });
    await act(() => app.queryClient.refetchQueries({ queryKey: readingKeys.catalogs(1001) }));
    expect(continued()[0]).toBe('/handoutPage?id=6');
    await userEvent.click(screen.getByRole('button', { name: /^生命体征的评估/ }));
    await screen.findByRole('article');
    await opened();
    await app.back();
    await vi.waitFor(() => expect(continued()).toEqual(['/handoutPage?id=3', '生命体征的评估已读完继续']));
    expect(queued).toHaveBeenLastCalledWith(1001, 3, 'drugs', 100, expect.any(Number));
  });

  it('a PDF read to page 2 of 16 is 读到 13% and opens again at page 2', async () => {
    fakeServer();
    pending.mockResolvedValue(1);
    const app = renderApp();
    expect(await row(/^给药图解/)).toBe('给药图解给药 · PDF · 未读');
    await userEvent.click(screen.getByRole('button', { name: /^给药图解/ }));
    expect((await screen.findByTestId('pdf-view')).dataset.start).toBe('1');
    await opened();
    await userEvent.click(screen.getByRole('button', { name: '翻到第 2 页' }));
    await app.back();
    await rowSays(/^给药图解/, '给药图解给药 · PDF · 读到 13%');
    expect(continued()).toEqual(['/handoutPage?id=5', '给药图解读到 13%继续']);
    expect(queued).toHaveBeenLastCalledWith(1001, 5, 'page-2', 13, expect.any(Number));
    await userEvent.click(screen.getByRole('button', { name: /^给药图解/ }));
    expect((await screen.findByTestId('pdf-view')).dataset.start).toBe('2');
  });

  it('a PDF not laid out yet saves nothing (no share of a scroll height before its pages are drawn)', async () => {
    fakeServer();
    const app = renderApp();
    await userEvent.click(await screen.findByRole('button', { name: /^给药图解/ }));
    await screen.findByTestId('pdf-view');
    await opened();
    await app.back();
    expect(await row(/^给药图解/)).toBe('给药图解给药 · PDF · 未读');
    expect(queued).not.toHaveBeenCalled();
  });
});

describe('reading progress: the parts', () => {
  it('a PDF page: the page past the reading line, the last at the end; its share of the pages; its anchor', () => {
    expect(pageAt([], 300, false)).toBe(0);
    expect(pageAt([60, 620, 1180], 300, false)).toBe(1);
    expect(pageAt([-500, 60, 620], 300, false)).toBe(2);
    expect(pageAt([-1200, -600, 400], 300, true)).toBe(3);
    expect(pagePercent({ page: 2, pages: 16 })).toBe(13);
    expect(pagePercent({ page: 16, pages: 16 })).toBe(100);
    expect(pagePercent({ page: 1, pages: 0 })).toBe(0);
    expect([pageOfAnchor('page-7'), pageOfAnchor('vital'), pageOfAnchor(undefined), pageOfAnchor('page-0')]).toEqual([7, 1, 1, 1]);
  });

  it('a PDF is drawn with its body text as large as a Markdown page’s at the text size (not fit to a phone’s width), and sharp', () => {
    // The demo PDF: A4 (595.28 pt), body 11 pt. Fit to a 390 px phone its text was 7 px; drawn 866 px wide it is 16 px.
    const a4 = { pageWidthPt: 595.28, bodyPt: 11 };
    expect(pdfPageWidth({ column: 390, ...a4, scale: 1 })).toBe(866);
    expect(pdfPageWidth({ column: 390, ...a4, scale: 1.5 })).toBe(1299);
    expect((pdfPageWidth({ column: 390, ...a4, scale: 1.25 }) * 11) / 595.28).toBeCloseTo(20, 0);
    // Never narrower than the column, never wider than four, nothing before it is measured.
    expect(pdfPageWidth({ column: 1200, ...a4, scale: 1 })).toBe(1200);
    expect(pdfPageWidth({ column: 200, pageWidthPt: 595.28, bodyPt: 3, scale: 1 })).toBe(800);
    expect(pdfPageWidth({ column: 0, ...a4, scale: 1 })).toBe(0);
    // The body size: the one most characters are set in (a title is larger, a footer smaller).
    const item = (str: string, height: number) => ({ str, height, transform: [height, 0, 0, height, 0, 0] });
    expect(bodyTextSize([item('基础护理知识和技能', 20), item('体温的正常值与测量方法。'.repeat(8), 11), item('1 / 16', 8), item('   ', 30)])).toBe(11);
    expect(bodyTextSize([{ str: '腋温', height: 0, transform: [10.5, 0, 0, 10.5, 0, 0] }])).toBe(10.5);
    expect(bodyTextSize([])).toBeNull();
    // The canvas: the screen's pixels times the app's zoom (特大 1.3) and a pinch, within 8 MP a page.
    expect(canvasRatio({ dpr: 3, zoom: 1, pinch: 1, width: 390, height: 552 })).toBe(3);
    expect(canvasRatio({ dpr: 2, zoom: 1.3, pinch: 1, width: 390, height: 552 })).toBe(2.6);
    expect(canvasRatio({ dpr: 1, zoom: 1, pinch: 2, width: 390, height: 552 })).toBe(2);
    expect(canvasRatio({ dpr: 3, zoom: 1.3, pinch: 1, width: 866, height: 1225 })).toBe(2.75);
    expect(canvasRatio({ dpr: 0.5, zoom: 1, pinch: 1, width: 5000, height: 7000 })).toBe(1);
  });

  it('local positions: only mine, of the list’s kind; 继续阅读 never a locked page', () => {
    const p = (percent: number) => ({ anchor: '', percent, updatedAt: '2026-11-27T00:00:00.000Z' });
    rememberPosition({ userID: '7', appID: 1001, kind: 'handout', id: 3, title: '生命体征的评估', position: p(80), at: 2 });
    rememberPosition({ userID: '7', appID: 1001, kind: 'handout', id: 7, title: '心衰的护理', position: p(10), at: 3 });
    rememberPosition({ userID: '8', appID: 1001, kind: 'handout', id: 6, title: '呼吸系统疾病', position: p(50), at: 4 });
    rememberPosition({ userID: '7', appID: 1001, kind: 'theory', id: 6, title: '呼吸系统疾病', position: p(70), at: 5 });
    const data = catalog([
      chapter(11, null, '生命体征', [entry(3, '生命体征的评估')]),
      chapter(21, null, '呼吸系统疾病', [entry(6, '呼吸系统疾病')]),
      chapter(22, null, '心力衰竭', [entry(7, '心衰的护理')], { open: false }),
    ]);
    const out = withLocalPositions(data, '7');
    expect(out.list.map((c) => c.items[0]!.position?.percent ?? null)).toEqual([80, null, 10]);
    expect(out.last).toMatchObject({ id: 3, position: { percent: 80 } });
    expect(withLocalPositions(data, '')).toBe(data);
    forgetPositions('7', 2);
    expect(withLocalPositions(data, '7').last).toBeNull();
  });
});
