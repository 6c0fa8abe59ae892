import { useId, useState, type ReactNode } from 'react';
import styles from '../report.module.css';

/**
 * A chart of the report with its text alternative: the caption, the chart (one image with a summary), and the
 * figures as a table. The table is always read by screen readers; on screen it shows on demand (显示数据表).
 */
export function ReportFigure({ caption, children, table }: { caption: string; children: ReactNode; table: ReactNode }) {
  const [shown, setShown] = useState(false);
  const id = useId();
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>{caption}</figcaption>
      {children}
      <button type="button" className={styles.tableToggle} aria-controls={id} onClick={() => setShown((s) => !s)}>
        {shown ? '隐藏数据表' : '显示数据表'}
      </button>
      <div id={id} className={shown ? styles.tableWrap : 'ks-visually-hidden'} data-testid="report-table">
        {table}
      </div>
    </figure>
  );
}

/** A plain table: the first cell of each row is its header. */
export function DataTable({ caption, head, rows }: { caption: string; head: readonly string[]; rows: readonly (readonly (string | number)[])[] }) {
  return (
    <table className={styles.table}>
      <caption className="ks-visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={`${i}-${r[0]}`}>
            {r.map((cell, j) =>
              j === 0 ? (
                <th key={j} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={j}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One card of the report: a region named by its heading. */
export function ReportSection({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const id = useId();
  return (
    <section className={styles.card} aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className={styles.cardTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
