import { z } from 'zod';
import { LIMITS } from '../limits.js';

/**
 * Identifier of an agent or attractor: short, printable, no surrounding spaces.
 *
 * @example
 * EntityIdSchema.safeParse('well-a').success; // true
 * EntityIdSchema.safeParse(' bad id').success; // false
 */
export const EntityIdSchema = z
  .string()
  .min(1)
  .max(LIMITS.maxIdLength)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, 'must start with a letter or digit and hold only letters, digits, _ . : -');

/**
 * A point on the grid, in cell units.
 *
 * @example
 * PointSchema.parse({ x: 1.5, y: 2 });
 */
export const PointSchema = z.object({ x: z.number(), y: z.number() }).strict();
/**
 * A point on the grid, in cell units.
 *
 * @example
 * const centroid: Point | null = sim.state().centroid;
 */
export type Point = z.infer<typeof PointSchema>;
