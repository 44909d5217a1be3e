import { z } from '@hono/zod-openapi';

/**
 * A UUID the caller names (a path id, a simulation base, an organization): any case, answered
 * as the lowercase id the service gives out. RFC 4122 compares UUIDs case-insensitively, so an
 * uppercase spelling names the same resource (docs/api.md, "Errors").
 */
export const uuidInput = () => z.uuid().toLowerCase();

/** `{id}` of a simulation: a UUID; anything else is 400 at path `id`. */
export const IdParamSchema = z.object({
  id: uuidInput().openapi({ param: { name: 'id', in: 'path' }, example: '6f1c2a9e-3b7d-4c1e-9a2f-5d8e7b6a4c3d' }),
});

/** `{id}` and `{decreeId}` of one decree: both UUIDs; a malformed one is 400 at its own name. */
export const DecreeIdParamsSchema = IdParamSchema.extend({
  decreeId: uuidInput().openapi({ param: { name: 'decreeId', in: 'path' }, example: '0b6e8f52-4c1d-4e7a-9f3b-2a5c7d9e1f40' }),
});
