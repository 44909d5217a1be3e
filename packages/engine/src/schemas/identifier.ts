import { z } from 'zod';
import { LIMITS } from '../limits.js';

/** Identifier of an agent or attractor: short, printable, no surrounding spaces. */
export const EntityIdSchema = z
  .string()
  .min(1)
  .max(LIMITS.maxIdLength)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, 'must start with a letter or digit and hold only letters, digits, _ . : -');

/** A point on the grid, in cell units. */
export const PointSchema = z.object({ x: z.number(), y: z.number() }).strict();
export type Point = z.infer<typeof PointSchema>;
