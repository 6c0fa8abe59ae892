import { useQuery } from '@tanstack/react-query';
import { READING_MSG } from '@kaoshi/contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { positiveInt } from '../../lib/url-params';
import { local } from '../../lib/storage';
import type { SelectedSubject } from '../../lib/subject';
import { track } from '../../lib/tracking';
import { queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { failedOffline, itemQuery, NOT_SAVED_OFFLINE, pagePath, READING_ROUTES, type ReadingKind } from './api';
import { MarkedArticle } from './components/marked-article';
import { pageAnchor, pageOfAnchor, pagePercent, type PdfSpot } from './pdf-pages';
import { markdownSpot, useReadingPosition } from './reading-position';
import { clearHits, findHits, hitTerms, markHits, revealHit } from './search-hit';
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
      {(subject) =>
        id === null ? <StateMessage text={READING_MSG.unknownItem} /> : <ReaderBody key={id} subject={subject} kind={kind} id={id} scale={scale} find={hitTerms(params)} />
      }
    </SubjectPage>
  );
}

function ReaderBody({ subject, kind, id, scale, find }: { subject: SelectedSubject; kind: ReadingKind; id: number; scale: number; find: string[] }) {
  const q = useQuery(itemQuery(subject.AppID, kind, id));
  const item = q.data;
  useEffect(() => {
    if (item) track.article({ articleName: item.title, lastMenuID: item.cptID });
  }, [item?.id]); // eslint-disable-line react-hooks/exhaustive-deps -- once per page opened
  const page = useRef<HTMLDivElement>(null);
  const pdfAt = useRef<PdfSpot | null>(null);
  useReadingPosition(
    item,
    () => (item?.format === 'pdf' ? (pdfAt.current ? { anchor: pageAnchor(pdfAt.current.page), percent: pagePercent(pdfAt.current) } : null) : markdownSpot(page.current)),
    // Opened from a search result: at the first hit, every one marked (a PDF does the same itself).
    () => {
      const hits = findHits(page.current?.querySelector('article'), find);
      markHits(hits);
      if (hits[0]) revealHit(hits[0]);
      return hits.length > 0;
    },
  );
  useEffect(() => clearHits, []);
  // Offline, a page never opened here is not a network fault: say that it is not saved for offline reading.
  if (q.isError && failedOffline(q.error)) return <StateMessage text={NOT_SAVED_OFFLINE[kind]} onRetry={() => void q.refetch()} />;
  const pending = queryState(q, subject, { feature: READING_ROUTES[kind].title });
  if (pending) return pending;
  const data = item!;
  const target = data.kind === 'pocket' ? 'pocket' : data.kind;
  return (
    <div ref={page} className={styles.reader} style={{ ['--reading-scale' as string]: scale }}>
      <header className={styles.head}>
        {data.chapterName !== data.title ? <p className={styles.chapter}>{data.chapterName}</p> : null}
        <h2 className={styles.title}>{data.title}</h2>
      </header>
      {data.format === 'pdf' && data.pdfUrl ? (
        <Suspense fallback={<StateMessage text="讲义加载中…" />}>
          <PdfView
            url={data.pdfUrl}
            title={data.title}
            startPage={pageOfAnchor(data.position?.anchor)}
            textScale={scale}
            find={find}
            onPage={(at) => {
              pdfAt.current = at;
            }}
          />
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
