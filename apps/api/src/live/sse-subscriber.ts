import type { SseSink } from './live-channel.js';
import { QueueBudget } from './queue-budget.js';
import { eventFrame, HEARTBEAT_FRAME, type SseFrame } from './sse-frame.js';
import type { TickFrames } from './tick-encoder.js';
import { DEFAULT_TICK_VARIANT, type LagPolicy, type TickVariant } from './tick-variant.js';
import { sharedWriteSlicer, type WriteSlicer } from './write-slicer.js';
import { inBackground } from '../lib/in-background.js';
import type { CredentialRecheck, CredentialRefusal } from '../identity/credential-recheck.js';

/** How far one subscriber may fall behind (docs/api.md, "Events", "Several subscribers, slow subscribers"). */
export interface SubscriberLimits {
  /** Encoded bytes held for this subscriber: queued, or handed to its socket and not yet taken (frames are shared, so this is an upper bound). */
  maxQueuedBytes: number;
  maxQueuedFrames: number;
}

export const DEFAULT_SUBSCRIBER_LIMITS: SubscriberLimits = { maxQueuedBytes: 4 * 1024 * 1024, maxQueuedFrames: 4096 };

/** A stream closed at the process's bound asks its client to come back no sooner than this. */
export const PROCESS_BOUND_RETRY_MS = 10_000;

export interface SseSubscriberOptions {
  /** Sent before anything else (retry). */
  preamble: readonly SseFrame[];
  /** Missed history, pulled lazily before the live frames. */
  replay?: AsyncIterator<SseFrame> | undefined;
  /** Frames with an id at or below it are not sent (the client has them). */
  afterId: number;
  heartbeatMs: number;
  limits: SubscriberLimits;
  /** The bytes held for every stream of the process; default a budget of this stream's own, unbounded. */
  budget?: QueueBudget;
  /** The reconnection delay a stream closed at its own bound asks for (the stream's `retry:`); default 3000. */
  retryMs?: number;
  /** What this stream receives of each tick; default the interface's tick event. */
  variant?: TickVariant;
  /** Falling behind: `drop` (closed with SLOW_CONSUMER; the default here) or `skip` (only the newest tick waits). */
  lag?: LagPolicy;
  /** Most bytes a second this stream is sent (the tier's); default unlimited. */
  bytesPerSecond?: number;
  /** Where writes wait for their turn of the event loop; default the process's. */
  slicer?: WriteSlicer;
  /**
   * Asked at each heartbeat whether the credential the stream opened with still holds; on a
   * refusal the stream ends with an `error` event of its code (see docs/identity.md,
   * "Identity, scopes, tenancy").
   */
  recheck?: CredentialRecheck | undefined;
  /** Called once when the subscriber stops: detach it from the live feed, free its stream slot. */
  onFinish: () => void;
  /**
   * Closes the stream's connection at once: called when the server stops and the client has not
   * taken the stream's last bytes within SHUTDOWN_FLUSH_MS (a socket nobody reads would hold the
   * stop until its grace ran out).
   */
  abandon?: (() => void) | undefined;
}

/** How long a stopping server waits for a stream's client to take what is left of it. */
export const SHUTDOWN_FLUSH_MS = 2_000;

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

/** Which bound a stream met: its own, or the process's. */
type Bound = 'stream' | 'process';

/**
 * The last message of a stream closed for falling behind: its `retry:` asks the client to wait
 * before it reconnects, as Retry-After does on a response
 * (docs/api.md, "Events", "Several subscribers, slow subscribers").
 */
function slowConsumer(bound: Bound, retryMs: number): SseFrame {
  const message =
    bound === 'stream'
      ? 'This stream fell too far behind and was closed; reconnect with Last-Event-ID to resume'
      : 'The server holds as many bytes for slow streams as it may; this stream was closed: reconnect with Last-Event-ID after retryAfter seconds';
  const frame = eventFrame(undefined, 'error', { code: 'SLOW_CONSUMER', message, bound, retryAfter: Math.ceil(retryMs / 1000) });
  return { ...frame, bytes: Buffer.concat([Buffer.from(`retry: ${retryMs}\n`, 'utf8'), frame.bytes]) };
}
/** The last message of a stream whose credential no longer holds: no id, no `retry:` (a reconnect is refused). */
const refused = (refusal: CredentialRefusal): SseFrame => eventFrame(undefined, 'error', refusal);

const degraded = (bound: Bound): SseFrame =>
  eventFrame(undefined, 'degraded', {
    code: 'SLOW_CONSUMER',
    bound,
    message: 'This stream fell behind: ticks still queued were dropped; from now on only the newest unsent tick waits',
  });

