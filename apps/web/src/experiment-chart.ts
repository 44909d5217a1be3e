import uPlot from 'uplot';

/**
 * One metric across an experiment's combinations: the mean and its 95% confidence interval as
 * a shaded band, over the values of the swept parameter (or the combination's index when
 * several parameters vary).
 */
export function experimentChart(
  container: HTMLElement,
  title: string,
  xLabel: string,
  xs: number[],
  means: Array<number | null>,
  lows: Array<number | null>,
  highs: Array<number | null>,
): uPlot {
  return new uPlot(
    {
      title,
      width: 420,
      height: 200,
      scales: { x: { time: false } },
      axes: [
        { label: xLabel, stroke: '#c9d4df', grid: { stroke: '#1b2733' } },
        { stroke: '#c9d4df', grid: { stroke: '#1b2733' } },
      ],
      series: [
        { label: xLabel },
        { label: 'mean', stroke: '#4a90e2', width: 2, points: { show: true } },
        { label: '95% low', stroke: 'rgba(74, 144, 226, 0.4)', dash: [4, 4] },
        { label: '95% high', stroke: 'rgba(74, 144, 226, 0.4)', dash: [4, 4] },
      ],
      bands: [{ series: [3, 2], fill: 'rgba(74, 144, 226, 0.15)' }],
    },
    [xs, means, lows, highs] as uPlot.AlignedData,
    container,
  );
}
