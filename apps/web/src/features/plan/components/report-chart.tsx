import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip, type ChartConfiguration } from 'chart.js';
import { ChartCanvas, type ChartColor } from '../../../ui/chart-canvas';

/**
 * A bar chart of the report drawn by chart.js through ui/chart-canvas (only the bar controller, its element, the two
 * scales, the legend and the tooltip are registered). Colours come from the --chart-* variables (ui/chart.module.css,
 * by day and at night). The canvas is one image named by `summary`; the figures are in the figure's table
 * (ReportFigure).
 */

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export type ChartTone = 'theme' | 'done' | 'rest' | 'weak' | 'close' | 'pass';

const TONE_VARS: Record<ChartTone, string> = {
  theme: '--chart-theme',
  done: '--chart-done',
  rest: '--chart-rest',
  weak: '--chart-weak',
  close: '--chart-close',
  pass: '--chart-pass',
};

export interface BarSeries {
  label: string;
  data: readonly number[];
  /** One colour for the series, or one per bar. */
  tone: ChartTone | readonly ChartTone[];
}

export interface BarChartProps {
  labels: readonly string[];
  series: readonly BarSeries[];
  /** Bars along x (categories on the y axis). */
  horizontal?: boolean;
  stacked?: boolean;
  /** The value axis' end (e.g. 100 for percents); chart.js picks one without it. */
  max?: number;
  /** After each value: '%' or '分钟'. */
  unit?: string;
  /** After each value on the axis (default `unit`; '' where the caption names the unit). */
  axisUnit?: string;
  /** Canvas height in px (the width follows the figure). */
  height: number;
  /** The chart in one sentence: the canvas' accessible name. */
  summary: string;
  testId?: string;
}

/** Longer category names are cut on the axis (the table has them whole). */
const AXIS_LABEL_MAX = 8;
const cut = (s: string) => (s.length > AXIS_LABEL_MAX ? `${s.slice(0, AXIS_LABEL_MAX - 1)}…` : s);

export function configOf(p: BarChartProps, color: ChartColor, fontFamily: string): ChartConfiguration<'bar'> {
  const text = color('--chart-text');
  const grid = color('--chart-grid');
  const unit = p.unit ?? '';
  const axisUnit = p.axisUnit ?? unit;
  const tone = (t: ChartTone) => color(TONE_VARS[t]);
  const font = { family: fontFamily, size: 12 };
  const valueAxis = {
    stacked: p.stacked,
    beginAtZero: true,
    max: p.max,
    grid: { color: grid },
    border: { color: grid },
    ticks: { color: text, font, precision: 0, callback: (v: string | number) => `${v}${axisUnit}` },
  };
  const categoryAxis = { stacked: p.stacked, grid: { display: false }, border: { color: grid }, ticks: { color: text, font, autoSkip: false, callback: categoryTick(p.labels) } };
  return {
    type: 'bar',
    data: {
      labels: [...p.labels],
      datasets: p.series.map((s) => ({
        label: s.label,
        data: [...s.data],
        backgroundColor: typeof s.tone === 'string' ? tone(s.tone as ChartTone) : (s.tone as readonly ChartTone[]).map(tone),
        borderRadius: 4,
        maxBarThickness: 24,
      })),
    },
    options: {
      indexAxis: p.horizontal ? 'y' : 'x',
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: {
        legend: { display: p.series.length > 1, labels: { color: text, font, boxWidth: 12 } },
        tooltip: { callbacks: { label: (ctx) => `${ctx.dataset.label ?? ''}：${p.horizontal ? ctx.parsed.x : ctx.parsed.y}${unit}` } },
      },
      scales: p.horizontal ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
    },
  };
}

function categoryTick(labels: readonly string[]) {
  return (_v: string | number, i: number) => cut(labels[i] ?? '');
}

export function ReportBarChart(props: BarChartProps) {
  const key = JSON.stringify([props.labels, props.series, props.horizontal, props.stacked, props.max, props.unit, props.axisUnit]);
  return <ChartCanvas config={(color, font) => configOf(props, color, font)} drawKey={key} height={props.height} summary={props.summary} testId={props.testId} />;
}
