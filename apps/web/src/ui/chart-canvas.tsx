import { Chart, type ChartConfiguration, type ChartType } from 'chart.js';
import { useEffect, useRef } from 'react';
import { useNightMode } from '../lib/night-mode';
import styles from './chart.module.css';

/**
 * The app's one chart approach (docs/web.md "Charts"): a chart.js chart on a canvas. Each chart module registers
 * only the chart.js parts it draws with (no chart.js/auto) and builds its configuration from the colours of the
 * --chart-* variables (chart.module.css, by day and at night), read again when night mode changes. The canvas is
 * one image named by `summary`; the figures are in a table beside it (the caller's).
 */

/** A CSS variable's value on the chart's box ('#888' when unset). */
export type ChartColor = (cssVar: string) => string;

export interface ChartCanvasProps<T extends ChartType> {
  /** The chart's configuration from the palette and the page's font family. */
  config: (color: ChartColor, fontFamily: string) => ChartConfiguration<T>;
  /** Stands for what `config` draws: the chart is made again when it changes. */
  drawKey: string;
  /** Canvas height in px (the width follows the box). */
  height: number;
  /** The chart in one sentence: the canvas' accessible name. */
  summary: string;
  testId?: string;
}

export function ChartCanvas<T extends ChartType>({ config, drawKey, height, summary, testId }: ChartCanvasProps<T>) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { dark } = useNightMode();
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const style = getComputedStyle(el);
    const color: ChartColor = (v) => style.getPropertyValue(v).trim() || '#888';
    const chart = new Chart(el, config(color, getComputedStyle(document.body).fontFamily));
    return () => chart.destroy();
    // drawKey stands for config (a new function on every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [drawKey, dark]);
  return (
    <div className={styles.box} style={{ height }}>
      <canvas ref={canvas} role="img" aria-label={summary} data-testid={testId} />
    </div>
  );
}
