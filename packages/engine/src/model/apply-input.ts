import { LIMITS } from '../limits.js';
import type { Decree } from '../schemas/decree.js';
import type { EngineEvent, Paradox } from '../schemas/outputs.js';
import { DEFAULT_POLICY } from '../schemas/policy.js';
import type { EngineInput } from './engine-input.js';
import { PREFERENCE_STRIDE, pushAgent, pushAttractor, reseedWorld, type World } from './world.js';

/**
 * Why an input cannot be applied: `not-found` names a missing agent or attractor.
 *
 * @example
 * const problem = sim.check({ kind: 'decree', decree: { type: 'remove-agent', payload: { id: 'ghost' } } });
 * if (problem?.code === 'not-found') console.log(problem.message);
 */
export interface InputProblem {
  code: 'not-found' | 'conflict' | 'off-grid' | 'completed' | 'invalid';
  message: string;
  /** Where in the input the problem lies, when it is one field (`policy.belief`). */
  path?: string;
}

export type EventSink = (event: EngineEvent) => void;

const fmt = (value: number): string => String(Number(value.toFixed(2)));

function onGrid(world: World, x: number, y: number): boolean {
  return x >= 0 && x <= world.width - 1 && y >= 0 && y <= world.height - 1;
}

function offGrid(world: World, x: number, y: number): InputProblem | null {
  return onGrid(world, x, y)
    ? null
    : { code: 'off-grid', message: `(${x}, ${y}) is off the grid: x must be 0 to ${world.width - 1}, y 0 to ${world.height - 1}` };
}

export function agentIndex(world: World, id: string): number {
  return world.agentIds.indexOf(id);
}

export function attractorIndex(world: World, id: string): number {
  return world.attractorIds.indexOf(id);
}

/**
 * Judges an input against the world as it stands, seeing the ids that earlier inputs of the
 * queue add or remove. Returns null when the input fits.
 */
export function checkInput(world: World, input: EngineInput, queue: readonly EngineInput[] = []): InputProblem | null {
  if (world.completion !== null) return { code: 'completed', message: 'the simulation has completed' };
  if (input.kind === 'reseed') return null;
  const agents = new Set(world.agentIds.slice(0, world.agentCount));
  const liveAttractors = new Set(world.attractorIds.filter((_, a) => world.lost[a] === 0));
  const used = new Set(world.usedAttractorIds);
  let agentCount = world.agentCount;
  let attractorSlots = world.attractorCount;
  for (const queued of queue) {
    if (queued.kind !== 'decree') continue;
    const { decree } = queued;
    if (decree.type === 'add-agent') {
      agents.add(decree.payload.id);
      agentCount++;
    }
    if (decree.type === 'remove-agent') {
      agents.delete(decree.payload.id);
      agentCount--;
    }
    if (decree.type === 'add-attractor') {
      liveAttractors.add(decree.payload.id);
      used.add(decree.payload.id);
      attractorSlots++;
    }
    if (decree.type === 'remove-attractor') {
      liveAttractors.delete(decree.payload.id);
      attractorSlots--;
    }
  }
  const missingAgent = (id: string): InputProblem | null => (agents.has(id) ? null : { code: 'not-found', message: `agent "${id}" not found` });
  const missingAttractor = (id: string): InputProblem | null =>
    liveAttractors.has(id) ? null : { code: 'not-found', message: `attractor "${id}" not found or already lost` };

  if (input.kind === 'policy') {
    // Older versions have no belief: accepting it there would change nothing, silently.
    if (input.policy.belief !== undefined && !world.features.beliefPolicy) {
      return { code: 'invalid', path: 'policy.belief', message: `belief needs engine 1.2.0 or later; this simulation runs ${world.features.version}` };
    }
    return missingAgent(input.agentId);
  }
  const { decree } = input;
  switch (decree.type) {
    case 'shock':
    case 'set-rule':
      return null;
    case 'add-attractor':
      if (used.has(decree.payload.id)) return { code: 'conflict', message: `attractor id "${decree.payload.id}" has been used in this simulation` };
      if (attractorSlots >= LIMITS.maxAttractors) return { code: 'conflict', message: `at most ${LIMITS.maxAttractors} attractors` };
      return offGrid(world, decree.payload.x, decree.payload.y);
    case 'move-attractor':
      return missingAttractor(decree.payload.id) ?? offGrid(world, decree.payload.x, decree.payload.y);
    case 'remove-attractor':
      return missingAttractor(decree.payload.id);
    case 'add-agent':
      if (agents.has(decree.payload.id)) return { code: 'conflict', message: `agent id "${decree.payload.id}" is taken` };
      if (agentCount >= LIMITS.maxAgents) return { code: 'conflict', message: `at most ${LIMITS.maxAgents} agents` };
      for (const id of Object.keys(decree.payload.attractorPreferences)) {
        if (!used.has(id)) return { code: 'not-found', message: `attractor "${id}" not found` };
      }
      return offGrid(world, decree.payload.marker.x, decree.payload.marker.y);
    case 'move-agent':
      return missingAgent(decree.payload.id) ?? offGrid(world, decree.payload.x, decree.payload.y);
    case 'remove-agent':
      return missingAgent(decree.payload.id);
  }
}

