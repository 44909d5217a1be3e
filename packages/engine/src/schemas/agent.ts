import { z } from 'zod';
import { EntityIdSchema, PointSchema } from './identifier.js';
import { PolicySchema } from './policy.js';

/** An agent as a scenario declares it. */
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
export type Agent = z.infer<typeof AgentSchema>;
export type AgentInput = z.input<typeof AgentSchema>;
