import type { SimulationBusMessage, SimulationEventBus } from '../simulations/event-bus.js';
import type { LifecycleStatus } from '../simulations/lifecycle.js';
import { FrameBuilder } from './frame-builder.js';
import type { SseFrame } from './sse-frame.js';

/** Where a channel delivers a simulation's live frames. */
export interface SseSink {
  push(frame: SseFrame): void;
  /** Ends the stream once what is queued has been sent (server shutdown). */
  end(): void;
}

/** Where a simulation stands when a subscriber joins: the head of its history. */
export interface JoinPoint {
  id: string;
  status: LifecycleStatus;
  tick: number;
  lastEventSeq: number;
}

/**
 * One simulation's live feed: a single bus subscription whose messages are encoded once and
 * handed to every sink, so N subscribers cost N queue pushes per event, not N encodings.
 */
class LiveChannel {
  readonly sinks = new Set<SseSink>();
  private readonly builder: FrameBuilder;
  private readonly unsubscribe: () => void;

  constructor(bus: SimulationEventBus, point: JoinPoint) {
    this.builder = new FrameBuilder(point.status, point.lastEventSeq);
    this.unsubscribe = bus.subscribe(point.id, (message) => this.receive(message));
  }

  private receive(message: SimulationBusMessage): void {
    const frame = message.kind === 'event' ? this.builder.event(message.event) : this.builder.tick(message.step);
    if (frame === undefined) return;
    for (const sink of this.sinks) sink.push(frame);
  }

  close(): void {
    this.unsubscribe();
  }
}

/** The live channels of this process, one per followed simulation, closed with their last sink. */
export class LiveHub {
  private readonly channels = new Map<string, LiveChannel>();
  private closed = false;

  constructor(private readonly bus: SimulationEventBus) {}

  /** Shutdown: ends every stream after what it has queued (the final status events included). */
  close(): void {
    this.closed = true;
    for (const channel of [...this.channels.values()]) for (const sink of [...channel.sinks]) sink.end();
  }

  /**
   * Adds a sink to a simulation's feed. Call it while no change of the simulation is in flight
   * (under the service's per-simulation lock), with the simulation as stored at that moment:
   * everything committed before is history, everything after reaches the sink. Returns `leave`.
   */
  join(point: JoinPoint, sink: SseSink): () => void {
    let channel = this.channels.get(point.id);
    if (channel === undefined) {
      channel = new LiveChannel(this.bus, point);
      this.channels.set(point.id, channel);
    }
    const joined = channel;
    joined.sinks.add(sink);
    if (this.closed) sink.end();
    return () => {
      joined.sinks.delete(sink);
      if (joined.sinks.size === 0 && this.channels.get(point.id) === joined) {
        joined.close();
        this.channels.delete(point.id);
      }
    };
  }

  /** Simulations followed right now (for tests and diagnostics). */
  get followed(): number {
    return this.channels.size;
  }
}
