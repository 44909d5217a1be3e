import type { AgentInput } from '@sim/engine';
import { round } from './clamp.js';

const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

/** What the agents of one site share. */
export interface AgentGroup {
  /** Prefix of the agent ids: `<prefix>-0`, `<prefix>-1`, … */
  idPrefix: string;
  count: number;
  centre: { x: number; y: number };
  /** Agents are spread evenly over a disc of this radius around the centre. */
  spread: number;
  lambda: number;
  gamma: number;
  /** Preference for the site's own attractor; others weigh 1. */
  home?: { attractorId: string; weight: number };
}

/**
 * The agents of one site on a sunflower spiral around its centre: an even, deterministic spread
 * with no random numbers, clipped to the grid.
 */
export function placeAgents(group: AgentGroup, width: number, height: number): AgentInput[] {
  const agents: AgentInput[] = [];
  for (let k = 0; k < group.count; k++) {
    const r = group.spread * Math.sqrt((k + 0.5) / group.count);
    const angle = k * GOLDEN_ANGLE;
    const x = Math.min(width - 1, Math.max(0, group.centre.x + r * Math.cos(angle)));
    const y = Math.min(height - 1, Math.max(0, group.centre.y + r * Math.sin(angle)));
    agents.push({
      id: `${group.idPrefix}-${k}`,
      marker: { x: round(x, 3), y: round(y, 3) },
      policy: { lambda: round(group.lambda), gamma: round(group.gamma) },
      attractorPreferences: group.home ? { [group.home.attractorId]: group.home.weight } : {},
    });
  }
  return agents;
}
