import { useEffect, useRef, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/TextLayer.css';
import styles from './pdf-view.module.css';

// The worker comes with the app's own assets (never from a CDN); CMaps and standard fonts from /pdfjs/ (vite plugin).
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();
const OPTIONS = { cMapUrl: '/pdfjs/cmaps/', cMapPacked: true, standardFontDataUrl: '/pdfjs/standard_fonts/' };

/**
 * A PDF handout (docs/reading.md "Rendering"): react-pdf on pdf.js, loaded only on /handoutPage for a PDF. Each page
 * draws when it scrolls near the screen, at the column's width, with its text layer on, so Chinese text can be
 * selected and found with the browser's search.
 */
export default function PdfView({ url, title }: { url: string; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [pages, setPages] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const size = () => setWidth(Math.floor(el.clientWidth));
    size();
    const ro = new ResizeObserver(size);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return (
    <div ref={box} className={styles.pdf} aria-label={`${title}（PDF）`}>
      {failed ? (
        <p className={styles.note}>讲义加载失败，请检查网络后重试</p>
      ) : (
        <Document file={url} options={OPTIONS} onLoadSuccess={(d) => setPages(d.numPages)} onLoadError={() => setFailed(true)} loading={<p className={styles.note}>讲义加载中…</p>}>
          {width > 0 ? Array.from({ length: pages }, (_, i) => <LazyPage key={i} n={i + 1} width={width} />) : null}
        </Document>
      )}
    </div>
  );
}

function LazyPage({ n, width }: { n: number; width: number }) {
  const spot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(n <= 2);
  useEffect(() => {
    if (near || !spot.current) return;
    const io = new IntersectionObserver((e) => e.some((x) => x.isIntersecting) && setNear(true), { rootMargin: '600px 0px' });
    io.observe(spot.current);
    return () => io.disconnect();
  }, [near]);
  return (
    <div ref={spot} className={styles.page} data-page={n} style={near ? undefined : { height: Math.round(width * 1.414) }}>
      {near ? <Page pageNumber={n} width={width} renderAnnotationLayer={false} renderTextLayer /> : null}
    </div>
  );
}
