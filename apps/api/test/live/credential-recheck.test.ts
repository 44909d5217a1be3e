import { describe, expect, it } from 'vitest';
import type { CredentialRecheck, CredentialRefusal } from '../../src/identity/credential-recheck.js';
import { eventFrame, type SseFrame } from '../../src/live/sse-frame.js';
import { SseSubscriber } from '../../src/live/sse-subscriber.js';

/**
 * The subscriber's side of docs/identity.md, "Identity, scopes, tenancy": at each heartbeat the
 * stream's credential is asked again; a refusal ends the stream at once, a check that fails or
 * hangs ends nothing. The route side (real keys and JWTs): test/identity/stream-credentials.test.ts.
 */
const LIMITS = { maxQueuedBytes: 4 * 1024 * 1024, maxQueuedFrames: 4096 };
const REVOKED: CredentialRefusal = { code: 'UNAUTHORIZED', message: 'API key has been revoked' };
const HEARTBEAT_MS = 10;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A history of `count` ticks, each given after `delayMs`, counting what was asked of it. */
function slowReplay(count: number, delayMs: number): { replay: AsyncIterator<SseFrame>; given: () => number } {
  let given = 0;
  async function* frames(): AsyncGenerator<SseFrame, void, void> {
    for (let t = 1; t <= count; t++) {
      await sleep(delayMs);
      given++;
      yield eventFrame(t, 'tick', { t });
    }
  }
  return { replay: frames(), given: () => given };
}

function subscriber(recheck: CredentialRecheck, replay?: AsyncIterator<SseFrame>): SseSubscriber {
  return new SseSubscriber({ preamble: [], replay, afterId: 0, heartbeatMs: HEARTBEAT_MS, limits: LIMITS, recheck, onFinish: () => undefined });
}

/** The stream's messages as `event` or `event:data` lines, heartbeats left out, until it ends. */
async function messages(stream: ReadableStream<Uint8Array>, timeoutMs = 5_000): Promise<string[]> {
  const reader = stream.getReader();
  const timer = setTimeout(() => {
    reader.cancel().catch(() => undefined);
  }, timeoutMs);
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  clearTimeout(timer);
  return text
    .split('\n\n')
    .filter((block) => block !== '' && !block.includes('event: heartbeat'))
    .map((block) =>
      block
        .replace(/^id: \d+\n/, '')
        .replace('event: ', '')
        .replace('\ndata: ', ':'),
    );
}

describe('a stream’s credential, asked again at each heartbeat', () => {
  it('a refusal ends a stream still replaying a finished history, with no frame after the error', async () => {
    const { replay, given } = slowReplay(200, 5);
    let asked = 0;
    let givenAtRefusal = Number.NaN;
    const sub = subscriber(() => {
      if (++asked < 3) return undefined;
      givenAtRefusal = given();
      return REVOKED;
    }, replay);
    // A finished simulation: the stream is ending from the start, and sends its history.
    sub.endAfterReplay();
    const sent = await messages(sub.stream);
    expect(asked).toBeGreaterThanOrEqual(3);
    expect(sent.at(-1)).toBe(`error:${JSON.stringify(REVOKED)}`);
    const ticks = sent.filter((m) => m.startsWith('tick'));
    expect(ticks.length).toBeGreaterThan(0);
    expect(ticks.length).toBeLessThan(200);
    // The frame the replay was computing when the refusal came is not sent.
    expect(ticks.length).toBeLessThanOrEqual(givenAtRefusal);
  });

  it('a check that throws or never answers ends nothing, and the next heartbeat asks again', async () => {
    const outcomes = ['throws', 'hangs', 'holds', 'refuses'] as const;
    let asked = 0;
    const recheck: CredentialRecheck = () => {
      const outcome = outcomes[Math.min(asked++, outcomes.length - 1)];
      if (outcome === 'throws') throw new Error('the database is away');
      if (outcome === 'hangs') return new Promise<never>(() => undefined);
      return outcome === 'holds' ? undefined : REVOKED;
    };
    const sub = subscriber(recheck);
    const started = Date.now();
    const sent = await messages(sub.stream);
    expect(asked).toBe(4);
    expect(sent).toEqual([`error:${JSON.stringify(REVOKED)}`]);
    // The hanging check was given up after a heartbeat, not waited for.
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
