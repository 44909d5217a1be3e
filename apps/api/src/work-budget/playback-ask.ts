import type { WorkEstimate } from '../engine-data/work-cost.js';

/** What `play` asks, weighed before the clock starts. */
export interface PlaybackAsk {
  /** Agent-ticks a second of this simulation at the asked speed, prophecies averaged. */
  costPerSecond: number;
  ticksPerSecond: number;
  /** The most one tick of it costs: a prophecy tick (its work cannot be split). */
  peakTickCost: WorkEstimate;
  /** What the same identity's other playing simulations cost a second, and how many they are. */
  others: { playing: number; costPerSecond: number };
}
