import { useQueries } from '@tanstack/react-query';
import { DAILY_NOTE_PAGE, KNOWLEDGE_MSG } from '@kaoshi/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../lib/error-text';
import type { SelectedSubject } from '../../lib/subject';
import { queryState } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { dailyQuery, type DailyNote } from './api';
import { Markdown } from '../../ui/markdown';
import { dayText, feedbackPath } from './shorthand-text';
import styles from './reading.module.css';
import sh from './shorthand.module.css';

/** /everyDayNote (每日一记): today's note, then 往期回顾 (the earlier ones, newest first, a page at a time). */
export function DailyNoteScreen() {
  return <SubjectPage title="每日一记">{(subject) => <DailyBody subject={subject} />}</SubjectPage>;
}

function DailyBody({ subject }: { subject: SelectedSubject }) {
  const appID = subject.AppID;
  const [pages, setPages] = useState(1);
  const results = useQueries({ queries: Array.from({ length: pages }, (_, i) => dailyQuery(appID, i + 1)) });
  const first = results[0]!;
  const pending = queryState(first, subject, { feature: '每日一记' });
  if (pending) return pending;
  const today = first.data!.today;
  const last = results[results.length - 1]!;
  const total = last.data?.total ?? first.data!.total;
  // A note may move to the next page while paging (a new day): each is shown once.
  const seen = new Set<number>(today ? [today.id] : []);
  const earlier: DailyNote[] = [];
  for (const n of results.flatMap((r) => r.data?.list ?? [])) {
    if (seen.has(n.id)) continue;
    seen.add(n.id);
    earlier.push(n);
  }
  const more = pages < Math.ceil(total / DAILY_NOTE_PAGE);
  return (
    <div className={styles.screen}>
      {today ? (
        <article className={styles.card} aria-label="今日一记">
          <h2 className={styles.cardTitle}>{today.title}</h2>
          <p className={sh.date}>{dayText(today.day)}</p>
          <Markdown source={today.body} appID={appID} />
          <div className={sh.meta}>
            <Link className={sh.small} to={feedbackPath('daily', today.id)}>
              纠错
            </Link>
          </div>
        </article>
      ) : (
        <section className={styles.card} aria-label="今日一记">
          <p className={styles.muted}>{KNOWLEDGE_MSG.noNote}</p>
        </section>
      )}
      <section className={styles.card} aria-label="往期回顾">
        <h2 className={styles.cardTitle}>往期回顾</h2>
        {earlier.length === 0 && !last.isPending ? <p className={styles.muted}>暂无往期内容</p> : null}
        {earlier.map((n) => (
          <ArchiveNote key={n.id} note={n} appID={appID} />
        ))}
        {last.isError && pages > 1 ? (
          <p className={sh.error} role="alert">
            {errorText(last.error)}
          </p>
        ) : null}
        {more || (last.isError && pages > 1) ? (
          <button type="button" className={sh.more} disabled={last.isPending} onClick={() => (last.isError ? void last.refetch() : setPages(pages + 1))}>
            {last.isPending ? '加载中…' : last.isError ? '重试' : '加载更多'}
          </button>
        ) : null}
      </section>
    </div>
  );
}

/** An earlier note: its title and day; a tap shows its body in place. */
function ArchiveNote({ note, appID }: { note: DailyNote; appID: number }) {
  const [open, setOpen] = useState(false);
  return (
    <div className={sh.note}>
      <button type="button" className={styles.row} aria-expanded={open} onClick={() => setOpen(!open)}>
        <span className={styles.rowMain}>
          <span className={styles.rowTitle}>{note.title}</span>
          <span className={styles.rowMeta}>{dayText(note.day)}</span>
        </span>
        <span className={sh.pill} aria-hidden="true">
          {open ? '收起' : '展开'}
        </span>
      </button>
      {open ? (
        <div className={sh.noteBody}>
          <Markdown source={note.body} appID={appID} />
          <div className={sh.meta}>
            <Link className={sh.small} to={feedbackPath('daily', note.id)}>
              纠错
            </Link>
          </div>
        </div>
      ) : null}
    </div>
  );
}