/**
 * Erodes the basins near a point and pushes agents away from it. Depth never goes below 0;
 * a basin at 0 collapses when the tick judges the basins.
 */
export function applyShock(world: World, x: number, y: number, radius: number, magnitude: number): void {
  for (let a = 0; a < world.attractorCount; a++) {
    if (world.lost[a] === 1) continue;
    const distance = Math.hypot((world.ax[a] as number) - x, (world.ay[a] as number) - y);
    if (distance >= radius) continue;
    const fall = magnitude * (world.depth0[a] as number) * (1 - distance / radius);
    world.depth[a] = Math.max(0, (world.depth[a] as number) - fall);
  }
  const kick = world.rules.maxSpeed * Math.min(1, magnitude);
  for (let i = 0; i < world.agentCount; i++) {
    const dx = (world.px[i] as number) - x;
    const dy = (world.py[i] as number) - y;
    const distance = Math.hypot(dx, dy);
    if (distance >= radius || distance === 0) continue;
    const push = (kick * (1 - distance / radius)) / distance;
    // Closer than ~1e-308 the push overflows to Infinity and Infinity × 0 makes the velocity
    // NaN: such an agent sits on the centre, where a push has no direction, as at distance 0.
    if (!Number.isFinite(push)) continue;
    world.vx[i] = (world.vx[i] as number) + push * dx;
    world.vy[i] = (world.vy[i] as number) + push * dy;
  }
}

function removeAgentAt(world: World, index: number): void {
  const last = world.agentCount - 1;
  for (const array of [world.px, world.py, world.vx, world.vy, world.lambda, world.gamma, world.belief] as Float64Array[]) {
    array.copyWithin(index, index + 1, last + 1);
  }
  world.basin.copyWithin(index, index + 1, last + 1);
  world.prefs.copyWithin(index * PREFERENCE_STRIDE, (index + 1) * PREFERENCE_STRIDE, (last + 1) * PREFERENCE_STRIDE);
  world.agentIds.splice(index, 1);
  world.agentCount = last;
}

function removeAttractorAt(world: World, index: number): void {
  const last = world.attractorCount - 1;
  for (const array of [world.ax, world.ay, world.depth, world.depth0, world.radius, world.capacity, world.load]) {
    array.copyWithin(index, index + 1, last + 1);
  }
  world.lost.copyWithin(index, index + 1, last + 1);
  for (let i = 0; i < world.agentCount; i++) {
    const row = i * PREFERENCE_STRIDE;
    world.prefs.copyWithin(row + index, row + index + 1, row + last + 1);
    const basin = world.basin[i] as number;
    world.basin[i] = basin === index ? -1 : basin > index ? basin - 1 : basin;
  }
  world.attractorIds.splice(index, 1);
  world.attractorCount = last;
}

/** A decree that removes an attractor makes any confident forecast of its loss impossible. */
function paradoxesOfRemoval(world: World, attractorId: string, tick: number): Paradox[] {
  const found: Paradox[] = [];
  for (const prophecy of world.openProphecies) {
    const p = prophecy.lossProbability[attractorId];
    if (p === undefined || p < world.rules.paradoxConfidence || prophecy.settled.includes(attractorId)) continue;
    prophecy.settled.push(attractorId);
    found.push({
      tick,
      kind: 'decree',
      prophecy: { seq: prophecy.seq, tick: prophecy.tick },
      attractor: attractorId,
      predictedLossProbability: p,
      message: `a decree removed "${attractorId}", whose loss prophecy ${prophecy.seq} gave ${p}`,
    });
  }
  return found;
}

