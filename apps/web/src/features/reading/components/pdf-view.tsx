import { useEffect, useLayoutEffect, useRef, useState, type ComponentProps } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/TextLayer.css';
import { pageAt, type PdfSpot } from '../pdf-pages';
import styles from './pdf-view.module.css';

// The worker comes with the app's own assets (never from a CDN); CMaps and standard fonts from /pdfjs/ (vite plugin).
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();
const OPTIONS = { cMapUrl: '/pdfjs/cmaps/', cMapPacked: true, standardFontDataUrl: '/pdfjs/standard_fonts/' };

/** A page's height over its width until it is drawn (A4 until the first page says otherwise). */
const A4 = 842 / 595;
type LoadedDocument = Parameters<NonNullable<ComponentProps<typeof Document>['onLoadSuccess']>>[0];

export interface PdfViewProps {
  url: string;
  title: string;
  /** The page to open at (where I stopped). */
  startPage?: number;
  /** The page being read, once the pages are laid out and whenever it changes (docs/reading.md "Reading progress"). */
  onPage?: (at: PdfSpot) => void;
}

/**
 * A PDF handout (docs/reading.md "Rendering"): react-pdf on pdf.js, loaded only on /handoutPage for a PDF. Each page
 * draws when it scrolls near the screen, at the column's width, with its text layer on, so Chinese text can be
 * selected and found with the browser's search. Every page keeps its height before it is drawn, so the page to
 * open at can be scrolled to at once and the pages read can be counted.
 */
export default function PdfView({ url, title, startPage = 1, onPage }: PdfViewProps) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [doc, setDoc] = useState<{ pages: number; ratio: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const report = useRef(onPage);
  report.current = onPage;
  const start = doc ? Math.min(Math.max(1, startPage), doc.pages) : 1;
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const size = () => setWidth(Math.floor(el.clientWidth));
    size();
    const ro = new ResizeObserver(size);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // Once laid out: open at the start page, then tell the page being read, and again as it changes.
  const laidOut = doc !== null && width > 0;
  useLayoutEffect(() => {
    const el = box.current;
    if (!laidOut || !el) return;
    if (start > 1) el.querySelector(`[data-page="${start}"]`)?.scrollIntoView();
    let last = 0;
    const tell = () => {
      const tops = [...el.querySelectorAll('[data-page]')].map((p) => p.getBoundingClientRect().top);
      const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      const page = pageAt(tops, window.innerHeight * 0.4, atEnd);
      if (page > 0 && page !== last) report.current?.({ page: (last = page), pages: tops.length });
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

  const loaded = (d: LoadedDocument) =>
    void d.getPage(1).then(
      (p) => {
        const v = p.getViewport({ scale: 1 });
        setDoc({ pages: d.numPages, ratio: v.width > 0 ? v.height / v.width : A4 });
      },
      () => setDoc({ pages: d.numPages, ratio: A4 }),
    );
  return (
    <div ref={box} className={styles.pdf} aria-label={`${title}（PDF）`}>
      {failed ? (
        <p className={styles.note}>讲义加载失败，请检查网络后重试</p>
      ) : (
        <Document file={url} options={OPTIONS} onLoadSuccess={loaded} onLoadError={() => setFailed(true)} loading={<p className={styles.note}>讲义加载中…</p>}>
          {doc && width > 0
            ? Array.from({ length: doc.pages }, (_, i) => <LazyPage key={i} n={i + 1} width={width} height={Math.round(width * doc.ratio)} near={Math.abs(i + 1 - start) <= 1} />)
            : null}
        </Document>
      )}
    </div>
  );
}

function LazyPage({ n, width, height, near: nearAtStart }: { n: number; width: number; height: number; near: boolean }) {
  const spot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(nearAtStart);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (near || !spot.current) return;
    const io = new IntersectionObserver((e) => e.some((x) => x.isIntersecting) && setNear(true), { rootMargin: '600px 0px' });
    io.observe(spot.current);
    return () => io.disconnect();
  }, [near]);
  return (
    <div ref={spot} className={styles.page} data-page={n} style={drawn ? undefined : { minHeight: height }}>
      {near ? <Page pageNumber={n} width={width} renderAnnotationLayer={false} renderTextLayer loading={null} onRenderSuccess={() => setDrawn(true)} /> : null}
    </div>
  );
}
