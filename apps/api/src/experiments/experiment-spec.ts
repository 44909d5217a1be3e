import { createHash } from 'node:crypto';
import type { EngineInputDraft, NumericRuleName, ScenarioInput } from '@sim/engine';
import { canonicalJson } from '../idempotency/canonical-json.js';
import type { DomainCatalog } from '../scenarios/domain-catalog.js';
import { applyToInput, applyToScenario, EVERY_AGENT, resolvePath, type ParameterBase, type ParameterValue } from './parameter-paths.js';
import { runSeed } from './seed-derivation.js';
import { INLINE_SCENARIO_ID } from '../simulations/scenario-source.js';

/** What every run of an experiment starts from, resolved when it was submitted. */
export type ExperimentBase =
  /** A pre-built scenario (copied, so an edited file changes no stored experiment) or an inline one. */
  | { kind: 'scenario'; scenarioId: string; scenario: ScenarioInput }
  /** A domain adapter's input, translated per combination. */
  | { kind: 'domain'; domain: string; input: unknown }
  | SimulationBase;

/**
 * A simulation at a past tick: every run is a fork of its history at `atTick`, reseeded with the
 * run's seed (docs/api.md, "Experiments", "Bases"). Its state there is copied when the experiment
 * is submitted, so whatever later happens to the simulation changes nothing for the experiment.
 */
export interface SimulationBase {
  kind: 'simulation';
  simulationId: string;
  atTick: number;
  /** The simulation's scenario id (`inline` for an inline scenario): the experiment's `scenarioId`. */
  scenarioId: string;
  /** Its engine snapshot at `atTick` as JSON text (random streams included): what every run restores. */
  snapshot: string;
  /** SHA-256 (hex) of `snapshot`: the base's identity in every run's inputs hash. */
  stateHash: string;
  /** The agents alive at `atTick`, in list order: those an `agents.*` path changes. */
  agentIds: string[];
}

/** One varied parameter and its values, in the order the runs take them. */
export interface VariedParameter {
  path: string;
  values: ParameterValue[];
}

/**
 * A planned experiment: everything needed to compute any of its runs, stored with it, so a
 * restarted server resumes it exactly. Parameters are sorted by path (code-unit order), so the
 * combination numbering does not depend on the key order of the request's `vary`.
 */
export interface ExperimentSpec {
  base: ExperimentBase;
  engineVersion: string;
  parameters: VariedParameter[];
  replications: number;
  seed: number;
  ticks: number;
  metrics: string[];
}

/** Combinations of the cross product: the product of the value counts (1 when nothing varies). */
export function combinationCount(spec: Pick<ExperimentSpec, 'parameters'>): number {
  return spec.parameters.reduce((n, p) => n * p.values.length, 1);
}

/**
 * The parameter values of combination `c`: the cross product in order, the last path (by name)
 * varying fastest, each path's values in the order given (docs/api.md, "Experiments").
 */
export function combinationValues(spec: Pick<ExperimentSpec, 'parameters'>, combination: number): Record<string, ParameterValue> {
  const values: Record<string, ParameterValue> = {};
  let rest = combination;
  for (let k = spec.parameters.length - 1; k >= 0; k--) {
    const parameter = spec.parameters[k] as VariedParameter;
    values[parameter.path] = parameter.values[rest % parameter.values.length] as ParameterValue;
    rest = Math.floor(rest / parameter.values.length);
  }
  return Object.fromEntries(spec.parameters.map((p) => [p.path, values[p.path] as ParameterValue]));
}

export type CombinationScenario = { ok: true; scenario: ScenarioInput } | { ok: false; message: string };

