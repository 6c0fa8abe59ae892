import { CHART, chartPoints, chartY, trendSummary } from './chart';
import { formatDate, marks, shortDate } from './format';
import { type TrendPoint } from './api';
import styles from '../../ui/score-chart.module.css';

/**
 * The score trend over attempts (oldest first) as an inline SVG line chart: y = percent of the total
 * (0–100 with a dashed pass line), one dot per attempt (green passed, red not). Accessible as one image
 * with a summary; the figures are also in a table (shown on demand, always read by screen readers).
 */
export function ScoreChart({ trend, passPercent, passLabel }: { trend: readonly TrendPoint[]; passPercent: number; passLabel: string }) {
  const points = chartPoints(trend);
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ');
  const passY = chartY(passPercent);
  const right = CHART.width - CHART.right;
  const labelEvery = Math.max(1, Math.ceil(points.length / 6));
  return (
    <figure className={styles.chartFigure}>
      <svg className={styles.chart} viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-label={trendSummary(trend)} data-testid="trend-chart">
        {[0, 50, 100].map((v) => (
          <g key={v}>
            <line x1={CHART.left} x2={right} y1={chartY(v)} y2={chartY(v)} className={styles.gridLine} />
            <text x={CHART.left - 4} y={chartY(v) + 4} textAnchor="end" className={styles.axisText}>
              {`${v}%`}
            </text>
          </g>
        ))}
        <line x1={CHART.left} x2={right} y1={passY} y2={passY} className={styles.passLine} data-testid="pass-line" />
        <text x={right} y={passY - 4} textAnchor="end" className={styles.passText}>
          {passLabel}
        </text>
        {points.length > 1 ? <path d={path} className={styles.trendLine} /> : null}
        {points.map((p, i) => (
          <g key={p.point.examHistoryID}>
            <circle cx={p.x} cy={p.y} r={4} className={p.point.passed ? styles.dotPass : styles.dotFail} data-testid="trend-point" />
            {i % labelEvery === 0 || i === points.length - 1 ? (
              <text x={p.x} y={CHART.height - 8} textAnchor="middle" className={styles.axisText}>
                {shortDate(p.point.handedAt)}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
      <details className={styles.chartTable}>
        <summary>查看成绩表</summary>
        <table className={styles.table}>
          <caption className="ks-visually-hidden">历次成绩</caption>
          <thead>
            <tr>
              <th scope="col">次序</th>
              <th scope="col">交卷时间</th>
              <th scope="col">得分</th>
              <th scope="col">得分率</th>
              <th scope="col">结果</th>
            </tr>
          </thead>
          <tbody>
            {trend.map((p, i) => (
              <tr key={p.examHistoryID}>
                <th scope="row">{i + 1}</th>
                <td>{formatDate(p.handedAt)}</td>
                <td>{`${marks(p.score)}/${marks(p.total)}`}</td>
                <td>{`${Math.round(p.percent)}%`}</td>
                <td>{p.passed ? '合格' : '不合格'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
