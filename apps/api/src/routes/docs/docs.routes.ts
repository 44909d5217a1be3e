import { createRoute, z } from '@hono/zod-openapi';

/** Where the page loads the renderer from: this server, never a CDN. */
export const DOCS_ASSET_PATH = '/v1/docs/assets/standalone.js';

export const docsRoutes = {
  page: createRoute({
    method: 'get',
    path: '/v1/docs',
    operationId: 'getApiReference',
    tags: ['Meta'],
    summary: 'Interactive API reference (public)',
    description:
      'An HTML page rendering `/v1/openapi.json`. Its script and styles are served by this service from ' +
      `\`${DOCS_ASSET_PATH}\`; the page loads nothing from other hosts.`,
    responses: {
      200: { description: 'The reference page', content: { 'text/html': { schema: z.string() } } },
    },
  }),
};

export type DocsRoutes = typeof docsRoutes;
