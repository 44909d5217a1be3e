import { retryAfterMs } from './retry-after.js';

/** When to try a request again, and how long to wait. */
export interface RetryOptions {
  /** Further attempts after the first (default 3). */
  retries?: number;
  /** The first wait when the server names none; it doubles on each attempt (default 250 ms). */
  baseDelayMs?: number;
  /** The longest wait between two attempts (default 10 s). */
  maxDelayMs?: number;
}

/** Methods that change nothing, so repeating them is always safe. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Statuses after which the same request may succeed: rate limited, key in progress, server briefly away. */
const RETRYABLE_STATUSES = new Set([408, 429, 502, 503, 504]);

/**
 * A fetch that tries a request again after a network failure or a retryable status, waiting
 * what the answer asks (`Retry-After`, or `details.retryAfter` of a 409 or 503), or a doubling delay. A read (GET, HEAD) is retried as it is; any
 * other request only when it carries an `Idempotency-Key`, and always with that same key, so that the service runs it at most once
 * and a retry of a request that did run gets the first answer replayed
 * (`Idempotency-Replayed: true`). A 409 IDEMPOTENCY_KEY_IN_PROGRESS (the first attempt still
 * running) is waited out the same way.
 */
export function retryingFetch(options: RetryOptions = {}, base: typeof fetch = globalThis.fetch): typeof fetch {
  const retries = options.retries ?? 3;
  const baseDelayMs = options.baseDelayMs ?? 250;
  const maxDelayMs = options.maxDelayMs ?? 10_000;

  return async function fetchWithRetries(input, init) {
    const request = new Request(input, init);
    // A request that changes something (a PUT time-control step advances a tick) may run twice
    // unless the service can recognise the retry by its key; only reads are safe to repeat bare.
    const retryable = SAFE_METHODS.has(request.method) || request.headers.has('idempotency-key');
    for (let attempt = 0; ; attempt++) {
      const last = !retryable || attempt >= retries;
      let response: Response;
      try {
        // Each attempt sends a fresh copy: a body can be read once.
        response = await base(last ? request : request.clone());
      } catch (error) {
        if (last || request.signal.aborted) throw error;
        await sleep(backoff(attempt), request.signal);
        continue;
      }
      if (last || !(await shouldRetry(response))) return response;
      const asked = await retryAfterMs(response);
      await response.body?.cancel();
      await sleep(Math.min(maxDelayMs, asked ?? backoff(attempt)), request.signal);
    }
  };

  function backoff(attempt: number): number {
    return Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
  }
}

async function shouldRetry(response: Response): Promise<boolean> {
  if (RETRYABLE_STATUSES.has(response.status)) return true;
  if (response.status !== 409) return false;
  // Only the in-progress conflict clears by itself; a key reused with another body never does.
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: { code?: unknown } } | null;
  return body?.error?.code === 'IDEMPOTENCY_KEY_IN_PROGRESS';
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort(): void {
      clearTimeout(timer);
      reject(signal.reason);
    }
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
