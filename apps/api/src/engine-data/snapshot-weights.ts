import type { WorkShape } from './work-cost.js';

/** What weighing an advance needs of a stored snapshot. */
export interface SnapshotWeight {
  /** Its work shape, its queued inputs included. */
  shape: WorkShape;
  /** Its head count (the checkpoint interval depends on it). */
  agents: number;
  /** Its rules' ticks a second: the playback clock's rate at speed 1. */
  ticksPerSecond: number;
}

/** Simulations whose weight is kept; past it the least recently advanced is forgotten (and parsed again if it comes back). */
const DEFAULT_CAPACITY = 10_000;

/**
 * The weight of each simulation's last stored snapshot, as the engine reported it with the
 * snapshot, so that its next step or playback advance is weighed without parsing the stored
 * snapshot again (hundreds of KB of JSON at 2 400 agents, on the event loop, at every step). A
 * weight is found only for the version of the simulation it was stored as: every change to a
 * simulation bumps its version by one (an input queued, another process's write), and any other
 * version falls back to parsing. Only the weights are kept, a few numbers each, never the
 * snapshot itself.
 */
export class SnapshotWeights {
  private readonly known = new Map<string, { version: number; weight: SnapshotWeight }>();

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  remember(simulationId: string, version: number, weight: SnapshotWeight): void {
    // Re-inserted so that the Map's order is the order of use: the first key is the oldest.
    this.known.delete(simulationId);
    this.known.set(simulationId, { version, weight });
    if (this.known.size > this.capacity) this.known.delete(this.known.keys().next().value as string);
  }

  of(simulationId: string, version: number): SnapshotWeight | undefined {
    const entry = this.known.get(simulationId);
    return entry !== undefined && entry.version === version ? entry.weight : undefined;
  }

  forget(simulationId: string): void {
    this.known.delete(simulationId);
  }
}
