import type { SseSink } from './live-channel.js';
import { eventFrame, HEARTBEAT_FRAME, type SseFrame } from './sse-frame.js';
import type { TickFrames } from './tick-encoder.js';
import { DEFAULT_TICK_VARIANT, type LagPolicy, type TickVariant } from './tick-variant.js';
import { sharedWriteSlicer, type WriteSlicer } from './write-slicer.js';

/** How far one subscriber may fall behind (docs/api.md, "Events", "Several subscribers, slow subscribers"). */
export interface SubscriberLimits {
  /** Encoded bytes waiting for this subscriber (frames are shared, so this is an upper bound). */
  maxQueuedBytes: number;
  maxQueuedFrames: number;
}

export const DEFAULT_SUBSCRIBER_LIMITS: SubscriberLimits = { maxQueuedBytes: 4 * 1024 * 1024, maxQueuedFrames: 4096 };

export interface SseSubscriberOptions {
  /** Sent before anything else (retry). */
  preamble: readonly SseFrame[];
  /** Missed history, pulled lazily before the live frames. */
  replay?: AsyncIterator<SseFrame> | undefined;
  /** Frames with an id at or below it are not sent (the client has them). */
  afterId: number;
  heartbeatMs: number;
  limits: SubscriberLimits;
  /** What this stream receives of each tick; default the interface's tick event. */
  variant?: TickVariant;
  /** Falling behind: `drop` (closed with SLOW_CONSUMER; the default) or `skip` (only the newest tick waits). */
  lag?: LagPolicy;
  /** Most bytes a second this stream is sent (the tier's); default unlimited. */
  bytesPerSecond?: number;
  /** Where writes wait for their turn of the event loop; default the process's. */
  slicer?: WriteSlicer;
  /** Called once when the subscriber stops: detach it from the live feed, free its stream slot. */
  onFinish: () => void;
}

/** Bytes taken from the queue per pull: one admission of the write slicer. */
const COALESCE_BYTES = 64 * 1024;

/**
 * A tick a degraded (`skip`) stream will send if no newer one comes first: kept unencoded, so a
 * tick superseded before the socket takes it is never encoded for this variant at all.
 */
interface PendingTick {
  readonly name: 'tick';
  readonly pending: TickFrames;
  readonly key: boolean;
}
type Queued = SseFrame | PendingTick;
const isPending = (entry: Queued): entry is PendingTick => 'pending' in entry;
const queuedSize = (entry: Queued): number => (isPending(entry) ? 0 : entry.bytes.byteLength);

const slowConsumer = (): SseFrame =>
  eventFrame(undefined, 'error', { code: 'SLOW_CONSUMER', message: 'This stream fell too far behind and was closed; reconnect with Last-Event-ID to resume' });
const degraded = (): SseFrame =>
  eventFrame(undefined, 'degraded', { code: 'SLOW_CONSUMER', message: 'This stream fell behind: ticks still queued were dropped; from now on only the newest unsent tick waits' });

/**
 * One open SSE stream. Frames wait in a queue bounded in bytes and in frames, and leave as the
 * socket accepts them (the Node adapter waits for `drain`), at most `bytesPerSecond`, a slice
 * of the event loop at a time. A subscriber that falls past the bound is, by its lag policy,
 * dropped (an `error` event, code SLOW_CONSUMER, no id; the stream ends and the client's
 * reconnect with Last-Event-ID catches up from storage) or degraded (a `degraded` event, no id;
 * the queued ticks are dropped and from then on a newer tick replaces an unsent one; other
 * events are never dropped). Either way the queue holds at most `maxQueuedBytes` besides one tick.
 */
