import { createHash } from 'node:crypto';
import {
  DEFAULT_ENGINE_VERSION,
  domainStateAtStart,
  versionFeatures,
  type EngineInput,
  type EngineSnapshot,
  type NumericRuleName,
  type ScenarioInput,
  scenarioVersionIssues,
} from '@sim/engine';
import { validationError, type ValidationProblem } from '../lib/api-error.js';
import { TimeSlices } from '../engine-work/time-slices.js';
import type { DomainCatalog } from '../scenarios/domain-catalog.js';
import type { ScenarioCatalog } from '../scenarios/scenario-catalog.js';
import { resolveScenario } from '../simulations/scenario-source.js';
import { estimateWork, scenarioShape, translationCost, widenShape, worldSetupCost, type WorkEstimate, type WorkShape } from '../engine-data/work-cost.js';
import { MAX_VALUES_PER_PATH, type ExperimentLimits } from './experiment-limits.js';
import { NO_DOMAIN, parseMetric } from '../engine-data/experiment-metrics.js';
import {
  combinationCount,
  combinationScenario,
  combinationValues,
  type ExperimentBase,
  type ExperimentSpec,
  type SimulationBase,
  type VariedParameter,
} from './experiment-spec.js';
import { applyToInput, checkValue, resolvePath, type ParameterBase, type ParameterTarget, type ParameterValue } from './parameter-paths.js';

/** A `{ from, to, step }` range: from, from + step, … up to to (included when hit). */
export interface ValueRange {
  from: number;
  to: number;
  step: number;
}

/** The body of POST /v1/experiments, after its schema (docs/api.md, "Experiments"). */
export interface ExperimentRequest {
  base: { scenarioId: string } | { scenario: ScenarioInput } | { domain: string; input: Record<string, unknown> } | { simulation: string; atTick: number };
  engineVersion?: string | undefined;
  vary: Record<string, ParameterValue[] | ValueRange>;
  replications: number;
  seed: number;
  ticks: number;
  metrics: string[];
}

export interface ExperimentPlan {
  spec: ExperimentSpec;
  combinations: number;
  runs: number;
  /** The costliest run, in agent-ticks. */
  runCost: WorkEstimate;
  /** Every run together: what the experiment draws from the compute window. */
  totalCost: WorkEstimate;
}

export interface PlanContext {
  scenarios: ScenarioCatalog;
  domains: DomainCatalog;
  limits: ExperimentLimits;
  /** A simulation base as the service found it; required when the request's base is one. */
  simulation?: SimulationBaseFacts | undefined;
  /** The request's: work done in slices stops when it aborts (the client left). */
  signal?: AbortSignal | undefined;
}

/** What the service knows of a simulation base (its access, tick and engine version already checked). */
export interface SimulationBaseFacts {
  simulationId: string;
  atTick: number;
  scenarioId: string;
  engineVersion: string;
  /** The shape its runs start from, erring on the expensive side: its scenario widened by its inputs up to atTick. */
  shape: WorkShape;
  /** Its state at atTick once replayed; the checks that need it (agents, attractors, completion) wait for it. */
  state?: { snapshot: EngineSnapshot; json: string } | undefined;
}

/** A plan checked and weighed before a simulation base is replayed: what the replay and the runs will cost. */
export type ExperimentPreflight = Omit<ExperimentPlan, 'spec'>;

/**
 * The values of a range. Each is rounded to 12 significant digits, so `0.1` steps give `0.3`,
 * not `0.30000000000000004`; `to` is included when a step lands on it (within that rounding).
 */
export function rangeValues(range: ValueRange): number[] {
  const values: number[] = [];
  for (let i = 0; values.length <= MAX_VALUES_PER_PATH; i++) {
    const value = Number((range.from + i * range.step).toPrecision(12));
    if (value > range.to) break;
    values.push(value);
  }
  return values;
}

