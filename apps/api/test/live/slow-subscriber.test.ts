import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventFrame, type SseFrame } from '../../src/live/sse-frame.js';
import { SHUTDOWN_FLUSH_MS, SseSubscriber } from '../../src/live/sse-subscriber.js';
import { TickFrames } from '../../src/live/tick-encoder.js';
import { variantKey, type LagPolicy, type TickVariant } from '../../src/live/tick-variant.js';
import { eventsUrl, startLiveServer, Subscriber, type LiveServer } from './support/live-server.js';
import { createSimulation } from '../helpers/create-simulation.js';

const PACKED: TickVariant = { agents: 'all', encoding: 'packed' };
const LIMITS = { maxQueuedBytes: 32 * 1024, maxQueuedFrames: 64 };
const PAD = 'x'.repeat(10_000);

/** Tick t (id 2t) of a stand-in encoder: ~10 KB, marked with the form asked for. */
function tick(t: number): TickFrames {
  const frame = (key: boolean): SseFrame => eventFrame(2 * t, 'tick', { t, key, pad: PAD });
  return new TickFrames(2 * t, new Map([[variantKey(PACKED), { frame }]]));
}
/** A stored event between ticks t − 1 and t (id 2t − 1). */
const loss = (t: number): SseFrame => eventFrame(2 * t - 1, 'loss', { tick: t });

function subscriber(lag: LagPolicy, finished: string[]) {
  return new SseSubscriber({ preamble: [], afterId: 0, heartbeatMs: 60_000, limits: LIMITS, variant: PACKED, lag, onFinish: () => finished.push('finished') });
}

/** Everything the stream sends until it ends (or `stopAt` ticks were read), as { event, data } messages. */
async function readAll(stream: ReadableStream<Uint8Array>, stopAtTick?: number): Promise<{ event: string; id?: string; retry?: string; data: any }[]> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const messages: { event: string; id?: string; retry?: string; data: any }[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = text.indexOf('\n\n')) !== -1) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      const fields = Object.fromEntries(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]));
      messages.push({
        event: fields.event as string,
        ...(fields.id === undefined ? {} : { id: fields.id }),
        ...(fields.retry === undefined ? {} : { retry: fields.retry }),
        data: JSON.parse(fields.data as string),
      });
    }
    if (stopAtTick !== undefined && messages.some((m) => m.event === 'tick' && m.data.t === stopAtTick)) {
      await reader.cancel();
      break;
    }
  }
  return messages;
}

