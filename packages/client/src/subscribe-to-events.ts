import { EventSource, type ErrorEvent as SourceErrorEvent, type EventSourceFetchInit } from 'eventsource';
import type { components, paths } from './generated/openapi.js';
import type { Credentials } from './credentials.js';
import { credentialHeaders } from './credentials.js';
import { retryAfterMs } from './retry-after.js';

/** One message of a simulation's event stream, discriminated by `event` (docs/api.md, "Events"). */
export type SimulationEvent = components['schemas']['SimulationEventMessage'];
export type SimulationEventName = SimulationEvent['event'];

/** What the stream carries (docs/api.md, "Choosing what a stream carries"): `agents`, `encoding`, `lag`. */
export type StreamVariant = Omit<NonNullable<paths['/v1/simulations/{id}/events']['get']['parameters']['query']>, 'lastEventId'>;

/** Every event name the document declares; the check below fails to compile when one is missing. */
const EVENT_NAMES = ['tick', 'loss', 'warning', 'paradox', 'decree', 'prophecy', 'simulation:status', 'error', 'degraded', 'heartbeat'] as const;
type Missing = Exclude<SimulationEventName, (typeof EVENT_NAMES)[number]>;
const everyNameListed: [Missing] extends [never] ? true : Missing = true;
void everyNameListed;

/** Answers after which a new connection may succeed: over the stream limit, a server restarting. */
const REOPEN_STATUSES = new Set([429, 502, 503, 504]);

export interface SubscribeOptions {
  baseUrl: string;
  credentials: Credentials;
  simulationId: string;
  /** Resume after this id (what a previous subscription's `lastEventId` said); `'0'` replays from the first tick. Without it the stream starts at the present. */
  lastEventId?: string;
  /** Which agents and which encoding the ticks carry, and what happens when this subscriber falls behind; default every agent as JSON, degraded when too far behind (the newest tick only, after a `degraded` event); with `lag: 'drop'` closed instead, then reopened. */
  variant?: StreamVariant;
  onEvent: (event: SimulationEvent) => void;
  /** The stream ended for good: the simulation finished (`reason: 'finished'`), or the server refused it (`'refused'`, with the status). */
  onEnd?: (end: { reason: 'finished' | 'refused' | 'closed'; status?: number; message?: string }) => void;
  /**
   * The connection's state, for a person waiting on the stream: `{ connected: true }` each time a
   * connection opens (the first included); `{ connected: false, … }` each time one is lost and
   * will be tried again: with the refusal's status and message and the wait before the next try
   * (429 over the open-stream limit, 502–504), or without them when the connection dropped and
   * the source reconnects by itself. Nothing is called for an end: `onEnd` says that.
   */
  onConnection?: (state: ConnectionState) => void;
  /**
   * The first wait before reopening after a refusal that may clear (429, 502–504), when the
   * server's `Retry-After` names no longer one (default 1 s). It doubles with each refusal in a
   * row, up to `maxReopenDelayMs` (default 30 s), and each wait gets up to a fifth more at
   * random, so that clients refused together do not all come back together.
   */
  reopenDelayMs?: number;
  maxReopenDelayMs?: number;
  fetch?: typeof fetch;
}

/** See SubscribeOptions.onConnection. */
export type ConnectionState = { connected: true } | { connected: false; status?: number; message?: string; retryInMs?: number };

export interface Subscription {
  /** The id of the last message delivered: pass it as `lastEventId` to resume elsewhere, later. */
  readonly lastEventId: string | undefined;
  close(): void;
}

/**
 * Subscribes to a simulation's events. Connections that drop (the network, a server restart)
 * are reopened with `Last-Event-ID`, so the service replays exactly what was missed: no event
 * is lost and none is delivered twice. Heartbeats are delivered too (`event: 'heartbeat'`).
 *
 * @example
 * const sub = subscribeToEvents({ baseUrl, credentials: { apiKey }, simulationId: id, lastEventId: '0',
 *   onEvent: (e) => { if (e.event === 'tick') console.log(e.data.t, e.data.b) } });
 * …
 * sub.close();
 */
