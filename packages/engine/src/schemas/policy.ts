import { z } from 'zod';

/**
 * Default policy parameters, filled in wherever an agent leaves one out.
 *
 * @example
 * const lambda = policy.lambda ?? DEFAULT_POLICY.lambda;
 */
export const DEFAULT_POLICY = { lambda: 0.5, gamma: 0.5, belief: 1 } as const;

/**
 * An agent's policy. `lambda` (latency / chaos) raises noise and reaction delay; `gamma`
 * (capacity / order) raises damping and lowers the load the agent puts on a basin; `belief`
 * (engine 1.2.0 on) scales how strongly it reacts to prophecies.
 *
 * @example
 * PolicySchema.parse({ lambda: 2 }); // gamma left out: the agent keeps its current one
 */
export const PolicySchema = z
  .object({
    lambda: z.number().min(0).max(10).optional().describe('Latency / chaos: raises noise and reaction delay (0 to 10, default 0.5)'),
    gamma: z.number().min(0).max(10).optional().describe('Capacity / order: raises damping and how much load the agent carries (0 to 10, default 0.5)'),
    belief: z
      .number()
      .min(0)
      .max(2)
      .optional()
      .describe(
        'Engine 1.2.0 on: how much the agent believes prophecies, scaling its reaction (0 ignores them, 1 reacts as reflexivity says, 2 twice as strongly; default 1)',
      ),
  })
  .strict();
/**
 * A policy as a caller writes it; either parameter may be left out.
 *
 * @example
 * sim.setPolicy('a1', { gamma: 3 } satisfies Policy);
 */
export type Policy = z.infer<typeof PolicySchema>;

/**
 * A policy with every parameter present, as trace steps and events report it; `belief` only
 * from engine 1.2.0 on (older versions have no such parameter).
 *
 * @example
 * ResolvedPolicySchema.parse(sim.agents()[0]?.policy);
 */
export const ResolvedPolicySchema = z.object({
  lambda: z.number(),
  gamma: z.number(),
  belief: z.number().optional().describe('Engine 1.2.0 on: how much the agent believes prophecies'),
});
/**
 * A policy with both parameters present.
 *
 * @example
 * const policy: ResolvedPolicy | undefined = sim.agents()[0]?.policy;
 */
export type ResolvedPolicy = z.infer<typeof ResolvedPolicySchema>;
