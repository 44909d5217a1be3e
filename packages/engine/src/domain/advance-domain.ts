import type { World } from '../model/world.js';
import { PREFERENCE_STRIDE } from '../model/world.js';
import { sitePressures } from './open-domain.js';

/** Per attractor slot: the summed belief and the count of the agents its basin holds. Scratch. */
const beliefSum = new Float64Array(PREFERENCE_STRIDE);
const members = new Float64Array(PREFERENCE_STRIDE);

/**
 * Advances the world's domain model by one tick (docs/engine.md, "Domain models (1.4.0)"):
 * works out each site's alarm from this tick's urges and the belief of the agents in the
 * site's basin, steps the model, and sets each site's basin load and capacity from the model's
 * pressure. Runs after the agents have moved (so `basin` is this tick's) and before the basins
 * are judged. `urges` holds, per attractor slot, the standing prophecy's 2·ρ·P·fade.
 */
export function advanceDomain(world: World, tick: number, urges: Float64Array): void {
  const domain = world.domain;
  if (domain === null) return;
  const { basin, belief, agentCount: n, attractorIds, lost } = world;
  beliefSum.fill(0, 0, world.attractorCount);
  members.fill(0, 0, world.attractorCount);
  let totalBelief = 0;
  for (let i = 0; i < n; i++) {
    const credence = belief[i] as number;
    totalBelief += credence;
    const b = basin[i] as number;
    if (b >= 0) {
      beliefSum[b] = (beliefSum[b] as number) + credence;
      members[b] = (members[b] as number) + 1;
    }
  }
  // A basin nobody stands in takes the mean belief of all agents; with no agents, nobody reacts.
  const overall = n > 0 ? totalBelief / n : 0;

  const { sites, model, parameters } = domain;
  const alarm = new Float64Array(sites.length);
  for (let s = 0; s < sites.length; s++) {
    const a = attractorIds.indexOf(sites[s] as string);
    if (a < 0 || lost[a] === 1) continue;
    const count = members[a] as number;
    const credence = count > 0 ? (beliefSum[a] as number) / count : overall;
    alarm[s] = Math.min(1, Math.max(0, (urges[a] as number) * credence));
  }

  domain.state = model.step(parameters, domain.state, { tick, alarm }, domain.stream);
  sitePressures(world);
}
