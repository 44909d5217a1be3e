import type { WorkShape } from './work-cost.js';

/** What weighing an advance needs of a stored snapshot. */
export interface SnapshotWeight {
  /** Its work shape, its queued inputs included. */
  shape: WorkShape;
  /** Its head count (the checkpoint interval depends on it). */
  agents: number;
}

/**
 * The weight of each playing simulation's last snapshot, as the engine reported it with the
 * snapshot, so the next advance of playback is weighed without parsing the stored snapshot
 * again (170 KB of JSON at 2 400 agents, every tick, on the event loop). A weight is found only
 * for the very snapshot it was reported with (compared by content), so any other change to the
 * simulation (an input queued, another process's write) falls back to parsing.
 */
export class SnapshotWeights {
  private readonly known = new Map<string, { json: string; weight: SnapshotWeight }>();

  remember(simulationId: string, json: string, weight: SnapshotWeight): void {
    this.known.set(simulationId, { json, weight });
  }

  of(simulationId: string, json: string): SnapshotWeight | undefined {
    const entry = this.known.get(simulationId);
    return entry !== undefined && entry.json === json ? entry.weight : undefined;
  }

  forget(simulationId: string): void {
    this.known.delete(simulationId);
  }
}
