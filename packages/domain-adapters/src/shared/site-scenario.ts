import type { AgentInput, Attractor, NodeLabels, Rules, ScenarioInput } from '@sim/engine';
import { clamp, round } from './clamp.js';
import { layoutRows } from './layout.js';
import { placeAgents } from './place-agents.js';

/** Largest and smallest basin capacity the engine accepts. */
const MIN_CAPACITY = 0.001;
const MAX_CAPACITY = 1_000_000;

/** One domain site (a region, a warehouse, a pasture) as the engine will see it. */
export interface SiteSpec {
  /** Attractor id of the site's basin. */
  basinId: string;
  /** Prefix of the ids of the site's agents. */
  agentPrefix: string;
  agents: number;
  /** Load the basin carries before it erodes, in agent units (an agent at gamma 0 loads 1). */
  capacity: number;
  /** Well depth: how strongly the site holds its agents. */
  depth: number;
  lambda: number;
  gamma: number;
  /** Pull of the home basin relative to every other basin (1 = no tie to home), 1 to 10. */
  homeWeight: number;
}

/** Everything but the sites: where they go and the scenario-wide settings. */
export interface SiteScenarioOptions {
  seed: number;
  /** Sites by row of the layout (indices into `sites`). */
  rows: number[][];
  /** Extra empty cells between neighbouring basins' edges. */
  gap: number;
  rules: Rules;
  nodeLabels: NodeLabels;
}

/**
 * Builds a scenario of one basin per site with the site's agents spread over the basin's core.
 * Basins are sized from the largest site so they do not overlap (each reaches twice its radius;
 * neighbours sit `4 × radius + gap` apart) and the whole fits the engine's largest grid.
 * Policies and capacities are clamped to the engine's bounds.
 */
export function siteScenario(sites: readonly SiteSpec[], options: SiteScenarioOptions): ScenarioInput {
  const largest = Math.max(1, ...sites.map((site) => site.agents));
  const radius = Math.max(1.5, Math.sqrt(largest) / 2);
  const wanted = 4 * radius + options.gap;
  const layout = layoutRows(options.rows, wanted);
  const scale = layout.spacing / wanted;

  const attractors: Attractor[] = [];
  const agents: AgentInput[] = [];
  sites.forEach((site, index) => {
    const centre = layout.centres[index] as { x: number; y: number };
    attractors.push({
      id: site.basinId,
      x: round(centre.x, 3),
      y: round(centre.y, 3),
      depth: round(clamp(site.depth, 0.01, 1000)),
      radius: round(radius * scale, 3),
      capacity: round(clamp(site.capacity, MIN_CAPACITY, MAX_CAPACITY)),
    });
    const placed = placeAgents(
      {
        idPrefix: site.agentPrefix,
        count: site.agents,
        centre,
        spread: radius * scale,
        lambda: clamp(site.lambda, 0, 10),
        gamma: clamp(site.gamma, 0, 10),
        home: { attractorId: site.basinId, weight: round(clamp(site.homeWeight, 1, 10)) },
      },
      layout.width,
      layout.height,
    );
    for (const agent of placed) agents.push(agent);
  });

  return {
    seed: options.seed,
    agents,
    initialState: { width: layout.width, height: layout.height, attractors },
    nodeLabels: options.nodeLabels,
    rules: options.rules,
  };
}
