import type { MiddlewareHandler } from 'hono';
import { forbidden } from '../lib/api-error.js';
import { beforeNext } from '../lib/in-sequence.js';
import type { Scope } from './auth-context.js';

/** Refuses a caller lacking `scope` with 403 FORBIDDEN, `details: { required: scope }`. Runs after requireAuth. */
export function requireScope(scope: Scope): MiddlewareHandler {
  return beforeNext((c) => {
    if (!c.get('auth').scopes.has(scope)) {
      throw forbidden(`This request needs the scope ${scope}`, { required: scope });
    }
  });
}
