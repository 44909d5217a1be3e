import type { World } from './world.js';

// tan(67.5°): beyond this ratio a move counts as along one axis rather than diagonal.
const AXIAL = 2.414213562373095;

/**
 * Compass direction of a displacement; +y is north.
 *
 * @example
 * compass(1, 0.1); // 'E'
 * compass(-1, -1); // 'SW'
 * compass(0, 0); // 'still'
 */
export function compass(dx: number, dy: number): string {
  const adx = Math.abs(dx);
  const ady = Math.abs(dy);
  if (adx === 0 && ady === 0) return 'still';
  if (adx > AXIAL * ady) return dx > 0 ? 'E' : 'W';
  if (ady > AXIAL * adx) return dy > 0 ? 'N' : 'S';
  return (dy > 0 ? 'N' : 'S') + (dx > 0 ? 'E' : 'W');
}

/** "a-7 NE toward well-a": the agent that moved farthest this tick, where it went, and its basin. */
export function describeDominantMove(world: World, index: number, dx: number, dy: number): string {
  if (index < 0) return 'no agents';
  const id = world.agentIds[index] as string;
  const direction = compass(dx, dy);
  if (direction === 'still') return `${id} holds`;
  const basin = world.basin[index] as number;
  return basin >= 0 ? `${id} ${direction} toward ${world.attractorIds[basin] as string}` : `${id} ${direction}`;
}
