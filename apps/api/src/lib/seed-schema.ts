import { z } from '@hono/zod-openapi';

/**
 * A seed as the API takes one (an experiment's, a fork's reseed): an unsigned 32-bit integer, the
 * range every run seed of an experiment falls in (docs/api.md, "Experiments", "Seeds"), so any
 * run's seed can be given back to a fork.
 */
export const SeedSchema = z.number().int().min(0).max(4_294_967_295);
