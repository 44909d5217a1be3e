import { advanceDomain } from '../domain/advance-domain.js';
import type { Loss } from '../schemas/outputs.js';
import { applyPendingInputs, applyShock, type EventSink } from './apply-input.js';
import { describeDominantMove } from './describe-move.js';
import { judgeParadoxes } from './judge-paradoxes.js';
import { PREFERENCE_STRIDE, type World } from './world.js';

/** Per-tick facts the agent pass hands to the later phases; reused, never reallocated. */
interface AgentPassResult {
  dominant: number;
  dominantDx: number;
  dominantDy: number;
  meanSpeed: number;
}
const scratch: AgentPassResult = { dominant: -1, dominantDx: 0, dominantDy: 0, meanSpeed: 0 };

/**
 * Per-tick table of the live attractors, one row of WELL_STRIDE numbers each: the products
 * that do not depend on the agent, worked out once per tick instead of once per agent. Each
 * is the same left-to-right product the per-agent formula starts with, so every force and
 * strength comes out bit-identical. Transient scratch: filled at the start of every agent
 * pass and read only within it (prophecy branches run one after another, never inside one).
 */
const WELL_STRIDE = 7;
const WELL_X = 0;
const WELL_Y = 1;
/** pull · depth · radius · reaction: the pull's numerator before preference and distance. */
const WELL_PULL = 2;
const WELL_R2 = 3;
/** 4 · radius²: the basin reaches twice the radius. */
const WELL_REACH2 = 4;
/** depth · radius²: the basin strength's numerator. */
const WELL_HOLD = 5;
/**
 * 1.2.0 (belief): 2ρ·P·fade, the reaction's urge before an agent's belief scales it; the
 * agent's reaction is clamp(1 − urge · belief, −1, 3) and WELL_PULL then leaves reaction out.
 */
const WELL_URGE = 6;
const wells = new Float64Array(PREFERENCE_STRIDE * WELL_STRIDE);
/** The attractor slot of each row of `wells`, kept as integers for indexing. */
const wellSlots = new Int32Array(PREFERENCE_STRIDE);

/** Per attractor slot: the urge 2ρ·P·fade of this tick (see WELL_URGE). Transient scratch. */
const urges = new Float64Array(PREFERENCE_STRIDE);
/**
 * The preference row's length, read once: where this module runs as CommonJS (a prophecy helper
 * thread started from the TypeScript sources through tsx), an imported binding is a getter
 * call, which the agent loop would otherwise make once per agent.
 */
const STRIDE = PREFERENCE_STRIDE;

/**
 * Sets how strongly agents are pulled by each attractor this tick, given the standing prophecy:
 * `reaction` is the reaction of an agent of belief 1 (every agent before 1.2.0). Returns false
 * when no attractor has an urge, so that no agent's belief can matter this tick.
 */
function updateReactions(world: World, tick: number): boolean {
  const { reaction, attractorIds, standing } = world;
  const rho = world.rules.reflexivity;
  let fade = 1;
  if (standing !== null && world.features.reactionFadesOverHorizon) {
    fade = Math.max(0, 1 - (tick - standing.tick) / standing.horizon);
  }
  let any = false;
  for (let a = 0; a < world.attractorCount; a++) {
    const p = standing?.lossProbability[attractorIds[a] as string] ?? 0;
    const urge = 2 * rho * p * fade;
    urges[a] = urge;
    reaction[a] = Math.min(3, Math.max(-1, 1 - urge));
    if (urge !== 0) any = true;
  }
  return any;
}

function maybeEnvironmentShock(world: World): string | null {
  const rate = world.rules.shockRate;
  if (rate <= 0) return null;
  const draw = world.environment;
  if (draw() >= rate) return null;
  const x = draw() * (world.width - 1);
  const y = draw() * (world.height - 1);
  const radius = Math.max(1, Math.max(world.width, world.height) / 8);
  applyShock(world, x, y, radius, world.rules.shockMagnitude);
  return `environment shock at (${Number(x.toFixed(2))}, ${Number(y.toFixed(2))})`;
}

