import { z } from '@hono/zod-openapi';

/** `{id}` of a simulation: a UUID; anything else is 400 at path `id`. */
export const IdParamSchema = z.object({
  id: z.uuid().openapi({ param: { name: 'id', in: 'path' }, example: '6f1c2a9e-3b7d-4c1e-9a2f-5d8e7b6a4c3d' }),
});
