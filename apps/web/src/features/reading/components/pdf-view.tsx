import { useEffect, useLayoutEffect, useRef, useState, type ComponentProps } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/TextLayer.css';
import { FONT_SIZES, usePreferences } from '../../../lib/preferences';
import { bodyTextSize, canvasRatio, pageAt, pdfPageWidth, type PdfSpot } from '../pdf-pages';
import { findHits, markHits, revealHit } from '../search-hit';
import styles from './pdf-view.module.css';

// The worker comes with the app's own assets (never from a CDN); CMaps and standard fonts from /pdfjs/ (vite plugin).
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();
const OPTIONS = { cMapUrl: '/pdfjs/cmaps/', cMapPacked: true, standardFontDataUrl: '/pdfjs/standard_fonts/' };

/** A page's height over its width until it is drawn (A4 until the first page says otherwise). */
const A4 = 842 / 595;
/** The body text of an A4 page without text to measure (a scan): 11 pt, scaled with the page's width. */
const BODY_OF_WIDTH = 11 / 595;
type LoadedDocument = Parameters<NonNullable<ComponentProps<typeof Document>['onLoadSuccess']>>[0];
type TextItems = Parameters<typeof bodyTextSize>[0];
interface Doc {
  pages: number;
  ratio: number;
  widthPt: number;
  bodyPt: number;
  /** The first page that holds a searched word (0: none asked or found). */
  hitPage: number;
}

export interface PdfViewProps {
  url: string;
  title: string;
  /** The page to open at (where I stopped). */
  startPage?: number;
  /** The reader's text size (Aa): the PDF's body text is drawn as large as a Markdown page's. */
  textScale?: number;
  /** Words of a search result: the PDF opens at the first page holding one, scrolled to it, every one marked. */
  find?: readonly string[];
  /** The page being read, once the pages are laid out and whenever it changes (docs/reading.md "Reading progress"). */
  onPage?: (at: PdfSpot) => void;
}

const pageText = async (d: LoadedDocument, n: number) => ((await (await d.getPage(n)).getTextContent()).items as { str?: string }[]).map((i) => i.str ?? '').join('');

/** The first page whose text holds one of the words (Latin letters folded), or 0. */
async function firstPageWith(d: LoadedDocument, terms: readonly string[]): Promise<number> {
  const words = terms.map((t) => t.replace(/[A-Z]/g, (c) => c.toLowerCase()));
  for (let n = 1; n <= d.numPages; n++) {
    const text = (await pageText(d, n).catch(() => '')).replace(/[A-Z]/g, (c) => c.toLowerCase());
    if (words.some((w) => text.includes(w))) return n;
  }
  return 0;
}

/** Pixels per CSS px the screen has, with a pinch zoom (a phone's visual viewport), kept up to date. */
function useScreenZoom(): { dpr: number; pinch: number } {
  const read = () => ({ dpr: window.devicePixelRatio || 1, pinch: Math.min(3, Math.round((window.visualViewport?.scale ?? 1) * 4) / 4) });
  const [zoom, setZoom] = useState(read);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const next = read();
        setZoom((z) => (next.dpr === z.dpr && next.pinch === z.pinch ? z : next));
      }, 250);
    };
    window.addEventListener('resize', later);
    window.visualViewport?.addEventListener('resize', later);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', later);
      window.visualViewport?.removeEventListener('resize', later);
    };
  }, []);
  return zoom;
}

/**
 * A PDF handout (docs/reading.md "Rendering"): react-pdf on pdf.js, loaded only on /handoutPage for a PDF. Its body
 * text is drawn as large as a Markdown page's at the reader's text size (never narrower than the column; a wider page
 * pans sideways), sharp at the screen's pixel ratio, the app's text-size zoom and a pinch zoom, and drawn again when
 * any of them changes, keeping the place being read. The pages near the screen are drawn (their text layer stays, so
 * Chinese text can be selected and found); every page keeps its height, so the page to open at can be scrolled to at
 * once and the pages read can be counted.
 */
