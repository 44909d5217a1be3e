import type { AuthContext } from '../identity/auth-context.js';
import { forbidden, notFound, unauthorized } from '../lib/api-error.js';

/**
 * The organization a create or run acts for. API keys act for their own organization only;
 * JWT callers may name any of their `orgs` and default to the first (docs/identity.md, "JWTs").
 */
export function organizationFor(auth: AuthContext, requested: string | undefined): string {
  const own = auth.organizationIds;
  if (requested !== undefined && !own.includes(requested)) {
    throw forbidden('These credentials may not act for this organization', { organizationId: requested });
  }
  const chosen = requested ?? own[0];
  if (chosen === undefined) throw forbidden('The credentials belong to no organization');
  return chosen;
}

/** The organizations a list shows: an API key's own (the filter is ignored); a JWT's, or the filter. */
export function organizationsToList(auth: AuthContext, filter: string | undefined): readonly string[] {
  if (auth.method === 'api-key' || filter === undefined) return auth.organizationIds;
  if (!auth.organizationIds.includes(filter)) throw forbidden('These credentials may not act for this organization', { organizationId: filter });
  return [filter];
}

/** 404 when missing, 401 when it belongs to an organization the caller may not act for. */
export function assertSimulationAccess<T extends { organizationId: string }>(auth: AuthContext, simulation: T | undefined, id: string): T {
  if (simulation === undefined) throw notFound(`Simulation ${id} not found`);
  if (!auth.organizationIds.includes(simulation.organizationId)) throw unauthorized('Not authorized to access this simulation');
  return simulation;
}
