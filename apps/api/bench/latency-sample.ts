/** Sequential GETs and their latency percentiles: what the latency benchmarks print, idle and loaded. */

export interface LatencySample {
  p50: number;
  p99: number;
  max: number;
  /** Requests measured. */
  samples: number;
  /** Answers that were not 200. */
  errors: number;
}

export const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;

/**
 * `requests` sequential GETs of `url`, and more while `more()` says so (a load that has not yet
 * run long enough to be measured); their p50, p99 and max in ms.
 */
export async function measureLatency(
  url: string,
  headers: Record<string, string>,
  requests: number,
  more: () => boolean = () => false,
): Promise<LatencySample> {
  const times: number[] = [];
  let errors = 0;
  for (let i = 0; i < requests || more(); i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    if (res.status !== 200) errors++;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1) as number, samples: times.length, errors };
}

/** The markdown table of idle and loaded figures per request. */
export function latencyTable(idle: Record<string, LatencySample>, loaded: Record<string, LatencySample>): string {
  const rows = [
    '| request | idle p50 | idle p99 | under load p50 | under load p99 | under load max | samples idle / loaded | non-200 |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const name of Object.keys(idle)) {
    const a = idle[name] as LatencySample;
    const b = loaded[name] as LatencySample;
    rows.push(
      `| ${name} | ${a.p50.toFixed(2)} ms | ${a.p99.toFixed(2)} ms | ${b.p50.toFixed(2)} ms | ${b.p99.toFixed(2)} ms | ${b.max.toFixed(2)} ms | ${a.samples} / ${b.samples} | ${a.errors + b.errors} |`,
    );
  }
  return rows.join('\n');
}
