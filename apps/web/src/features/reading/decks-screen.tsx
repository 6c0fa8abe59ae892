import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { versionBadge, type SelectedSubject } from '../../lib/subject';
import { SheetBuyPrompt } from '../../ui/buy-prompt';
import { queryState } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { decksQuery, dueToday, type DecksData } from './api';
import styles from './reading.module.css';
import sh from './shorthand.module.css';

type Deck = DecksData['decks'][number];
interface DeckGroup {
  key: number;
  /** The parent chapter's name, when the list holds the parent (it has cards of its own). */
  title: string | null;
  decks: Deck[];
}

const REVIEW_PATH = '/newsiteShorthand';

/** /siteShorthand (速记): today's counts, 开始复习, and the subject's decks by chapter (docs/reading.md "Screens"). */
export function DecksScreen() {
  return <SubjectPage title="速记">{(subject) => <DecksBody subject={subject} />}</SubjectPage>;
}

/**
 * The decks under their parent chapters, in the list's order: a deck that is the parent of others heads their group
 * (and is its first row, its own cards); decks whose parent the list does not hold share a group without a heading.
 */
function groupDecks(decks: readonly Deck[]): DeckGroup[] {
  const byId = new Map(decks.map((d) => [d.cptID, d]));
  const parents = new Set(decks.map((d) => d.parentID).filter((id): id is number => id !== null && byId.has(id)));
  const groups = new Map<number, DeckGroup>();
  for (const d of decks) {
    const key = parents.has(d.cptID) ? d.cptID : (d.parentID ?? 0);
    const group = groups.get(key) ?? { key, title: byId.get(key)?.name ?? null, decks: [] };
    group.decks.push(d);
    groups.set(key, group);
  }
  return [...groups.values()];
}

function DecksBody({ subject }: { subject: SelectedSubject }) {
  const navigate = useNavigate();
  const decks = useQuery(decksQuery(subject.AppID));
  const [locked, setLocked] = useState<string | null>(null);
  const pending = queryState(decks, subject, { feature: '速记' });
  if (pending) return pending;
  const data = decks.data!;
  const fresh = Math.min(data.fresh, data.newLeft);
  const done = dueToday(data) === 0;
  const open = (d: Deck) => (d.open ? void navigate(`${REVIEW_PATH}?cptID=${d.cptID}`) : setLocked(d.name));
  return (
    <div className={styles.screen}>
      <section className={styles.card} aria-label="今日复习">
        <dl className={sh.stats}>
          <div className={sh.stat}>
            <dt>待复习</dt>
            <dd>{data.due}</dd>
          </div>
          <div className={sh.stat}>
            <dt>新卡片</dt>
            <dd>{fresh}</dd>
          </div>
          <div className={sh.stat}>
            <dt>今日已复习</dt>
            <dd>{data.reviewedToday}</dd>
          </div>
        </dl>
        <button type="button" className={sh.big} disabled={done} onClick={() => void navigate(REVIEW_PATH)}>
          {done ? '今日已完成' : '开始复习'}
        </button>
      </section>
      {data.unlocking.length > 0 ? <p className={styles.muted}>试用版可使用每部分第一章的速记卡，其余章节开通后使用</p> : null}
      {data.decks.length === 0 ? <p className={styles.muted}>速记卡更新中，敬请期待～</p> : null}
      {groupDecks(data.decks).map((g) => (
        <section key={g.key} className={styles.card} aria-label={g.title ?? '章节'}>
          {g.title ? <h2 className={styles.cardTitle}>{g.title}</h2> : null}
          {g.decks.map((d) => (
            <button key={d.cptID} type="button" className={styles.row} onClick={() => open(d)}>
              <span className={styles.rowMain}>
                <span className={styles.rowTitle}>{d.name}</span>
                <span className={styles.rowMeta}>{`共 ${d.total} 张 · 待复习 ${d.due}`}</span>
              </span>
              {d.open ? (
                d.due > 0 ? (
                  <span className={sh.count} aria-hidden="true">
                    {d.due}
                  </span>
                ) : null
              ) : (
                <span className={sh.pill} aria-label="未开通">
                  🔒 未开通
                </span>
              )}
            </button>
          ))}
        </section>
      ))}
      <SheetBuyPrompt
        open={locked !== null}
        currentName={versionBadge(subject)}
        versions={data.unlocking}
        reason={locked ? `「${locked}」需开通后使用速记` : undefined}
        onClose={() => setLocked(null)}
      />
    </div>
  );
}
