import type { AgentSnapshot, AttractorState } from '@sim/engine';
import { fnv1a32 } from './agent-sample.js';
import type { PackedAgents } from './event-payloads.js';

/** 256 units per cell: a grid side is at most 256 cells (LIMITS.maxGridSide), 256 × 256 − 1 fits 16 bits. */
const SCALE = 256;
const MAX_Q = 0xffff;

const quantize = (v: number): number => Math.min(MAX_Q, Math.max(0, Math.round(v * SCALE)));

/** The roster of a list of agents: FNV-1a of the ids joined by "\n", as 8 hex digits. */
export function rosterOf(agents: readonly AgentSnapshot[]): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < agents.length; i++) hash = fnv1a32(i === 0 ? (agents[i] as AgentSnapshot).id : `\n${(agents[i] as AgentSnapshot).id}`, hash);
  return hash.toString(16).padStart(8, '0');
}

/** The packed columns of a tick's agents; `withIds` makes it a key frame. */
export function packAgents(agents: readonly AgentSnapshot[], attractors: readonly AttractorState[], roster: string, withIds: boolean): PackedAgents {
  const basinBytes = attractors.length < 0xff ? 1 : 2;
  const xy = Buffer.alloc(agents.length * 4);
  const basin = Buffer.alloc(agents.length * basinBytes);
  const index = new Map(attractors.map((a, i) => [a.id, i]));
  agents.forEach((agent, i) => {
    xy.writeUInt16LE(quantize(agent.state.x), i * 4);
    xy.writeUInt16LE(quantize(agent.state.y), i * 4 + 2);
    const b = agent.state.basin === null ? undefined : index.get(agent.state.basin);
    if (basinBytes === 1) basin.writeUInt8(b ?? 0xff, i);
    else basin.writeUInt16LE(b ?? 0xffff, i * 2);
  });
  return {
    format: 'q16',
    count: agents.length,
    scale: SCALE,
    roster,
    ids: withIds ? agents.map((a) => a.id) : null,
    xy: xy.toString('base64'),
    basin: basin.toString('base64'),
    basinBytes,
  };
}