describe('a subscriber that stops reading', () => {
  it('lag=skip: is degraded, its queue never passes its bound plus one tick, it loses no other event, and resumes with a key frame', async () => {
    const finished: string[] = [];
    const sub = subscriber('skip', finished);
    let peak = 0;
    // Nobody reads: 200 ticks of 10 KB (2 MB) and a loss before every tenth.
    for (let t = 1; t <= 200; t++) {
      if (t % 10 === 0) sub.push(loss(t));
      sub.pushTick(tick(t));
      peak = Math.max(peak, sub.backlogBytes);
    }
    expect(peak).toBeLessThanOrEqual(LIMITS.maxQueuedBytes + 10_200);
    expect(peak).toBeGreaterThan(LIMITS.maxQueuedBytes / 2);
    expect(finished).toEqual([]);

    const messages = await readAll(sub.stream, 200);
    const degraded = messages.filter((m) => m.event === 'degraded');
    expect(degraded).toEqual([{ event: 'degraded', data: { code: 'SLOW_CONSUMER', bound: 'stream', message: expect.any(String) } }]);
    // Every loss arrived, in order; the ticks that arrived are increasing and end at the newest.
    expect(messages.filter((m) => m.event === 'loss').map((m) => m.data.tick)).toEqual(Array.from({ length: 20 }, (_, i) => (i + 1) * 10));
    const ticks = messages.filter((m) => m.event === 'tick');
    expect(ticks.length).toBeLessThan(200);
    expect(ticks.at(-1)?.data.t).toBe(200);
    const ids = messages.filter((m) => m.id !== undefined).map((m) => Number(m.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // The first tick of the stream is a key frame, and so is every tick after a gap.
    expect(ticks[0]?.data.key).toBe(true);
    for (let i = 1; i < ticks.length; i++) if (ticks[i]!.data.t !== ticks[i - 1]!.data.t + 1) expect(ticks[i]!.data.key, `tick ${ticks[i]!.data.t}`).toBe(true);
  });

  it('lag=drop: is dropped past its bound with a final SLOW_CONSUMER error, never holding more than its bound', async () => {
    const finished: string[] = [];
    const sub = subscriber('drop', finished);
    let peak = 0;
    for (let t = 1; t <= 200; t++) {
      sub.pushTick(tick(t));
      peak = Math.max(peak, sub.backlogBytes);
    }
    expect(peak).toBeLessThanOrEqual(LIMITS.maxQueuedBytes + 10_200);
    expect(finished).toEqual(['finished']);
    const messages = await readAll(sub.stream);
    expect(messages).toEqual([{ event: 'error', retry: '3000', data: { code: 'SLOW_CONSUMER', bound: 'stream', retryAfter: 3, message: expect.any(String) } }]);
  });
});

describe('over HTTP, a burst larger than the bound', () => {
  let server: LiveServer;
  beforeAll(async () => {
    // A bound in bytes a burst of 40 ticks passes, and room for the other events of the burst.
    server = await startLiveServer({ live: { subscriberLimits: { maxQueuedFrames: 256, maxQueuedBytes: 24 * 1024 } } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('lag=skip keeps the stream open, says it degraded, and delivers the newest tick; lag=drop closes it', async () => {
    const id = await createSimulation(server);
    const skip = new Subscriber(eventsUrl(server, id, '?lag=skip&encoding=packed'), 'key-a');
    const drop = new Subscriber(eventsUrl(server, id, '?lag=drop&encoding=packed'), 'key-a');
    await Promise.all([skip.opened(), drop.opened()]);
    await server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 2 } });
    await Promise.all([skip.until(() => skip.ticks().at(-1) === 2), drop.until(() => drop.ticks().at(-1) === 2)]);
    // 40 ticks are published in one burst: more than the 24 KiB a subscriber may hold.
    await server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 40 } });
    await skip.until(() => skip.ticks().at(-1) === 42);
    await drop.until(() => drop.ticks().at(-1) === 42);
    skip.close();
    drop.close();
    expect(skip.opens).toBe(1);
    expect(skip.received.filter((m) => m.event === 'degraded')).toHaveLength(1);
    expect(skip.ticks().length).toBeLessThan(42);
    // The packed tick after the gap carries the ids again.
    const after = skip.received
      .filter((m) => m.event === 'tick')
      .map((m) => JSON.parse(m.data))
      .at(-1);
    expect(after.packed.ids).not.toBeNull();
    expect(drop.received.some((m) => m.event === 'error' && JSON.parse(m.data).code === 'SLOW_CONSUMER')).toBe(true);
    expect(drop.opens).toBeGreaterThanOrEqual(2);
    expect(drop.ticks()).toEqual(Array.from({ length: 42 }, (_, i) => i + 1));
  });
});

describe('a server stop while a client reads nothing', () => {
  /** A subscriber that records its end and its abandonment, sent one loss event and then stopped as a server stop does. */
  function stopped(): { sub: SseSubscriber; finished: string[]; abandoned: string[] } {
    const finished: string[] = [];
    const abandoned: string[] = [];
    const sub = new SseSubscriber({
      preamble: [],
      afterId: 0,
      heartbeatMs: 60_000,
      limits: LIMITS,
      variant: PACKED,
      lag: 'skip',
      onFinish: () => finished.push('finished'),
      abandon: () => abandoned.push('abandoned'),
    });
    sub.push(loss(1));
    sub.end();
    return { sub, finished, abandoned };
  }

  it('ends the stream, and closes its connection once SHUTDOWN_FLUSH_MS passed without the client taking it', () => {
    vi.useFakeTimers();
    try {
      const { sub, finished, abandoned } = stopped();
      vi.advanceTimersByTime(SHUTDOWN_FLUSH_MS - 1);
      expect(abandoned).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(abandoned).toEqual(['abandoned']);
      expect(finished).toEqual(['finished']);
      expect(sub.backlogBytes).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves a stream its client takes whole alone', async () => {
    const { sub, abandoned } = stopped();
    expect((await readAll(sub.stream)).map((m) => m.event)).toEqual(['loss']);
    await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_FLUSH_MS + 100));
    expect(abandoned).toEqual([]);
  });
});
