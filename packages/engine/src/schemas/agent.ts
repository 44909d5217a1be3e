import { z } from 'zod';
import { EntityIdSchema, PointSchema } from './identifier.js';
import { PolicySchema } from './policy.js';

/**
 * An agent as a scenario declares it.
 *
 * @example
 * AgentSchema.parse({ id: 'a1', marker: { x: 2, y: 3 } }); // policy {} and preferences {} filled in
 */
export const AgentSchema = z
  .object({
    id: EntityIdSchema.describe('Agent identifier, unique in the simulation'),
    marker: PointSchema.describe('Initial position on the grid'),
    policy: PolicySchema.default({}).describe('Policy parameters; missing ones take the defaults'),
    attractorPreferences: z
      .record(z.string(), z.number().min(-10).max(10))
      .default({})
      .describe('Weight of the pull of each attractor, by attractor id (negative repels); unlisted attractors weigh 1'),
  })
  .strict();
/**
 * An agent with defaults filled in.
 *
 * @example
 * const agent: Agent = AgentSchema.parse({ id: 'a1', marker: { x: 2, y: 3 } });
 */
export type Agent = z.infer<typeof AgentSchema>;
/**
 * An agent as a caller may write it.
 *
 * @example
 * const agent: AgentInput = { id: 'a1', marker: { x: 2, y: 3 }, policy: { lambda: 1 } };
 */
export type AgentInput = z.input<typeof AgentSchema>;
