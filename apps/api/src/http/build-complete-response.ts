import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { rateLimitHeaders } from '../rate-limit/rate-limit-headers.js';
// The 'completeResponse' context variable it sets, and isCompleteResponse reads.
import '../lib/complete-response.js';
import { NO_SNIFF, NO_STORE } from '../lib/security-headers.js';

/**
 * A response that carries, from the start, the headers the app-wide middlewares would add to it
 * after the handler (X-Request-Id, X-RateLimit-* of this request's decision, Cache-Control:
 * no-store and X-Content-Type-Options), as one plain
 * record. @hono/node-server writes such a record as it is; any other way (c.json, c.header,
 * setting c.res.headers) goes through a fetch Headers object, which costs more than a tenth of
 * a cached GET on a small machine. The middlewares leave a complete response alone (see
 * isCompleteResponse). For the hot reads; every other route answers with c.json as usual.
 */
export function completeResponse(c: Context, body: string, status: ContentfulStatusCode, contentType: string, etag?: string): Response {
  // What securityHeaders would add: a complete response carries tenant data.
  const headers: Record<string, string> = { 'Content-Type': contentType, 'Cache-Control': NO_STORE, 'X-Content-Type-Options': NO_SNIFF };
  if (etag !== undefined) headers.ETag = etag;
  const requestId = c.get('requestId');
  if (requestId !== undefined) headers['X-Request-Id'] = requestId;
  const decision = c.get('rateLimit');
  if (decision !== undefined) Object.assign(headers, rateLimitHeaders(decision));
  const response = new Response(body, { status, headers });
  c.set('completeResponse', response);
  return response;
}
