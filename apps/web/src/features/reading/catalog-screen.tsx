import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { versionBadge, type SelectedSubject } from '../../lib/subject';
import { SheetBuyPrompt } from '../../ui/buy-prompt';
import { queryState } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { catalogQuery, pagePath, READING_ROUTES, type CatalogChapter, type ReadingKind } from './api';
import styles from './reading.module.css';

/** /handoutList (电子讲义), /theoryKnowledgelist (理论知识), /pocketMenu (口袋书): a kind's pages by chapter (docs/reading.md). */
export const HandoutList = () => <CatalogScreen kind="handout" />;
export const TheoryList = () => <CatalogScreen kind="theory" />;
export const PocketMenu = () => <CatalogScreen kind="pocket" />;

const EMPTY: Record<ReadingKind, string> = { handout: '讲义更新中，敬请期待～', theory: '理论知识更新中，敬请期待～', pocket: '口袋书更新中，敬请期待～' };

function CatalogScreen({ kind }: { kind: ReadingKind }) {
  return <SubjectPage title={READING_ROUTES[kind].title}>{(subject) => <CatalogBody subject={subject} kind={kind} />}</SubjectPage>;
}

/** The chapters under each part (a top-level chapter), in the bank's order: one card per part. */
function groupByPart(list: CatalogChapter[]): { cptID: number; name: string; chapters: CatalogChapter[] }[] {
  const byId = new Map(list.map((c) => [c.cptID, c]));
  const partOf = (c: CatalogChapter): CatalogChapter => {
    let top = c;
    for (let up = top.parentID === null ? undefined : byId.get(top.parentID); up; up = up.parentID === null ? undefined : byId.get(up.parentID)) top = up;
    return top;
  };
  const parts = new Map<number, { cptID: number; name: string; chapters: CatalogChapter[] }>();
  for (const c of list) {
    const top = partOf(c);
    const part = parts.get(top.cptID) ?? { cptID: top.cptID, name: top.name, chapters: [] };
    if (c.items.length > 0) part.chapters.push(c);
    parts.set(top.cptID, part);
  }
  return [...parts.values()].filter((p) => p.chapters.length > 0);
}

type Part = ReturnType<typeof groupByPart>[number];
type Row = { c: CatalogChapter; i: CatalogChapter['items'][number]; partID: number };

/** One card per part, headed by its name; parts holding only their own page of the same name (the pocket book) share one card. */
function cards(parts: Part[]): { key: string; title: string | null; rows: Row[] }[] {
  const out: { key: string; title: string | null; rows: Row[] }[] = [];
  for (const part of parts) {
    const rows = part.chapters.flatMap((c) => c.items.map((i) => ({ c, i, partID: part.cptID })));
    const selfOnly = rows.length === 1 && rows[0]!.c.cptID === part.cptID && rows[0]!.i.title === part.name;
    const last = out[out.length - 1];
    if (selfOnly && last && last.title === null) last.rows.push(...rows);
    else out.push({ key: String(part.cptID), title: selfOnly ? null : part.name, rows });
  }
  return out;
}

/** 读到 60% / 已读完 / 未读. */
const progressText = (percent: number | undefined) => (percent === undefined ? '未读' : percent >= 95 ? '已读完' : `读到 ${percent}%`);

function CatalogBody({ subject, kind }: { subject: SelectedSubject; kind: ReadingKind }) {
  const navigate = useNavigate();
  const list = useQuery(catalogQuery(subject.AppID, kind));
  const [locked, setLocked] = useState<string | null>(null);
  const pending = queryState(list, subject, { feature: READING_ROUTES[kind].title });
  if (pending) return pending;
  const data = list.data!;
  const parts = groupByPart(data.list);
  const open = (c: CatalogChapter, id: number) => (c.open ? void navigate(pagePath(kind, id)) : setLocked(c.name));
  return (
    <div className={styles.screen}>
      {kind === 'handout' ? (
        <nav className={styles.links} aria-label="知识导航">
          <Link className={styles.link} to="/knowledgePoint">
            知识点
          </Link>
          <Link className={styles.link} to="/siteShorthand">
            速记
          </Link>
          <Link className={styles.link} to="/pocketMenu">
            口袋书
          </Link>
          <Link className={styles.link} to="/theoryKnowledgelist">
            理论知识
          </Link>
        </nav>
      ) : null}
      {data.last ? (
        <section className={styles.card} aria-label="继续阅读">
          <h2 className={styles.cardTitle}>继续阅读</h2>
          <Link className={styles.row} to={pagePath(kind, data.last.id)}>
            <span className={styles.rowMain}>
              <span className={styles.rowTitle}>{data.last.title}</span>
              <span className={styles.rowMeta}>{progressText(data.last.position.percent)}</span>
            </span>
            <span className={styles.tagTheme}>继续</span>
          </Link>
        </section>
      ) : null}
      {data.unlocking.length > 0 ? <p className={styles.muted}>试用版可阅读每部分的第一章，其余章节开通后阅读</p> : null}
      {data.list.length === 0 ? <p className={styles.muted}>{EMPTY[kind]}</p> : null}
      {cards(parts).map((card) => (
        <section key={card.key} className={styles.card} aria-label={card.title ?? READING_ROUTES[kind].title}>
          {card.title ? <h2 className={styles.cardTitle}>{card.title}</h2> : null}
          {card.rows.map(({ c, i, partID }) => (
            <button key={i.id} type="button" className={styles.row} onClick={() => open(c, i.id)}>
              <span className={styles.rowMain}>
                <span className={styles.rowTitle}>{i.title}</span>
                <span className={styles.rowMeta}>
                  {c.name === i.title || c.cptID === partID ? '' : `${c.name} · `}
                  {i.format === 'pdf' ? 'PDF · ' : ''}
                  {progressText(i.position?.percent)}
                </span>
              </span>
              {c.open ? null : <span className={styles.tag}>🔒 未开通</span>}
            </button>
          ))}
        </section>
      ))}
      <SheetBuyPrompt
        open={locked !== null}
        currentName={versionBadge(subject)}
        versions={data.unlocking}
        reason={locked ? `「${locked}」需开通后阅读` : undefined}
        onClose={() => setLocked(null)}
      />
    </div>
  );
}