/**
 * One open SSE stream. Frames wait in a queue and leave as the socket accepts them (the Node
 * adapter waits for `drain`), at most `bytesPerSecond`, a slice of the event loop at a time.
 * The bytes a stream holds (queued, and handed to its socket until the socket takes them) are
 * bounded twice: by the stream's `maxQueuedBytes` and `maxQueuedFrames`, and by the process's
 * budget, shared by every stream. Producing a frame never waits: a frame that passes either
 * bound is handled at once by the lag policy. `drop`: the stream is closed (an `error` event,
 * code SLOW_CONSUMER, no id, with a `retry:`; the client's reconnect with Last-Event-ID catches
 * up from storage). `skip`: it is degraded (a `degraded` event, no id; the queued ticks are
 * dropped and from then on a newer tick replaces an unsent one, encoded and charged only when
 * the socket and the budget have room; other events are never dropped, and if they alone pass
 * a bound the stream is closed as with `drop`).
 */
export class SseSubscriber implements SseSink {
  readonly stream: ReadableStream<Uint8Array>;
  readonly variant: TickVariant;
  private readonly lag: LagPolicy;
  private readonly slicer: WriteSlicer;
  private readonly budget: QueueBudget;
  private queue: Queued[] = [];
  /** Bytes of the encoded frames in `queue`, charged to the budget. */
  private queuedBytes = 0;
  /** Bytes of the tick frames in `queue` (a `skip` stream may drop them). */
  private tickBytes = 0;
  /** Bytes handed to the socket by the last pull, held until the next pull (the socket took them). */
  private inFlight = 0;
  private inFlightFrames: Uint8Array[] = [];
  private replay: AsyncIterator<SseFrame> | undefined;
  private lastId: number;
  private ending = false;
  private finished = false;
  private cancelled = false;
  private skipping = false;
  /** The next tick must be a key frame: first of the stream, or ticks were dropped. */
  private needsKey = true;
  private tokens: number;
  private refilledAt = performance.now();
  private wake: (() => void) | undefined;
  private readonly heartbeat: NodeJS.Timeout;
  /** A recheck of the credential is under way (a slow lookup is not asked twice at once). */
  private rechecking = false;

