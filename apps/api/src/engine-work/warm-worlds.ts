import type { Simulation } from '@sim/engine';

/** Worlds a worker always keeps, whatever their size (up to LARGEST_KEPT_SNAPSHOT each): the last two stepped. */
const ALWAYS_KEPT = 2;

/** Most worlds a worker keeps. */
const MOST_KEPT = 16;

/**
 * Beyond the last ALWAYS_KEPT, older worlds are kept while all the kept worlds' snapshot texts
 * sum to at most this many characters. A world holds several times its snapshot's characters in
 * memory (crowded-large: 316 K characters, about 2.2 MB with its text), so this keeps about six
 * such worlds, or sixteen small ones.
 */
const KEPT_TEXT_BUDGET = 2 << 20;

/** A world larger than this (its snapshot's JSON, in characters) is not kept: memory is a budget too. */
const LARGEST_KEPT_SNAPSHOT = 4 << 20;

interface Kept {
  /** The stored snapshot the world was restored from or last snapshotted as. */
  readonly json: string;
  /** The tick of that snapshot; the world has run `simulation.tick − snapshotTick` ticks past it. */
  readonly snapshotTick: number;
  readonly simulation: Simulation;
}

/**
 * The worlds an engine worker advanced last, each under the stored snapshot text it started
 * from or handed back, and how many ticks it has run past that snapshot. A stored simulation's
 * head is such a pair (its stored snapshot, the ticks the head ran past it): when a kept world
 * is exactly at the head a step names, the worker takes it as it is instead of restoring the
 * snapshot and computing those ticks again (docs/operations.md, "Warm worlds"). The engine is
 * deterministic, so a snapshot and a count of ticks past it name one world: another request
 * that changed the simulation meanwhile, a decree queued, a commit that failed, a fork or a
 * restart all name another pair, and the world is restored as before. A world taken is the
 * caller's; it comes back only through `keep`, after its advance.
 */
export class WarmWorlds {
  private readonly kept: Kept[] = [];
  /** The characters of the kept worlds' snapshot texts. */
  private text = 0;

  /** The world `ahead` ticks past the snapshot `json`, removed from those kept; undefined when none is. */
  take(json: string, ahead = 0): Simulation | undefined {
    const index = this.kept.findIndex(
      (entry) => entry.simulation.tick - entry.snapshotTick === ahead && entry.json.length === json.length && entry.json === json,
    );
    if (index < 0) return undefined;
    const [entry] = this.kept.splice(index, 1) as [Kept];
    this.text -= entry.json.length;
    return entry.simulation;
  }

  /**
   * Keeps `simulation`, `simulation.tick − snapshotTick` ticks past the snapshot `json` (the one
   * just taken of it by default). The oldest kept worlds make way: beyond MOST_KEPT, and beyond
   * the last ALWAYS_KEPT while the texts kept exceed KEPT_TEXT_BUDGET.
   */
  keep(json: string, simulation: Simulation, snapshotTick: number = simulation.tick): void {
    if (json.length > LARGEST_KEPT_SNAPSHOT) return;
    this.kept.unshift({ json, snapshotTick, simulation });
    this.text += json.length;
    while (this.kept.length > MOST_KEPT || (this.kept.length > ALWAYS_KEPT && this.text > KEPT_TEXT_BUDGET)) {
      this.text -= (this.kept.pop() as Kept).json.length;
    }
  }

  get size(): number {
    return this.kept.length;
  }
}
