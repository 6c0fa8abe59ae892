import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { onMarkSaved, pendingMarks, queueMark, queueUnmark, type MarkInput } from '../../../lib/outbox/reading';
import { mark, readingItem } from '../../../test/fixtures/reading';
import { MarkedArticle } from './marked-article';

vi.mock('../../../lib/outbox/reading', () => ({
  queueMark: vi.fn(async () => undefined),
  queueUnmark: vi.fn(async () => undefined),
  pendingMarks: vi.fn(async () => ({ saved: [], removed: new Set<string>() })),
  onMarkSaved: vi.fn(() => () => undefined),
}));

const queueMarkMock = queueMark as unknown as Mock;
const user = () => userEvent.setup();

beforeEach(() => {
  vi.clearAllMocks();
  (pendingMarks as unknown as Mock).mockImplementation(async () => ({ saved: [], removed: new Set<string>() }));
});

/**
 * The article's text as the marks see it (the text nodes joined):
 * 生命体征 | 成人正常体温为 | 36～37℃ | ，脉搏60～100次/分。 | 给药 | 口服给药最常用、最方便。
 */
const TEXT = '生命体征成人正常体温为36～37℃，脉搏60～100次/分。给药口服给药最常用、最方便。';

/** Selects [from, to) of the first text node of the article that contains `within`, as a finger would. */
function select(inside: string, from: number, to: number) {
  const article = screen.getByRole('article');
  const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
  let node: Text | null = null;
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if ((n as Text).data.includes(inside)) node = node ?? (n as Text);
  if (!node) throw new Error(`no text node with ${inside}`);
  const range = document.createRange();
  range.setStart(node, from);
  range.setEnd(node, to);
  act(() => {
    const sel = document.getSelection()!;
    sel.removeAllRanges();
    sel.addRange(range);
    document.dispatchEvent(new Event('selectionchange'));
  });
}

const marksList = () => screen.getByRole('region', { name: '我的标注' });

