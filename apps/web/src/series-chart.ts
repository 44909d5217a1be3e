import uPlot from 'uplot';
import type { FrameMeter } from './frame-meter.js';

/**
 * The shortest time between two redraws. A stability line gains nothing from 20 redraws a
 * second, while each costs the browser a repaint of the chart beside the world's (in software
 * rendering or an emulated GPU, the larger cost of a frame; apps/api/bench/viewer.bench.ts).
 */
const MIN_REDRAW_INTERVAL_MS = 250;

/**
 * Values over ticks (uPlot), one series per label: the stability of the live simulation, or of
 * two runs side by side when comparing, or one number of every site of a domain. Points are
 * appended as ticks arrive and the chart redraws at an animation frame, at most four times a
 * second. The y axis spans `yRange`, or the data when it is left out.
 */
export class SeriesChart {
  private readonly plot: uPlot;
  private readonly columns: number[][];
  private pending = false;
  private lastRedraw = Number.NEGATIVE_INFINITY;

  constructor(
    container: HTMLElement,
    labels: string[] = ['stability'],
    width = 520,
    height = 180,
    private readonly meter?: FrameMeter,
    yRange: [number, number] | undefined = [0, 1],
  ) {
    this.columns = [[], ...labels.map(() => [])];
    const palette = ['#4a90e2', '#ff5d73', '#f2c14e', '#5fd39a', '#b58cff', '#ff9f43', '#7fd3ff', '#e0e0e0'];
    this.plot = new uPlot(
      {
        width,
        height,
        scales: { x: { time: false }, y: yRange === undefined ? {} : { range: yRange } },
        axes: [
          { label: 'tick', stroke: '#c9d4df', grid: { stroke: '#1b2733' } },
          { stroke: '#c9d4df', grid: { stroke: '#1b2733' } },
        ],
        series: [{ label: 'tick' }, ...labels.map((label, i) => ({ label, stroke: palette[i % palette.length], width: 1.5, spanGaps: true }))],
        legend: { show: labels.length > 1 },
      },
      this.columns as uPlot.AlignedData,
      container,
    );
  }

  /** Adds the value of series 0 at a tick; a tick at or before the last one starts the series again. */
  push(tick: number, value: number): void {
    this.pushAll(tick, [value]);
  }

  /** Adds one value per series at a tick (null: no value); a tick at or before the last one starts the series again. */
  pushAll(tick: number, values: ReadonlyArray<number | null>): void {
    const ticks = this.columns[0]!;
    if (ticks.length > 0 && tick <= ticks[ticks.length - 1]!) for (const column of this.columns) column.length = 0;
    ticks.push(tick);
    for (let i = 1; i < this.columns.length; i++) (this.columns[i] as Array<number | null>).push(values[i - 1] ?? null);
    this.request();
  }

  /** Replaces every series: `ticks` and one array of values per label. */
  set(ticks: number[], series: Array<Array<number | null>>): void {
    this.columns.length = 0;
    this.columns.push(ticks, ...(series as number[][]));
    this.request();
  }

  private request(): void {
    if (this.pending) return;
    this.pending = true;
    const redraw = () => {
      this.pending = false;
      this.lastRedraw = performance.now();
      const update = () => this.plot.setData(this.columns as uPlot.AlignedData);
      if (this.meter === undefined) update();
      else this.meter.time('chart', update);
    };
    const wait = this.lastRedraw + MIN_REDRAW_INTERVAL_MS - performance.now();
    if (wait <= 0) requestAnimationFrame(redraw);
    else setTimeout(() => requestAnimationFrame(redraw), wait);
  }
}
