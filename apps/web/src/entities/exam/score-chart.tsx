import { CategoryScale, Chart, LinearScale, LineController, LineElement, PointElement, Tooltip, type ChartConfiguration, type ChartType, type Plugin } from 'chart.js';
import { ChartCanvas, type ChartColor } from '../../ui/chart-canvas';
import chartStyles from '../../ui/chart.module.css';
import styles from '../../ui/score-chart.module.css';
import { type TrendPoint } from './api';
import { trendSummary } from './chart';
import { formatDate, marks, shortDate } from './format';

/**
 * The score trend over attempts (oldest first) as a chart.js line chart (ui/chart-canvas; only the line controller,
 * its line and points, the two scales and the tooltip are registered): y = percent of the total (0–100 with a dashed
 * pass line and its label), one dot per attempt (green passed, red not), colours from the --chart-* variables by day
 * and at night. Accessible as one image with a summary; the figures are also in a table (shown on demand, always read
 * by screen readers).
 */

Chart.register(LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip);

const clamp = (percent: number) => Math.min(100, Math.max(0, percent));

/** The pass line's place (percent of the total), label and colour: options.plugins.passLine of the chart. */
export interface PassLineOptions {
  percent: number;
  label: string;
  color: string;
  font: { family: string; size: number };
}

declare module 'chart.js' {
  // Merged into chart.js' own interface, whose type parameter is spelled so.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface PluginOptionsByType<TType extends ChartType> {
    passLine?: PassLineOptions;
  }
}

/** The dashed pass line across the plot with its label at the right end, drawn under the trend. */
const passLine: Plugin<'line', PassLineOptions> = {
  id: 'passLine',
  beforeDatasetsDraw(chart, _args, o) {
    const { ctx, chartArea: area, scales } = chart;
    const y = scales.y!.getPixelForValue(clamp(o.percent));
    ctx.save();
    ctx.strokeStyle = o.color;
    ctx.lineWidth = 1;
    ctx.setLineDash([4, 3]);
    ctx.beginPath();
    ctx.moveTo(area.left, y);
    ctx.lineTo(area.right, y);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = o.color;
    ctx.font = `${o.font.size}px ${o.font.family}`;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'bottom';
    ctx.fillText(o.label, area.right, y - 3);
    ctx.restore();
  },
};

export function trendConfig(trend: readonly TrendPoint[], passPercent: number, passLabel: string, color: ChartColor, fontFamily: string): ChartConfiguration<'line'> {
  const text = color('--chart-text');
  const grid = color('--chart-grid');
  const dots = trend.map((p) => color(p.passed ? '--chart-done' : '--chart-weak'));
  const font = { family: fontFamily, size: 11 };
  return {
    type: 'line',
    data: {
      labels: trend.map((p) => shortDate(p.handedAt)),
      datasets: [
        {
          label: '得分率',
          data: trend.map((p) => Math.round(clamp(p.percent) * 10) / 10),
          borderColor: color('--chart-theme'),
          borderWidth: 2,
          pointRadius: 4,
          pointHoverRadius: 5,
          pointBackgroundColor: dots,
          pointBorderColor: dots,
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      layout: { padding: { top: 4, right: 8 } },
      plugins: {
        legend: { display: false },
        passLine: { percent: passPercent, label: passLabel, color: color('--chart-weak'), font },
        tooltip: {
          callbacks: {
            title: (items) => formatDate(trend[items[0]?.dataIndex ?? 0]?.handedAt ?? ''),
            label: (ctx) => `得分率：${ctx.parsed.y}%（${trend[ctx.dataIndex]?.passed ? '合格' : '不合格'}）`,
          },
        },
      },
      scales: {
        // One attempt: its dot in the middle, as the axis has room on both sides.
        x: { offset: trend.length === 1, grid: { display: false }, border: { color: grid }, ticks: { color: text, font, maxRotation: 0, autoSkip: true, maxTicksLimit: 6 } },
        y: { min: 0, max: 100, grid: { color: grid }, border: { display: false }, ticks: { color: text, font, stepSize: 50, callback: (v) => `${v}%` } },
      },
    },
    plugins: [passLine],
  };
}

export function ScoreChart({ trend, passPercent, passLabel }: { trend: readonly TrendPoint[]; passPercent: number; passLabel: string }) {
  const key = JSON.stringify([trend, passPercent, passLabel]);
  return (
    <figure className={styles.chartFigure}>
      <ChartCanvas
        config={(color, font) => trendConfig(trend, passPercent, passLabel, color, font)}
        drawKey={key}
        height={190}
        summary={trendSummary(trend)}
        testId="trend-chart"
      />
      <details className={styles.chartTable}>
        <summary>查看成绩表</summary>
        <table className={chartStyles.table}>
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
