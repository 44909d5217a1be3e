import type { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { Clock } from '../lib/clock.js';
import { organizationRouter } from '../routes/organization/organization.index.js';
import { countRequests } from '../routes/usage/count-requests.js';
import { usageRouter } from '../routes/usage/usage.index.js';
import type { Authenticator, Scope } from './auth-context.js';
import type { IdentityStore } from './identity-store.js';
import { requireAuth } from './require-auth.js';
import { requireScope } from './require-scope.js';
import type { TierLimitsTable } from './tier-limits.js';
import type { RouteClass, UsageReader, UsageRecorder } from './usage-recorder.js';

export interface IdentityRoutesOptions {
  authenticator: Authenticator;
  identityStore: IdentityStore;
  /** Where GET /v1/usage reads. */
  usage: UsageReader;
  /** Counts these routes' own requests (class read) when given. */
  recorder?: UsageRecorder | undefined;
  /** The app's rate limiter (AppExtensions.rateLimit), so these GETs share the read budget. */
  rateLimit?: ((routeClass: RouteClass) => MiddlewareHandler) | undefined;
  limits?: TierLimitsTable | undefined;
  clock?: Clock | undefined;
}

/**
 * Mounts GET /v1/organization and GET /v1/usage (called from AppExtensions.mount). Their guard
 * chains follow the simulation routes: authenticate → rate limit (read) → scope → count.
 */
export function mountIdentityRoutes(app: OpenAPIHono, options: IdentityRoutesOptions): void {
  const auth = requireAuth(options.authenticator);
  const guard = (scope: Scope): MiddlewareHandler[] => [
    auth,
    ...(options.rateLimit ? [options.rateLimit('read')] : []),
    requireScope(scope),
    ...(options.recorder ? [countRequests(options.recorder, 'read')] : []),
  ];
  app.route('/', organizationRouter({ identityStore: options.identityStore, guard: guard('org:read'), ...(options.limits ? { limits: options.limits } : {}) }));
  app.route('/', usageRouter({ usage: options.usage, guard: guard('usage:read'), ...(options.clock ? { clock: options.clock } : {}) }));
}
