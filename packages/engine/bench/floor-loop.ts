import { openStream, RULE_DEFAULTS } from '../src/index.js';

/**
 * The floor of one tick's agent pass: the same physics as the engine's agent pass (terrain
 * drift, crowding from the density of the neighbouring cells, the pull of every well with its
 * preference, lagged response, damping, four noise draws from the same kind of stream, the speed
 * cap, reflection at the edges, the basin that holds the agent and its load), written as one
 * plain loop over flat arrays with nothing else: no prophecy reaction, no belief, no tipping
 * candidates, no dominant move, no events. The engine's figure divided by this one says what
 * the engine's own structure costs (docs/engine.md, "One tick, in order").
 */
export interface FloorWorld {
  n: number;
  k: number;
  width: number;
  height: number;
  px: Float64Array;
  py: Float64Array;
  vx: Float64Array;
  vy: Float64Array;
  lambda: Float64Array;
  gamma: Float64Array;
  prefs: Float64Array;
  ax: Float64Array;
  ay: Float64Array;
  depth: Float64Array;
  radius: Float64Array;
  load: Float64Array;
  basin: Int32Array;
  density: Float64Array;
  gradX: Float64Array;
  gradY: Float64Array;
  motion: () => number;
}

/** A floor world with the positions, policies and wells of `scenario`. */
export function floorWorld(scenario: {
  seed: number;
  agents: { marker: { x: number; y: number }; policy?: { lambda?: number; gamma?: number }; attractorPreferences?: Record<string, number> }[];
  initialState: { width: number; height: number; attractors?: { id: string; x: number; y: number; depth: number; radius: number }[] };
}): FloorWorld {
  const n = scenario.agents.length;
  const wells = scenario.initialState.attractors ?? [];
  const k = wells.length;
  const { width, height } = scenario.initialState;
  const world: FloorWorld = {
    n,
    k,
    width,
    height,
    px: Float64Array.from(scenario.agents, (a) => a.marker.x),
    py: Float64Array.from(scenario.agents, (a) => a.marker.y),
    vx: new Float64Array(n),
    vy: new Float64Array(n),
    lambda: Float64Array.from(scenario.agents, (a) => a.policy?.lambda ?? 1),
    gamma: Float64Array.from(scenario.agents, (a) => a.policy?.gamma ?? 0.5),
    prefs: new Float64Array(n * k),
    ax: Float64Array.from(wells, (w) => w.x),
    ay: Float64Array.from(wells, (w) => w.y),
    depth: Float64Array.from(wells, (w) => w.depth),
    radius: Float64Array.from(wells, (w) => w.radius),
    load: new Float64Array(k),
    basin: new Int32Array(n),
    density: new Float64Array(width * height),
    gradX: new Float64Array(width * height),
    gradY: new Float64Array(width * height),
    motion: openStream(scenario.seed, 'motion'),
  };
  scenario.agents.forEach((agent, i) => wells.forEach((well, a) => (world.prefs[i * k + a] = agent.attractorPreferences?.[well.id] ?? 1)));
  return world;
}

/** One tick of the floor loop, with the engine's default rules. */
export function floorTick(w: FloorWorld): void {
  const { pull, friction, noise, maxSpeed, crowding, terrainWeight } = RULE_DEFAULTS;
  const { n, k, width, height, px, py, vx, vy, lambda, gamma, prefs, ax, ay, depth, radius, load, basin, density, gradX, gradY, motion } = w;
  const maxX = width - 1;
  const maxY = height - 1;
  density.fill(0);
  for (let i = 0; i < n; i++) {
    const cell = (((py[i] as number) + 0.5) | 0) * width + (((px[i] as number) + 0.5) | 0);
    density[cell] = (density[cell] as number) + 1;
  }
  load.fill(0);
  for (let i = 0; i < n; i++) {
    const x = px[i] as number;
    const y = py[i] as number;
    const cx = (x + 0.5) | 0;
    const cy = (y + 0.5) | 0;
    const cell = cy * width + cx;
    const left = cx > 0 ? cell - 1 : cell;
    const right = cx < maxX ? cell + 1 : cell;
    const down = cy > 0 ? cell - width : cell;
    const up = cy < maxY ? cell + width : cell;
    let fx = -terrainWeight * (gradX[cell] as number) - crowding * 0.5 * ((density[right] as number) - (density[left] as number));
    let fy = -terrainWeight * (gradY[cell] as number) - crowding * 0.5 * ((density[up] as number) - (density[down] as number));
    let best = -1;
    let bestStrength = 0;
    for (let a = 0; a < k; a++) {
      const dx = (ax[a] as number) - x;
      const dy = (ay[a] as number) - y;
      const d2 = dx * dx + dy * dy;
      const r = radius[a] as number;
      const inverse = 1 / (r * r + d2);
      const s = pull * (depth[a] as number) * r * (prefs[i * k + a] as number) * inverse;
      fx += s * dx;
      fy += s * dy;
      if (d2 <= 4 * r * r) {
        const strength = (depth[a] as number) * r * r * inverse;
        if (strength > bestStrength) {
          bestStrength = strength;
          best = a;
        }
      }
    }
    const lam = lambda[i] as number;
    const gam = gamma[i] as number;
    const response = 1 / (1 + lam);
    const keep = (1 - friction) / (1 + gam);
    const sigma = noise * lam;
    const nx = motion() + motion() - 1;
    const ny = motion() + motion() - 1;
    let nvx = (vx[i] as number) * keep + response * fx + sigma * nx;
    let nvy = (vy[i] as number) * keep + response * fy + sigma * ny;
    const speed2 = nvx * nvx + nvy * nvy;
    if (speed2 > maxSpeed * maxSpeed) {
      const scale = maxSpeed / Math.sqrt(speed2);
      nvx *= scale;
      nvy *= scale;
    }
    let x2 = x + nvx;
    let y2 = y + nvy;
    if (x2 < 0) {
      x2 = -x2;
      nvx = -nvx;
    } else if (x2 > maxX) {
      x2 = 2 * maxX - x2;
      nvx = -nvx;
    }
    if (y2 < 0) {
      y2 = -y2;
      nvy = -nvy;
    } else if (y2 > maxY) {
      y2 = 2 * maxY - y2;
      nvy = -nvy;
    }
    px[i] = Math.min(maxX, Math.max(0, x2));
    py[i] = Math.min(maxY, Math.max(0, y2));
    vx[i] = nvx;
    vy[i] = nvy;
    basin[i] = best;
    if (best >= 0) load[best] = (load[best] as number) + 1 / (1 + gam);
  }
}
