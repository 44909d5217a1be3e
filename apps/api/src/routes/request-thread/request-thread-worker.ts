/**
 * The request thread: what a request asks of the server that is neither engine work nor quick
 * (docs/api.md, "Where it runs"). It parses a long JSON body's text and validates it with its
 * route's schema, answering what the route's validator and hook would (the value zod gave
 * back, the problems with the body rules, or that the text is not JSON); makes a long body
 * canonical for an Idempotency-Key, as the middleware would; and reads an experiment's runs to
 * make its results or their export.
 */
import { parseBody, type ParsedBody } from '../../idempotency/canonical-json.js';
import { withBodyRules } from '../../lib/body-rules.js';
import type { JsonBodyOutcome } from '../../lib/off-loop-json.js';
import { toIssues } from '../../lib/validation-issues.js';
import { experimentOutput, type ExperimentOutput, type ExperimentOutputTask } from './experiment-output.js';
import { JSON_BODY_SCHEMAS } from './json-body-schemas.js';

/** One task: a body checked against its route's schema (`operationId`), made canonical, or an experiment's output. */
export type RequestThreadTask = { operationId: string; text: string } | { canonical: true; text: string } | { experimentOutput: ExperimentOutputTask };

/** What an Idempotency-Key needs of a body: its canonical form, and the organization it names (the rest stays here). */
export type CanonicalBody = ParsedBody | undefined;

export default async function requestThread(task: RequestThreadTask): Promise<JsonBodyOutcome | CanonicalBody | ExperimentOutput> {
  if ('experimentOutput' in task) return experimentOutput(task.experimentOutput);
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
  if (result.success) {
    // An inline scenario is written as JSON anyway (to size its row, store it and send it to the
    // engine): here rather than on the event loop.
    const scenario = (result.data as { scenario?: unknown }).scenario;
    return { kind: 'valid', data: result.data, ...(scenario === undefined ? {} : { written: { scenario: JSON.stringify(scenario) } }) };
  }
  return { kind: 'invalid', issues: withBodyRules(toIssues(result.error), body.rules, value) };
}