  constructor(private readonly options: SseSubscriberOptions) {
    this.variant = options.variant ?? DEFAULT_TICK_VARIANT;
    this.lag = options.lag ?? 'drop';
    this.slicer = options.slicer ?? sharedWriteSlicer;
    this.budget = options.budget ?? new QueueBudget(Number.POSITIVE_INFINITY);
    this.tokens = options.bytesPerSecond ?? Number.POSITIVE_INFINITY;
    this.replay = options.replay;
    this.lastId = options.afterId;
    this.heartbeat = setInterval(() => this.beat(), options.heartbeatMs);
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
          this.releaseAll();
          this.finish();
        },
      },
      { highWaterMark: 0 },
    );
  }

  /** Bytes held for this subscriber now, queued or in its socket's hands (tests and diagnostics). */
  get backlogBytes(): number {
    return this.queuedBytes + this.inFlight;
  }

  /** Whether this stream fell behind and skips ticks since (tests and diagnostics). */
  get degraded(): boolean {
    return this.skipping;
  }

  /**
   * The heartbeat, and the recheck of the credential that goes with it: also on a stream that is
   * ending but still sending (a replay of a finished simulation may last minutes).
   */
  private beat(): void {
    this.push(HEARTBEAT_FRAME);
    const recheck = this.options.recheck;
    if (recheck === undefined || this.rechecking || this.finished) return;
    this.rechecking = true;
    // A check that fails (the database away) or takes longer than a heartbeat ends nothing:
    // it is logged, and the next heartbeat asks again.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${this.options.heartbeatMs} ms`)), this.options.heartbeatMs);
      timer.unref();
    });
    const answer = Promise.race([Promise.resolve().then(recheck), late]).finally(() => {
      clearTimeout(timer);
      this.rechecking = false;
    });
    inBackground(
      answer.then((refusal) => {
        if (refusal !== undefined) this.refuse(refusal);
      }),
      undefined,
      'events: rechecking a stream’s credential failed',
    );
  }

  /** The credential no longer holds: the client is told why, and the stream ends. */
  private refuse(refusal: CredentialRefusal): void {
    if (!this.finished) this.endWith(refused(refusal));
  }

  /** A live frame (or a heartbeat); called synchronously by the channel. */
  push(frame: SseFrame): void {
    if (this.finished || this.ending) return;
    let bound = this.boundMet(frame.bytes, false);
    if (bound !== undefined && this.lag === 'skip') {
      // Other events are never dropped: the queued ticks make room for them.
      this.degrade(bound);
      bound = this.boundMet(frame.bytes, false);
    }
    if (bound !== undefined) {
      this.close(bound);
      return;
    }
    this.enqueue(frame);
    this.notify();
  }

  /** A live tick: this stream's variant of it; called synchronously by the channel. */
  pushTick(frames: TickFrames): void {
    if (this.finished || this.ending) return;
    if (this.skipping) {
      this.pend(frames);
      return;
    }
    const frame = frames.frame(this.variant, this.needsKey);
    if (frame === undefined) return;
    const bound = this.boundMet(frame.bytes, true);
    if (bound === undefined) {
      this.needsKey = false;
      this.enqueue(frame);
      this.notify();
      return;
    }
    if (this.lag === 'drop') {
      this.close(bound);
      return;
    }
    // Behind: the ticks still queued are superseded by this one, from now on.
    this.degrade(bound);
    this.pend(frames);
  }

  /**
   * The bound `size` more bytes would pass, if any. A stream holding nothing takes one frame
   * whatever its size (else a tick larger than the bound could never be sent). For `skip`, the
   * stream's own bound counts its other events and what its socket holds: its ticks may go.
   */
  private boundMet(bytes: Uint8Array, tick: boolean): Bound | undefined {
    const { maxQueuedBytes, maxQueuedFrames } = this.options.limits;
    const size = bytes.byteLength;
    const held = this.queuedBytes + this.inFlight;
    if (this.queue.length + 1 > maxQueuedFrames) return 'stream';
    if (held > 0) {
      const counted = this.lag === 'skip' && !tick ? held - this.tickBytes : held;
      if (counted + size > maxQueuedBytes) return 'stream';
    }
    if (!this.budget.fits(bytes, tick)) return 'process';
    return undefined;
  }

  /** Only the newest tick waits, unencoded; after a gap it is a key frame. */
  private pend(frames: TickFrames): void {
    const superseded = this.dropQueuedTicks();
    this.queue.push({ name: 'tick', pending: frames, key: this.needsKey || superseded });
    this.needsKey = false;
    this.notify();
  }

  /** `skip` past a bound: the queued ticks go, and the client is told once. */
  private degrade(bound: Bound): void {
    const superseded = this.dropQueuedTicks();
    if (superseded) this.needsKey = true;
    if (this.skipping) return;
    this.skipping = true;
    // The notice itself is a few dozen bytes, queued whatever the bounds.
    this.enqueue(degraded(bound));
  }

  /** Removes the ticks still queued; true when there was one (the client will miss it). */
  private dropQueuedTicks(): boolean {
    const before = this.queue.length;
    const kept: Queued[] = [];
    for (const entry of this.queue) {
      if (entry.name !== 'tick') kept.push(entry);
      else if (!isPending(entry)) this.budget.release(entry.bytes);
    }
    this.queue = kept;
    this.queuedBytes -= this.tickBytes;
    this.tickBytes = 0;
    return this.queue.length < before;
  }

  /** Releases every frame still queued and empties the queue. */
  private dropQueue(): void {
    for (const entry of this.queue) if (!isPending(entry)) this.budget.release(entry.bytes);
    this.queue = [];
    this.queuedBytes = 0;
    this.tickBytes = 0;
  }

  /** The socket took what the last pull handed it, or never will: those frames are released. */
  private releaseInFlight(): void {
    for (const bytes of this.inFlightFrames) this.budget.release(bytes);
    this.inFlightFrames = [];
    this.inFlight = 0;
  }

  /** Closed for falling behind: what is queued is dropped, the client told why and when to come back. */
  private close(bound: Bound): void {
    const retryMs = this.options.retryMs ?? 3000;
    this.endWith(slowConsumer(bound, bound === 'process' ? Math.max(retryMs, PROCESS_BOUND_RETRY_MS) : retryMs));
  }

  /** Ends the stream early: what is queued is dropped, `last` is the one message still sent. */
  private endWith(last: SseFrame): void {
    this.dropQueue();
    this.enqueue(last);
    this.ending = true;
    this.finish();
  }

  /** Gives back everything this stream holds (it was cancelled or has closed). */
  private releaseAll(): void {
    this.dropQueue();
    this.releaseInFlight();
  }

  /** Ends the stream once what is queued has been sent (its history replay, if any, first). */
  endAfterReplay(): void {
    this.ending = true;
    this.notify();
  }

  /**
   * Server shutdown: ends the stream once what is queued has been sent. A stream still replaying
   * its history stops there and drops its queued live frames, which would leave a gap after the
   * last replayed one: the client resumes from its last id. A client that does not take what is
   * left within SHUTDOWN_FLUSH_MS loses its connection.
   */
  end(): void {
    if (this.replay !== undefined) {
      this.dropQueue();
      this.stopReplay();
    }
    this.ending = true;
    this.notify();
    const { abandon } = this.options;
    if (abandon === undefined) return;
    setTimeout(() => {
      if (this.finished) return;
      this.cancelled = true;
      this.releaseAll();
      this.finish();
      abandon();
    }, SHUTDOWN_FLUSH_MS).unref();
  }

  private enqueue(frame: SseFrame): void {
    const size = frame.bytes.byteLength;
    this.queue.push(frame);
    this.queuedBytes += size;
    this.budget.hold(frame.bytes);
    if (frame.name === 'tick') this.tickBytes += size;
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

  /** Until the budget has room again, or something changed here (a newer tick, the end). */
  private waitForRoom(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.wake = resolve;
      inBackground(this.budget.whenReleased().then(resolve), undefined, 'events: waiting for room in the queue budget failed');
    });
  }

  private async pull(controller: ReadableStreamDefaultController<Uint8Array>): Promise<void> {
    // The socket took what the last pull handed it (the adapter reads again only after a write
    // that did not fill the socket's buffer, or after `drain`).
    this.releaseInFlight();
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
        // Finished meanwhile (closed, refused): what the replay gave is not the client's any more.
        if (this.finished) continue;
        if (next.done !== true) {
          // Replayed frames are this stream's own: they wait for room in the budget.
          while (!this.budget.fits(next.value.bytes, next.value.name === 'tick') && !this.cancelled) await this.waitForRoom();
          if (this.cancelled) return;
          this.take(next.value.bytes);
          if (await this.deliver(controller, [next.value])) return;
          continue;
        }
        this.replay = undefined;
      }
      if (this.queue.length > 0) {
        const frames: SseFrame[] = [];
        let bytes = 0;
        let full = false;
        while (this.queue.length > 0 && bytes < COALESCE_BYTES) {
          const entry = this.queue[0] as Queued;
          if (isPending(entry)) {
            if (frames.length > 0) break;
            // A pending tick is encoded now, once for its variant (other streams may share it),
            // and charged now: it waits while the process's budget is full, and a newer tick
            // replaces it meanwhile.
            const frame = entry.pending.frame(this.variant, entry.key);
            if (frame !== undefined && !this.budget.fits(frame.bytes, true)) {
              full = true;
              break;
            }
            this.queue.shift();
            if (frame !== undefined) {
              this.take(frame.bytes);
              frames.push(frame);
            }
            break;
          }
          this.queue.shift();
          // Already held: the hold moves from the queue to the socket.
          const size = entry.bytes.byteLength;
          this.queuedBytes -= size;
          if (entry.name === 'tick') this.tickBytes -= size;
          this.inFlight += size;
          this.inFlightFrames.push(entry.bytes);
          bytes += size;
          frames.push(entry);
        }
        if (frames.length > 0) {
          if (await this.deliver(controller, frames)) return;
          continue;
        }
        if (full) {
          await this.waitForRoom();
          continue;
        }
        if (this.queue.length > 0) continue;
      }
      if (this.ending || this.finished) {
        controller.close();
        this.releaseAll();
        this.finish();
        return;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** Holds a frame handed to the socket that was not queued (a pending tick, a replayed frame). */
  private take(bytes: Uint8Array): void {
    this.budget.hold(bytes);
    this.inFlight += bytes.byteLength;
    this.inFlightFrames.push(bytes);
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
        this.dropQueue();
        this.replay = undefined;
        break;
      }
    }
    if (parts.length === 0) {
      // Nothing the client lacks: nothing was handed over.
      this.releaseInFlight();
      return false;
    }
    const turn = this.slicer.admit(bytes);
    if (turn !== undefined) await turn;
    if (this.cancelled) return true;
    this.tokens -= bytes;
    // Each frame as it is: the bytes stay shared with every other stream of the variant (a
    // concatenation would copy them once per stream, tens of MB a second at full size).
    for (const part of parts) controller.enqueue(part);
    return true;
  }

  /** Stops the history replay, if one is under way: it computes no further stretch. */
  private stopReplay(): void {
    const stopped = this.replay?.return?.(undefined);
    this.replay = undefined;
    if (stopped !== undefined) inBackground(stopped, undefined, 'events: ending the history replay failed');
  }

  /** Stops following the simulation; idempotent. */
  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    clearInterval(this.heartbeat);
    this.stopReplay();
    this.options.onFinish();
    this.notify();
  }
}
