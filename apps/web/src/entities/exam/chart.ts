import type { TrendPoint } from './api';

/** The trend chart's geometry (ui of the history and exam center screens): where each attempt's point is drawn, and its summary for screen readers. */

export const CHART = { width: 340, height: 180, left: 34, right: 12, top: 14, bottom: 26 } as const;

export interface ChartPoint {
  x: number;
  y: number;
  point: TrendPoint;
}

/** y of a percent (0–100) inside the plot area. */
export const chartY = (percent: number): number => {
  const h = CHART.height - CHART.top - CHART.bottom;
  const p = Math.min(100, Math.max(0, percent));
  return Math.round((CHART.top + h - (p / 100) * h) * 10) / 10;
};

/** The trend's points (oldest first, as the server sends them), spread evenly over the plot's width. */
export function chartPoints(trend: readonly TrendPoint[]): ChartPoint[] {
  const w = CHART.width - CHART.left - CHART.right;
  const n = trend.length;
  return trend.map((point, i) => ({
    x: Math.round((n === 1 ? CHART.left + w / 2 : CHART.left + (i * w) / (n - 1)) * 10) / 10,
    y: chartY(point.percent),
    point,
  }));
}

/** The pass line in percent of the total (the trend's own pass line is not sent: from the latest attempt's paper). */
export const passPercent = (passScore: number, total: number): number => (total > 0 ? (passScore / total) * 100 : 60);

/** One sentence for screen readers: how many attempts, first and latest score, best, passes. */
export function trendSummary(trend: readonly TrendPoint[]): string {
  if (trend.length === 0) return '还没有成绩';
  const first = trend[0]!;
  const last = trend[trend.length - 1]!;
  const best = trend.reduce((b, p) => (p.percent > b.percent ? p : b), first);
  const passed = trend.filter((p) => p.passed).length;
  const dir = trend.length < 2 ? '' : last.percent > first.percent ? '，总体上升' : last.percent < first.percent ? '，总体下降' : '，与第一次持平';
  return `成绩趋势：共${trend.length}次，第一次${Math.round(first.percent)}%，最近一次${Math.round(last.percent)}%${dir}；最高${Math.round(best.percent)}%，合格${passed}次`;
}
