import type { World } from './world.js';

/** The agents' mean position, summed in list order; null without agents. */
export function meanPosition(world: World): { x: number; y: number } | null {
  if (world.agentCount === 0) return null;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < world.agentCount; i++) {
    sx += world.px[i] as number;
    sy += world.py[i] as number;
  }
  return { x: sx / world.agentCount, y: sy / world.agentCount };
}
