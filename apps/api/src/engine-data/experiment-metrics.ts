import { ParadoxSchema, type EngineEvent, type Simulation } from '@sim/engine';
import { parseDomainPath, readDomainPath, type DomainPath } from './domain-path.js';

/**
 * The metrics catalogue (docs/api.md, "Experiments", "Metrics"). A metric is named by a string,
 * which is also its column in the CSV and Parquet exports; metrics about one attractor name it
 * after a colon (`lossTick:haven`), paradoxes of one kind name the kind (`paradoxes:averted`).
 */
export const PARADOX_KINDS = ParadoxSchema.shape.kind.options;
export type ParadoxKind = (typeof PARADOX_KINDS)[number];

export const METRIC_CATALOGUE = {
  lossTick: { needs: 'attractor', kind: 'number', description: 'Tick at which the basin of the named attractor was lost; null when it was not lost' },
  lost: { needs: 'attractor', kind: 'boolean', description: 'Whether the basin of the named attractor was lost' },
  losses: { needs: 'none', kind: 'number', description: 'Basins lost in the run' },
  finalStability: { needs: 'none', kind: 'number', description: 'Stability b after the last tick' },
  minStability: { needs: 'none', kind: 'number', description: 'Lowest stability b after any tick of the run' },
  paradoxes: {
    needs: 'kind',
    kind: 'number',
    description: 'Paradoxes of the run; `paradoxes:<kind>` counts one kind only (averted, unforeseen, decree, postponed, unstable-prophecy)',
  },
  prophecies: { needs: 'none', kind: 'number', description: 'Prophecies the engine made' },
  completionTick: {
    needs: 'none',
    kind: 'number',
    description: 'Tick at which the simulation completed (rules.maxTicks or the loss of every basin); null when it did not within the run',
  },
  completionReason: { needs: 'none', kind: 'category', description: '`max-ticks`, `collapse`, or null when the simulation did not complete within the run' },
  domainPeak: {
    needs: 'domain-path',
    kind: 'number',
    description:
      'Largest value over the run of a number in `state.domain`: `domainPeak:regions[Capital].hospitalized` (tick 0 included); null when the state has no number there',
  },
  domainPeakTick: { needs: 'domain-path', kind: 'number', description: 'First tick at which that number reached its largest value' },
  domainMin: { needs: 'domain-path', kind: 'number', description: 'Smallest value over the run of a number in `state.domain`: `domainMin:sites[Porto].stock`' },
  domainMinTick: { needs: 'domain-path', kind: 'number', description: 'First tick at which that number reached its smallest value' },
  domainFinal: { needs: 'domain-path', kind: 'number', description: 'That number after the last tick of the run' },
} as const;

export type MetricName = keyof typeof METRIC_CATALOGUE;
export const METRIC_NAMES = Object.keys(METRIC_CATALOGUE) as MetricName[];

/** A metric's value in one run. */
export type MetricValue = number | boolean | string | null;

/** A parsed metric: its catalogue entry and its argument (attractor id, paradox kind or domain path). */
export interface MetricSpec {
  /** As written: `lossTick:haven`. */
  key: string;
  name: MetricName;
  argument: string | undefined;
  /** The parsed path of a `domain…` metric. */
  domainPath?: DomainPath;
}

/** `domainAtStart` of a base known to have no domain model: no domain path leads anywhere. */
export const NO_DOMAIN: unique symbol = Symbol('no domain');

/**
 * Parses one metric; a string is a problem message (the caller puts it at the metric's path).
 * Without `attractorIds` the attractor is not checked (a stored experiment, checked when planned);
 * `owner` names where they come from in that message. `domainAtStart`, the base's `state.domain`
 * at tick 0 when it is known (NO_DOMAIN when the base has none), checks that a domain path
 * leads to a number.
 */
export function parseMetric(key: string, attractorIds?: ReadonlySet<string>, owner = 'the scenario', domainAtStart?: unknown): MetricSpec | string {
  const colon = key.indexOf(':');
  const name = colon < 0 ? key : key.slice(0, colon);
  const argument = colon < 0 ? undefined : key.slice(colon + 1);
  if (!(name in METRIC_CATALOGUE)) return `unknown metric "${name}"; the catalogue: ${METRIC_NAMES.join(', ')}`;
  const entry = METRIC_CATALOGUE[name as MetricName];
  if (entry.needs === 'attractor') {
    if (argument === undefined || argument === '') return `${name} names an attractor: ${name}:<attractor id>`;
    if (attractorIds !== undefined && !attractorIds.has(argument)) return `${owner} has no attractor "${argument}"`;
  } else if (entry.needs === 'domain-path') {
    if (argument === undefined || argument === '') return `${name} names a number in state.domain: ${name}:<path>, e.g. ${name}:regions[North].hospitalized`;
    const path = parseDomainPath(argument);
    if (typeof path === 'string') return path;
    if (domainAtStart === NO_DOMAIN)
      return `${owner} has no domain model (no state.domain): ${name} reads a world made from a domain (POST /v1/simulations/from-domain, or a domain base)`;
    if (domainAtStart !== undefined && readDomainPath(domainAtStart, path) === undefined) return `${owner} has no number at state.domain.${argument}`;
    return { key, name: name as MetricName, argument, domainPath: path };
  } else if (entry.needs === 'kind') {
    if (argument !== undefined && !(PARADOX_KINDS as readonly string[]).includes(argument))
      return `unknown paradox kind "${argument}"; kinds: ${PARADOX_KINDS.join(', ')}`;
  } else if (argument !== undefined) {
    return `${name} takes no argument`;
  }
  return { key, name: name as MetricName, argument };
}

