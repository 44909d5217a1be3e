import { fnv1a32 } from './agent-sample.js';

/** The roster of a list of agents: FNV-1a of their ids joined by "\n", as 8 hex digits. */
export function rosterOf(ids: readonly string[]): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < ids.length; i++) hash = fnv1a32(ids[i] as string, i === 0 ? hash : fnv1a32('\n', hash));
  return hash.toString(16).padStart(8, '0');
}
