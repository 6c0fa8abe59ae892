import type { Locator, Page } from '@playwright/test';

/** A piece of text the learner cannot read whole: cut by its box or the screen, covered by another text, or set too tight. */
export interface TextProblem {
  kind: 'clipped' | 'off-screen' | 'overlap' | 'squeezed' | 'tight lines';
  text: string;
  /** The other text of an overlap; what cut it or by how much for the others. */
  detail: string;
}

export interface TextReport {
  problems: TextProblem[];
  /** The largest size on the screen (the heading), px on the screen. */
  largestPx: number;
  /** Every size on the screen with its characters, most first ('18.2px×240 …'). */
  sizes: string;
}

/**
 * Reads every visible text on the page (text nodes, measured line by line with a Range, so a box wider than its
 * text does not count) and reports:
 * - clipped: a line that goes past the edge of an ancestor that hides its overflow (`overflow: hidden/clip`, an
 *   ellipsis, a line clamp), or an element whose own text overflows it with an ellipsis;
 * - off-screen: a line past the screen's left or right edge (the page is not meant to scroll sideways);
 * - overlap: the glyph bands (the em box of each line) of two different texts intersecting by more than 2 px each way,
 *   a text under a control (button, link, field) that does not hold it, or under a bar fixed at the foot or head of
 *   the screen even when the page is scrolled to its end or start;
 * - squeezed: a text of three lines or more with hardly more than one character a line (a box squeezed to nothing);
 * - tight lines: a text of two lines or more whose line pitch is under 1.3 × its size (MIIT 适老化 line spacing).
 * Ignored: hidden texts (display, visibility, opacity, the visually-hidden class), decorative ones (inside
 * aria-hidden), the end of a folded text with 展开 (ui/long-text's `data-folded`), texts outside a scroll container's visible box (a carousel's other slides, a tab strip's far end:
 * off-screen by design), and overlaps between layers (a fixed or sticky bar over the page that scrolls beneath it).
 */
