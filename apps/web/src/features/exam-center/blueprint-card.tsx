import { marks } from '../../entities/exam/format';
import { drawnFigures } from '../../entities/exam-center/format';
import { type Blueprint } from '../../entities/exam-center/api';
import styles from './exam-center.module.css';

/**
 * The exam's structure (simulationTest/blueprint): a table of the sections (题型, 题数, 每题分值) and the
 * figures. `drawn`: a drawn set of that structure (/mockTest) — each question 1 point, pass 60 %, its own
 * time (count × the template's seconds per question); otherwise the template paper's own marks.
 */
export function BlueprintCard({ bp, drawn, title = '试卷结构' }: { bp: Blueprint; drawn?: boolean; title?: string }) {
  const figures = drawn
    ? drawnFigures(bp)
    : { count: bp.sections.reduce((n, s) => n + s.count, 0), total: bp.totalScore, pass: bp.passScore, minutes: Math.ceil(bp.limitSeconds / 60) };
  return (
    <section className={styles.card} aria-label={title}>
      <h2 className={styles.cardTitle}>{title}</h2>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">题型</th>
            <th scope="col">题数</th>
            <th scope="col">每题分值</th>
          </tr>
        </thead>
        <tbody>
          {bp.sections.map((s) => (
            <tr key={`${s.type}-${s.title}`}>
              <td>{s.title}</td>
              <td>{s.count}</td>
              <td>{drawn ? '1' : marks(s.score)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className={styles.facts}>
        <div>
          <dt>题量</dt>
          <dd>{`${figures.count}题`}</dd>
        </div>
        <div>
          <dt>时长</dt>
          <dd>{`${figures.minutes}分钟`}</dd>
        </div>
        <div>
          <dt>及格线</dt>
          <dd>{`${marks(figures.pass)}/${marks(figures.total)}分`}</dd>
        </div>
      </dl>
    </section>
  );
}
