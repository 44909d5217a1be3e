import { forbidden } from '../lib/api-error.js';
import type { AuthContext } from './auth-context.js';

/**
 * The organization a request acts for: `requested` when the caller may act for it, else the
 * caller's default (first) organization. Naming one the caller may not act for is 403 FORBIDDEN
 * (docs/identity.md, "Identity, scopes, tenancy"), for API keys and JWTs alike.
 */
export function selectOrganization(auth: AuthContext, requested: string | undefined): string {
  const fallback = auth.organizationIds[0];
  if (requested === undefined) {
    if (fallback === undefined) throw forbidden('These credentials name no organization');
    return fallback;
  }
  const wanted = requested.toLowerCase();
  if (!auth.organizationIds.includes(wanted)) {
    throw forbidden('These credentials may not act for this organization', { organizationId: requested });
  }
  return wanted;
}