export function textReport(page: Page): Promise<TextReport> {
  return page.evaluate(() => {
    const TOLERANCE = 1;
    const problems: { kind: 'clipped' | 'off-screen' | 'overlap' | 'squeezed' | 'tight lines'; text: string; detail: string }[] = [];
    const viewportWidth = document.documentElement.clientWidth;
    const short = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, 40);
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}`;
    const hides = (v: string) => v === 'hidden' || v === 'clip';
    const scrolls = (v: string) => v === 'auto' || v === 'scroll';

    interface Item {
      node: Node;
      text: string;
      bands: { left: number; right: number; top: number; bottom: number }[];
      layer: Element | null;
      px: number;
      chars: number;
    }
    const items: Item[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const el = node.parentElement;
      if (!text || !el) continue;
      if (el.closest('[aria-hidden="true"], script, style, noscript, template, svg, .ks-visually-hidden')) continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
      if (lines.length === 0) continue;

      // The em box of each line: the line box's middle, one font size tall (the content area of CJK fonts is taller
      // than the font size, and than a tight line height: it is not what the eye reads as the text).
      const own = getComputedStyle(el);
      const px = parseFloat(own.fontSize) * (el.currentCSSZoom ?? 1);
      const bands = lines.map((r) => {
        const mid = (r.top + r.bottom) / 2;
        const half = Math.min(px, r.height) / 2;
        return { left: r.left, right: r.right, top: mid - half, bottom: mid + half };
      });

      // Wholly off the screen is a drawer or a slide put away; partly off is a text cut by the screen's edge.
      if (bands.every((r) => r.right <= 0 || r.left >= viewportWidth)) continue;

      // Walk up: a scroll container that hides part of it (by design), one that cuts it, the layer it is drawn in.
      let layer: Element | null = null;
      let outOfView = false;
      let scrolled = false;
      const cutBy: string[] = [];
      for (let a: Element | null = el; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
        const cs = getComputedStyle(a);
        if (!layer && (cs.position === 'fixed' || cs.position === 'sticky')) layer = a;
        const box = a.getBoundingClientRect();
        const scrollX = scrolls(cs.overflowX) && a.scrollWidth > a.clientWidth + TOLERANCE;
        const scrollY = scrolls(cs.overflowY) && a.scrollHeight > a.clientHeight + TOLERANCE;
        const outX = bands.some((r) => r.left < box.left - TOLERANCE || r.right > box.right + TOLERANCE);
        const outY = bands.some((r) => r.top < box.top - TOLERANCE || r.bottom > box.bottom + TOLERANCE);
        // Wholly outside a box that hides or scrolls its overflow: put away (another slide, a closed panel), not cut —
        // unless the box was squeezed to no width by its neighbours (the header's name once showed only '…').
        const gone = bands.every((r) => r.right <= box.left || r.left >= box.right || r.bottom <= box.top || r.top >= box.bottom);
        const squeezed = box.width < 1 && box.height >= 1;
        if (gone && !squeezed && (scrollX || scrollY || hides(cs.overflowX) || hides(cs.overflowY))) {
          outOfView = true;
          break;
        }
        // Partly outside a scroll container: the rest is reached by scrolling (what cut it below still counts).
        if ((scrollX && outX) || (scrollY && outY)) scrolled = true;
        // A fold the learner opens (ui/long-text's 展开) hides its end by design.
        if (!scrolled && ((hides(cs.overflowX) && outX) || (hides(cs.overflowY) && outY)) && !a.hasAttribute('data-folded')) cutBy.push(name(a));
      }
      if (outOfView) continue;
      if (own.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + TOLERANCE && !cutBy.includes(name(el))) cutBy.push(`${name(el)} (ellipsis)`);
      if (cutBy.length > 0) problems.push({ kind: 'clipped', text: short(text), detail: `cut by ${cutBy.join(' < ')}` });
      if (lines.some((r) => r.left < -TOLERANCE || r.right > viewportWidth + TOLERANCE)) {
        problems.push({ kind: 'off-screen', text: short(text), detail: `past the screen's edge (${viewportWidth}px)` });
      }

      const chars = [...text].length;
      items.push({ node, text, bands, layer, px, chars });

      // The distance between one line's top and the next (pieces of one line start within 2 px of each other).
      const tops = lines.map((r) => r.top).sort((x, y) => x - y);
      const steps = tops
        .slice(1)
        .map((t, i) => t - tops[i]!)
        .filter((d) => d > 2);
      if (steps.length >= 2 && chars / (steps.length + 1) < 1.5) {
        problems.push({ kind: 'squeezed', text: short(text), detail: `${steps.length + 1} lines for ${chars} characters` });
      }
      if (steps.length > 0) {
        const pitch = Math.min(...steps);
        if (pitch / px < 1.28) problems.push({ kind: 'tight lines', text: short(text), detail: `line pitch ${(pitch / px).toFixed(2)} × ${px.toFixed(1)}px` });
      }
    }

    for (let i = 0; i < items.length; i++) {
      for (let j = i + 1; j < items.length; j++) {
        const a = items[i]!;
        const b = items[j]!;
        if (a.layer !== b.layer) continue;
        const hit = a.bands.some((p) =>
          b.bands.some((q) => Math.min(p.right, q.right) - Math.max(p.left, q.left) > 2 && Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > 2),
        );
        if (hit) problems.push({ kind: 'overlap', text: short(a.text), detail: `covers “${short(b.text)}”` });
      }
    }

    // A bar fixed at the foot (or head) of the screen covers the page's end (or start) for good: the text there must
    // clear it when the page is scrolled as far as it goes.
    const viewportHeight = document.documentElement.clientHeight;
    const pageHeight = document.documentElement.scrollHeight;
    const scrollY = window.scrollY;
    const bars = [...document.querySelectorAll('body *')].filter(
      (b) => getComputedStyle(b).position === 'fixed' && b.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
    );
    for (const bar of bars) {
      const r = bar.getBoundingClientRect();
      if (r.width < 1 || r.height < 1 || r.height > viewportHeight / 2) continue; // a dialog's mask, not a bar
      const atFoot = r.bottom >= viewportHeight - 1;
      const atHead = r.top <= 1;
      if (!atFoot && !atHead) continue;
      // The part of the page under the bar at the end (or the start), in page coordinates.
      const [top, bottom] = atFoot ? [pageHeight - (viewportHeight - r.top), pageHeight] : [0, r.bottom];
      for (const it of items) {
        if (it.layer) continue;
        const hit = it.bands.some((p) => Math.min(p.right, r.right) - Math.max(p.left, r.left) > 2 && Math.min(p.bottom + scrollY, bottom) - Math.max(p.top + scrollY, top) > 2);
        if (hit)
          problems.push({
            kind: 'overlap',
            text: short(it.text),
            detail: `under the bar fixed at the ${atFoot ? 'foot' : 'head'} even when scrolled to the ${atFoot ? 'end' : 'start'}`,
          });
      }
    }

    // A control drawn over a text that is not its own (the header's search button over the phone number).
    const controls = [...document.querySelectorAll('button, a[href], input, select, textarea, [role="button"]')].filter(
      (c) => c.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && !c.closest('[aria-hidden="true"]'),
    );
    for (const c of controls) {
      const box = c.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) continue;
      let layer: Element | null = null;
      for (let a: Element | null = c; a && a !== document.body; a = a.parentElement) {
        const position = getComputedStyle(a).position;
        if (position === 'fixed' || position === 'sticky') {
          layer = a;
          break;
        }
      }
      for (const it of items) {
        if (it.layer !== layer || c.contains(it.node) || it.node.parentElement?.contains(c)) continue;
        const hit = it.bands.some((p) => Math.min(p.right, box.right) - Math.max(p.left, box.left) > 2 && Math.min(p.bottom, box.bottom) - Math.max(p.top, box.top) > 2);
        if (hit) problems.push({ kind: 'overlap', text: short(it.text), detail: `under the control “${short(c.getAttribute('aria-label') ?? c.textContent ?? c.tagName)}”` });
      }
    }

    const bySize = new Map<number, number>();
    for (const it of items) bySize.set(Math.round(it.px * 10) / 10, (bySize.get(Math.round(it.px * 10) / 10) ?? 0) + it.chars);
    const ranked = [...bySize.entries()].sort((x, y) => y[1] - x[1]);
    const largestPx = Math.max(0, ...items.map((it) => it.px));
    return { problems, largestPx, sizes: ranked.map(([px, n]) => `${px}px×${n}`).join(' ') };
  });
}

/** The size on the screen (px, zoom included) of the first text inside `locator`: the screen's main text, named by the test. */
export function textPx(locator: Locator): Promise<number> {
  return locator.evaluate((root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (el && (node.textContent ?? '').trim() && !el.closest('[aria-hidden="true"]')) return parseFloat(getComputedStyle(el).fontSize) * (el.currentCSSZoom ?? 1);
    }
    return 0;
  });
}
