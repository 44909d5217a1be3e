import { toValidationIssues } from '@sim/engine';
import type { AuthContext } from '../identity/auth-context.js';
import { validationError } from '../lib/api-error.js';
import { OrganizationFilterSchema } from './simulations/simulation-schemas.js';

/**
 * A list's `organizationId` filter (simulations and experiments alike; docs/api.md,
 * "Resources"): ignored for an API key (it always lists its own organization, as the interface
 * says), so its value is not even checked; a JWT caller's must be a UUID (400 otherwise).
 */
export function organizationFilter(auth: AuthContext, requested: string | undefined): string | undefined {
  if (auth.method === 'api-key' || requested === undefined) return undefined;
  const parsed = OrganizationFilterSchema.safeParse(requested);
  if (!parsed.success) throw validationError(toValidationIssues(parsed.error, ['organizationId']));
  return parsed.data;
}
