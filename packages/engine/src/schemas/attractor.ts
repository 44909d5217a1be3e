import { z } from 'zod';
import { EntityIdSchema } from './identifier.js';

/**
 * A named well in the field. Its basin holds `capacity` load before it erodes.
 *
 * @example
 * AttractorSchema.parse({ id: 'well-a', x: 8, y: 8, depth: 3, radius: 2, capacity: 20 });
 */
export const AttractorSchema = z
  .object({
    id: EntityIdSchema.describe('Attractor identifier, unique for the life of the simulation'),
    x: z.number().describe('Centre, x'),
    y: z.number().describe('Centre, y'),
    depth: z.number().gt(0).max(1000).describe('Initial depth of the well: how strongly it pulls, and what erosion must remove'),
    radius: z.number().min(0.01).max(256).describe('Width of the well, at least 0.01 (smaller wells would overflow the pull); the basin reaches twice as far'),
    capacity: z.number().gt(0).max(1_000_000).describe('Load the basin carries without eroding'),
  })
  .strict();
/**
 * An attractor as declared.
 *
 * @example
 * const well: Attractor = { id: 'well-a', x: 8, y: 8, depth: 3, radius: 2, capacity: 20 };
 */
export type Attractor = z.infer<typeof AttractorSchema>;
