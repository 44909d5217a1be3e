import { ParadoxSchema, type EngineEvent, type Simulation } from '@sim/engine';

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
  paradoxes: { needs: 'kind', kind: 'number', description: 'Paradoxes of the run; `paradoxes:<kind>` counts one kind only (averted, unforeseen, decree, postponed, unstable-prophecy)' },
  prophecies: { needs: 'none', kind: 'number', description: 'Prophecies the engine made' },
  completionTick: { needs: 'none', kind: 'number', description: 'Tick at which the simulation completed (rules.maxTicks or the loss of every basin); null when it did not within the run' },
  completionReason: { needs: 'none', kind: 'category', description: '`max-ticks`, `collapse`, or null when the simulation did not complete within the run' },
} as const;

export type MetricName = keyof typeof METRIC_CATALOGUE;
export const METRIC_NAMES = Object.keys(METRIC_CATALOGUE) as MetricName[];

/** A metric's value in one run. */
export type MetricValue = number | boolean | string | null;

/** A parsed metric: its catalogue entry and its argument (attractor id or paradox kind). */
export interface MetricSpec {
  /** As written: `lossTick:haven`. */
  key: string;
  name: MetricName;
  argument: string | undefined;
}

/**
 * Parses one metric; a string is a problem message (the caller puts it at the metric's path).
 * Without `attractorIds` the attractor is not checked (a stored experiment, checked when planned);
 * `owner` names where they come from in that message.
 */
export function parseMetric(key: string, attractorIds?: ReadonlySet<string>, owner = 'the scenario'): MetricSpec | string {
  const colon = key.indexOf(':');
  const name = colon < 0 ? key : key.slice(0, colon);
  const argument = colon < 0 ? undefined : key.slice(colon + 1);
  if (!(name in METRIC_CATALOGUE)) return `unknown metric "${name}"; the catalogue: ${METRIC_NAMES.join(', ')}`;
  const entry = METRIC_CATALOGUE[name as MetricName];
  if (entry.needs === 'attractor') {
    if (argument === undefined || argument === '') return `${name} names an attractor: ${name}:<attractor id>`;
    if (attractorIds !== undefined && !attractorIds.has(argument)) return `${owner} has no attractor "${argument}"`;
  } else if (entry.needs === 'kind') {
    if (argument !== undefined && !(PARADOX_KINDS as readonly string[]).includes(argument)) return `unknown paradox kind "${argument}"; kinds: ${PARADOX_KINDS.join(', ')}`;
  } else if (argument !== undefined) {
    return `${name} takes no argument`;
  }
  return { key, name: name as MetricName, argument };
}

/** What one run observed, from which every metric is read. */
interface RunObservations {
  lossTicks: Map<string, number>;
  paradoxes: Map<string, number>;
  prophecies: number;
  minStability: number;
}

/**
 * Runs `simulation` for up to `ticks` ticks (fewer when it completes) and reads the metrics.
 * Pure engine work: the worker thread calls it, and so does a test reproducing a run.
 */
export function measureRun(simulation: Simulation, ticks: number, metrics: readonly MetricSpec[]): Record<string, MetricValue> {
  const seen: RunObservations = { lossTicks: new Map(), paradoxes: new Map(), prophecies: 0, minStability: Number.POSITIVE_INFINITY };
  const onEvent = (event: EngineEvent): void => {
    if (event.type === 'loss') seen.lossTicks.set(event.data.attractor, event.data.tick);
    else if (event.type === 'paradox') seen.paradoxes.set(event.data.kind, (seen.paradoxes.get(event.data.kind) ?? 0) + 1);
    else if (event.type === 'prophecy') seen.prophecies += 1;
  };
  const observer = { onEvent };
  for (let done = 0; done < ticks && !simulation.completed; done++) {
    if (simulation.step(1, observer) === 0) break;
    seen.minStability = Math.min(seen.minStability, simulation.state().stability);
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
  }
}
