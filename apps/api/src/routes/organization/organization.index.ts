import type { MiddlewareHandler } from 'hono';
import type { IdentityStore } from '../../identity/identity-store.js';
import { DEFAULT_TIER_LIMITS, type TierLimitsTable } from '../../identity/tier-limits.js';
import { createRouter } from '../../lib/create-router.js';
import { organizationHandlers } from './organization.handlers.js';
import { organizationRoutes } from './organization.routes.js';

export interface OrganizationRouterOptions {
  identityStore: IdentityStore;
  /** Authentication, rate limit and `requireScope('org:read')`, in that order. */
  guard: MiddlewareHandler[];
  limits?: TierLimitsTable;
}

export function organizationRouter(options: OrganizationRouterOptions) {
  const routes = organizationRoutes(options.guard);
  const handlers = organizationHandlers(options.identityStore, options.limits ?? DEFAULT_TIER_LIMITS);
  return createRouter().openapi(routes.get, handlers.get);
}