/**
 * The cell each agent was counted in by `fillDensity`, so that `clearDensity` zeroes only those:
 * clearing the whole grid every tick cost more than moving one agent on a 256 × 256 grid, a
 * cost the work budget does not see. Transient scratch, grown as worlds grow.
 */
let countedCells = new Int32Array(1024);

/** Counts the agents in each cell. `density` is all zero between ticks (`clearDensity`). */
function fillDensity(world: World): void {
  const { density, px, py, width, agentCount } = world;
  if (countedCells.length < agentCount) countedCells = new Int32Array(Math.max(agentCount, 2 * countedCells.length));
  const cells = countedCells;
  for (let i = 0; i < agentCount; i++) {
    const cell = (((py[i] as number) + 0.5) | 0) * width + (((px[i] as number) + 0.5) | 0);
    cells[i] = cell;
    density[cell] = (density[cell] as number) + 1;
  }
}

/** Zeroes the cells `fillDensity` counted, leaving `density` all zero for the next tick. */
function clearDensity(world: World): void {
  const { density, agentCount } = world;
  const cells = countedCells;
  for (let i = 0; i < agentCount; i++) density[cells[i] as number] = 0;
}

/**
 * Moves every agent once: pull of the attractors (weighted by preference and reaction),
 * downhill drift, push out of crowds, lagged response (lambda), damping (gamma), noise; then
 * bounces it off the grid's edges and finds the basin that holds it.
 */