function applyDecree(world: World, decree: Decree, tick: number, sink: EventSink | null): string {
  switch (decree.type) {
    case 'shock': {
      const { x, y, radius, magnitude } = decree.payload;
      applyShock(world, x, y, radius, magnitude);
      return `shock at (${fmt(x)}, ${fmt(y)})`;
    }
    case 'add-attractor': {
      pushAttractor(world, decree.payload);
      return `attractor ${decree.payload.id} added`;
    }
    case 'move-attractor': {
      const a = attractorIndex(world, decree.payload.id);
      world.ax[a] = decree.payload.x;
      world.ay[a] = decree.payload.y;
      return `attractor ${decree.payload.id} moved to (${fmt(decree.payload.x)}, ${fmt(decree.payload.y)})`;
    }
    case 'remove-attractor': {
      removeAttractorAt(world, attractorIndex(world, decree.payload.id));
      if (sink) for (const data of paradoxesOfRemoval(world, decree.payload.id, tick)) sink({ type: 'paradox', data });
      return `attractor ${decree.payload.id} removed`;
    }
    case 'add-agent':
      pushAgent(world, decree.payload);
      return `agent ${decree.payload.id} added`;
    case 'move-agent': {
      const i = agentIndex(world, decree.payload.id);
      world.px[i] = decree.payload.x;
      world.py[i] = decree.payload.y;
      world.vx[i] = 0;
      world.vy[i] = 0;
      return `agent ${decree.payload.id} moved to (${fmt(decree.payload.x)}, ${fmt(decree.payload.y)})`;
    }
    case 'remove-agent':
      removeAgentAt(world, agentIndex(world, decree.payload.id));
      return `agent ${decree.payload.id} removed`;
    case 'set-rule':
      world.rules = { ...world.rules, [decree.payload.rule]: decree.payload.value };
      return `rule ${decree.payload.rule} set to ${decree.payload.value}`;
  }
}

/**
 * Applies the queued inputs in order at the start of `tick`, reporting each as an event. An
 * input that no longer fits (an earlier input removed its agent, say) is reported as not applied.
 * Returns the readable parts of the tick's move.
 */
export function applyPendingInputs(world: World, tick: number, sink: EventSink | null): string[] {
  const inputs = world.pending;
  world.pending = [];
  const parts: string[] = [];
  for (const input of inputs) {
    if (input.kind === 'reseed') {
      // Always fits: the tick applying it is running, so the simulation has not completed.
      reseedWorld(world, input.seed);
      parts.push(`reseeded with ${input.seed}`);
      continue;
    }
    const problem = checkInput(world, input);
    const ref = input.ref ?? null;
    if (input.kind === 'policy') {
      const i = agentIndex(world, input.agentId);
      if (problem === null) {
        if (input.policy.lambda !== undefined) world.lambda[i] = input.policy.lambda;
        if (input.policy.gamma !== undefined) world.gamma[i] = input.policy.gamma;
        if (input.policy.belief !== undefined) world.belief[i] = input.policy.belief;
        parts.push(`policy of ${input.agentId} set`);
      }
      sink?.({
        type: 'policy',
        data: {
          tick,
          ref,
          agentId: input.agentId,
          policy: {
            lambda: i >= 0 ? (world.lambda[i] as number) : (input.policy.lambda ?? DEFAULT_POLICY.lambda),
            gamma: i >= 0 ? (world.gamma[i] as number) : (input.policy.gamma ?? DEFAULT_POLICY.gamma),
            ...(world.features.beliefPolicy ? { belief: i >= 0 ? (world.belief[i] as number) : (input.policy.belief ?? DEFAULT_POLICY.belief) } : {}),
          },
          applied: problem === null,
          reason: problem?.message ?? null,
        },
      });
      continue;
    }
    const { decree } = input;
    const payload = decree.payload as unknown as Record<string, unknown>;
    if (problem !== null) {
      sink?.({ type: 'decree', data: { tick, ref, type: decree.type, payload, applied: false, reason: problem.message } });
      continue;
    }
    // The decree event comes first so that a paradox it causes follows it.
    sink?.({ type: 'decree', data: { tick, ref, type: decree.type, payload, applied: true, reason: null } });
    parts.push(applyDecree(world, decree, tick, sink));
  }
  return parts;
}