/** A metric asked for more than once, at each repetition (a column cannot be asked for twice). */
export function repeatedMetrics(metrics: readonly unknown[]): ValidationProblem[] {
  return metrics.flatMap((key, index) =>
    metrics.indexOf(key) < index ? [{ path: `metrics.${index}`, message: `metric "${String(key)}" is listed twice` }] : [],
  );
}

/**
 * Checks a request whole and plans it: every problem (an unknown path, a value of the wrong
 * type, an empty or reversed range, too many runs for the tier, an unknown metric, an attractor
 * the scenario lacks) is reported at once, as 400 VALIDATION_ERROR with its path, before
 * anything is stored or queued. An unknown scenario or domain is 404, as for a simulation.
 */
export async function planExperiment(request: ExperimentRequest, context: PlanContext): Promise<ExperimentPlan> {
  const { spec, ...plan } = await checkAndWeigh(request, context);
  if (spec === undefined) throw new Error('a simulation base is planned once its state at atTick is known');
  return { spec, ...plan };
}

/**
 * For a simulation base before its replay: every check that does not need its state at atTick,
 * and the cost of the runs, so that the replay and the runs are weighed before either starts.
 */
export async function preflightExperiment(request: ExperimentRequest, context: PlanContext): Promise<ExperimentPreflight> {
  const { spec: _spec, ...plan } = await checkAndWeigh(request, {
    ...context,
    simulation: context.simulation === undefined ? undefined : { ...context.simulation, state: undefined },
  });
  return plan;
}

/**
 * Checks in order of cost (docs/api.md, "Experiments", "Limits"): first everything arithmetic or
 * cheap (paths, values against their field's schema, metrics, and the number of runs by
 * multiplying the value counts), so that an experiment over its tier's runs is refused before
 * any domain input is translated; then each domain value through its adapter and each
 * combination's cost, in slices that give the event loop back every few milliseconds.
 */
