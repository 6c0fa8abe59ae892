import { useQuery } from '@tanstack/react-query';
import { READING_MSG } from '@kaoshi/contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { positiveInt } from '../../api/exam';
import { queuePosition, startReadingOutbox } from '../../lib/outbox/reading';
import { local } from '../../lib/storage';
import type { SelectedSubject } from '../../lib/subject';
import { track } from '../../lib/tracking';
import { queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { itemQuery, pagePath, READING_ROUTES, type ItemData, type ReadingKind } from './api';
import { MarkedArticle } from './components/marked-article';
import { sectionId } from '../../ui/markdown';
import styles from './reader.module.css';

const PdfView = lazy(() => import('./components/pdf-view'));

/** /handoutPage, /theoryKnowledgeContent, /pocketContent ?id=N[&anchor=A]: one page to read (docs/reading.md "Screens"). */
export const HandoutPage = () => <ReaderScreen kind="handout" />;
export const TheoryPage = () => <ReaderScreen kind="theory" />;
export const PocketPage = () => <ReaderScreen kind="pocket" />;

/** Font sizes of the reader (Aa cycles through them); kept on the device. */
export const READING_SCALES = [0.875, 1, 1.125, 1.25, 1.5] as const;
const savedScale = () => {
  const v = Number(local.get('readingScale'));
  return (READING_SCALES as readonly number[]).includes(v) ? v : 1;
};

function ReaderScreen({ kind }: { kind: ReadingKind }) {
  const [params] = useSearchParams();
  const id = positiveInt(params.get('id'));
  const [scale, setScale] = useState(savedScale);
  const bigger = () => {
    const next = READING_SCALES[(READING_SCALES.indexOf(scale as (typeof READING_SCALES)[number]) + 1) % READING_SCALES.length]!;
    local.set('readingScale', String(next));
    setScale(next);
  };
  const right = (
    <button type="button" className={styles.fontButton} aria-label={`字号 ${Math.round(scale * 100)}%`} onClick={bigger}>
      Aa
    </button>
  );
  return (
    <SubjectPage title={READING_ROUTES[kind].title} right={right}>
      {(subject) => (id === null ? <StateMessage text={READING_MSG.unknownItem} /> : <ReaderBody key={id} subject={subject} kind={kind} id={id} scale={scale} />)}
    </SubjectPage>
  );
}

function ReaderBody({ subject, kind, id, scale }: { subject: SelectedSubject; kind: ReadingKind; id: number; scale: number }) {
  const q = useQuery(itemQuery(subject.AppID, kind, id));
  useEffect(startReadingOutbox, []);
  const item = q.data;
  useEffect(() => {
    if (item) track.article({ articleName: item.title, lastMenuID: item.cptID });
  }, [item?.id]); // eslint-disable-line react-hooks/exhaustive-deps -- once per page opened
  useReadingPosition(item);
  const pending = queryState(q, subject, { feature: READING_ROUTES[kind].title });
  if (pending) return pending;
  const data = item!;
  const target = data.kind === 'pocket' ? 'pocket' : data.kind;
  return (
    <div className={styles.reader} style={{ ['--reading-scale' as string]: scale }}>
      <header className={styles.head}>
        {data.chapterName !== data.title ? <p className={styles.chapter}>{data.chapterName}</p> : null}
        <h2 className={styles.title}>{data.title}</h2>
      </header>
      {data.format === 'pdf' && data.pdfUrl ? (
        <Suspense fallback={<StateMessage text="讲义加载中…" />}>
          <PdfView url={data.pdfUrl} title={data.title} />
        </Suspense>
      ) : (
        <MarkedArticle key={`${data.id}:${data.version}`} item={data} />
      )}
      <nav className={styles.pager} aria-label="翻页">
        {data.prev ? (
          <Link className={styles.pagerLink} to={pagePath(kind, data.prev.id)}>
            {`上一篇：${data.prev.title}`}
          </Link>
        ) : (
          <span />
        )}
        {data.next ? (
          <Link className={styles.pagerLink} to={pagePath(kind, data.next.id)}>
            {`下一篇：${data.next.title}`}
          </Link>
        ) : null}
      </nav>
      <p className={styles.report}>
        <Link to={`/knowledgeFeedback?target=${target}&id=${data.id}&title=${encodeURIComponent(data.title)}`}>内容有误？去纠错</Link>
      </p>
    </div>
  );
}

/** The section at the top of the screen and how far down the page is (0–100). */
function whereAmI(): { anchor: string; percent: number } {
  let anchor = '';
  for (const h of document.querySelectorAll<HTMLElement>('h2[data-anchor]')) if (h.getBoundingClientRect().top < 96) anchor = h.dataset.anchor ?? '';
  const room = document.documentElement.scrollHeight - window.innerHeight;
  const percent = room <= 0 ? 100 : Math.min(100, Math.max(0, Math.round((window.scrollY / room) * 100)));
  return { anchor, percent };
}

/**
 * Continue where I stopped: on open, the page goes to the link's anchor (a point's passage), else to my saved position; while reading,
 * the position is saved (through the outbox) when scrolling settles, when the page is hidden and when it is left.
 */
function useReadingPosition(item: ItemData | undefined) {
  const last = useRef<string>('');
  useEffect(() => {
    if (!item) return;
    const hash = new URLSearchParams(window.location.search).get('anchor') ?? decodeURIComponent(window.location.hash.slice(1));
    const restore = () => {
      const el = hash ? document.getElementById(sectionId(hash)) : null;
      if (el) el.scrollIntoView();
      else if (item.position && item.position.percent > 0) window.scrollTo(0, ((document.documentElement.scrollHeight - window.innerHeight) * item.position.percent) / 100);
    };
    const raf = requestAnimationFrame(restore);
    last.current = item.position ? `${item.position.anchor}:${item.position.percent}` : '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      const at = whereAmI();
      const key = `${at.anchor}:${at.percent}`;
      if (key === last.current) return;
      last.current = key;
      void queuePosition(item.AppID, item.id, at.anchor, at.percent);
    };
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(save, 1500);
    };
    const onHide = () => document.visibilityState === 'hidden' && save();
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', save);
    return () => {
      cancelAnimationFrame(raf);
      clearTimeout(timer);
      save();
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', save);
    };
  }, [item?.id]); // eslint-disable-line react-hooks/exhaustive-deps -- per page opened
}