/** The extremes of one number in `state.domain` over a run. */
interface DomainSeries {
  peak: number;
  peakTick: number;
  min: number;
  minTick: number;
  last: number | undefined;
}

/** What one run observed, from which every metric is read. */
interface RunObservations {
  lossTicks: Map<string, number>;
  paradoxes: Map<string, number>;
  prophecies: number;
  minStability: number;
  /** By domain path as written. */
  domain: Map<string, DomainSeries>;
}

function observeDomain(seen: RunObservations, metrics: readonly MetricSpec[], state: ReturnType<Simulation['state']>): void {
  for (const metric of metrics) {
    if (metric.domainPath === undefined) continue;
    const value = state.domain === undefined ? undefined : readDomainPath(state.domain, metric.domainPath);
    const key = metric.argument as string;
    const series = seen.domain.get(key) ?? { peak: -Infinity, peakTick: -1, min: Infinity, minTick: -1, last: undefined };
    if (value !== undefined) {
      if (value > series.peak) Object.assign(series, { peak: value, peakTick: state.tick });
      if (value < series.min) Object.assign(series, { min: value, minTick: state.tick });
    }
    series.last = value;
    seen.domain.set(key, series);
  }
}

/**
 * Runs `simulation` for up to `ticks` ticks (fewer when it completes) and reads the metrics.
 * Pure engine work: the worker thread calls it, and so does a test reproducing a run.
 */
export function measureRun(simulation: Simulation, ticks: number, metrics: readonly MetricSpec[]): Record<string, MetricValue> {
  const seen: RunObservations = { lossTicks: new Map(), paradoxes: new Map(), prophecies: 0, minStability: Number.POSITIVE_INFINITY, domain: new Map() };
  const watchesDomain = metrics.some((metric) => metric.domainPath !== undefined);
  if (watchesDomain) observeDomain(seen, metrics, simulation.state());
  const onEvent = (event: EngineEvent): void => {
    if (event.type === 'loss') seen.lossTicks.set(event.data.attractor, event.data.tick);
    else if (event.type === 'paradox') seen.paradoxes.set(event.data.kind, (seen.paradoxes.get(event.data.kind) ?? 0) + 1);
    else if (event.type === 'prophecy') seen.prophecies += 1;
  };
  const observer = { onEvent };
  for (let done = 0; done < ticks && !simulation.completed; done++) {
    if (simulation.step(1, observer) === 0) break;
    const state = simulation.state();
    seen.minStability = Math.min(seen.minStability, state.stability);
    if (watchesDomain) observeDomain(seen, metrics, state);
  }
  const state = simulation.state();
  const values: Record<string, MetricValue> = {};
  for (const metric of metrics) values[metric.key] = readMetric(metric, seen, state);
  return values;
}

function readMetric(metric: MetricSpec, seen: RunObservations, state: ReturnType<Simulation['state']>): MetricValue {
  switch (metric.name) {
    case 'lossTick':
      return seen.lossTicks.get(metric.argument as string) ?? null;
    case 'lost':
      return seen.lossTicks.has(metric.argument as string);
    case 'losses':
      return seen.lossTicks.size;
    case 'finalStability':
      return state.stability;
    case 'minStability':
      return Number.isFinite(seen.minStability) ? seen.minStability : state.stability;
    case 'paradoxes':
      return metric.argument === undefined ? [...seen.paradoxes.values()].reduce((a, b) => a + b, 0) : (seen.paradoxes.get(metric.argument) ?? 0);
    case 'prophecies':
      return seen.prophecies;
    case 'completionTick':
      return state.completion === null ? null : state.tick;
    case 'completionReason':
      return state.completion;
    case 'domainPeak':
    case 'domainPeakTick':
    case 'domainMin':
    case 'domainMinTick':
    case 'domainFinal':
      return readDomainSeries(metric.name, seen.domain.get(metric.argument as string));
  }
}

function readDomainSeries(
  name: 'domainPeak' | 'domainPeakTick' | 'domainMin' | 'domainMinTick' | 'domainFinal',
  series: DomainSeries | undefined,
): number | null {
  if (series === undefined || series.peakTick < 0) return null;
  switch (name) {
    case 'domainPeak':
      return series.peak;
    case 'domainPeakTick':
      return series.peakTick;
    case 'domainMin':
      return series.min;
    case 'domainMinTick':
      return series.minTick;
    case 'domainFinal':
      return series.last ?? null;
  }
}
