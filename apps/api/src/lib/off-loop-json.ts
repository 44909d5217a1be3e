import { z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { validationError, type ValidationProblem } from './api-error.js';
import { beforeNext } from './in-sequence.js';

/**
 * A JSON body this long or longer is parsed and validated on another thread (docs/api.md,
 * "Where it runs"). Below it, the worst body costs the event loop a few milliseconds; at 1 MiB,
 * parsing an object of 90 000 keys took 250 ms of it, and validating ten thousand malformed
 * agents 120 to 400 ms more.
 */
export const OFF_LOOP_JSON_BYTES = 32 * 1024;

/** What checking a body's text against its route's schema found, elsewhere than on the event loop. */
export type JsonBodyOutcome =
  /** `written`: the JSON the checker wrote of some of the body's fields (an inline `scenario`), for the route to reuse. */
  | { kind: 'valid'; data: unknown; written?: Record<string, string> }
  /** The problems the route's validation and hook would report, body rules included. */
  | { kind: 'invalid'; issues: ValidationProblem[] }
  | { kind: 'malformed' }
  /** The checker does not know the route: it is validated on the event loop, as a short body is. */
  | { kind: 'unchecked' };

/** Parses and validates the body `text` of the route `operationId` elsewhere than on the event loop; it throws the refusal of a checker that cannot take it now. */
export type JsonBodyChecker = (operationId: string, text: string) => Promise<JsonBodyOutcome>;

/** Bodies a checker found valid: the route's own validator passes them as they are. */
const checkedBodies = new WeakSet<object>();
/** The JSON a checker wrote of fields of the bodies it validated. */
const writtenFields = new WeakMap<object, Record<string, string>>();

/** The JSON text the checker wrote of `field` of a body it validated (the same JSON.stringify of an equal value); undefined otherwise. */
export function fieldWrittenElsewhere(body: object, field: string): string | undefined {
  return writtenFields.get(body)?.[field];
}

// The two tests a JSON body passes before the route's validator parses it: @hono/zod-openapi's
// media-type gate on the whole header, and Hono's validator on the media type alone. A body
// failing either is left to them, which refuse it (415) or do not read it.
const GATE_JSON = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i;
const VALIDATOR_JSON = /^application\/([\w.-]+\+)?json$/i;

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/**
 * A route middleware, last of its chain: a JSON body of OFF_LOOP_JSON_BYTES or more is handed
 * to `checker` as text. Malformed, it is refused as the validator refuses it (400 at `""`);
 * invalid, with the problems the checker found; valid, the checker's parsed value becomes what
 * the request's `json()` returns, the body Hono hands the route's validator, which passes it
 * unchanged (acceptingChecked). The event loop then neither parses nor validates it: it
 * receives the value, copied from the other thread.
 */
export function offLoopJsonBody(operationId: string, checker: JsonBodyChecker): MiddlewareHandler {
  return beforeNext(async (c) => {
    const type = c.req.header('content-type');
    if (type === undefined || !GATE_JSON.test(type) || !VALIDATOR_JSON.test(type.split(';')[0]?.trim() ?? '')) return;
    const declared = Number(c.req.header('content-length') ?? Number.NaN);
    if (declared < OFF_LOOP_JSON_BYTES) return;
    // A chunked body was read whole by the body limit already; either way Hono keeps the text.
    const text = await c.req.text();
    if (text.length < OFF_LOOP_JSON_BYTES) return;
    const outcome = await checker(operationId, text);
    if (outcome.kind === 'malformed') throw new HTTPException(400, { message: 'Malformed JSON in request body' });
    if (outcome.kind === 'invalid') throw validationError(outcome.issues);
    if (outcome.kind === 'valid' && isObject(outcome.data)) {
      checkedBodies.add(outcome.data);
      if (outcome.written !== undefined) writtenFields.set(outcome.data, outcome.written);
      // Hono's validator reads the body through `c.req.json()`, which parses the cached text
      // again and looks for no parsed value: this request's returns the checker's value instead.
      const data = outcome.data;
      c.req.json = <T>(): Promise<T> => Promise.resolve(data as T);
    }
  });
}

/**
 * The route's body schema as Hono runs it: a body a checker validated already passes as it
 * is; any other is validated by `schema`, with its issues as they were (the route's hook reads
 * them). The OpenAPI document declares `schema` itself.
 */
export function acceptingChecked(schema: z.ZodType): z.ZodType {
  return z.unknown().transform(async (value, context) => {
    if (isObject(value) && checkedBodies.has(value)) return value;
    const result = await schema.safeParseAsync(value);
    if (result.success) return result.data;
    // Issues zod finished already (message, path from the body's root): it keeps them as they are.
    context.issues.push(...(result.error.issues as unknown as typeof context.issues));
    return z.NEVER;
  });
}