/** The scenario of combination `c` of a scenario or domain base, its seed still the base's (see runInputs). */
export async function combinationScenario(
  spec: ExperimentSpec,
  combination: number,
  domains: DomainCatalog,
  signal?: AbortSignal,
): Promise<CombinationScenario> {
  const values = combinationValues(spec, combination);
  if (spec.base.kind === 'simulation') throw new Error('a simulation base has no scenario per combination: see combinationChanges');
  const base: ParameterBase = spec.base.kind === 'scenario' ? { kind: 'scenario', scenario: spec.base.scenario } : { kind: 'domain', input: spec.base.input };
  if (spec.base.kind === 'domain') {
    let input = spec.base.input;
    for (const [path, value] of Object.entries(values)) {
      const target = resolvePath(path, base);
      if (typeof target !== 'string' && target.kind === 'input') input = applyToInput(input, target.segments, value);
    }
    const translated = await domains.translate(spec.base.domain, input, signal);
    if (translated.ok) return { ok: true, scenario: translated.scenario };
    return {
      ok: false,
      message:
        translated.reason === 'unknown-domain'
          ? `domain adapter ${spec.base.domain} is gone`
          : translated.issues.map((i) => `${i.path}: ${i.message}`).join('; '),
    };
  }
  let scenario = spec.base.scenario;
  for (const [path, value] of Object.entries(values)) {
    const target = resolvePath(path, base);
    if (typeof target !== 'string') scenario = applyToScenario(scenario, target, value);
  }
  return { ok: true, scenario };
}

/**
 * The changes combination `c` makes to a simulation base, as the body of a fork would give them
 * (docs/api.md, "Experiments", "Reproducing a run"): first a `set-rule` decree per `rules.*` path,
 * then a policy change per `agents.*` path and agent (every agent alive at atTick, in list order,
 * for `*`), each group in path order.
 */
export function combinationChanges(spec: ExperimentSpec, base: SimulationBase, combination: number): EngineInputDraft[] {
  const decrees: EngineInputDraft[] = [];
  const policies: EngineInputDraft[] = [];
  for (const [path, value] of Object.entries(combinationValues(spec, combination))) {
    if (path.startsWith('rules.')) {
      decrees.push({
        kind: 'decree',
        decree: { type: 'set-rule', payload: { rule: path.slice('rules.'.length) as NumericRuleName, value: value as number } },
        ref: null,
      });
      continue;
    }
    // agents.<id|*>.policy.<field>: the only other path a simulation base takes (see resolvePath).
    const match = /^agents\.(.+)\.policy\.([a-z]+)$/.exec(path) as RegExpExecArray;
    const id = match[1] as string;
    const field = match[2] as string;
    for (const agentId of id === EVERY_AGENT ? base.agentIds : [id])
      policies.push({ kind: 'policy', agentId, policy: { [field]: value as number }, ref: null });
  }
  return [...decrees, ...policies];
}

interface RunIdentity {
  combination: number;
  replication: number;
  seed: number;
  /** SHA-256 (hex) of everything the run computes from: runs that hash the same compute the same. */
  hash: string;
}

/** A run of a scenario or domain base: the combination's scenario with the run's seed. */
export interface ScenarioRunInputs extends RunIdentity {
  start: 'scenario';
  scenario: ScenarioInput;
}

/** A run of a simulation base: the base's state with these inputs queued for its next tick, the reseed first. */
export interface SimulationRunInputs extends RunIdentity {
  start: 'simulation';
  inputs: EngineInputDraft[];
}

/** What one run computes. */
export type RunInputs = ScenarioRunInputs | SimulationRunInputs;

/**
 * Whose results a run may reuse (docs/api.md, "Experiments", "Runs, reuse and resuming"): a run
 * of a pre-built scenario is public, anyone's result of it serves everyone (both could read the
 * scenario); a run of an inline scenario, a domain input or a simulation base is private, its
 * result reused only within the organization that computed it. Otherwise `reused` would tell
 * another organization that its guess of a private scenario was right. The scope is part of the
 * inputs hash: undefined (public) leaves the hash as it always was.
 */
export function reuseScope(spec: Pick<ExperimentSpec, 'base'>, organizationId: string): string | undefined {
  return spec.base.kind === 'scenario' && spec.base.scenarioId !== INLINE_SCENARIO_ID ? undefined : organizationId;
}

