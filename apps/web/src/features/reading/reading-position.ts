import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { sectionId } from '../../ui/markdown';
import { keepPosition, type ItemData } from './api';

/** Where I am in a page: the section (or a PDF's `page-N`) and how far through it (0–100). */
export interface Spot {
  anchor: string;
  percent: number;
}

/**
 * A Markdown page's spot: the section at the top of the screen and how far down the page is. Null once the page is
 * no longer on the screen (a page left is measured before it goes, never after: the next screen's height is not its).
 */
export function markdownSpot(page: HTMLElement | null): Spot | null {
  if (!page?.isConnected) return null;
  let anchor = '';
  for (const h of page.querySelectorAll<HTMLElement>('h2[data-anchor]')) if (h.getBoundingClientRect().top < 96) anchor = h.dataset.anchor ?? '';
  const room = document.documentElement.scrollHeight - window.innerHeight;
  const percent = room <= 0 ? 100 : Math.min(100, Math.max(0, Math.round((window.scrollY / room) * 100)));
  return { anchor, percent };
}

/**
 * Continue where I stopped (docs/reading.md "Reading progress"). On open a Markdown page goes to a place of its own
 * when `opening` finds one (a search result's hit), else to the link's anchor (a point's passage), else to my saved
 * position (a PDF opens at its page, or its hit, itself). While reading, the spot is measured
 * as the page scrolls and saved when scrolling settles, when the page is hidden and when it is left: leaving saves
 * the last spot measured on the page, and always once per visit, so the list's 继续阅读 is the page read last.
 * Saves go through `keepPosition` (the lists show them at once, the outbox sends them).
 */
export function useReadingPosition(item: ItemData | undefined, spot: () => Spot | null, opening?: () => boolean) {
  const qc = useQueryClient();
  const measureRef = useRef(spot);
  measureRef.current = spot;
  const openingRef = useRef(opening);
  openingRef.current = opening;
  // Leaving measures once more while the page is still there: a layout effect's cleanup runs before the page's DOM
  // and its ref go, the save below (a passive effect's cleanup) after. A back tap right after a fling would else save
  // the spot of the last scroll event handled, not where the reader stopped.
  const leftAt = useRef<Spot | null>(null);
  useLayoutEffect(() => {
    leftAt.current = null;
    return () => {
      leftAt.current = measureRef.current();
    };
  }, [item?.id]);
  useEffect(() => {
    if (!item) return;
    let current: Spot | null = null;
    // Nothing is saved before the page went to where it opens (nor by StrictMode's trial unmount before that).
    let opened = false;
    const measure = () => {
      current = measureRef.current() ?? leftAt.current ?? current;
    };
    const hash = new URLSearchParams(window.location.search).get('anchor') ?? decodeURIComponent(window.location.hash.slice(1));
    const raf = requestAnimationFrame(() => {
      const pdf = item.format === 'pdf';
      const el = hash && !pdf ? document.getElementById(sectionId(hash)) : null;
      const percent = item.position?.percent ?? 0;
      if (!pdf && openingRef.current?.()) {
        // At the hit.
      } else if (el) el.scrollIntoView();
      else if (!pdf && percent > 0) window.scrollTo(0, ((document.documentElement.scrollHeight - window.innerHeight) * percent) / 100);
      // Else at the top (the page before, 上一篇 say, may have been scrolled), unless a PDF already went to its page.
      else if (window.scrollY > 0 && !(pdf && measureRef.current())) window.scrollTo(0, 0);
      opened = true;
      measure();
    });
    let sent = item.position ? `${item.position.anchor}:${item.position.percent}` : '';
    let savedOnce = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = (leaving = false) => {
      measure();
      if (!opened || !current) return;
      const key = `${current.anchor}:${current.percent}`;
      if (key === sent && (savedOnce || !leaving)) return;
      sent = key;
      savedOnce = true;
      keepPosition(qc, item, current.anchor, current.percent);
    };
    const onScroll = () => {
      measure();
      clearTimeout(timer);
      timer = setTimeout(save, 1500);
    };
    const onHide = () => document.visibilityState === 'hidden' && save();
    const onPageHide = () => save();
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      cancelAnimationFrame(raf);
      clearTimeout(timer);
      save(true);
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [item?.id]); // eslint-disable-line react-hooks/exhaustive-deps -- per page opened
}
