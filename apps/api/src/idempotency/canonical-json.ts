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

/**
 * The canonical form of a request body's text: `''` for no body, undefined when it is not JSON
 * (such a request is refused by validation before any handler runs, so it has nothing to replay).
 */
export function canonicalBody(text: string): string | undefined {
  if (text.trim() === '') return '';
  try {
    return canonicalJson(JSON.parse(text));
  } catch {
    return undefined;
  }
}
