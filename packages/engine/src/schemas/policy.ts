import { z } from 'zod';

/** Default policy parameters, filled in wherever an agent leaves one out. */
export const DEFAULT_POLICY = { lambda: 0.5, gamma: 0.5 } as const;

/**
 * An agent's policy. `lambda` (latency / chaos) raises noise and reaction delay; `gamma`
 * (capacity / order) raises damping and lowers the load the agent puts on a basin.
 */
export const PolicySchema = z
  .object({
    lambda: z.number().min(0).max(10).optional().describe('Latency / chaos: raises noise and reaction delay (0 to 10, default 0.5)'),
    gamma: z.number().min(0).max(10).optional().describe('Capacity / order: raises damping and how much load the agent carries (0 to 10, default 0.5)'),
  })
  .strict();
export type Policy = z.infer<typeof PolicySchema>;

/** A policy with both parameters present, as trace steps and events report it. */
export const ResolvedPolicySchema = z.object({ lambda: z.number(), gamma: z.number() });
export type ResolvedPolicy = z.infer<typeof ResolvedPolicySchema>;
