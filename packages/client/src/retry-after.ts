/**
 * What an answer's `Retry-After` asks for, in milliseconds from now: a number of seconds or an
 * HTTP date (docs/api.md, "Errors"); undefined when absent or unreadable.
 */
export function retryAfterMs(headers: Headers): number | undefined {
  const header = headers.get('retry-after');
  if (header === null) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
