import { AttractorSchema, NUMERIC_RULE_NAMES, NUMERIC_RULES, PolicySchema, type NumericRuleName, type ScenarioInput, type VersionFeatures } from '@sim/engine';
import type { z } from 'zod';

/**
 * The parameter paths an experiment may vary (docs/api.md, "Experiments", "Parameter paths"):
 *
 * - `rules.<rule>`: any numeric rule (`rules.reflexivity`);
 * - `attractors.<id>.<field>`: `x`, `y`, `depth`, `radius`, `capacity` of one attractor;
 * - `agents.<id>.policy.<lambda|gamma|belief>`, `agents.<id>.marker.<x|y>`: one agent, or every
 *   agent with the id `*`;
 * - `input.<field>…`: a field of a domain adapter's input (base `domain`), nested fields and
 *   list items by dotted path (`input.patches.0.animals`); the adapter checks the values.
 *
 * A simulation base (a fork at a past tick) is already running: only what a running world can
 * be told applies, `rules.<rule>` (a `set-rule` decree) and `agents.<id|*>.policy.<field>` (a
 * policy change); attractor fields and markers are where a scenario starts, refused for it.
 *
 * A path is resolved against the base once; a value is checked with the same schema that checks
 * the scenario field, so a wrong type or an out-of-range value is refused before anything runs.
 */
export type ParameterTarget =
  | { kind: 'rule'; rule: NumericRuleName }
  | { kind: 'attractor'; id: string; field: AttractorField }
  | { kind: 'agent'; id: string; group: 'policy' | 'marker'; field: string }
  | { kind: 'input'; segments: string[] };

export type ParameterValue = number | string | boolean;

const ATTRACTOR_FIELDS = ['x', 'y', 'depth', 'radius', 'capacity'] as const;
type AttractorField = (typeof ATTRACTOR_FIELDS)[number];
const POLICY_FIELDS = ['lambda', 'gamma', 'belief'] as const;
const MARKER_FIELDS = ['x', 'y'] as const;

/** Every agent at once: `agents.*.policy.lambda`. */
export const EVERY_AGENT = '*';

/**
 * What a path can reach in the base: a scenario, a domain adapter's input, or a simulation at
 * `atTick` (its agents known once its state there has been replayed).
 */
export type ParameterBase =
  | { kind: 'scenario'; scenario: ScenarioInput }
  | { kind: 'domain'; input: unknown }
  | { kind: 'simulation'; atTick: number; features: VersionFeatures; agentIds: readonly string[] | undefined };

/**
 * Segments no path may hold: they name the prototype machinery of a JavaScript object, not a
 * field, and an input path through them would reach it
 * (docs/api.md, "Experiments", "Parameter paths"). A key of `vary` spelt so is a 400 at its path, never dropped.
 */
const RESERVED_SEGMENTS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** The problem of a path holding a reserved segment; undefined when it holds none. */
export function reservedSegmentProblem(path: string): string | undefined {
  const reserved = path.split('.').find((segment) => RESERVED_SEGMENTS.has(segment));
  return reserved === undefined ? undefined : `"${path}" is not a parameter path: no segment may be __proto__, constructor or prototype`;
}

const UNKNOWN_PATH_HINT = 'rules.<rule>, attractors.<id>.<field>, agents.<id>.policy.<field>, agents.<id>.marker.<x|y> or input.<field>';
const AGENT_PATH = /^agents\.(.+)\.(policy|marker)\.([a-z]+)$/;

/**
 * What can be said of a path without its base: one of the grammar's forms, with a known rule or
 * field. The request's schema checks it, so that a body refused for another field still names a
 * bad path in the same answer; the base's own checks (its attractors, agents, input) come after.
 * A reserved segment is reported by the schema of `vary` itself, not here.
 */
