import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscribeToEvents, type ConnectionState, type SimulationEvent } from '../src/subscribe-to-events.js';

/** An event stream that sends `text` and ends (the server closed it). */
const stream = (text: string) =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      },
    }),
    { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
  );
const refused = (status: number, retryAfter?: string) => new Response('{}', { status, headers: retryAfter === undefined ? {} : { 'Retry-After': retryAfter } });

/** A fetch that answers from a script and records when (fake time) each attempt came. */
function scripted(...answers: Array<() => Response>) {
  const at: number[] = [];
  const fetchFn: typeof fetch = async () => {
    at.push(Date.now());
    const next = answers.shift();
    if (next === undefined) return new Promise<Response>(() => {}); // never answers: the test is over
    return next();
  };
  return { fetchFn, at };
}

describe('subscribeToEvents reopening after a refusal', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
    // Jitter at its middle: each wait is 10 % longer than its base.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('waits what Retry-After says, backs off exponentially while refused, and starts over once a stream opened', async () => {
    const { fetchFn, at } = scripted(
      () => refused(429, '5'),
      () => refused(503),
      () => refused(503),
      () => stream('id: 7\nevent: heartbeat\ndata: {}\n\n'),
      () => refused(503),
    );
    const events: SimulationEvent[] = [];
    const ends: unknown[] = [];
    const connection: ConnectionState[] = [];
    const subscription = subscribeToEvents({
      baseUrl: 'http://sim.test',
      credentials: { apiKey: 'k' },
      simulationId: 's',
      fetch: fetchFn,
      onEvent: (e) => events.push(e),
      onEnd: (e) => ends.push(e),
      onConnection: (state) => connection.push(state),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(at).toEqual([0]);

    // 429 with Retry-After: 5 → not before 5 s (the 1 s back-off would have come back sooner), then 5.5 s with the jitter.
    await vi.advanceTimersByTimeAsync(5_499);
    expect(at).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(at).toEqual([0, 5_500]);

    // Two 503s without Retry-After in a row: 2 s then 4 s (+10 %).
    await vi.advanceTimersByTimeAsync(2_200);
    expect(at).toEqual([0, 5_500, 7_700]);
    await vi.advanceTimersByTimeAsync(4_400);
    expect(at).toEqual([0, 5_500, 7_700, 12_100]);
    await vi.advanceTimersByTimeAsync(0);
    expect(events.map((e) => e.event)).toEqual(['heartbeat']);
    expect(subscription.lastEventId).toBe('7');

    // The stream ended: the source reconnects by itself (its 3 s), is refused once, and the
    // back-off starts again from 1 s since a connection had opened.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(at).toEqual([0, 5_500, 7_700, 12_100, 15_100]);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(at).toEqual([0, 5_500, 7_700, 12_100, 15_100, 16_200]);
    expect(ends).toEqual([]);
    // Each refusal said, with the wait before the next try; the opening; the drop the source
    // reconnects from by itself (no status); its refusal, 1 s again.
    expect(connection).toEqual([
      { connected: false, status: 429, message: expect.any(String), retryInMs: 5_500 },
      { connected: false, status: 503, message: expect.any(String), retryInMs: 2_200 },
      { connected: false, status: 503, message: expect.any(String), retryInMs: 4_400 },
      { connected: true },
      { connected: false },
      { connected: false, status: 503, message: expect.any(String), retryInMs: 1_100 },
    ]);
    subscription.close();
    expect(ends).toEqual([{ reason: 'closed' }]);
  });

  it('caps the back-off at maxReopenDelayMs but never waits less than Retry-After', async () => {
    const { fetchFn, at } = scripted(...Array.from({ length: 4 }, () => () => refused(503)), () => refused(429, '60'));
    const subscription = subscribeToEvents({
      baseUrl: 'http://sim.test',
      credentials: { apiKey: 'k' },
      simulationId: 's',
      fetch: fetchFn,
      onEvent: () => {},
      reopenDelayMs: 1_000,
      maxReopenDelayMs: 3_000,
    });
    await vi.advanceTimersByTimeAsync(0);
    // 1 s, 2 s, then 3 s twice (the cap), each +10 %.
    await vi.advanceTimersByTimeAsync(1_100 + 2_200 + 3_300 + 3_300);
    expect(at).toEqual([0, 1_100, 3_300, 6_600, 9_900]);
    // Retry-After: 60 is above the cap: it is honoured.
    await vi.advanceTimersByTimeAsync(65_999);
    expect(at).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(1);
    expect(at).toHaveLength(6);
    subscription.close();
  });

  it('does not reopen after a refusal that cannot clear, nor after close()', async () => {
    const forbidden = scripted(() => refused(403));
    const ends: unknown[] = [];
    subscribeToEvents({
      baseUrl: 'http://sim.test',
      credentials: { apiKey: 'k' },
      simulationId: 's',
      fetch: forbidden.fetchFn,
      onEvent: () => {},
      onEnd: (e) => ends.push(e),
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(forbidden.at).toEqual([0]);
    expect(ends).toMatchObject([{ reason: 'refused', status: 403 }]);

    const busy = scripted(() => refused(429, '5'));
    const subscription = subscribeToEvents({
      baseUrl: 'http://sim.test',
      credentials: { apiKey: 'k' },
      simulationId: 's',
      fetch: busy.fetchFn,
      onEvent: () => {},
    });
    await vi.advanceTimersByTimeAsync(1_000);
    subscription.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(busy.at).toHaveLength(1);
  });
});