function moveAgents(world: World, urged: boolean): AgentPassResult {
  const { px, py, vx, vy, lambda, gamma, prefs, basin, gradX, gradY, density } = world;
  const { ax, ay, depth, radius, lost, reaction, load, tipAgent, tipScore } = world;
  const { width, height, agentCount: n, attractorCount: k, motion } = world;
  const { pull, friction, noise, maxSpeed, crowding, terrainWeight } = world.rules;
  const maxX = width - 1;
  const maxY = height - 1;
  const maxSpeed2 = maxSpeed * maxSpeed;
  const { belief } = world;
  // 1.2.0: each agent scales the reaction by its belief. Before, one reaction per attractor
  // is folded into WELL_PULL. With belief 1 both give the same bits: the products are
  // formed in the same order. Without any urge every reaction is exactly 1 whatever the
  // belief, so the folded path (cheaper) gives the same bits too.
  const perAgent = urged && world.features.beliefPolicy;

  let live = 0;
  for (let a = 0; a < k; a++) {
    load[a] = 0;
    tipAgent[a] = -1;
    tipScore[a] = -1;
    if (lost[a] === 1) continue;
    const r = radius[a] as number;
    const r2 = r * r;
    const w = live * WELL_STRIDE;
    wells[w + WELL_X] = ax[a] as number;
    wells[w + WELL_Y] = ay[a] as number;
    wells[w + WELL_PULL] = perAgent ? pull * (depth[a] as number) * r : pull * (depth[a] as number) * r * (reaction[a] as number);
    // Without per-agent reactions the urge is 0, so the factor below is exactly 1 and the pull
    // keeps its bits; one branch-free formula lets the optimizer keep this loop tight (with a
    // branch per attractor, the agent pass ran at half the speed of a plain loop).
    wells[w + WELL_URGE] = perAgent ? (urges[a] as number) : 0;
    wells[w + WELL_R2] = r2;
    wells[w + WELL_REACH2] = 4 * r2;
    wells[w + WELL_HOLD] = (depth[a] as number) * r2;
    wellSlots[live] = a;
    live++;
  }
  let dominant = -1;
  let dominant2 = -1;
  let dominantDx = 0;
  let dominantDy = 0;
  let speedSum = 0;

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
    const row = i * STRIDE;
    const credence = belief[i] as number;
    for (let j = 0, w = 0; j < live; j++, w += WELL_STRIDE) {
      const dx = (wells[w + WELL_X] as number) - x;
      const dy = (wells[w + WELL_Y] as number) - y;
      const d2 = dx * dx + dy * dy;
      const inverse = 1 / ((wells[w + WELL_R2] as number) + d2);
      const a = wellSlots[j] as number;
      const wellPull = (wells[w + WELL_PULL] as number) * Math.min(3, Math.max(-1, 1 - (wells[w + WELL_URGE] as number) * credence));
      const s = wellPull * (prefs[row + a] as number) * inverse;
      fx += s * dx;
      fy += s * dy;
      if (d2 <= (wells[w + WELL_REACH2] as number)) {
        const strength = (wells[w + WELL_HOLD] as number) * inverse;
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
    let speed2 = nvx * nvx + nvy * nvy;
    if (speed2 > maxSpeed2) {
      const scale = maxSpeed / Math.sqrt(speed2);
      nvx *= scale;
      nvy *= scale;
      speed2 = maxSpeed2;
    }
    let x2 = x + nvx;
    let y2 = y + nvy;
    if (x2 < 0) {
      x2 = x2 < -maxX ? 0 : -x2;
      nvx = -nvx;
    } else if (x2 > maxX) {
      x2 = x2 > 2 * maxX ? maxX : 2 * maxX - x2;
      nvx = -nvx;
    }
    if (y2 < 0) {
      y2 = y2 < -maxY ? 0 : -y2;
      nvy = -nvy;
    } else if (y2 > maxY) {
      y2 = y2 > 2 * maxY ? maxY : 2 * maxY - y2;
      nvy = -nvy;
    }
    px[i] = x2;
    py[i] = y2;
    vx[i] = nvx;
    vy[i] = nvy;
    speedSum += Math.sqrt(speed2);
    if (speed2 > dominant2) {
      dominant2 = speed2;
      dominant = i;
      dominantDx = nvx;
      dominantDy = nvy;
    }

    basin[i] = best;
    if (best >= 0) {
      const carried = 1 / (1 + gam);
      load[best] = (load[best] as number) + carried;
      const score = carried * (1 + speed2);
      if (score > (tipScore[best] as number)) {
        tipScore[best] = score;
        tipAgent[best] = i;
      }
    }
  }
  scratch.dominant = dominant;
  scratch.dominantDx = dominantDx;
  scratch.dominantDy = dominantDy;
  scratch.meanSpeed = n > 0 ? speedSum / n : 0;
  return scratch;
}

function nearestAgent(world: World, a: number): number {
  let nearest = -1;
  let nearest2 = Infinity;
  for (let i = 0; i < world.agentCount; i++) {
    const dx = (world.px[i] as number) - (world.ax[a] as number);
    const dy = (world.py[i] as number) - (world.ay[a] as number);
    const d2 = dx * dx + dy * dy;
    if (d2 < nearest2) {
      nearest2 = d2;
      nearest = i;
    }
  }
  return nearest;
}

/** Erodes overloaded basins, lets the others recover, and collapses those with no depth left. */
function judgeBasins(world: World, tick: number, losses: Loss[] | null): number {
  const { depth, depth0, load, capacity, lost } = world;
  const { erosionRate, recoveryRate } = world.rules;
  let lostNow = 0;
  for (let a = 0; a < world.attractorCount; a++) {
    if (lost[a] === 1) continue;
    const carried = load[a] as number;
    const cap = capacity[a] as number;
    let d = depth[a] as number;
    if (d > 0) {
      d = carried > cap ? d - erosionRate * (depth0[a] as number) * (carried / cap - 1) : d + recoveryRate * ((depth0[a] as number) - d);
    }
    if (d > 0) {
      depth[a] = d;
      continue;
    }
    depth[a] = 0;
    lost[a] = 1;
    lostNow++;
    const id = world.attractorIds[a] as string;
    world.lostOrder.push(id);
    if (losses !== null) {
      const tipper = (world.tipAgent[a] as number) >= 0 ? (world.tipAgent[a] as number) : nearestAgent(world, a);
      losses.push({
        tick,
        magnitude: depth0[a] as number,
        agent: tipper >= 0 ? (world.agentIds[tipper] as string) : 'none',
        attractor: id,
        load: carried,
        capacity: cap,
      });
    }
  }
  return lostNow;
}

function everyBasinLost(world: World): boolean {
  for (let a = 0; a < world.attractorCount; a++) if (world.lost[a] === 0) return false;
  return world.attractorCount > 0;
}

/**
 * Stability b: the share of the landscape's initial well depth still standing, lowered by up
 * to a half as agents speed up (agitation). 1 for a calm, intact field; 0 once every basin is lost.
 */
export function measureStability(world: World, meanSpeed: number): number {
  let standing = 0;
  let initial = 0;
  for (let a = 0; a < world.attractorCount; a++) {
    standing += world.depth[a] as number;
    initial += world.depth0[a] as number;
  }
  const depthShare = initial > 0 ? standing / initial : 1;
  const agitation = Math.min(1, meanSpeed / world.rules.maxSpeed);
  return depthShare * (1 - 0.5 * agitation);
}

function judgeWarnings(world: World, tick: number, stability: number, sink: EventSink): void {
  const { warningThresholds, warningHysteresis } = world.rules;
  const previous = world.stability;
  warningThresholds.forEach((threshold, j) => {
    const below = world.belowThreshold[j] ?? previous < threshold;
    if (!below && stability < threshold) {
      world.belowThreshold[j] = true;
      sink({ type: 'warning', data: { tick, measure: 'stability', value: stability, previous, threshold, direction: 'falling' } });
    } else if (below && stability >= threshold + warningHysteresis) {
      world.belowThreshold[j] = false;
      sink({ type: 'warning', data: { tick, measure: 'stability', value: stability, previous, threshold, direction: 'rising' } });
    } else {
      world.belowThreshold[j] = below;
    }
  });
}

/**
 * Advances the world by one tick. `sink` receives the tick's events in a fixed order (inputs,
 * losses, warnings, paradoxes, completion); prophecy branches pass null and get none.
 */
export function advanceTick(world: World, sink: EventSink | null): void {
  const tick = world.tick + 1;
  world.tick = tick;
  const parts = world.pending.length > 0 ? applyPendingInputs(world, tick, sink) : [];
  const shock = maybeEnvironmentShock(world);
  if (shock !== null) parts.push(shock);
  const urged = updateReactions(world, tick);
  fillDensity(world);
  const pass = moveAgents(world, urged);
  clearDensity(world);
  // 1.4.0: the domain follows the agents' reactions and then sets its basins' load and capacity.
  if (world.domain !== null) advanceDomain(world, tick, urges);
  parts.push(describeDominantMove(world, pass.dominant, pass.dominantDx, pass.dominantDy));
  world.lastMove = parts.join('; ');

  const losses: Loss[] | null = sink === null ? null : [];
  const lostNow = judgeBasins(world, tick, losses);
  const stability = measureStability(world, pass.meanSpeed);
  if (sink !== null && losses !== null) {
    for (const loss of losses) sink({ type: 'loss', data: loss });
    judgeWarnings(world, tick, stability, sink);
    judgeParadoxes(world, tick, losses, sink);
  }
  world.stability = stability;

  if (world.completion === null) {
    if (lostNow > 0 && everyBasinLost(world)) world.completion = 'collapse';
    else if (tick >= world.rules.maxTicks) world.completion = 'max-ticks';
    if (world.completion !== null) sink?.({ type: 'completed', data: { tick, reason: world.completion } });
  }
}