export function pathShapeProblem(path: string): string | undefined {
  if (reservedSegmentProblem(path) !== undefined) return undefined;
  if (path.startsWith('input.'))
    return path
      .slice('input.'.length)
      .split('.')
      .some((s) => s === '')
      ? `unknown parameter path "${path}"`
      : undefined;
  if (path.startsWith('rules.')) {
    const rule = resolveRule(path);
    return typeof rule === 'string' ? rule : undefined;
  }
  if (path.startsWith('attractors.')) {
    const rest = path.slice('attractors.'.length);
    const dot = rest.lastIndexOf('.');
    return dot <= 0 || !(ATTRACTOR_FIELDS as readonly string[]).includes(rest.slice(dot + 1))
      ? `unknown parameter path "${path}": attractors.<id>.<${ATTRACTOR_FIELDS.join('|')}>`
      : undefined;
  }
  if (path.startsWith('agents.')) {
    const match = AGENT_PATH.exec(path);
    const fields: readonly string[] = match?.[2] === 'policy' ? POLICY_FIELDS : MARKER_FIELDS;
    return match === null || !fields.includes(match[3] ?? '')
      ? `unknown parameter path "${path}": agents.<id|*>.policy.<lambda|gamma|belief> or agents.<id|*>.marker.<x|y>`
      : undefined;
  }
  return `unknown parameter path "${path}": ${UNKNOWN_PATH_HINT}`;
}

/** Resolves a path against the base; a string is the problem (unknown path, missing attractor or agent). */
export function resolvePath(path: string, base: ParameterBase): ParameterTarget | string {
  const reserved = reservedSegmentProblem(path);
  if (reserved !== undefined) return reserved;
  if (path.startsWith('input.')) {
    if (base.kind !== 'domain') return `input.… paths vary a domain input; this base is a ${base.kind}`;
    const segments = path.slice('input.'.length).split('.');
    if (segments.some((s) => s === '')) return `unknown parameter path "${path}"`;
    // The parent must exist; the leaf may be a field the input leaves to its default.
    if (!isContainer(walk(base.input, segments.slice(0, -1))))
      return `unknown parameter path "${path}": the input has no ${segments.slice(0, -1).join('.') || 'fields'}`;
    return { kind: 'input', segments };
  }
  if (base.kind === 'domain') return `a domain base is varied through input.… paths; "${path}" is not one`;
  if (base.kind === 'simulation') return resolveOnSimulation(path, base);
  const { scenario } = base;
  if (path.startsWith('rules.')) return resolveRule(path);
  if (path.startsWith('attractors.')) {
    const rest = path.slice('attractors.'.length);
    const dot = rest.lastIndexOf('.');
    const id = rest.slice(0, Math.max(0, dot));
    const field = rest.slice(dot + 1);
    if (dot < 0 || !(ATTRACTOR_FIELDS as readonly string[]).includes(field))
      return `unknown parameter path "${path}": attractors.<id>.<${ATTRACTOR_FIELDS.join('|')}>`;
    if (!(scenario.initialState.attractors ?? []).some((a) => a.id === id)) return `the scenario has no attractor "${id}"`;
    return { kind: 'attractor', id, field: field as AttractorField };
  }
  if (path.startsWith('agents.')) {
    const match = AGENT_PATH.exec(path);
    const group = match?.[2] as 'policy' | 'marker' | undefined;
    const field = match?.[3] ?? '';
    const fields: readonly string[] = group === 'policy' ? POLICY_FIELDS : MARKER_FIELDS;
    if (match === null || group === undefined || !fields.includes(field))
      return `unknown parameter path "${path}": agents.<id|*>.policy.<lambda|gamma|belief> or agents.<id|*>.marker.<x|y>`;
    const id = match[1] as string;
    if (id !== EVERY_AGENT && !scenario.agents.some((a) => a.id === id)) return `the scenario has no agent "${id}"`;
    return { kind: 'agent', id, group, field };
  }
  return `unknown parameter path "${path}": ${UNKNOWN_PATH_HINT}`;
}

/** A path on a running simulation: a rule (a `set-rule` decree) or an agent's policy (a policy change). */
function resolveOnSimulation(path: string, base: Extract<ParameterBase, { kind: 'simulation' }>): ParameterTarget | string {
  if (path.startsWith('rules.')) return resolveRule(path);
  const match = AGENT_PATH.exec(path);
  if (path.startsWith('attractors.') || match?.[2] === 'marker') {
    return `"${path}" cannot vary a simulation base: it sets where a scenario starts, and the runs start from the simulation's state at tick ${base.atTick}; vary rules.<rule> or agents.<id|*>.policy.<field>`;
  }
  const field = match?.[3] ?? '';
  if (match === null || !(POLICY_FIELDS as readonly string[]).includes(field))
    return `unknown parameter path "${path}": rules.<rule> or agents.<id|*>.policy.<lambda|gamma|belief> on a simulation base`;
  const id = match[1] as string;
  if (field === 'belief' && !base.features.beliefPolicy) return `belief needs engine 1.2.0 or later; this simulation runs ${base.features.version}`;
  if (id !== EVERY_AGENT && base.agentIds !== undefined && !base.agentIds.includes(id)) return `the simulation has no agent "${id}" at tick ${base.atTick}`;
  return { kind: 'agent', id, group: 'policy', field };
}

