import type { ChartConfiguration, ChartType } from 'chart.js';

/**
 * jsdom has no canvas: tests replace chart.js with this recorder of what each chart was given
 * (`vi.mock('chart.js', async () => (await import('…/test/chart-mock')).chartJsMock())`) and read `charts`.
 */
export const charts = {
  made: [] as { canvas: HTMLCanvasElement; config: ChartConfiguration<ChartType>; destroyed: boolean }[],
  registered: [] as { id: string }[],
};

/** The live chart drawn on the canvas with this test id (throws unless exactly one). */
export function liveChart<T extends ChartType = ChartType>(testId: string): { canvas: HTMLCanvasElement; config: ChartConfiguration<T>; destroyed: boolean } {
  const live = charts.made.filter((c) => c.canvas.dataset.testid === testId && !c.destroyed);
  if (live.length !== 1) throw new Error(`${live.length} live charts on ${testId}`);
  return live[0] as unknown as { canvas: HTMLCanvasElement; config: ChartConfiguration<T>; destroyed: boolean };
}

export function chartJsMock() {
  class Chart {
    entry: (typeof charts.made)[number];
    static register(...items: { id: string }[]) {
      charts.registered.push(...items);
    }
    constructor(canvas: HTMLCanvasElement, config: ChartConfiguration<ChartType>) {
      this.entry = { canvas, config, destroyed: false };
      charts.made.push(this.entry);
    }
    destroy() {
      this.entry.destroyed = true;
    }
  }
  const part = (id: string) => ({ id });
  return {
    Chart,
    BarController: part('bar'),
    BarElement: part('barElement'),
    LineController: part('line'),
    LineElement: part('lineElement'),
    PointElement: part('point'),
    CategoryScale: part('category'),
    LinearScale: part('linear'),
    Legend: part('legend'),
    Tooltip: part('tooltip'),
  };
}
