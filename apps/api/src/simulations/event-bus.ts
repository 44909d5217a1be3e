import type { TraceStep } from '@sim/engine';
import type { StoredEvent } from '../storage/simulation-store.js';

/**
 * What the bus carries, after the change that produced it has committed:
 * - `event`: a stored event (it has its per-simulation `seq`, replayable from the store);
 * - `tick`: one computed tick, not stored; `afterSeq` is the last stored seq at that moment.
 *   Tick messages are only built while someone listens to that simulation.
 */
export type SimulationBusMessage =
  | { kind: 'event'; event: StoredEvent }
  | { kind: 'tick'; simulationId: string; afterSeq: number; step: TraceStep };

export type SimulationBusListener = (message: SimulationBusMessage) => void;

/** Live fan-out of simulation activity; the SSE stream subscribes per simulation. */
export interface SimulationEventBus {
  /** Returns the function that unsubscribes. */
  subscribe(simulationId: string, listener: SimulationBusListener): () => void;
  publish(simulationId: string, message: SimulationBusMessage): void;
  /** True while at least one listener follows this simulation (so ticks are worth building). */
  hasSubscribers(simulationId: string): boolean;
}

/** The in-process bus: one process, listeners called synchronously in publish order. */
export class InProcessEventBus implements SimulationEventBus {
  private readonly listeners = new Map<string, Set<SimulationBusListener>>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => {}) {}

  subscribe(simulationId: string, listener: SimulationBusListener): () => void {
    let set = this.listeners.get(simulationId);
    if (set === undefined) this.listeners.set(simulationId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(simulationId) === set) this.listeners.delete(simulationId);
    };
  }

  publish(simulationId: string, message: SimulationBusMessage): void {
    const set = this.listeners.get(simulationId);
    if (set === undefined) return;
    for (const listener of [...set]) {
      // One broken listener must not stop the others nor fail the request that published.
      try {
        listener(message);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  hasSubscribers(simulationId: string): boolean {
    return (this.listeners.get(simulationId)?.size ?? 0) > 0;
  }
}
