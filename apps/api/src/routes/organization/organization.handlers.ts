import type { RouteHandler } from '@hono/zod-openapi';
import type { IdentityStore } from '../../identity/identity-store.js';
import { selectOrganization } from '../../identity/select-organization.js';
import type { TierLimitsTable } from '../../identity/tier-limits.js';
import { notFound } from '../../lib/api-error.js';
import type { OrganizationRoutes } from './organization.routes.js';

export function organizationHandlers(store: IdentityStore, limits: TierLimitsTable) {
  const get: RouteHandler<OrganizationRoutes['get']> = async (c) => {
    const id = selectOrganization(c.get('auth'), c.req.valid('query').organizationId);
    const organization = await store.findOrganizationById(id);
    // Only possible when an organization was deleted behind the caller's back.
    if (!organization) throw notFound('Organization not found');
    const { rateLimits, work, concurrentStreams } = limits[organization.tier];
    return c.json({ ...organization, limits: { rateLimits: { ...rateLimits }, work: { ...work }, concurrentStreams } }, 200);
  };
  return { get };
}
