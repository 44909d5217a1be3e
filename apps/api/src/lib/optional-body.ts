import { z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';

/**
 * The body of an action that takes no fields (`POST /v1/experiments/{id}/cancel`): none at all,
 * or a JSON object without fields. Declared, so that a body sent anyway is checked like any
 * other (docs/api.md, "Errors"): `{` is 400 at `""`, an unknown field 400 at its name, never
 * ignored.
 */
export const EmptyBodySchema = z.object({}).strict().openapi('EmptyBody', { description: 'No fields: send no body, or `{}`', example: {} });

/** The route's declaration of an optional body of `schema` (zod-openapi checks it only when one is sent). */
export const optionalJson = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: false as const });

const JSON_TYPE = /^application\/([\w.-]+\+)?json\b/i;

/**
 * For a route with an optional JSON body: a request that says `Content-Type: application/json`
 * but sends nothing (or only whitespace), as many HTTP clients do for a bodiless POST, is read
 * as `{}` rather than as malformed JSON. Any other body is left to the route's validator.
 * Hono reads a JSON body through its cached text, which is where the blank text is replaced.
 */
export const blankJsonBodyAsEmptyObject: MiddlewareHandler = async function blankJsonBody(c, next) {
  if (JSON_TYPE.test(c.req.header('content-type') ?? '')) {
    const text = await c.req.text();
    // Hono keeps the promise of each body reading there (its type names the resolved value).
    if (text.trim() === '') (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve('{}');
  }
  await next();
};
