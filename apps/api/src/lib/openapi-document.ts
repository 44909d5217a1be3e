import type { OpenAPIHono } from '@hono/zod-openapi';
import { SIM_COMMAND } from './operator-command.js';
import { PUBLIC_CACHE_CONTROL } from './security-headers.js';
import { rejectQuery } from './strict-query.js';

/**
 * Registers the security schemes the routes name and serves the OpenAPI 3.1 document at
 * /v1/openapi.json (public). The reference page at /v1/docs is routes/docs.
 */
export function serveOpenApi(app: OpenAPIHono, serviceVersion: string): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'ApiKeyAuth', {
    type: 'apiKey',
    in: 'header',
    name: 'X-Api-Key',
    description: `An API key (\`sim_…\`) created with \`${SIM_COMMAND} keys create\``,
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'BearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'A JWT with `sub`, `exp`, `scope` (space-separated) and `orgs` (organization UUIDs; the first is the default). An API key (`sim_…`) sent here is refused with 401: it goes in `X-Api-Key`.',
  });
  // The document describes itself too, so every public endpoint is an operation in it.
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/v1/openapi.json',
    operationId: 'getOpenApiDocument',
    tags: ['Meta'],
    summary: 'This OpenAPI 3.1 document (public)',
    security: [],
    responses: { 200: { description: 'The document', content: { 'application/json': { schema: { type: 'object' } } } } },
  });
  // It has no query parameters either (the routes get this check from createRouter).
  app.use('/v1/openapi.json', rejectQuery);
  app.use('/v1/openapi.json', async function publicDocumentCache(c, next) {
    await next();
    if (c.res.status === 200) c.res.headers.set('Cache-Control', PUBLIC_CACHE_CONTROL);
  });
  const config = {
    openapi: '3.1.0',
    info: {
      title: 'Recursive Causality Simulator',
      version: serviceVersion,
      description:
        'Deterministic simulations as a service. Errors use the envelope `{ error: { code, message, details, requestId } }`. Every response carries X-Request-Id.',
      license: { name: 'MIT' },
    },
    servers: [{ url: '/' }],
  };
  // Written once, at the first request (every route is registered by then): generating it
  // takes 45 to 150 ms of the event loop, which a public route must not cost each time.
  let text: string | undefined;
  app.get('/v1/openapi.json', (c) => {
    text ??= JSON.stringify(app.getOpenAPI31Document(config));
    return c.body(text, 200, { 'Content-Type': 'application/json' });
  });
}
