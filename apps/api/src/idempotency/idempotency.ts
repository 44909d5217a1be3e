import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { randomUUID } from 'node:crypto';
import { ApiError, conflict } from '../lib/api-error.js';
import { wantsNdjson } from '../lib/chunked-stream.js';
import type { Clock } from '../lib/clock.js';
import { canonicalBody } from './canonical-json.js';
import { readIdempotencyKey } from './idempotency-key.js';
import type { IdempotencyStore, StoredResponse } from './idempotency-store.js';
import { RecentResponses } from './recent-responses.js';
import { replayResponse } from './replay-response.js';
import { idempotencyScope, requestFingerprint } from './request-fingerprint.js';
import { recordResponse } from './response-recorder.js';

export interface IdempotencyOptions {
  store: IdempotencyStore;
  clock: Clock;
  /** Lifetime of a key from its first request. Default 24 hours (the interface's limit). */
  ttlMs?: number;
  /** An unfinished reservation older than this is taken to be abandoned by a dead instance. Default 5 minutes. */
  lockMs?: number;
  /** Expired records are deleted at most this often, on a request. Default one minute. */
  sweepIntervalMs?: number;
  /** Bodies up to this size are stored whole; longer ones stream into pieces. Default 256 KiB. */
  inlineMaxBytes?: number;
  /** Completed records kept in memory for replays without a query. Default 1000 (0 turns it off). */
  recentCapacity?: number;
  onBackgroundError?: (error: unknown) => void;
}

const HOUR = 3_600_000;

export const keyReused = (): ApiError =>
  conflict('IDEMPOTENCY_KEY_REUSE', 'This Idempotency-Key was already used with a different request body (or Accept); use a new key for a new request');
export const keyInProgress = (): ApiError =>
  conflict('IDEMPOTENCY_KEY_IN_PROGRESS', 'A request with this Idempotency-Key is still running; retry once it has finished');

/**
 * Refused before the handler ran, by the route's validators (which run after this middleware):
 * Hono's own body errors (malformed JSON, media type, size) and VALIDATION_ERROR. A handler's
 * own VALIDATION_ERROR is not cached either: a request that does not validate changed nothing.
 */
const refusedBeforeHandler = (c: Context): boolean =>
  c.error instanceof HTTPException || (c.error instanceof ApiError && (c.error.code === 'VALIDATION_ERROR' || c.error.code === 'PAYLOAD_TOO_LARGE'));

const positive = (name: string, value: number): number => {
  if (!Number.isFinite(value) || value <= 0) throw new Error(`idempotency: ${name} must be a positive number, got ${String(value)}`);
  return value;
};

/**
 * Idempotency-Key on POST. Goes in a protected route's middleware after authentication (the key
 * is scoped to `c.var.auth.identity`), rate limit and scope, hence before the route's validators:
 * a body they refuse releases the reservation instead of being cached. Every response the
 * handler produced is cached, 4xx and 5xx included, so a retry never executes twice.
 */
export function idempotency(options: IdempotencyOptions): MiddlewareHandler {
  const { store, clock } = options;
  if (typeof store?.reserve !== 'function') throw new Error('idempotency: store is required');
  if (typeof clock?.now !== 'function') throw new Error('idempotency: clock is required');
  const ttlMs = positive('ttlMs', options.ttlMs ?? 24 * HOUR);
  const lockMs = positive('lockMs', options.lockMs ?? 5 * 60_000);
  const sweepIntervalMs = positive('sweepIntervalMs', options.sweepIntervalMs ?? 60_000);
  const inlineMaxBytes = positive('inlineMaxBytes', options.inlineMaxBytes ?? 256 * 1024);
  const onError = options.onBackgroundError ?? ((error: unknown) => console.error('idempotency record failed', error));
  const recent = new RecentResponses(options.recentCapacity ?? 1000, 64 * 1024);
  let nextSweepAt = 0;

  const replay = (token: string, response: StoredResponse): Response => replayResponse(response, (from, limit) => store.readChunks(token, from, limit));

  return async function idempotencyMiddleware(c, next) {
    if (c.req.method !== 'POST') return next();
    const key = readIdempotencyKey(c);
    if (key === undefined) return next();
    const auth = c.get('auth');
    if (auth === undefined) throw new Error('idempotency middleware must run after authentication');
    const canonical = canonicalBody(await c.req.text());
    // Not JSON: the validators refuse it before any handler, so there is nothing to replay.
    if (canonical === undefined) return next();
    const fingerprint = requestFingerprint(canonical, wantsNdjson(c.req.header('accept')) ? 'ndjson' : 'json');
    const scope = idempotencyScope(auth.identity, c.req.method, c.req.path, key);
    const now = clock.now().getTime();
    if (now >= nextSweepAt) {
      nextSweepAt = now + sweepIntervalMs;
      store.sweep(now).catch(onError);
    }

    const known = recent.get(scope, now);
    if (known !== undefined) {
      if (known.fingerprint !== fingerprint) throw keyReused();
      return replay('', known.response);
    }
    const token = randomUUID();
    const outcome = await store.reserve({ scope, token, fingerprint, now, expiresAt: now + ttlMs, lockedUntil: now + lockMs });
    if (outcome.kind === 'in-progress') throw outcome.fingerprint === fingerprint ? keyInProgress() : keyReused();
    if (outcome.kind === 'complete') {
      if (outcome.fingerprint !== fingerprint) throw keyReused();
      recent.remember(scope, { fingerprint, response: outcome.response, expiresAt: outcome.expiresAt });
      return replay(outcome.token, outcome.response);
    }

    await next();
    if (refusedBeforeHandler(c)) {
      await store.release(scope, token).catch(onError);
      return;
    }
    const sink = {
      appendChunk: (seq: number, bytes: Uint8Array) => store.appendChunk(scope, token, seq, bytes, clock.now().getTime() + lockMs),
      complete: async (response: StoredResponse) => {
        const held = await store.complete(scope, token, response);
        if (held) recent.remember(scope, { fingerprint, response, expiresAt: now + ttlMs });
        return held;
      },
    };
    c.res = await recordResponse(c.res, sink, { inlineMaxBytes, chunkBytes: inlineMaxBytes, onError });
  };
}