export function subscribeToEvents(options: SubscribeOptions): Subscription {
  const baseFetch = options.fetch ?? globalThis.fetch;
  const url = new URL(`/v1/simulations/${encodeURIComponent(options.simulationId)}/events`, options.baseUrl);
  for (const [name, value] of Object.entries(options.variant ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
  let lastEventId = options.lastEventId;
  let source: EventSource | undefined;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  /** Refusals since the last connection that opened: the back-off's exponent. */
  let refusals = 0;
  /** What the last answer asked to wait (`Retry-After`, or a 503's `details.retryAfter`): the source's error event carries neither. */
  let retryAfter: number | undefined;

  // The source's own Last-Event-ID (after a drop) wins; a new source starts from ours.
  const fetchWithCredentials = async (input: string | URL, init: EventSourceFetchInit) => {
    const headers: Record<string, string> = { ...credentialHeaders(options.credentials), ...init.headers };
    if (headers['Last-Event-ID'] === undefined && lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
    const response = await baseFetch(input, { ...init, headers });
    retryAfter = await retryAfterMs(response);
    return response;
  };

  /** The wait before the next reopen: what the server asked, or the doubled back-off if longer, plus jitter. */
  function reopenDelay(): number {
    const first = options.reopenDelayMs ?? 1_000;
    const backoff = Math.min(options.maxReopenDelayMs ?? 30_000, first * 2 ** (refusals - 1));
    const wait = Math.max(retryAfter ?? 0, backoff);
    return wait + Math.random() * 0.2 * wait;
  }

  function end(reason: 'finished' | 'refused' | 'closed', status?: number, message?: string): void {
    if (closed) return;
    close();
    options.onEnd?.({ reason, ...(status === undefined ? {} : { status }), ...(message === undefined ? {} : { message }) });
  }

  function open(): void {
    const current = new EventSource(url, { fetch: fetchWithCredentials });
    source = current;
    current.onopen = () => {
      refusals = 0;
      options.onConnection?.({ connected: true });
    };
    for (const name of EVENT_NAMES) {
      current.addEventListener(name, (message: MessageEvent) => {
        // The source's own failures are dispatched as `error` too, without data: onerror below takes them.
        if (typeof message.data !== 'string') return;
        if (message.lastEventId !== '' && message.lastEventId !== undefined) lastEventId = message.lastEventId;
        const text = String(message.data);
        const data: unknown = text === '' ? '' : JSON.parse(text);
        options.onEvent({ event: name, id: message.lastEventId, data } as SimulationEvent);
        if (name === 'simulation:status' && isFinal(data)) end('finished');
      });
    }
    // The source's own failures (the stream's `event: error` messages arrive above, as MessageEvents).
    current.onerror = (failure: SourceErrorEvent) => {
      if (closed) return;
      if (current.readyState !== EventSource.CLOSED) return void options.onConnection?.({ connected: false }); // reconnecting by itself
      if (failure.code === 204) return end('finished', 204);
      if (failure.code !== undefined && REOPEN_STATUSES.has(failure.code)) {
        refusals++;
        const wait = reopenDelay();
        reopenTimer = setTimeout(open, wait);
        options.onConnection?.({
          connected: false,
          status: failure.code,
          ...(failure.message === undefined ? {} : { message: failure.message }),
          retryInMs: Math.round(wait),
        });
        return;
      }
      end('refused', failure.code, failure.message);
    };
  }

  function close(): void {
    closed = true;
    if (reopenTimer !== undefined) clearTimeout(reopenTimer);
    source?.close();
  }

  open();
  return {
    get lastEventId() {
      return lastEventId;
    },
    close: () => end('closed'),
  };
}

function isFinal(data: unknown): boolean {
  const status = typeof data === 'object' && data !== null && 'status' in data ? data.status : undefined;
  return status === 'completed' || status === 'failed';
}
