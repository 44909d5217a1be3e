import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { AttractorSchema } from './attractor.js';

const side = z.number().int().min(LIMITS.minGridSide).max(LIMITS.maxGridSide);

/**
 * The simulation grid: a bounded plane with a terrain and the attractors that shape it.
 *
 * @example
 * InitialStateSchema.parse({ width: 32, height: 32, attractors: [{ id: 'w', x: 8, y: 8, depth: 3, radius: 2, capacity: 20 }] });
 */
export const InitialStateSchema = z
  .object({
    width: side.describe('Cells along x'),
    height: side.describe('Cells along y'),
    attractors: z.array(AttractorSchema).max(LIMITS.maxAttractors).default([]).describe('Wells of the field'),
    terrain: z
      .array(z.array(z.number().min(-1000).max(1000)).max(LIMITS.maxGridSide))
      .max(LIMITS.maxGridSide)
      .optional()
      .describe('Optional height map, `height` rows of `width` numbers; agents drift downhill. Flat when left out'),
  })
  .strict();
/**
 * The simulation grid with defaults filled in.
 *
 * @example
 * const grid: InitialState = InitialStateSchema.parse({ width: 16, height: 16 });
 */
export type InitialState = z.infer<typeof InitialStateSchema>;
