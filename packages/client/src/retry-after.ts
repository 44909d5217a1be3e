/**
 * What an answer asks a client to wait before it retries, in milliseconds from now; undefined
 * when it says nothing readable. The `Retry-After` header (a number of seconds or an HTTP date)
 * comes with a 429; a 409 IDEMPOTENCY_KEY_IN_PROGRESS and a 503 ENGINE_BUSY say it in the error
 * envelope's `details.retryAfter` (seconds) instead, since the interface sends the header on 429
 * only (docs/api.md, "Errors"). The body is read from a clone, so the answer stays readable.
 */
export async function retryAfterMs(response: Response): Promise<number | undefined> {
  const header = response.headers.get('retry-after');
  if (header !== null) {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(header);
    return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
  }
  if (response.ok || !(response.headers.get('content-type') ?? '').includes('application/json')) return undefined;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: { details?: { retryAfter?: unknown } | null } } | null;
  const seconds = body?.error?.details?.retryAfter;
  return typeof seconds === 'number' && Number.isFinite(seconds) ? Math.max(0, seconds * 1000) : undefined;
}