export default function PdfView({ url, title, startPage = 1, textScale = 1, find = [], onPage }: PdfViewProps) {
  const box = useRef<HTMLDivElement>(null);
  const [column, setColumn] = useState(0);
  const [doc, setDoc] = useState<Doc | null>(null);
  const [failed, setFailed] = useState(false);
  const { fontSize } = usePreferences();
  const appZoom = FONT_SIZES.find((f) => f.value === fontSize)?.zoom ?? 1;
  const { dpr, pinch } = useScreenZoom();
  const report = useRef(onPage);
  report.current = onPage;
  const start = doc ? Math.min(Math.max(1, doc.hitPage || startPage), doc.pages) : 1;
  const width = doc ? pdfPageWidth({ column, pageWidthPt: doc.widthPt, bodyPt: doc.bodyPt, scale: textScale }) : 0;
  const height = doc ? Math.round(width * doc.ratio) : 0;
  const ratio = canvasRatio({ dpr, zoom: appZoom, pinch, width, height });
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const size = () => setColumn(Math.floor(el.clientWidth));
    size();
    const ro = new ResizeObserver(size);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // Once laid out: open at the start page, then tell the page being read, and again as it changes.
  const laidOut = doc !== null && width > 0;
  const place = useRef<{ page: number; within: number; width: number } | null>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (!laidOut || !el) return;
    if (start > 1) el.querySelector(`[data-page="${start}"]`)?.scrollIntoView();
    let last = 0;
    const tell = () => {
      const boxes = [...el.querySelectorAll('[data-page]')].map((p) => p.getBoundingClientRect());
      const line = window.innerHeight * 0.4;
      const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      const page = pageAt(
        boxes.map((b) => b.top),
        line,
        atEnd,
      );
      const at = boxes[page - 1];
      if (at) place.current = { page, within: (line - at.top) / Math.max(1, at.height), width: at.width };
      if (page > 0 && page !== last) report.current?.({ page: (last = page), pages: boxes.length });
    };
    tell();
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(tell);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [laidOut]); // eslint-disable-line react-hooks/exhaustive-deps -- once the pages are laid out (the start page is read then)

  // Drawn at another width (Aa, the app's text size, a turned phone): the same place of the same page stays on the screen.
  useLayoutEffect(() => {
    const el = box.current;
    const was = place.current;
    if (!laidOut || !el || !was || was.width === 0) return;
    const now = el.querySelector(`[data-page="${was.page}"]`)?.getBoundingClientRect();
    if (!now || Math.abs(now.width - was.width) < 1) return;
    window.scrollBy(0, now.top + now.height * was.within - window.innerHeight * 0.4);
    el.scrollLeft = (el.scrollLeft * now.width) / was.width;
  }, [width]); // eslint-disable-line react-hooks/exhaustive-deps -- after each new width

  // Search hits: each page's text layer, once drawn, has its hits marked; the first page's first hit is scrolled to.
  const hits = useRef(new Map<number, Range[]>());
  const revealed = useRef(false);
  const onText = (n: number, layer: Element | null) => {
    if (find.length === 0) return;
    const found = findHits(layer, find);
    hits.current.set(n, found);
    markHits([...hits.current.values()].flat());
    if (!revealed.current && n === doc?.hitPage && found[0]) {
      revealed.current = true;
      revealHit(found[0], box.current);
    }
  };

  const loaded = (d: LoadedDocument) =>
    void (async () => {
      const p = await d.getPage(1);
      const v = p.getViewport({ scale: 1 });
      const text = await p.getTextContent().catch(() => null);
      const body = text ? bodyTextSize(text.items.filter((i) => 'str' in i) as TextItems) : null;
      const hitPage = find.length > 0 ? await firstPageWith(d, find) : 0;
      setDoc({ pages: d.numPages, ratio: v.width > 0 ? v.height / v.width : A4, widthPt: v.width, bodyPt: body ?? v.width * BODY_OF_WIDTH, hitPage });
    })().catch(() => setDoc({ pages: d.numPages, ratio: A4, widthPt: 595, bodyPt: 11, hitPage: 0 }));
  return (
    <>
      {laidOut && width > column ? <p className={styles.pan}>讲义按字号放大显示，左右滑动查看整行</p> : null}
      <div ref={box} className={styles.pdf} aria-label={`${title}（PDF）`}>
        {failed ? (
          <p className={styles.note}>讲义加载失败，请检查网络后重试</p>
        ) : (
          <Document file={url} options={OPTIONS} onLoadSuccess={loaded} onLoadError={() => setFailed(true)} loading={<p className={styles.note}>讲义加载中…</p>}>
            {laidOut
              ? Array.from({ length: doc.pages }, (_, i) => (
                  <LazyPage key={i} n={i + 1} width={width} height={height} ratio={ratio} near={Math.abs(i + 1 - start) <= 1} onText={onText} />
                ))
              : null}
          </Document>
        )}
      </div>
    </>
  );
}

/**
 * One page: drawn while within a screen of the viewport, its canvas dropped when far (memory on a phone); once drawn
 * its text layer stays.
 */
function LazyPage(props: { n: number; width: number; height: number; ratio: number; near: boolean; onText: (n: number, layer: Element | null) => void }) {
  const { n, width, height, ratio } = props;
  const spot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(props.near);
  const [seen, setSeen] = useState(props.near);
  useEffect(() => {
    if (!spot.current) return;
    const io = new IntersectionObserver(
      (e) => {
        const on = e.some((x) => x.isIntersecting);
        setNear(on);
        if (on) setSeen(true);
      },
      { rootMargin: '100% 0px' },
    );
    io.observe(spot.current);
    return () => io.disconnect();
  }, []);
  return (
    <div ref={spot} className={styles.page} data-page={n} style={{ width, minHeight: height }}>
      {seen ? (
        <Page
          pageNumber={n}
          width={width}
          devicePixelRatio={ratio}
          renderMode={near ? 'canvas' : 'none'}
          renderAnnotationLayer={false}
          renderTextLayer
          loading={null}
          onRenderTextLayerSuccess={() => props.onText(n, spot.current?.querySelector('.textLayer') ?? null)}
        />
      ) : null}
    </div>
  );
}