function resolveRule(path: string): ParameterTarget | string {
  const rule = path.slice('rules.'.length);
  return (NUMERIC_RULE_NAMES as string[]).includes(rule)
    ? { kind: 'rule', rule: rule as NumericRuleName }
    : `unknown rule "${rule}"; the numeric rules: ${NUMERIC_RULE_NAMES.join(', ')}`;
}

/** Checks one value for a scenario target; a string is the problem. Domain inputs are checked by their adapter. */
export function checkValue(target: ParameterTarget, value: ParameterValue, scenario: ScenarioInput | undefined): string | undefined {
  const schema = valueSchema(target);
  if (schema === undefined) return undefined;
  const parsed = schema.safeParse(value);
  if (!parsed.success) return parsed.error.issues.map((i) => i.message).join('; ');
  if (scenario !== undefined && (target.kind === 'attractor' || (target.kind === 'agent' && target.group === 'marker'))) {
    const field = target.field;
    const side = field === 'x' ? scenario.initialState.width : field === 'y' ? scenario.initialState.height : undefined;
    if (side !== undefined && ((value as number) < 0 || (value as number) > side - 1)) return `must lie on the grid, 0 to ${side - 1}`;
  }
  return undefined;
}

function valueSchema(target: ParameterTarget): z.ZodType | undefined {
  switch (target.kind) {
    case 'rule':
      return NUMERIC_RULES[target.rule];
    case 'attractor':
      return AttractorSchema.shape[target.field];
    case 'agent':
      return target.group === 'policy' ? PolicySchema.shape[target.field as (typeof POLICY_FIELDS)[number]].unwrap() : AttractorSchema.shape.x;
    case 'input':
      return undefined;
  }
}

/** The scenario with one value set (a copy; the base is untouched). */
export function applyToScenario(scenario: ScenarioInput, target: ParameterTarget, value: ParameterValue): ScenarioInput {
  switch (target.kind) {
    case 'rule':
      return { ...scenario, rules: { ...scenario.rules, [target.rule]: value } };
    case 'attractor':
      return {
        ...scenario,
        initialState: {
          ...scenario.initialState,
          attractors: (scenario.initialState.attractors ?? []).map((a) => (a.id === target.id ? { ...a, [target.field]: value } : a)),
        },
      };
    case 'agent':
      return {
        ...scenario,
        agents: scenario.agents.map((agent) => {
          if (target.id !== EVERY_AGENT && agent.id !== target.id) return agent;
          if (target.group === 'marker') return { ...agent, marker: { ...agent.marker, [target.field]: value } };
          return { ...agent, policy: { ...agent.policy, [target.field]: value } };
        }),
      };
    case 'input':
      return scenario;
  }
}

/** The domain input with one value set at its path (a deep copy along the path). */
export function applyToInput(input: unknown, segments: readonly string[], value: ParameterValue): unknown {
  if (segments.length === 0) return value;
  const [head, ...rest] = segments as [string, ...string[]];
  if (Array.isArray(input)) {
    const copy = [...(input as unknown[])];
    copy[Number(head)] = applyToInput(copy[Number(head)], rest, value);
    return copy;
  }
  const record = isContainer(input) ? (input as Record<string, unknown>) : {};
  return { ...record, [head]: applyToInput(record[head], rest, value) };
}

function walk(value: unknown, segments: readonly string[]): unknown {
  let at = value;
  for (const segment of segments) {
    if (!isContainer(at)) return undefined;
    at = (at as Record<string, unknown>)[segment];
  }
  return at;
}

const isContainer = (value: unknown): boolean => typeof value === 'object' && value !== null;
