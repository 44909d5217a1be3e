import type { z } from '@hono/zod-openapi';
import type { BodyRule } from '../../lib/body-rules.js';
import { EmptyBodySchema } from '../../lib/optional-body.js';
import { DecreeInputSchema } from '../decrees/decree-schemas.js';
import { EXPERIMENT_BODY_RULES, ExperimentBodySchema } from '../experiments/experiment-schemas.js';
import { ForkBodySchema } from '../forks/fork-schemas.js';
import {
  AgentPolicyBodySchema,
  CREATE_BODY_RULES,
  CreateSimulationBodySchema,
  FromDomainBodySchema,
  RUN_BODY_RULES,
  RunBodySchema,
  StepBodySchema,
  TimeControlBodySchema,
} from '../simulations/simulation-schemas.js';

/** A route's JSON body: its schema, and the rules its hook adds to a refusal (reportBodyRules). */
export interface JsonBodySchema {
  schema: z.ZodType;
  rules: readonly BodyRule[];
}

/**
 * Every route's JSON body, by the route's operationId: what the body thread validates a long
 * body with (request-thread-worker.ts). A route missing here is validated on the event loop; a test
 * holds this list to the routes the OpenAPI document declares.
 */
export const JSON_BODY_SCHEMAS: Readonly<Record<string, JsonBodySchema>> = {
  createSimulation: { schema: CreateSimulationBodySchema, rules: CREATE_BODY_RULES },
  createSimulationFromDomain: { schema: FromDomainBodySchema, rules: [] },
  runSimulation: { schema: RunBodySchema, rules: RUN_BODY_RULES },
  stepSimulation: { schema: StepBodySchema, rules: [] },
  setAgentPolicy: { schema: AgentPolicyBodySchema, rules: [] },
  setTimeControl: { schema: TimeControlBodySchema, rules: [] },
  forkSimulation: { schema: ForkBodySchema, rules: [] },
  submitDecree: { schema: DecreeInputSchema, rules: [] },
  submitExperiment: { schema: ExperimentBodySchema, rules: EXPERIMENT_BODY_RULES },
  cancelExperiment: { schema: EmptyBodySchema, rules: [] },
};
