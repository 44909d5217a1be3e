import { observeDomain } from '../domain/domain-state.js';
import type { AgentSnapshot, EngineState } from '../schemas/outputs.js';
import type { World } from './world.js';

/** The observable state of the world at its current tick. */
export function observeState(world: World): EngineState {
  const attractors = [];
  for (let a = 0; a < world.attractorCount; a++) {
    attractors.push({
      id: world.attractorIds[a] as string,
      x: world.ax[a] as number,
      y: world.ay[a] as number,
      depth: world.depth[a] as number,
      initialDepth: world.depth0[a] as number,
      radius: world.radius[a] as number,
      capacity: world.capacity[a] as number,
      load: world.load[a] as number,
      lost: world.lost[a] === 1,
    });
  }
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < world.agentCount; i++) {
    sx += world.px[i] as number;
    sy += world.py[i] as number;
  }
  return {
    tick: world.tick,
    status: world.completion === null ? 'running' : 'completed',
    completion: world.completion,
    stability: world.stability,
    agentCount: world.agentCount,
    centroid: world.agentCount > 0 ? { x: sx / world.agentCount, y: sy / world.agentCount } : null,
    attractors,
    lostBasins: [...world.lostOrder],
    prophecy: world.standing === null ? null : { seq: world.standing.seq, tick: world.standing.tick },
    ...(world.domain !== null ? { domain: observeDomain(world) } : {}),
  };
}

/** Every agent's position, velocity, basin and full policy. */
export function observeAgents(world: World): AgentSnapshot[] {
  const agents: AgentSnapshot[] = new Array(world.agentCount);
  const beliefs = world.features.beliefPolicy;
  for (let i = 0; i < world.agentCount; i++) {
    const basin = world.basin[i] as number;
    agents[i] = {
      id: world.agentIds[i] as string,
      state: {
        x: world.px[i] as number,
        y: world.py[i] as number,
        vx: world.vx[i] as number,
        vy: world.vy[i] as number,
        basin: basin >= 0 ? (world.attractorIds[basin] as string) : null,
      },
      policy: beliefs
        ? { lambda: world.lambda[i] as number, gamma: world.gamma[i] as number, belief: world.belief[i] as number }
        : { lambda: world.lambda[i] as number, gamma: world.gamma[i] as number },
    };
  }
  return agents;
}
