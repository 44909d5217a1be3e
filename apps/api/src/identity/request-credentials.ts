import type { Context } from 'hono';
import type { Credentials } from './auth-context.js';

/** The credential headers of a request, as sent (read from node's header lines, not a Headers object). */
export function requestCredentials(c: Context): Credentials {
  return { apiKey: c.req.header('x-api-key'), authorization: c.req.header('authorization') };
}
