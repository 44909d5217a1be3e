import type { TraceStep } from '@sim/engine';
import { KeyedListeners } from '../lib/keyed-listeners.js';
import { afterTick } from './event-ids.js';
import type { StoredEvent } from './simulation-store.js';

/**
 * What the bus carries to listeners, after the change that produced it has committed:
 * - `event`: a stored event (it has its per-simulation `seq`, replayable from the store);
 * - `tick`: one computed tick, not stored; `afterSeq` is the last stored seq at that moment.
 */
export type SimulationBusMessage = { kind: 'event'; event: StoredEvent } | { kind: 'tick'; simulationId: string; afterSeq: number; step: TraceStep };

export type SimulationBusListener = (message: SimulationBusMessage) => void;

/** A point in a simulation's history: after tick `tick` and stored event `lastSeq`. */
export interface HistoryHead {
  tick: number;
  lastSeq: number;
}

/**
 * One committed change of a simulation, as its writer publishes it: the history between two
 * heads. `steps` holds the ticks computed, when this process had listeners for them (they are
 * only built then); otherwise it is empty and a listener elsewhere recomputes them.
 */
export interface CommittedChange {
  simulationId: string;
  before: HistoryHead;
  after: HistoryHead;
  events: readonly StoredEvent[];
  steps: readonly TraceStep[];
}

/** Live fan-out of simulation activity; the SSE stream subscribes per simulation. */
export interface SimulationEventBus {
  /**
   * Returns the function that unsubscribes. `from` is where the listener's history stands (the
   * head it read under the simulation's lock): a bus that catches up from storage starts there.
   */
  subscribe(simulationId: string, listener: SimulationBusListener, from?: HistoryHead): () => void;
  publish(change: CommittedChange): void;
  /** True while at least one listener of this process follows this simulation (so ticks are worth building). */
  hasSubscribers(simulationId: string): boolean;
  /** Resolves once this process's listeners have received the history up to `head` (called under the lock). */
  settled(simulationId: string, head: HistoryHead): Promise<void>;
}

/**
 * Places a stretch of history in order (docs/api.md, "Events"): the events the engine reported
 * while computing tick t, then tick t, then what happened after it (status changes, failure).
 * Ticks are handed in as they come, so a long stretch never needs all its steps at once.
 */
export class HistoryInterleave {
  private next = 0;
  private lastSeq: number;

  constructor(
    private readonly simulationId: string,
    before: HistoryHead,
    private readonly events: readonly StoredEvent[],
  ) {
    this.lastSeq = before.lastSeq;
  }

  /** The events before `step`, then the step itself. */
  *tick(step: TraceStep): Generator<SimulationBusMessage, void, void> {
    while (this.next < this.events.length) {
      const event = this.events[this.next] as StoredEvent;
      if (event.tick > step.tick || (event.tick === step.tick && afterTick(event.type))) break;
      this.lastSeq = event.seq;
      this.next++;
      yield { kind: 'event', event };
    }
    yield { kind: 'tick', simulationId: this.simulationId, afterSeq: this.lastSeq, step };
  }

  /** The events after the last tick. */
  *rest(): Generator<SimulationBusMessage, void, void> {
    while (this.next < this.events.length) yield { kind: 'event', event: this.events[this.next++] as StoredEvent };
  }
}

/** A whole committed change's messages, in order. */
export function* historyMessages(change: CommittedChange): Generator<SimulationBusMessage, void, void> {
  const interleave = new HistoryInterleave(change.simulationId, change.before, change.events);
  for (const step of change.steps) yield* interleave.tick(step);
  yield* interleave.rest();
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

  publish(change: CommittedChange): void {
    if (!this.listeners.has(change.simulationId)) return;
    for (const message of historyMessages(change)) this.listeners.publish(change.simulationId, message);
  }

  hasSubscribers(simulationId: string): boolean {
    return this.listeners.has(simulationId);
  }

  /** Publishing is synchronous: whatever committed has been delivered. */
  async settled(): Promise<void> {}
}
