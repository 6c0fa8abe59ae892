import { lazy, Suspense, type ComponentProps } from 'react';

/**
 * The score trend (./score-chart) loaded when first shown, so chart.js stays out of the exam centre's and the
 * history's own chunks (their lists come first); the figure's height is kept while it loads.
 */
const ScoreChart = lazy(() => import('./score-chart').then((m) => ({ default: m.ScoreChart })));

export function TrendChart(props: ComponentProps<typeof ScoreChart>) {
  return (
    <Suspense fallback={<div style={{ height: 190 }} aria-busy="true" />}>
      <ScoreChart {...props} />
    </Suspense>
  );
}
