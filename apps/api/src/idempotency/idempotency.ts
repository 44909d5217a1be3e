import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { randomUUID } from 'node:crypto';
import { ApiError, conflict } from '../lib/api-error.js';
import { wantsNdjson } from '../lib/chunked-stream.js';
import type { Clock } from '../lib/clock.js';
import { OFF_LOOP_JSON_BYTES } from '../lib/off-loop-json.js';
import { parseBody, type ParsedBody } from './canonical-json.js';
import { readIdempotencyKey } from './idempotency-key.js';
import type { IdempotencyStore, StoredResponse } from './idempotency-store.js';
import { RecentResponses } from './recent-responses.js';
// The 'resourceReachable' context variable it reads.
import './resource-reachable.js';
import { replayReproduced, replayResponse } from './replay-response.js';
import { actingOrganization, idempotencyScope, requestFingerprint } from './request-fingerprint.js';
import { recordResponse } from './response-recorder.js';
import { withEffectKeys } from './effect-keys.js';

export interface IdempotencyOptions {
  store: IdempotencyStore;
  clock: Clock;
  /** Lifetime of a key from its first request. Default 24 hours (the interface's limit). */
  ttlMs?: number;
  /** An unfinished reservation older than this is taken to be abandoned by a dead instance. Default 5 minutes. */
  lockMs?: number;
  /** Expired records are deleted at most this often, on a request. Default one minute. */
  sweepIntervalMs?: number;
  /** Bodies up to this size are stored whole; longer ones are a reference when the handler marked them reproducible (docs/api.md, "Idempotency"), else stream into pieces. Default 256 KiB. */
  inlineMaxBytes?: number;
  /** Completed records kept in memory for replays without a query. Default 1000 (0 turns it off). */
  recentCapacity?: number;
  onBackgroundError?: (error: unknown) => void;
  /**
   * Reads a body of OFF_LOOP_JSON_BYTES or more elsewhere than on the event loop, as parseBody
   * would (its `value` need hold only `organizationId`): parsing and sorting the keys of a 1 MiB
   * body took the loop a quarter of a second. Left out, on the loop.
   */
  readLongBody?: ((text: string) => Promise<ParsedBody | undefined>) | undefined;
}

const HOUR = 3_600_000;

export const keyReused = (): ApiError =>
  conflict('IDEMPOTENCY_KEY_REUSE', 'This Idempotency-Key was already used with a different request body (or Accept); use a new key for a new request');
/**
 * Seconds a caller is told to wait (`details.retryAfter`) when its key's first request is still
 * running. Most requests finish well within it; a long one answers another 409 with the same
 * advice, so a client that follows it polls once a second until it gets the replay. It is a
 * field of the body, not a `Retry-After` header: the interface sends that header on 429 only.
 */
export const IN_PROGRESS_RETRY_AFTER_SECONDS = 1;

export const keyInProgress = (): ApiError =>
  new ApiError(409, 'IDEMPOTENCY_KEY_IN_PROGRESS', 'A request with this Idempotency-Key is still running; retry once it has finished', {
    retryAfter: IN_PROGRESS_RETRY_AFTER_SECONDS,
  });

/**
 * Error codes whose responses are released instead of cached: refusals, not outcomes of work.
 * docs/api.md, "Idempotency": requests refused before the handler ran (validation, auth,
 * rate limit, conflict) are not cached. A handler refuses too, before it changes anything: the tenancy
 * check (401 for another organization's simulation), an `organizationId` the caller may not
 * act for (403), a body that does not validate, a simulation that is not active (409). Such a
 * request did nothing, so a retry with the same key is judged afresh (the caller may have been
 * granted the organization meanwhile) instead of getting the old refusal marked as replayed.
 * NOT_FOUND and 5xx stay cached: a handler's 404 or 500 may come after work was done, and a
 * retried create must never run twice. IDEMPOTENCY_KEY_* come from this middleware itself.
 */
export const UNCACHED_ERROR_CODES: ReadonlySet<string> = new Set([
  'UNAUTHORIZED',
  'FORBIDDEN',
  'VALIDATION_ERROR',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  // The engine's queue was full (docs/api.md, "Engine work", "The engine's queue"): nothing ran.
  'ENGINE_BUSY',
  // Weighed before any work and refused (docs/api.md, "Errors": "Nothing ran"); limits change,
  // and a key kept on the refusal would hold it for a day.
  'WORK_LIMIT_EXCEEDED',
  'STORAGE_LIMIT_EXCEEDED',
  'SIMULATION_NOT_ACTIVE',
  'IDEMPOTENCY_KEY_REUSE',
  'IDEMPOTENCY_KEY_IN_PROGRESS',
]);

/**
 * Refused rather than answered: Hono's own body errors (malformed JSON, media type, size),
 * raised by the route's validators that run after this middleware, and UNCACHED_ERROR_CODES.
 */
