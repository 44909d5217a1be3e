import type { SimulationBusMessage, SimulationEventBus } from '../simulations/event-bus.js';
import type { LifecycleStatus } from '../simulations/lifecycle.js';
import { FrameBuilder } from './frame-builder.js';
import type { SseFrame } from './sse-frame.js';
import { TickEncoder, TickFrames, type EncodedTick } from './tick-encoder.js';
import { variantKey, type TickVariant } from './tick-variant.js';

/** Where a channel delivers a simulation's live frames. */
export interface SseSink {
  /** What this sink receives of each tick. */
  readonly variant: TickVariant;
  push(frame: SseFrame): void;
  /** A tick, in every variant in use: the sink takes its own (synchronously, so each form is encoded once). */
  pushTick(frames: TickFrames): void;
  /** Ends the stream once what is queued has been sent (server shutdown). */
  end(): void;
  /** Bytes held for this sink now (diagnostics, tests). */
  readonly backlogBytes: number;
  /** Whether this sink has fallen behind and skips ticks (diagnostics, tests). */
  readonly degraded: boolean;
}

/** Where a simulation stands when a subscriber joins: the head of its history. */
export interface JoinPoint {
  id: string;
  status: LifecycleStatus;
  tick: number;
  lastEventSeq: number;
}

/**
 * One simulation's live feed: a single bus subscription whose messages are encoded once per
 * variant in use and handed to every sink, so N subscribers cost N queue pushes per event, not
 * N encodings.
 */
class LiveChannel {
  readonly sinks = new Set<SseSink>();
  private readonly builder: FrameBuilder;
  private readonly unsubscribe: () => void;
  /** One encoder per variant in use, with the number of sinks using it. */
  private readonly encoders = new Map<string, { encoder: TickEncoder; sinks: number }>();

  constructor(bus: SimulationEventBus, point: JoinPoint) {
    this.builder = new FrameBuilder(point.status, point.lastEventSeq);
    this.unsubscribe = bus.subscribe(point.id, (message) => this.receive(message), { tick: point.tick, lastSeq: point.lastEventSeq });
  }

  add(sink: SseSink): void {
    this.sinks.add(sink);
    const key = variantKey(sink.variant);
    const entry = this.encoders.get(key);
    if (entry === undefined) this.encoders.set(key, { encoder: new TickEncoder(sink.variant), sinks: 1 });
    else entry.sinks++;
  }

  /** Whether a sink takes the agents as JSON objects (every agent or a sample), not packed. */
  get wantsAgentsJson(): boolean {
    for (const { encoder } of this.encoders.values()) {
      const { agents, encoding } = encoder.variant;
      if (agents !== 'none' && encoding === 'json') return true;
    }
    return false;
  }

  remove(sink: SseSink): void {
    if (!this.sinks.delete(sink)) return;
    const key = variantKey(sink.variant);
    const entry = this.encoders.get(key);
    if (entry !== undefined && --entry.sinks === 0) this.encoders.delete(key);
  }

  private receive(message: SimulationBusMessage): void {
    if (message.kind === 'event') {
      const frame = this.builder.event(message.event);
      if (frame === undefined) return;
      for (const sink of this.sinks) sink.push(frame);
      return;
    }
    const id = this.builder.nextTickId(message.step.tick);
    const encoded = new Map<string, EncodedTick>();
    // Every variant in use sees every tick (a packed encoder tracks the roster from tick to tick);
    // the frames themselves are encoded only when a sink takes them.
    for (const [key, { encoder }] of this.encoders) encoded.set(key, encoder.encode(id, message.step, this.builder.tickStatus));
    const frames = new TickFrames(id, encoded);
    for (const sink of this.sinks) sink.pushTick(frames);
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
    joined.add(sink);
    if (this.closed) sink.end();
    return () => {
      joined.remove(sink);
      if (joined.sinks.size === 0 && this.channels.get(point.id) === joined) {
        joined.close();
        this.channels.delete(point.id);
      }
    };
  }

  /**
   * Whether a stream of this simulation takes its agents as JSON: when none does, an advance
   * need not write them so (about 400 KB a tick at 2 400 agents), the packed and aggregate
   * variants read columns.
   */
  wantsAgentsJson(simulationId: string): boolean {
    return this.channels.get(simulationId)?.wantsAgentsJson ?? false;
  }

  /** The bytes held for each stream of a simulation now (tests and diagnostics). */
  backlogs(simulationId: string): number[] {
    return [...(this.channels.get(simulationId)?.sinks ?? [])].map((sink) => sink.backlogBytes);
  }

  /** How many streams of a simulation have fallen behind and skip ticks now (tests and diagnostics). */
  degradedStreams(simulationId: string): number {
    return [...(this.channels.get(simulationId)?.sinks ?? [])].filter((sink) => sink.degraded).length;
  }

  /** Simulations followed right now (for tests and diagnostics). */
  get followed(): number {
    return this.channels.size;
  }
}