export class SseSubscriber implements SseSink {
  readonly stream: ReadableStream<Uint8Array>;
  readonly variant: TickVariant;
  private readonly lag: LagPolicy;
  private readonly slicer: WriteSlicer;
  private queue: Queued[] = [];
  private queuedBytes = 0;
  /** Bytes of the tick frames in `queue` (a `skip` stream may drop them). */
  private tickBytes = 0;
  private replay: AsyncIterator<SseFrame> | undefined;
  private lastId: number;
  private ending = false;
  private finished = false;
  private cancelled = false;
  private degraded = false;
  /** The next tick must be a key frame: first of the stream, or ticks were dropped. */
  private needsKey = true;
  private tokens: number;
  private refilledAt = performance.now();
  private wake: (() => void) | undefined;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly options: SseSubscriberOptions) {
    this.variant = options.variant ?? DEFAULT_TICK_VARIANT;
    this.lag = options.lag ?? 'drop';
    this.slicer = options.slicer ?? sharedWriteSlicer;
    this.tokens = options.bytesPerSecond ?? Number.POSITIVE_INFINITY;
    this.replay = options.replay;
    this.lastId = options.afterId;
    this.heartbeat = setInterval(() => this.push(HEARTBEAT_FRAME), options.heartbeatMs);
    this.heartbeat.unref();
    this.stream = new ReadableStream<Uint8Array>(
      {
        // The preamble (retry) goes out with the headers, before any replay.
        start: (controller) => {
          for (const frame of options.preamble) controller.enqueue(frame.bytes);
        },
        pull: (controller) => this.pull(controller),
        cancel: () => {
          this.cancelled = true;
          this.finish();
        },
      },
      { highWaterMark: 0 },
    );
  }

  /** Bytes waiting for this subscriber now (tests and diagnostics). */
  get backlogBytes(): number {
    return this.queuedBytes;
  }

  /** A live frame (or a heartbeat); called synchronously by the channel. */
  push(frame: SseFrame): void {
    if (this.finished || this.ending) return;
    this.enqueue(frame);
    this.bound();
  }

  /** A live tick: this stream's variant of it; called synchronously by the channel. */
  pushTick(frames: TickFrames): void {
    if (this.finished || this.ending) return;
    if (this.degraded) {
      // Only the newest tick waits, unencoded; after a gap it is a key frame.
      const superseded = this.dropQueuedTicks();
      this.queue.push({ name: 'tick', pending: frames, key: this.needsKey || superseded });
      this.needsKey = false;
      this.bound();
      return;
    }
    const frame = frames.frame(this.variant, this.needsKey);
    if (frame === undefined) return;
    if (this.lag === 'skip' && this.queue.length > 0 && this.queuedBytes + frame.bytes.byteLength > this.options.limits.maxQueuedBytes) {
      // Behind: the ticks still queued are superseded by this one, from now on.
      this.degraded = true;
      const superseded = this.dropQueuedTicks();
      this.enqueue(degraded());
      this.queue.push({ name: 'tick', pending: frames, key: this.needsKey || superseded });
      this.needsKey = false;
      this.bound();
      return;
    }
    this.needsKey = false;
    this.enqueue(frame);
    this.bound();
  }

  /** Removes the ticks still queued; true when there was one (the client will miss it). */
  private dropQueuedTicks(): boolean {
    const before = this.queue.length;
    this.queue = this.queue.filter((queued) => queued.name !== 'tick');
    this.queuedBytes -= this.tickBytes;
    this.tickBytes = 0;
    return this.queue.length < before;
  }

  /** Ends the stream once what is queued has been sent. */
  end(): void {
    this.ending = true;
    this.notify();
  }

  private enqueue(frame: SseFrame): void {
    this.queue.push(frame);
    this.queuedBytes += frame.bytes.byteLength;
    if (frame.name === 'tick') this.tickBytes += frame.bytes.byteLength;
  }

  /** Drops the subscriber past its bound (for `skip`, the one waiting tick does not count). */
  private bound(): void {
    const { maxQueuedBytes, maxQueuedFrames } = this.options.limits;
    const counted = this.lag === 'skip' ? this.queuedBytes - this.tickBytes : this.queuedBytes;
    if (counted > maxQueuedBytes || this.queue.length > maxQueuedFrames) {
      this.queue = [slowConsumer()];
      this.queuedBytes = 0;
      this.tickBytes = 0;
      this.ending = true;
      this.finish();
    }
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  /** Milliseconds until the byte rate allows the next write (0: now). */
  private rateWait(): number {
    const rate = this.options.bytesPerSecond;
    if (rate === undefined) return 0;
    const now = performance.now();
    this.tokens = Math.min(rate, this.tokens + ((now - this.refilledAt) / 1000) * rate);
    this.refilledAt = now;
    return this.tokens >= 0 ? 0 : Math.ceil((-this.tokens / rate) * 1000);
  }

  private async pull(controller: ReadableStreamDefaultController<Uint8Array>): Promise<void> {
    for (;;) {
      if (this.cancelled) return;
      // Over its byte rate, the stream waits here with its frames still queued, where a
      // `skip` stream's newer tick can replace an older one.
      const wait = this.rateWait();
      if (wait > 0) {
        await new Promise((resolve) => setTimeout(resolve, wait));
        continue;
      }
      if (this.replay !== undefined && !this.finished) {
        const next = await this.replay.next();
        if (next.done !== true) {
          if (await this.deliver(controller, [next.value])) return;
          continue;
        }
        this.replay = undefined;
      }
      if (this.queue.length > 0) {
        const frames: SseFrame[] = [];
        let bytes = 0;
        let ticks = 0;
        while (this.queue.length > 0 && bytes < COALESCE_BYTES) {
          const entry = this.queue.shift() as Queued;
          const size = queuedSize(entry);
          if (entry.name === 'tick') ticks += size;
          bytes += size;
          // A pending tick is encoded now, once for its variant (other streams may share it).
          const frame = isPending(entry) ? entry.pending.frame(this.variant, entry.key) : entry;
          if (frame !== undefined) frames.push(frame);
          if (isPending(entry)) break;
        }
        this.queuedBytes = Math.max(0, this.queuedBytes - bytes);
        this.tickBytes = Math.max(0, this.tickBytes - ticks);
        if (await this.deliver(controller, frames)) return;
        continue;
      }
      if (this.ending || this.finished) {
        controller.close();
        this.finish();
        return;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** Enqueues the frames the client lacks, on the slicer's turn; false when none was. */
  private async deliver(controller: ReadableStreamDefaultController<Uint8Array>, frames: readonly SseFrame[]): Promise<boolean> {
    const parts: Uint8Array[] = [];
    let bytes = 0;
    for (const frame of frames) {
      if (frame.id !== undefined) {
        if (frame.id <= this.lastId) continue;
        this.lastId = frame.id;
      }
      parts.push(frame.bytes);
      bytes += frame.bytes.byteLength;
      if (frame.terminal) {
        // The simulation will never change again: nothing more to follow.
        this.ending = true;
        this.queue = [];
        this.queuedBytes = 0;
        this.tickBytes = 0;
        this.replay = undefined;
        break;
      }
    }
    if (parts.length === 0) return false;
    const turn = this.slicer.admit(bytes);
    if (turn !== undefined) await turn;
    if (this.cancelled) return true;
    this.tokens -= bytes;
    // Each frame as it is: the bytes stay shared with every other stream of the variant (a
    // concatenation would copy them once per stream, tens of MB a second at full size).
    for (const part of parts) controller.enqueue(part);
    return true;
  }

  /** Stops following the simulation; idempotent. */
  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    clearInterval(this.heartbeat);
    void this.replay?.return?.(undefined);
    this.options.onFinish();
    this.notify();
  }
}