async function checkAndWeigh(request: ExperimentRequest, context: PlanContext): Promise<ExperimentPreflight & { spec: ExperimentSpec | undefined }> {
  const issues: ValidationProblem[] = [];
  const slices = new TimeSlices(context.signal);
  const { base, baseScenario, pathBase, attractorIds, engineVersion } = await resolveBase(request, context, issues, slices);
  await slices.pause();

  const parameters: VariedParameter[] = [];
  // A domain path's values, translated later; their problems go where the path's would be.
  const domainValues: Array<{ at: string; values: ParameterValue[]; segments: string[]; issueIndex: number }> = [];
  for (const path of Object.keys(request.vary).sort()) {
    const at = `vary.${path}`;
    const given = request.vary[path] as ParameterValue[] | ValueRange;
    const values = Array.isArray(given) ? given : rangeProblems(given, at, issues);
    if (values === undefined) continue;
    if (values.length === 0) {
      issues.push({ path: at, message: 'must hold at least one value' });
      continue;
    }
    if (values.length > MAX_VALUES_PER_PATH) {
      issues.push({ path: at, message: `at most ${MAX_VALUES_PER_PATH} values, got ${values.length}` });
      continue;
    }
    const target: ParameterTarget | string = resolvePath(path, pathBase);
    if (typeof target === 'string') {
      issues.push({ path: at, message: target });
      continue;
    }
    if (target.kind === 'input' && base?.kind === 'domain') domainValues.push({ at, values, segments: target.segments, issueIndex: issues.length });
    else {
      values.forEach((value, index) => {
        const problem = checkValue(target, value, baseScenario);
        if (problem !== undefined) issues.push({ path: `${at}.${index}`, message: problem });
      });
    }
    parameters.push({ path, values });
  }

  // A domain metric's path is checked against the base's domain state at tick 0, worked out
  // from the domain block alone (no world is built on the event loop).
  const baseDomain = baseScenario?.domain;
  const domainAtStart =
    baseDomain !== undefined
      ? domainStateAtStart({ model: baseDomain.model, parameters: baseDomain.parameters ?? {} })
      : baseScenario !== undefined && pathBase.kind !== 'simulation'
        ? NO_DOMAIN
        : undefined;
  request.metrics.forEach((key, index) => {
    const parsed = parseMetric(key, attractorIds, pathBase.kind === 'simulation' ? `the simulation at tick ${pathBase.atTick}` : 'the scenario', domainAtStart);
    if (typeof parsed === 'string') issues.push({ path: `metrics.${index}`, message: parsed });
  });
  issues.push(...repeatedMetrics(request.metrics));

  // Arithmetic: the value counts multiplied, before any value is translated or any combination weighed.
  const combinations = combinationCount({ parameters });
  const runs = combinations * request.replications;
  const { runsPerExperiment } = context.limits;
  if (runs > runsPerExperiment) {
    const path = combinations > runsPerExperiment ? 'vary' : 'replications';
    issues.push({
      path,
      message: `${combinations} combination(s) × ${request.replications} replication(s) = ${runs} runs; the tier allows at most ${runsPerExperiment} per experiment`,
    });
    throw validationError(issues);
  }

  // Within the tier's runs: each domain value through the adapter (about as many translations
  // as runs at most), a slice at a time, reported with everything else.
  // With one path, value i is combination i: its translation also gives that combination's cost.
  const translated = new Map<number, ScenarioInput>();
  if (base?.kind === 'domain') {
    const found: Array<{ issueIndex: number; problems: ValidationProblem[] }> = [];
    for (const { at, values, segments, issueIndex } of domainValues) {
      const problems: ValidationProblem[] = [];
      for (const [index, value] of values.entries()) {
        await slices.pause();
        const outcome = await translateValue(context.domains, base, segments, value, context.signal);
        if (typeof outcome === 'string') problems.push({ path: `${at}.${index}`, message: outcome });
        else if (parameters.length === 1) translated.set(index, outcome);
      }
      found.push({ issueIndex, problems });
    }
    for (const { issueIndex, problems } of found.reverse()) issues.splice(issueIndex, 0, ...problems);
  }
  if (issues.length > 0) throw validationError(issues);

  const weighed = { engineVersion, parameters, replications: request.replications, seed: request.seed, ticks: request.ticks, metrics: [...request.metrics] };
  const { runCost, totalCost } = await weigh(
    { ...weighed, base },
    { scenario: baseScenario, simulation: context.simulation, translated },
    combinations,
    context,
    slices,
  );
  return { spec: base === undefined ? undefined : { ...weighed, base }, combinations, runs, runCost, totalCost };
}

interface ResolvedBase {
  /** Undefined for a simulation base whose state at atTick is not known yet. */
  base: ExperimentBase | undefined;
  /** The scenario a scenario or domain base starts from. */
  baseScenario: ScenarioInput | undefined;
  pathBase: ParameterBase;
  /** The attractors a metric may name; undefined: not known yet (not checked). */
  attractorIds: ReadonlySet<string> | undefined;
  engineVersion: string;
}

async function resolveBase(request: ExperimentRequest, context: PlanContext, issues: ValidationProblem[], slices: TimeSlices): Promise<ResolvedBase> {
  if ('simulation' in request.base) return resolveSimulationBase(context, issues);
  const engineVersion = request.engineVersion ?? DEFAULT_ENGINE_VERSION;
  // A domain input is translated on an engine worker (docs/api.md, "Where it runs").
  const resolved = await resolveScenario(request.base, context.scenarios, context.domains, context.signal);
  await slices.pause();
  const prefix = 'scenario' in request.base ? 'base.scenario' : 'domain' in request.base ? 'base.input' : 'base';
  // The base runs as it is, checked with the engine's scenario schema once, never here on the
  // event loop: an inline scenario with the request's body (InlineScenarioSchema, on the request
  // thread when it is long), a catalogue file when it was loaded, a domain's translation on the
  // worker that made it (docs/api.md, "Where it runs").
  // A domain model at an engine that has none fails every run: refused now, not at the first.
  const notAtVersion = scenarioVersionIssues(resolved.scenario, engineVersion);
  if (notAtVersion.length > 0)
    throw validationError(notAtVersion.map((i) => ({ path: 'domain' in request.base ? `base.${i.path}` : `${prefix}.${i.path}`, message: i.message })));
  const attractorIds = new Set((resolved.scenario.initialState.attractors ?? []).map((a) => a.id));
  if ('domain' in request.base) {
    const base: ExperimentBase = { kind: 'domain', domain: request.base.domain, input: request.base.input };
    return { base, baseScenario: resolved.scenario, pathBase: { kind: 'domain', input: request.base.input }, attractorIds, engineVersion };
  }
  const base: ExperimentBase = { kind: 'scenario', scenarioId: resolved.scenarioId, scenario: resolved.scenario };
  return { base, baseScenario: resolved.scenario, pathBase: { kind: 'scenario', scenario: resolved.scenario }, attractorIds, engineVersion };
}

