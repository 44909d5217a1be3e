/**
 * One spelling per JSON value: object keys sorted, no whitespace. Two bodies are "the same body"
 * for idempotency when their canonical forms are equal (key order, spacing and number spelling
 * such as `1.0` vs `1` do not matter; array order does).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${entries.join(',')}}`;
}

/** A request body read once: its canonical form and the value it holds (undefined for no body). */
export interface ParsedBody {
  canonical: string;
  value: unknown;
}

/**
 * A request body's text parsed and canonicalized: `''` for no body, undefined when it is not
 * JSON (such a request is refused by validation before any handler runs, so it has nothing to
 * replay).
 */
export function parseBody(text: string): ParsedBody | undefined {
  if (text.trim() === '') return { canonical: '', value: undefined };
  try {
    const value: unknown = JSON.parse(text);
    return { canonical: canonicalJson(value), value };
  } catch {
    return undefined;
  }
}