describe('MarkedArticle: highlights and notes on a page', () => {
  it('lists my marks with their notes, keeps one whose text is gone under 失效的标注, and 删除 queues an unmark', async () => {
    const item = readingItem({
      marks: [
        mark('m-found', '脉搏60～100次/分', { anchor: 'vital', note: '记住上下限' }),
        mark('m-plain', '口服给药', { anchor: 'drugs' }),
        mark('m-lost', '呼吸16～20次/分', { anchor: 'vital', note: '旧笔记' }),
      ],
    });
    render(<MarkedArticle item={item} />);
    const list = marksList();
    expect(within(list).getByRole('heading', { level: 2 }).textContent).toBe('我的标注（3）');
    const found = within(list).getAllByTestId('reading-mark');
    expect(found.map((m) => m.textContent)).toEqual(['脉搏60～100次/分记住上下限编辑笔记删除', '口服给药写笔记删除']);
    expect(within(list).getByRole('heading', { level: 3 }).textContent).toBe('失效的标注（原文已修改）');
    // The lost one is shown with its quote and note, not as a link into the text.
    expect(within(list).queryByRole('button', { name: '呼吸16～20次/分' })).toBeNull();
    expect(list.textContent).toContain('呼吸16～20次/分旧笔记删除');

    const buttons = within(list).getAllByRole('button', { name: '删除' });
    await user().click(buttons[2]!);
    expect(queueUnmark).toHaveBeenCalledWith(1001, 'm-lost');
    expect(within(list).queryByRole('heading', { level: 3 })).toBeNull();
    expect(within(list).getByRole('heading', { level: 2 }).textContent).toBe('我的标注（2）');
    await user().click(within(found[1]!).getByRole('button', { name: '删除' }));
    expect(queueUnmark).toHaveBeenLastCalledWith(1001, 'm-plain');
    expect(within(marksList()).getAllByTestId('reading-mark')).toHaveLength(1);
    expect(queueMark).not.toHaveBeenCalled();
  });

  it('no marks: no list; a selection shows 高亮 / 写笔记, and 高亮 queues the quote with its context and section', async () => {
    render(<MarkedArticle item={readingItem()} />);
    expect(screen.queryByRole('region', { name: '我的标注' })).toBeNull();
    expect(screen.queryByRole('toolbar')).toBeNull();
    // Selecting 脉搏60～100 in ，脉搏60～100次/分。 (the 生命体征 section).
    select('脉搏', 1, 9);
    const bar = screen.getByRole('toolbar', { name: '标注' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['高亮', '写笔记']);
    await user().click(within(bar).getByRole('button', { name: '高亮' }));

    expect(queueMarkMock).toHaveBeenCalledTimes(1);
    const [appID, id, saved] = queueMarkMock.mock.calls[0]! as [number, number, MarkInput];
    expect([appID, id]).toEqual([1001, 3]);
    const start = TEXT.indexOf('脉搏60～100');
    expect(saved).toEqual({
      clientId: expect.stringMatching(/^[A-Za-z0-9-]{16,64}$/),
      anchor: 'vital',
      quote: '脉搏60～100',
      prefix: TEXT.slice(Math.max(0, start - 32), start),
      suffix: TEXT.slice(start + 8, start + 8 + 32),
      note: '',
      color: 'green',
    });
    expect(saved.prefix).toBe('生命体征成人正常体温为36～37℃，');
    expect(saved.suffix.startsWith('次/分。给药口服')).toBe(true);
    // The selection is used up; the mark is listed.
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(within(marksList()).getByRole('button', { name: '脉搏60～100' })).toBeTruthy();
  });

  it('写笔记 on a selection opens the sheet; 保存 queues the mark with the note (section 给药)', async () => {
    render(<MarkedArticle item={readingItem()} />);
    select('口服给药', 0, 4);
    const u = user();
    await u.click(within(screen.getByRole('toolbar')).getByRole('button', { name: '写笔记' }));
    const sheet = screen.getByRole('dialog', { name: '笔记' });
    expect(sheet.textContent).toContain('口服给药');
    expect(queueMark).not.toHaveBeenCalled();
    await u.type(within(sheet).getByRole('textbox', { name: '笔记内容' }), '  最常用  ');
    expect(within(sheet).getByText('7/500')).toBeTruthy();
    await u.click(within(sheet).getByRole('button', { name: '保存' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(queueMark).toHaveBeenCalledWith(
      1001,
      3,
      expect.objectContaining({ quote: '口服给药', anchor: 'drugs', note: '最常用', prefix: TEXT.slice(TEXT.indexOf('口服') - 32, TEXT.indexOf('口服')) }),
    );
    const row = within(marksList()).getByTestId('reading-mark');
    expect(row.textContent).toBe('口服给药最常用编辑笔记删除');

    // Editing the note keeps the mark's clientId.
    const first = (queueMarkMock.mock.calls[0]![2] as MarkInput).clientId;
    await u.click(within(row).getByRole('button', { name: '编辑笔记' }));
    const again = screen.getByRole('textbox', { name: '笔记内容' });
    expect((again as HTMLTextAreaElement).value).toBe('最常用');
    await u.clear(again);
    await u.type(again, '最方便');
    await u.click(screen.getByRole('button', { name: '保存' }));
    expect(queueMarkMock.mock.calls[1]![2]).toMatchObject({ clientId: first, note: '最方便' });
    expect(within(marksList()).getAllByTestId('reading-mark')).toHaveLength(1);
  });

  it('a selection outside the article, or of one character, offers nothing', () => {
    render(
      <>
        <p>文章外的文字</p>
        <MarkedArticle item={readingItem()} />
      </>,
    );
    const outside = screen.getByText('文章外的文字').firstChild as Text;
    const range = document.createRange();
    range.setStart(outside, 0);
    range.setEnd(outside, 4);
    act(() => {
      document.getSelection()!.addRange(range);
      document.dispatchEvent(new Event('selectionchange'));
    });
    expect(screen.queryByRole('toolbar')).toBeNull();
    select('口服给药', 0, 1);
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('unsent marks and removals (written offline) show at once; a mark the server took replaces the local copy unless it changed since', async () => {
    const queued = { ...mark('m-new', '口服给药', { anchor: 'drugs', note: '离线笔记' }) } as MarkInput & { createdAt?: string };
    delete queued.createdAt;
    (pendingMarks as unknown as Mock).mockImplementation(async () => ({ saved: [queued], removed: new Set(['m-gone']) }));
    let heard: ((itemID: number, m: ReturnType<typeof mark>) => void) | undefined;
    (onMarkSaved as unknown as Mock).mockImplementation((fn: typeof heard) => ((heard = fn), () => undefined));
    render(<MarkedArticle item={readingItem({ marks: [mark('m-gone', '脉搏60～100次/分')] })} />);
    expect(await screen.findByText('离线笔记')).toBeTruthy();
    expect(
      within(marksList())
        .getAllByTestId('reading-mark')
        .map((m) => m.textContent),
    ).toEqual(['口服给药离线笔记编辑笔记删除']);
    expect(pendingMarks).toHaveBeenCalledWith(3);
    // The server's copy of what we sent replaces ours (its createdAt); a reply to an older edit does not undo a newer one.
    act(() => heard!(3, { ...mark('m-new', '口服给药', { anchor: 'drugs', note: '离线笔记' }), createdAt: '2026-11-25T00:00:00.000Z' } as never));
    expect(screen.getByText('离线笔记')).toBeTruthy();
    act(() => heard!(3, mark('m-new', '口服给药', { note: '更早的笔记' })));
    expect(screen.queryByText('更早的笔记')).toBeNull();
    expect(screen.getByText('离线笔记')).toBeTruthy();
    // Another page's saves are not this one's.
    act(() => heard!(4, mark('m-new', '口服给药', { note: '别的页面' })));
    expect(screen.queryByText('别的页面')).toBeNull();
  });
});

/** The hue (0–360°) of the first rgb()/rgba()/#rrggbb colour in a CSS rule's block. */
function hueOf(css: string, selector: string): number {
  const at = css.indexOf(`${selector} {`);
  if (at < 0) throw new Error(`no rule ${selector}`);
  const block = css.slice(at, css.indexOf('}', at));
  const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(block) ?? /#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(block);
  if (!m) throw new Error(`no colour in ${selector}`);
  const hex = m[0].startsWith('#');
  const [r, g, b] = m.slice(1, 4).map((v) => (hex ? parseInt(v, 16) : Number(v)) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}
const hueGap = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

describe('marks look like the learner’s, not the author’s', () => {
  const here = dirname(fileURLToPath(import.meta.url));
  const marks = readFileSync(resolve(here, 'marks.module.css'), 'utf8');
  const authors = readFileSync(resolve(here, '../../../ui/rich-text.module.css'), 'utf8');

  it('a highlight and a note are drawn in colours far from the handout’s emphasis (【…】), by day and at night', () => {
    const emphasis = hueOf(authors, '.key');
    for (const night of ['', ":global(html[data-theme='dark']) "]) {
      const highlight = hueOf(marks, `${night}::highlight(reading-mark)`);
      const note = hueOf(marks, `${night}::highlight(reading-note)`);
      expect(hueGap(highlight, emphasis)).toBeGreaterThanOrEqual(60);
      expect(hueGap(note, emphasis)).toBeGreaterThanOrEqual(60);
      expect(hueGap(highlight, note)).toBeGreaterThanOrEqual(60);
    }
    // The list of marks shows each in its own colour.
    expect(hueGap(hueOf(marks, '.quote'), emphasis)).toBeGreaterThanOrEqual(60);
    expect(hueGap(hueOf(marks, ".quote[data-kind='note']"), hueOf(marks, '.quote'))).toBeGreaterThanOrEqual(60);
  });
});
