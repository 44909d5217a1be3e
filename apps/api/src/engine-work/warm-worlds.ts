import type { Simulation } from '@sim/engine';

/** Worlds a worker keeps between two advances: the few simulations stepped most recently. */
const KEPT_WORLDS = 2;

/** A world larger than this (its snapshot's JSON, in characters) is not kept: memory is a budget too. */
const LARGEST_KEPT_SNAPSHOT = 4 << 20;

interface Kept {
  readonly json: string;
  readonly simulation: Simulation;
}

/**
 * The worlds an engine worker advanced last, each with the snapshot text it handed back. A
 * step of a stored simulation sends the worker its stored snapshot; when that text is the very
 * one a kept world was snapshotted as, the world is taken as it is instead of parsing and
 * restoring it (for `crowded-large` 4.5 ms of a one-tick step's 10 on the worker). The match is
 * on the whole text, so a kept world is used only for exactly the state it was stored as
 * (docs/operations.md, "Warm worlds"): another request that changed the simulation meanwhile,
 * a commit that failed, a fork or a restart all send another text, and the world is restored
 * as before. A world taken is the caller's; it comes back only through `keep`, after its
 * advance, under its new snapshot's text.
 */
export class WarmWorlds {
  private readonly kept: Kept[] = [];

  /** The world whose snapshot was exactly `json`, removed from those kept; undefined when none is. */
  take(json: string): Simulation | undefined {
    const index = this.kept.findIndex((entry) => entry.json.length === json.length && entry.json === json);
    if (index < 0) return undefined;
    const [entry] = this.kept.splice(index, 1);
    return entry?.simulation;
  }

  /** Keeps `simulation`, just snapshotted as `json`, the oldest kept world making way. */
  keep(json: string, simulation: Simulation): void {
    if (json.length > LARGEST_KEPT_SNAPSHOT) return;
    this.kept.unshift({ json, simulation });
    this.kept.length = Math.min(this.kept.length, KEPT_WORLDS);
  }

  get size(): number {
    return this.kept.length;
  }
}
