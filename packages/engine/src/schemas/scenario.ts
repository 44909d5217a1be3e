import { z } from 'zod';
import { checkDomainBlock, DomainBlockSchema, type DomainBlock } from '../domain/domain-block.js';
import { LIMITS } from '../limits.js';
import { AgentSchema } from './agent.js';
import { InitialStateSchema, type InitialState } from './initial-state.js';
import { RulesSchema } from './rules.js';

/**
 * Names of the two axes of the grid, for people reading a trace.
 *
 * @example
 * NodeLabelsSchema.parse({ x: 'latency', y: 'capacity' });
 */
export const NodeLabelsSchema = z.object({ x: z.string().max(200), y: z.string().max(200) }).strict();
/**
 * Names of the two axes of the grid.
 *
 * @example
 * const labels: NodeLabels = { x: 'latency', y: 'capacity' };
 */
export type NodeLabels = z.infer<typeof NodeLabelsSchema>;

/**
 * The fields that make a scenario runnable, without the cross-field checks.
 *
 * @example
 * const WithOwner = z.object({ ...scenarioShape, owner: z.string() }).strict().superRefine(checkScenarioConsistency);
 */
export const scenarioShape = {
  seed: z.number().describe('Random seed; equal seeds give equal simulations'),
  agents: z.array(AgentSchema).max(LIMITS.maxAgents).describe('Agent configurations'),
  initialState: InitialStateSchema.describe('Starting state of the simulation grid'),
  rules: RulesSchema.optional().describe('Simulation rule overrides'),
  nodeLabels: NodeLabelsSchema.optional().describe('Human-readable labels for the state axes'),
  domain: DomainBlockSchema.optional().describe('A domain model advanced every tick beside the agents (engine 1.4.0 on)'),
};

type ScenarioCore = {
  agents: z.infer<typeof AgentSchema>[];
  initialState: InitialState;
  domain?: DomainBlock | undefined;
};

/**
 * The checks that need more than one field: every problem is reported at its own path, so a
 * scenario author sees all of them at once.
 *
 * @example
 * const Strict = z.object(scenarioShape).strict().superRefine(checkScenarioConsistency);
 */
export function checkScenarioConsistency(scenario: ScenarioCore, ctx: z.RefinementCtx): void {
  const { width, height, attractors, terrain } = scenario.initialState;
  const onGrid = (value: number, side: number) => value >= 0 && value <= side - 1;

  if (terrain !== undefined) {
    if (terrain.length !== height) {
      ctx.addIssue({ code: 'custom', path: ['initialState', 'terrain'], message: `must have ${height} rows (height), has ${terrain.length}` });
    }
    terrain.forEach((row, y) => {
      if (row.length !== width) {
        ctx.addIssue({ code: 'custom', path: ['initialState', 'terrain', y], message: `must have ${width} values (width), has ${row.length}` });
      }
    });
  }

  const attractorIds = new Set<string>();
  attractors.forEach((attractor, index) => {
    if (attractorIds.has(attractor.id)) {
      ctx.addIssue({ code: 'custom', path: ['initialState', 'attractors', index, 'id'], message: `duplicate attractor id "${attractor.id}"` });
    }
    attractorIds.add(attractor.id);
    if (!onGrid(attractor.x, width)) {
      ctx.addIssue({ code: 'custom', path: ['initialState', 'attractors', index, 'x'], message: `must lie on the grid, 0 to ${width - 1}` });
    }
    if (!onGrid(attractor.y, height)) {
      ctx.addIssue({ code: 'custom', path: ['initialState', 'attractors', index, 'y'], message: `must lie on the grid, 0 to ${height - 1}` });
    }
  });

  if (scenario.domain !== undefined) checkDomainBlock(scenario.domain, attractorIds, ctx);

  const agentIds = new Set<string>();
  scenario.agents.forEach((agent, index) => {
    if (agentIds.has(agent.id)) {
      ctx.addIssue({ code: 'custom', path: ['agents', index, 'id'], message: `duplicate agent id "${agent.id}"` });
    }
    agentIds.add(agent.id);
    if (!onGrid(agent.marker.x, width)) {
      ctx.addIssue({ code: 'custom', path: ['agents', index, 'marker', 'x'], message: `agent is off the grid: x must be 0 to ${width - 1}` });
    }
    if (!onGrid(agent.marker.y, height)) {
      ctx.addIssue({ code: 'custom', path: ['agents', index, 'marker', 'y'], message: `agent is off the grid: y must be 0 to ${height - 1}` });
    }
    for (const attractorId of Object.keys(agent.attractorPreferences)) {
      if (!attractorIds.has(attractorId)) {
        ctx.addIssue({ code: 'custom', path: ['agents', index, 'attractorPreferences', attractorId], message: `unknown attractor "${attractorId}"` });
      }
    }
  });
}

/**
 * When the cross-field checks may run. zod skips a refinement once any field has an aborting
 * (wrong-type) issue, so a non-finite seed alone would hide every off-grid agent and duplicate
 * id; the checks only read `agents` and `initialState`, so they run whenever those two parsed,
 * and never on a whole that is not an object (`[]`, `null`, `5`: an issue at no path at all).
 */
const consistencyCheckable = {
  when: (payload: z.core.ParsePayload): boolean =>
    payload.issues.every((issue) => {
      if (issue.continue === true) return true;
      const field = issue.path?.[0];
      return field !== undefined && field !== 'agents' && field !== 'initialState' && field !== 'domain';
    }),
};

/**
 * A runnable scenario: what `POST /v1/simulations` accepts inline and what the engine starts from.
 *
 * @example
 * const result = ScenarioSchema.safeParse(json);
 * if (!result.success) console.log(result.error.issues); // every problem, by path
 */
export const ScenarioSchema = z.object(scenarioShape).strict().superRefine(checkScenarioConsistency, consistencyCheckable);
/**
 * A validated scenario, defaults filled in.
 *
 * @example
 * const scenario: Scenario = ScenarioSchema.parse(json);
 */
export type Scenario = z.infer<typeof ScenarioSchema>;
/**
 * What a caller may write: defaults not yet filled in.
 *
 * @example
 * const scenario: ScenarioInput = { seed: 1, agents: [{ id: 'a1', marker: { x: 1, y: 1 } }], initialState: { width: 8, height: 8 } };
 */
export type ScenarioInput = z.input<typeof ScenarioSchema>;

/**
 * A pre-built scenario file in `scenarios/`: a runnable scenario plus its catalogue entry.
 *
 * @example
 * const file = ScenarioFileSchema.parse(JSON.parse(readFileSync('scenarios/calm-equilibrium.json', 'utf8')));
 */
export const ScenarioFileSchema = z
  .object({
    id: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be kebab-case: a-z, 0-9 and -'),
    label: z.string().min(1).max(200).describe('Human-readable name'),
    tags: z.array(z.string().min(1).max(50)).max(20).default([]),
    note: z.string().max(2000).default('').describe('Brief description'),
    ...scenarioShape,
    nodeLabels: NodeLabelsSchema.default({ x: 'x', y: 'y' }),
    rules: RulesSchema.default({}),
  })
  .strict()
  .superRefine(checkScenarioConsistency, consistencyCheckable);
/**
 * A pre-built scenario file, defaults filled in.
 *
 * @example
 * const entry: ScenarioFile = ScenarioFileSchema.parse(json);
 * console.log(entry.id, entry.label);
 */
export type ScenarioFile = z.infer<typeof ScenarioFileSchema>;
