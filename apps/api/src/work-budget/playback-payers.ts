import type { Tier } from '../identity/auth-context.js';

/** Who pays for a simulation's playback: the identity whose `play` started (or last re-timed) it. */
export interface PlaybackPayer {
  identity: string;
  tier: Tier;
  /** Agent-ticks a second it was admitted at (docs/api.md, "Playback and the work budget"). */
  costPerSecond: number;
}

/**
 * The simulations playing in this process and who pays for each. Playback clocks live in the
 * process (a restart pauses every simulation), so this needs no storage. An entry is removed
 * whenever its simulation stops playing, for any reason.
 */
export class PlaybackPayers {
  private readonly bySimulation = new Map<string, PlaybackPayer>();

  set(simulationId: string, payer: PlaybackPayer): void {
    this.bySimulation.set(simulationId, payer);
  }

  get(simulationId: string): PlaybackPayer | undefined {
    return this.bySimulation.get(simulationId);
  }

  delete(simulationId: string): void {
    this.bySimulation.delete(simulationId);
  }

  /** What `identity` already pays a second for its other playing simulations, and how many they are. */
  othersOf(identity: string, exceptSimulationId: string): { playing: number; costPerSecond: number } {
    let playing = 0;
    let costPerSecond = 0;
    for (const [simulationId, payer] of this.bySimulation) {
      if (simulationId === exceptSimulationId || payer.identity !== identity) continue;
      playing++;
      costPerSecond += payer.costPerSecond;
    }
    return { playing, costPerSecond };
  }
}
