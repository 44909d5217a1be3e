import type { MiddlewareHandler } from 'hono';
import { forbidden } from '../lib/api-error.js';
import type { Scope } from './auth-context.js';

/** Refuses a caller lacking `scope` with 403 FORBIDDEN, `details: { required: scope }`. Runs after requireAuth. */
export function requireScope(scope: Scope): MiddlewareHandler {
  return async function requireScopeMiddleware(c, next) {
    if (!c.get('auth').scopes.has(scope)) {
      throw forbidden(`This request needs the scope ${scope}`, { required: scope });
    }
    await next();
  };
}
