import type { TrendPoint } from './api';

/** The trend chart's figures (history and exam center screens): the pass line, and the trend's summary for screen readers. */

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