/**
 * A simulation at atTick: its agents and attractors there once its state is known, and a state
 * that has completed is no base (there is no next tick to run).
 */
function resolveSimulationBase(context: PlanContext, issues: ValidationProblem[]): ResolvedBase {
  const facts = context.simulation;
  if (facts === undefined) throw new Error('a simulation base must be located before it is planned');
  const features = versionFeatures(facts.engineVersion);
  if (features === undefined) throw new Error(`the simulation's engine version ${facts.engineVersion} is not served`);
  const snapshot = facts.state?.snapshot;
  const pathBase: ParameterBase = { kind: 'simulation', atTick: facts.atTick, features, agentIds: snapshot?.agents.ids };
  const common = { baseScenario: undefined, pathBase, engineVersion: facts.engineVersion };
  if (facts.state === undefined || snapshot === undefined) return { ...common, base: undefined, attractorIds: undefined };
  if (snapshot.completion !== null) {
    issues.push({
      path: 'base.atTick',
      message: `the simulation completed at tick ${facts.atTick} (${snapshot.completion}): a run from there has no tick to compute`,
    });
  }
  const base: SimulationBase = {
    kind: 'simulation',
    simulationId: facts.simulationId,
    atTick: facts.atTick,
    scenarioId: facts.scenarioId,
    snapshot: facts.state.json,
    stateHash: createHash('sha256').update(facts.state.json).digest('hex'),
    agentIds: [...snapshot.agents.ids],
  };
  return { ...common, base, attractorIds: new Set(snapshot.attractors.ids) };
}

function rangeProblems(range: ValueRange, at: string, issues: ValidationProblem[]): number[] | undefined {
  if (!(range.step > 0)) {
    issues.push({ path: `${at}.step`, message: 'must be greater than 0' });
    return undefined;
  }
  if (range.from > range.to) {
    issues.push({ path: at, message: `reversed range: from ${range.from} is above to ${range.to}` });
    return undefined;
  }
  const count = Math.floor((range.to - range.from) / range.step) + 1;
  if (count > MAX_VALUES_PER_PATH) {
    issues.push({ path: at, message: `the range holds ${count} values; at most ${MAX_VALUES_PER_PATH}` });
    return undefined;
  }
  return rangeValues(range);
}

/** The adapter's verdict on the base input with this one value set: its scenario, or the problem. */
async function translateValue(
  domains: DomainCatalog,
  base: Extract<ExperimentBase, { kind: 'domain' }>,
  segments: string[],
  value: ParameterValue,
  signal: AbortSignal | undefined,
): Promise<ScenarioInput | string> {
  const translated = await domains.translate(base.domain, applyToInput(base.input, segments, value), signal);
  if (translated.ok) return translated.scenario;
  if (translated.reason === 'unknown-domain') return `unknown domain ${base.domain}`;
  return translated.issues.map((i) => `${i.path}: ${i.message}`).join('; ') || 'invalid value';
}

/**
 * Each run weighed as one `run` pass of `ticks` ticks from tick 0 (docs/api.md, "Engine work"),
 * at its combination's rules, or for a simulation base `ticks` ticks from atTick at its shape
 * there with the combination's rule changes: the costliest run, and the sum over every run.
 */
