/**
 * The body thread: parses a long JSON body's text and validates it with its route's schema, off
 * the event loop (docs/api.md, "Where it runs"). It answers what the route's validator and hook
 * would: the value zod gave back, the problems (body rules included), or that the text is not
 * JSON. For an Idempotency-Key it makes the body canonical, as the middleware would.
 */
import { parseBody, type ParsedBody } from '../../idempotency/canonical-json.js';
import { withBodyRules } from '../../lib/body-rules.js';
import type { JsonBodyOutcome } from '../../lib/off-loop-json.js';
import { toIssues } from '../../lib/validation-issues.js';
import { JSON_BODY_SCHEMAS } from './json-body-schemas.js';

/**
 * One body to read: checked against its route's schema (`operationId`), or made canonical for
 * an Idempotency-Key (`canonical`: idempotency/canonical-json.ts).
 */
export type JsonBodyTask = { operationId: string; text: string } | { canonical: true; text: string };

/** What an Idempotency-Key needs of a body: its canonical form, and the organization it names (the rest stays here). */
export type CanonicalBody = ParsedBody | undefined;

export default async function readJsonBody(task: JsonBodyTask): Promise<JsonBodyOutcome | CanonicalBody> {
  if ('canonical' in task) return canonicalBody(task.text);
  return checkJsonBody(task.operationId, task.text);
}

function canonicalBody(text: string): CanonicalBody {
  const parsed = parseBody(text);
  if (parsed === undefined) return undefined;
  const named =
    typeof parsed.value === 'object' && parsed.value !== null && !Array.isArray(parsed.value)
      ? (parsed.value as Record<string, unknown>).organizationId
      : undefined;
  return { canonical: parsed.canonical, value: named === undefined ? {} : { organizationId: named } };
}

async function checkJsonBody(operationId: string, text: string): Promise<JsonBodyOutcome> {
  const body = JSON_BODY_SCHEMAS[operationId];
  if (body === undefined) return { kind: 'unchecked' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'malformed' };
  }
  const result = await body.schema.safeParseAsync(value);
  if (result.success) return { kind: 'valid', data: result.data };
  return { kind: 'invalid', issues: withBodyRules(toIssues(result.error), body.rules, value) };
}
