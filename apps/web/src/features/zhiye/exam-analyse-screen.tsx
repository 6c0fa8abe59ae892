import type { CSSProperties } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { SelectedSubject } from '../../lib/subject';
import { queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { percent } from '../../lib/format';
import { sourceUrl } from '../../entities/practice/source-url';
import { ProgressBar } from '../../ui/plain-list';
import { NO_CONTENT } from '../../entities/sprint/api';
import { analyseQuery, type AnalyseData } from './api';
import styles from '../../ui/plain-list.module.css';

/**
 * /examAnalyseMenu (考情分析): per top chapter, how many past-exam questions each year held and the chapter's
 * share of them, as small bars; a tap → the chapter's past-exam questions of any year (plain source year&cptID).
 */
export default function ExamAnalyseScreen() {
  return <SubjectPage title="考情分析">{(subject) => <Analyse subject={subject} />}</SubjectPage>;
}

function Analyse({ subject }: { subject: SelectedSubject }) {
  const q = useQuery(analyseQuery(subject.AppID));
  const state = queryState(q, subject, { feature: '考情分析' });
  if (state) return state;
  const d = q.data!;
  if (d.total === 0) return <StateMessage text={NO_CONTENT} />;
  const max = Math.max(1, ...d.list.flatMap((r) => Object.values(r.byYear)));
  return (
    <div className={styles.screen}>
      <section className={styles.intro} aria-label="考情概览">
        <h2 className={styles.introTitle}>{`${d.years[0]}–${d.years.at(-1)}年 真题考点分布`}</h2>
        <p className={styles.muted}>{`共${d.total}道历年真题，按章节占比从高到低排列：占比越高，考试中越常出现。点击章节练习该章全部真题。`}</p>
      </section>
      <ul className={styles.list}>
        {[...d.list]
          .sort((a, b) => b.share - a.share)
          .map((r) => (
            <li key={r.cptID}>
              <ChapterCard row={r} years={d.years} max={max} />
            </li>
          ))}
      </ul>
    </div>
  );
}

function ChapterCard({ row, years, max }: { row: AnalyseData['list'][number]; years: number[]; max: number }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={styles.row}
      disabled={row.count === 0}
      aria-label={`${row.name} 真题${row.count}题 占${percent(row.share)}`}
      onClick={() => void navigate(sourceUrl({ kind: 'year', cptID: row.cptID }))}
    >
      <span className={styles.rowBody}>
        <span className={styles.rowTitle}>{row.name}</span>
        <span className={styles.rowMeta}>{`真题 ${row.count}题 · 占比 ${percent(row.share)}`}</span>
        <ProgressBar value={row.share} label={`${row.name} 占比`} />
        <span className={styles.years} style={{ '--cols': years.length } as CSSProperties} aria-hidden="true">
          {years.map((y) => {
            const n = row.byYear[String(y)] ?? 0;
            return (
              <span key={y} className={styles.yearCell}>
                <span className={styles.yearCount}>{n}</span>
                <span className={styles.yearBar} style={{ height: `${Math.round((n / max) * 28) + 2}px` }} />
                <span>{`'${String(y).slice(2)}`}</span>
              </span>
            );
          })}
        </span>
      </span>
      <span className={styles.share}>{percent(row.share)}</span>
    </button>
  );
}
