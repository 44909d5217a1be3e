import type { LifecycleStatus } from '../simulations/lifecycle.js';
import type { StoredEvent } from '../simulations/simulation-store.js';
import { storedEventId, tickEventId } from '../simulations/event-ids.js';
import { storedEventMessage } from './event-payloads.js';
import { eventFrame, type SseFrame } from './sse-frame.js';

const TERMINAL: ReadonlySet<string> = new Set(['completed', 'failed']);

/**
 * Turns a simulation's history, read in order, into SSE frames. It follows the lifecycle status
 * and the last stored seq, so a tick's id and status are the same whether it is built live or
 * replayed (its frames are then encoded per variant by a TickEncoder).
 */
export class FrameBuilder {
  constructor(
    private status: LifecycleStatus,
    private lastSeq: number,
  ) {}

  /** A stored event's frame, or undefined for the records that are not streamed. */
  event(event: StoredEvent): SseFrame | undefined {
    this.lastSeq = event.seq;
    let terminal = false;
    if (event.type === 'simulation:status') {
      this.status = (event.data as { status: LifecycleStatus }).status;
      terminal = TERMINAL.has(this.status);
    }
    const message = storedEventMessage(event);
    if (message === undefined) return undefined;
    return eventFrame(storedEventId(event.seq, event.tick, event.type), message.name, message.data, terminal);
  }

  /** The id a tick would get now (before its frame is built). */
  nextTickId(tick: number): number {
    return tickEventId(tick, this.lastSeq);
  }

  /** The lifecycle status the next tick is computed in (its frame's `state.status`). */
  get tickStatus(): LifecycleStatus {
    return this.status;
  }
}
