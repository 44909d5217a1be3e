import { z } from 'zod';

/**
 * An adapter input's seed: any seed an experiment gives a run (0 to 4 294 967 295, four bytes of
 * a hash), so that every run of a domain-based experiment can be reproduced through its adapter
 * with the run's seed in the input.
 *
 * @example
 * const Input = z.object({ seed: AdapterSeedSchema, days: z.number() });
 */
export const AdapterSeedSchema = z
  .number()
  .int()
  .min(0)
  .max(4_294_967_295)
  .default(1)
  .describe('Random seed, 0 to 4 294 967 295; the same input and seed give the same run');
