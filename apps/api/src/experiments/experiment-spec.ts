import { createHash } from 'node:crypto';
import type { ScenarioInput } from '@sim/engine';
import { canonicalJson } from '../idempotency/canonical-json.js';
import type { DomainCatalog } from '../scenarios/domain-catalog.js';
import { applyToInput, applyToScenario, resolvePath, type ParameterBase, type ParameterValue } from './parameter-paths.js';
import { runSeed } from './seed-derivation.js';

/** What every run of an experiment starts from, resolved when it was submitted. */
export type ExperimentBase =
  /** A pre-built scenario (copied, so an edited file changes no stored experiment) or an inline one. */
  | { kind: 'scenario'; scenarioId: string; scenario: ScenarioInput }
  /** A domain adapter's input, translated per combination. */
  | { kind: 'domain'; domain: string; input: unknown };

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

/** The scenario of combination `c`, its seed still the base's (see runScenario). */
export function combinationScenario(spec: ExperimentSpec, combination: number, domains: DomainCatalog): CombinationScenario {
  const values = combinationValues(spec, combination);
  const base: ParameterBase = spec.base.kind === 'scenario' ? { kind: 'scenario', scenario: spec.base.scenario } : { kind: 'domain', input: spec.base.input };
  if (spec.base.kind === 'domain') {
    let input = spec.base.input;
    for (const [path, value] of Object.entries(values)) {
      const target = resolvePath(path, base);
      if (typeof target !== 'string' && target.kind === 'input') input = applyToInput(input, target.segments, value);
    }
    const translated = domains.translate(spec.base.domain, input);
    if (translated.ok) return { ok: true, scenario: translated.scenario };
    return { ok: false, message: translated.reason === 'unknown-domain' ? `domain adapter ${spec.base.domain} is gone` : translated.issues.map((i) => `${i.path}: ${i.message}`).join('; ') };
  }
  let scenario = spec.base.scenario;
  for (const [path, value] of Object.entries(values)) {
    const target = resolvePath(path, base);
    if (typeof target !== 'string') scenario = applyToScenario(scenario, target, value);
  }
  return { ok: true, scenario };
}

/** What one run computes: the combination's scenario with the run's seed. */
export interface RunInputs {
  combination: number;
  replication: number;
  seed: number;
  scenario: ScenarioInput;
  /** SHA-256 (hex) of engine version, scenario, ticks and metrics: runs that hash the same compute the same. */
  hash: string;
}

export function runInputs(spec: ExperimentSpec, scenario: ScenarioInput, combination: number, replication: number): RunInputs {
  const seed = runSeed(spec.seed, combination, replication);
  const seeded: ScenarioInput = { ...scenario, seed };
  const hash = createHash('sha256')
    .update(canonicalJson({ engineVersion: spec.engineVersion, scenario: seeded, ticks: spec.ticks, metrics: [...spec.metrics].sort() }))
    .digest('hex');
  return { combination, replication, seed, scenario: seeded, hash };
}