const refused = (c: Context): boolean => c.error instanceof HTTPException || (c.error instanceof ApiError && UNCACHED_ERROR_CODES.has(c.error.code));

const positive = (name: string, value: number): number => {
  if (!Number.isFinite(value) || value <= 0) throw new Error(`idempotency: ${name} must be a positive number, got ${String(value)}`);
  return value;
};

/**
 * Idempotency-Key on POST. Goes in a protected route's middleware after authentication (the key
 * is scoped to the caller of `c.get('auth')` and the organization the request acts for), rate
 * limit and scope, hence before the route's validators:
 * a body they refuse releases the reservation instead of being cached. Every other response
 * the handler produced is cached, 404 and 5xx included, so a retry never executes twice;
 * refusals (UNCACHED_ERROR_CODES) release the reservation. A replayed error envelope carries
 * the replaying request's id.
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

  const replay = async (c: Context, token: string, response: StoredResponse): Promise<Response> => {
    const reference = response.reference;
    if (reference === null || reference === undefined)
      return replayResponse(response, (from, limit) => store.readChunks(token, from, limit), c.get('requestId'));
    const reproduce = c.get('reproduceResponse');
    if (reproduce === undefined) throw new Error(`idempotency: a stored ${reference.kind} reference and nothing to reproduce it`);
    return replayReproduced(response, await reproduce(c, reference));
  };

  return async function idempotencyMiddleware(c, next) {
    if (c.req.method !== 'POST') return next();
    const key = readIdempotencyKey(c);
    if (key === undefined) return next();
    const auth = c.get('auth');
    if (auth === undefined) throw new Error('idempotency middleware must run after authentication');
    const text = await c.req.text();
    const body = text.length >= OFF_LOOP_JSON_BYTES && options.readLongBody !== undefined ? await options.readLongBody(text) : parseBody(text);
    // Not JSON: the validators refuse it before any handler, so there is nothing to replay.
    if (body === undefined) return next();
    const fingerprint = requestFingerprint(body.canonical, wantsNdjson(c.req.header('accept')) ? 'ndjson' : 'json');
    const organizationId = actingOrganization(auth.organizationIds, body.value);
    const scope = idempotencyScope({
      identity: auth.identity,
      issuer: auth.issuer,
      organizationId,
      method: c.req.method,
      path: c.req.path,
      key,
    });
    const now = clock.now().getTime();
    if (now >= nextSweepAt) {
      nextSweepAt = now + sweepIntervalMs;
      store.sweep(now).catch(onError);
    }

    // Nothing stored under this key is told to a caller who may no longer reach what it was for
    // (a JWT that lost an organization): the handler runs and refuses it, as without a key.
    const mayAnswerFromRecord = async (): Promise<boolean> =>
      auth.organizationIds.includes(organizationId) && ((await c.get('resourceReachable')?.(c)) ?? true);

    const known = recent.get(scope, now);
    if (known !== undefined) {
      if (!(await mayAnswerFromRecord())) return next();
      if (known.fingerprint !== fingerprint) throw keyReused();
      return replay(c, '', known.response);
    }
    const token = randomUUID();
    const outcome = await store.reserve({ scope, token, fingerprint, now, expiresAt: now + ttlMs, lockedUntil: now + lockMs, organizationId });
    if (outcome.kind !== 'reserved' && !(await mayAnswerFromRecord())) return next();
    if (outcome.kind === 'in-progress') throw outcome.fingerprint === fingerprint ? keyInProgress() : keyReused();
    if (outcome.kind === 'complete') {
      if (outcome.fingerprint !== fingerprint) throw keyReused();
      recent.remember(scope, { fingerprint, response: outcome.response, expiresAt: outcome.expiresAt });
      return replay(c, outcome.token, outcome.response);
    }

    // What the handler stores is marked with this reservation, in the same transaction
    // (effect-keys.ts). Emptied once the answer is stored or the key released: work the request
    // left running (a playing clock's timers inherit its context) then marks nothing.
    const effectKeys = [{ scope, token }];
    await withEffectKeys(effectKeys, next);
    if (refused(c)) {
      await store.release(scope, token).catch(onError);
      effectKeys.length = 0;
      return;
    }
    const sink = {
      appendChunk: (seq: number, bytes: Uint8Array) => store.appendChunk(scope, token, seq, bytes, clock.now().getTime() + lockMs),
      complete: async (response: StoredResponse) => {
        const held = await store.complete(scope, token, response);
        effectKeys.length = 0;
        if (held) recent.remember(scope, { fingerprint, response, expiresAt: now + ttlMs });
        return held;
      },
    };
    c.res = await recordResponse(c.res, sink, { inlineMaxBytes, chunkBytes: inlineMaxBytes, onError, reference: c.get('reproducibleAs') });
  };
}
