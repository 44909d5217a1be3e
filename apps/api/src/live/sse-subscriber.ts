import type { SseSink } from './live-channel.js';
import { eventFrame, HEARTBEAT_FRAME, type SseFrame } from './sse-frame.js';

/** How far one subscriber may fall behind before it is dropped. */
export interface SubscriberLimits {
  /** Encoded bytes waiting for this subscriber (frames are shared, so this is an upper bound). */
  maxQueuedBytes: number;
  maxQueuedFrames: number;
}

export const DEFAULT_SUBSCRIBER_LIMITS: SubscriberLimits = { maxQueuedBytes: 8 * 1024 * 1024, maxQueuedFrames: 4096 };

export interface SseSubscriberOptions {
  /** Sent before anything else (retry). */
  preamble: readonly SseFrame[];
  /** Missed history, pulled lazily before the live frames. */
  replay?: AsyncIterator<SseFrame> | undefined;
  /** Frames with an id at or below it are not sent (the client has them). */
  afterId: number;
  heartbeatMs: number;
  limits: SubscriberLimits;
  /** Called once when the subscriber stops: detach it from the live feed, free its stream slot. */
  onFinish: () => void;
}

const COALESCE_BYTES = 64 * 1024;

/**
 * One open SSE stream. Frames wait in a bounded queue and leave as the socket accepts them
 * (the Node adapter waits for `drain`), so a slow client holds at most `limits` of backlog;
 * past that it is dropped with an `error` event (code SLOW_CONSUMER, no id) and the stream
 * ends, and the client's reconnect with Last-Event-ID catches up from storage.
 */
export class SseSubscriber implements SseSink {
  readonly stream: ReadableStream<Uint8Array>;
  private queue: SseFrame[] = [];
  private queuedBytes = 0;
  private replay: AsyncIterator<SseFrame> | undefined;
  private lastId: number;
  private ending = false;
  private finished = false;
  private cancelled = false;
  private wake: (() => void) | undefined;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly options: SseSubscriberOptions) {
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

  /** A live frame (or a heartbeat); called synchronously by the channel. */
  push(frame: SseFrame): void {
    if (this.finished || this.ending) return;
    this.queue.push(frame);
    this.queuedBytes += frame.bytes.byteLength;
    if (this.queuedBytes > this.options.limits.maxQueuedBytes || this.queue.length > this.options.limits.maxQueuedFrames) {
      this.queue = [eventFrame(undefined, 'error', { code: 'SLOW_CONSUMER', message: 'This stream fell too far behind and was closed; reconnect with Last-Event-ID to resume' })];
      this.queuedBytes = 0;
      this.ending = true;
      this.finish();
    }
    this.notify();
  }

  /** Ends the stream once what is queued has been sent. */
  end(): void {
    this.ending = true;
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  private async pull(controller: ReadableStreamDefaultController<Uint8Array>): Promise<void> {
    for (;;) {
      if (this.cancelled) return;
      if (this.replay !== undefined && !this.finished) {
        const next = await this.replay.next();
        if (next.done !== true) {
          if (this.deliver(controller, [next.value])) return;
          continue;
        }
        this.replay = undefined;
      }
      if (this.queue.length > 0) {
        const frames: SseFrame[] = [];
        let bytes = 0;
        while (this.queue.length > 0 && bytes < COALESCE_BYTES) {
          const frame = this.queue.shift() as SseFrame;
          bytes += frame.bytes.byteLength;
          frames.push(frame);
        }
        this.queuedBytes = Math.max(0, this.queuedBytes - bytes);
        if (this.deliver(controller, frames)) return;
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

  /** Enqueues the frames the client lacks, as one chunk; false when none was. */
  private deliver(controller: ReadableStreamDefaultController<Uint8Array>, frames: readonly SseFrame[]): boolean {
    const parts: Uint8Array[] = [];
    for (const frame of frames) {
      if (frame.id !== undefined) {
        if (frame.id <= this.lastId) continue;
        this.lastId = frame.id;
      }
      parts.push(frame.bytes);
      if (frame.terminal) {
        // The simulation will never change again: nothing more to follow.
        this.ending = true;
        this.queue = [];
        this.replay = undefined;
        break;
      }
    }
    if (parts.length === 0) return false;
    controller.enqueue(parts.length === 1 ? (parts[0] as Uint8Array) : Buffer.concat(parts));
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
