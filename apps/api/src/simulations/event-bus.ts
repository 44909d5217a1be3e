import type { TraceStep } from '@sim/engine';
import { KeyedListeners } from '../lib/keyed-listeners.js';
import type { StoredEvent } from './simulation-store.js';

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
  private readonly listeners: KeyedListeners<SimulationBusMessage>;

  constructor(onListenerError: (error: unknown) => void = () => {}) {
    // One broken listener must not stop the others nor fail the request that published.
    this.listeners = new KeyedListeners(onListenerError);
  }

  subscribe(simulationId: string, listener: SimulationBusListener): () => void {
    return this.listeners.add(simulationId, listener);
  }

  publish(simulationId: string, message: SimulationBusMessage): void {
    this.listeners.publish(simulationId, message);
  }

  hasSubscribers(simulationId: string): boolean {
    return this.listeners.has(simulationId);
  }
}
