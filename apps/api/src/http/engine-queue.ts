import type { MiddlewareHandler } from 'hono';
import type { AuthContext } from '../identity/auth-context.js';
import { ApiError } from '../lib/api-error.js';
import { ConcurrencyLimiter, type ReleaseSlot } from '../lib/concurrency-limiter.js';

/** How many engine-bound requests may be under way at once (docs/api.md, "Engine work", "The engine's queue"). */
export interface EngineQueueLimits {
  /** Per organization (the caller's first); past it: 429 RATE_LIMITED. */
  perOrganization: number;
  /** Over every organization in this process; past it: 503 ENGINE_BUSY. */
  total: number;
}

export const DEFAULT_ENGINE_QUEUE_LIMITS: EngineQueueLimits = { perOrganization: 8, total: 64 };

/** Seconds a refused client is told to wait: engine reads are short, a slot frees soon. */
export const ENGINE_QUEUE_RETRY_SECONDS = 1;

/**
 * Gives back the slot once the response body has been read to its end, or the reader left: a
 * streamed trace computes while it is read, so its work lasts as long as its body.
 */
export function releasedWithBody(body: ReadableStream<Uint8Array>, release: ReleaseSlot): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          release();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        release();
        controller.error(error);
      }
    },
    async cancel(reason) {
      release();
      await reader.cancel(reason);
    },
  });
}

/**
 * A bounded queue in front of the engine's workers for the requests that compute through the
 * engine for their caller (a trace, a past state, a comparison, a fork's replay, a resumed event
 * stream's replay, a long `run` answer regenerated for an Idempotency-Key): an organization has
 * at most `perOrganization` of them under way (computing, or waiting for a worker), the process
 * at most `total`. Past either, the request is refused at once (429 RATE_LIMITED with
 * `Retry-After` for the organization's bound, 503 ENGINE_BUSY with `details.retryAfter` for the process's), never left
 * waiting for a worker behind everyone else's work (docs/api.md, "Engine work", "The engine's queue").
 */
export class EngineQueue {
  private readonly perOrganization = new ConcurrencyLimiter();
  private total = 0;

  constructor(readonly limits: EngineQueueLimits = DEFAULT_ENGINE_QUEUE_LIMITS) {}

  /** Takes a place for engine work of `organization`, released by the function returned (once, however often called); or refuses. */
  admit(organization: string): ReleaseSlot {
    if (this.total >= this.limits.total) {
      throw new ApiError(
        503,
        'ENGINE_BUSY',
        `The engine has ${this.total} requests under way, the most this server takes at once; retry in ${ENGINE_QUEUE_RETRY_SECONDS} s`,
        // No Retry-After header: the interface sends it on 429 only, so the wait is a field.
        { limit: this.limits.total, retryAfter: ENGINE_QUEUE_RETRY_SECONDS },
      );
    }
    const slot = this.perOrganization.acquire(organization, this.limits.perOrganization);
    if (slot === null) {
      throw new ApiError(
        429,
        'RATE_LIMITED',
        `The organization has ${this.limits.perOrganization} engine requests under way, the most it may have at once; retry in ${ENGINE_QUEUE_RETRY_SECONDS} s`,
        { routeClass: 'engine', limit: this.limits.perOrganization, retryAfter: ENGINE_QUEUE_RETRY_SECONDS },
        { 'Retry-After': String(ENGINE_QUEUE_RETRY_SECONDS) },
      );
    }
    this.total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      slot();
    };
  }
}

/** The organization whose place in the queue a request takes: the caller's first (an API key has one). */
export function queueingOrganization(auth: AuthContext | undefined): string {
  return auth?.organizationIds[0] ?? '';
}

/**
 * The queue as a route's last middleware, for a protected route's chain (after authentication
 * and, on a POST, after idempotency: a replayed answer computes nothing). The place is held
 * until the response body has been read or its reader left; an error gives it back at once.
 */
export function engineQueue(queue: EngineQueue): MiddlewareHandler {
  return async function engineQueueMiddleware(c, next) {
    const release = queue.admit(queueingOrganization(c.get('auth') as AuthContext | undefined));
    try {
      await next();
    } catch (error) {
      release();
      throw error;
    }
    const body = c.res.body;
    if (body === null || c.res.status >= 400) release();
    else c.res = new Response(releasedWithBody(body, release), c.res);
  };
}