async function weigh(
  spec: Omit<ExperimentSpec, 'base'> & { base: ExperimentBase | undefined },
  start: { scenario: ScenarioInput | undefined; simulation: SimulationBaseFacts | undefined; translated: ReadonlyMap<number, ScenarioInput> },
  combinations: number,
  context: Pick<PlanContext, 'domains' | 'signal'>,
  slices: TimeSlices,
): Promise<{ runCost: WorkEstimate; totalCost: WorkEstimate }> {
  let runCost: WorkEstimate | undefined;
  let total = 0;
  let ticks = 0;
  let prophecies = 0;
  for (let c = 0; c < combinations; c++) {
    await slices.pause();
    const { base } = spec;
    const scenario =
      start.simulation !== undefined
        ? undefined
        : (start.translated.get(c) ?? (await costScenario({ ...spec, base: base as ExperimentBase }, start.scenario as ScenarioInput, c, context)));
    const shape =
      scenario === undefined ? widenShape((start.simulation as SimulationBaseFacts).shape, ruleChanges(spec, c)) : scenarioShape(scenario, spec.engineVersion);
    const ticked = estimateWork(shape, scenario === undefined ? (start.simulation as SimulationBaseFacts).atTick : 0, spec.ticks);
    // Each run also builds (or restores) its world: a fixed cost per run.
    const cost = { ...ticked, cost: ticked.cost + worldSetupCost(ticked.agents, shape.cells) };
    if (runCost === undefined || cost.cost > runCost.cost) runCost = cost;
    total += cost.cost * spec.replications;
    // On a domain base each combination's input is translated on a worker twice: to weigh it
    // here, and when its runs start (kept for its replications).
    if (base?.kind === 'domain' && scenario !== undefined) total += 2 * translationCost(scenario.agents.length);
    ticks += cost.ticks * spec.replications;
    prophecies += cost.prophecies * spec.replications;
  }
  // And the base input itself, translated to check it and to reach its paths.
  if (spec.base?.kind === 'domain' && start.scenario !== undefined) total += translationCost(start.scenario.agents.length);
  const worst = runCost as WorkEstimate;
  return { runCost: worst, totalCost: { ...worst, cost: total, ticks, prophecies } };
}

/** The `set-rule` decrees of a combination's `rules.*` paths, as a simulation base's runs queue them. */
function ruleChanges(spec: Pick<ExperimentSpec, 'parameters'>, combination: number): EngineInput[] {
  return Object.entries(combinationValues(spec, combination))
    .filter(([path]) => path.startsWith('rules.'))
    .map(([path, value]): EngineInput => ({
      kind: 'decree',
      decree: { type: 'set-rule', payload: { rule: path.slice('rules.'.length) as NumericRuleName, value: value as number } },
    }));
}

/**
 * What decides a combination's cost: its agents and prophecy rules. For a scenario only `rules.*`
 * can change them (so the agents are not copied per combination); a domain input is translated.
 */
async function costScenario(
  spec: ExperimentSpec,
  baseScenario: ScenarioInput,
  combination: number,
  context: Pick<PlanContext, 'domains' | 'signal'>,
): Promise<Pick<ScenarioInput, 'agents' | 'rules' | 'initialState'>> {
  if (spec.base.kind !== 'scenario') {
    const translated = await combinationScenario(spec, combination, context.domains, context.signal);
    return translated.ok ? translated.scenario : baseScenario;
  }
  const rules = { ...baseScenario.rules };
  for (const [path, value] of Object.entries(combinationValues(spec, combination))) {
    if (path.startsWith('rules.')) (rules as Record<string, unknown>)[path.slice('rules.'.length)] = value;
  }
  // The grid and its attractors weigh a run too (work-cost.ts, branchForkCost and attractorWeight).
  return { agents: baseScenario.agents, rules, initialState: baseScenario.initialState };
}
