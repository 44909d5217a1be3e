import type { AgentSnapshot } from '@sim/engine';

/** FNV-1a, 32 bits: a stable hash of a string, the same in every process and every client. */
export function fnv1a32(text: string, seed = 0x811c9dc5): number {
  let hash = seed;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/**
 * The deterministic sample of `size` agents: those whose id has the smallest FNV-1a hash (ties
 * by id), in the trace's order. It depends only on the ids, so it is the same N agents every
 * tick, on every server and on every resumption; an agent only leaves it when it is removed, and
 * one added only enters it when its hash ranks among the N. The rule clients rely on is in
 * docs/api.md, "Events", "Choosing what a stream carries". Returned as the positions of the
 * chosen ids in `ids`, ascending; undefined when every agent is in the sample.
 */
export function sampleIndices(ids: readonly string[], size: number): number[] | undefined {
  if (size >= ids.length) return undefined;
  const ranked = ids.map((id, index) => ({ id, index, hash: fnv1a32(id) }));
  ranked.sort((a, b) => a.hash - b.hash || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return ranked
    .slice(0, size)
    .map((r) => r.index)
    .sort((a, b) => a - b);
}

/** The sample above, as the agents themselves. */
export function sampleAgents(agents: readonly AgentSnapshot[], size: number): readonly AgentSnapshot[] {
  const indices = sampleIndices(
    agents.map((a) => a.id),
    size,
  );
  return indices === undefined ? agents : indices.map((i) => agents[i] as AgentSnapshot);
}
