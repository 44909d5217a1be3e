import type { MiddlewareHandler } from 'hono';
import { unauthorized } from '../lib/api-error.js';
import { beforeNext } from '../lib/in-sequence.js';
import { thenMaybe } from '../lib/maybe-promise.js';
import type { Authenticator } from './auth-context.js';
import { requestCredentials } from './request-credentials.js';

/**
 * Refuses a request without exactly one valid credential (401 UNAUTHORIZED) and otherwise
 * sets the `auth` variable for the handlers and the middlewares after it. Read it with
 * `c.get('auth')`: Hono's `c.var` copies every variable into a new object on each access.
 */
export function requireAuth(authenticator: Authenticator): MiddlewareHandler {
  return beforeNext((c) => {
    const { apiKey, authorization } = requestCredentials(c);
    if (apiKey !== undefined && authorization !== undefined) {
      throw unauthorized('Send either X-Api-Key or Authorization, not both');
    }
    if (apiKey === undefined && authorization === undefined) {
      throw unauthorized('Authentication required: send X-Api-Key or Authorization: Bearer <JWT>');
    }
    // No promise when the key is known in memory (see MaybePromise).
    return thenMaybe(authenticator.authenticate({ apiKey, authorization }), (result) => {
      if (!result.ok) throw unauthorized(result.message);
      c.set('auth', result.auth);
    });
  });
}
