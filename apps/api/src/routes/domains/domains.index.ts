import { createRouter } from '../../lib/create-router.js';
import type { DomainCatalog } from '../../scenarios/domain-catalog.js';
import { domainHandlers } from './domains.handlers.js';
import { domainRoutes } from './domains.routes.js';

export function domainsRouter(domains: DomainCatalog) {
  const handlers = domainHandlers(domains);
  return createRouter().openapi(domainRoutes.list, handlers.list).openapi(domainRoutes.get, handlers.get);
}