/** `{ organization }` for a private run (see reuseScope), nothing for a public one. */
const scoped = (scope: string | undefined): { organization?: string } => (scope === undefined ? {} : { organization: scope });

/** The inputs hash of a combination's runs, by seed (see combinationHasher). */
export type CombinationHasher = (seed: number) => string;

/** Stands for the seed in the canonical JSON a combination's hasher splits; no scenario holds it. */
const SEED_HOLE = '\u0000seed\u0000';

/** What a run of a scenario or domain base hashes: the engine version, the scenario with the run's seed, ticks, metrics and the reuse scope. */
const hashedRecord = (spec: ExperimentSpec, scenario: ScenarioInput, seed: number | string, scope: string | undefined) => ({
  engineVersion: spec.engineVersion,
  scenario: { ...scenario, seed },
  ticks: spec.ticks,
  metrics: [...spec.metrics].sort(),
  ...scoped(scope),
});

/**
 * The inputs hash of each run of one combination, by its seed, the same bytes hashed as
 * runInputs always did. The canonical JSON of the combination's scenario (megabytes for 10 000
 * agents) is written and hashed once, up to the seed; each run then hashes only its seed and
 * what follows it, on a copy of that hash state. An experiment whose runs are all reused does
 * no more than that per run on the event loop (docs/api.md, "Experiments", "Runs, reuse and resuming").
 */
export function combinationHasher(spec: ExperimentSpec, scenario: ScenarioInput, scope: string | undefined): CombinationHasher {
  const text = canonicalJson(hashedRecord(spec, scenario, SEED_HOLE, scope));
  const hole = JSON.stringify(SEED_HOLE);
  const at = text.indexOf(hole);
  if (at < 0 || text.includes(hole, at + hole.length)) {
    // Cannot happen for a scenario the engine accepts (ids are printable); hash whole then.
    return (seed) =>
      createHash('sha256')
        .update(canonicalJson(hashedRecord(spec, scenario, seed, scope)))
        .digest('hex');
  }
  const prefix = createHash('sha256').update(text.slice(0, at));
  const suffix = text.slice(at + hole.length);
  return (seed) =>
    prefix
      .copy()
      .update(`${canonicalJson(seed)}${suffix}`)
      .digest('hex');
}

/** Hashed: the engine version, the scenario with the run's seed, ticks and metrics, and the reuse scope. */
export function runInputs(
  spec: ExperimentSpec,
  scenario: ScenarioInput,
  combination: number,
  replication: number,
  scope: string | undefined,
  hasher: CombinationHasher = combinationHasher(spec, scenario, scope),
): ScenarioRunInputs {
  const seed = runSeed(spec.seed, combination, replication);
  return { start: 'scenario', combination, replication, seed, scenario: { ...scenario, seed }, hash: hasher(seed) };
}

/**
 * Hashed: the engine version, the base's state at atTick (the hash of its snapshot, so two bases
 * share results only when they start from the same state byte for byte), the inputs with the
 * reseed, ticks and metrics, and the reuse scope (a simulation base is always private). A scenario run's hash has a `scenario` member, this one `state`:
 * the two never coincide.
 */
export function simulationRunInputs(
  spec: ExperimentSpec,
  base: SimulationBase,
  combination: number,
  replication: number,
  scope: string | undefined,
): SimulationRunInputs {
  const seed = runSeed(spec.seed, combination, replication);
  const inputs: EngineInputDraft[] = [{ kind: 'reseed', seed }, ...combinationChanges(spec, base, combination)];
  const hash = createHash('sha256')
    .update(
      canonicalJson({
        engineVersion: spec.engineVersion,
        state: base.stateHash,
        atTick: base.atTick,
        inputs,
        ticks: spec.ticks,
        metrics: [...spec.metrics].sort(),
        ...scoped(scope),
      }),
    )
    .digest('hex');
  return { start: 'simulation', combination, replication, seed, inputs, hash };
}
