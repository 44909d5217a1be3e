import type { RouteHandler } from '@hono/zod-openapi';
import { notFound } from '../../lib/api-error.js';
import { PUBLIC_CACHE_CONTROL } from '../../lib/security-headers.js';
import type { DomainCatalog } from '../../scenarios/domain-catalog.js';
import type { DomainRoutes } from './domains.routes.js';

export function domainHandlers(domains: DomainCatalog) {
  const list: RouteHandler<DomainRoutes['list']> = (c) => {
    c.header('Cache-Control', PUBLIC_CACHE_CONTROL);
    return c.json({ data: domains.list() }, 200);
  };
  const get: RouteHandler<DomainRoutes['get']> = (c) => {
    const { id } = c.req.valid('param');
    const domain = domains.get(id);
    if (domain === undefined) throw notFound(`Domain adapter ${id} not found`);
    c.header('Cache-Control', PUBLIC_CACHE_CONTROL);
    return c.json(domain, 200);
  };
  return { list, get };
}
