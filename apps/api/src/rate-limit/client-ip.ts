import type { Context } from 'hono';

/** Finds the address a request came from; the app's deps may replace it (behind a proxy, in tests). */
export type ClientIpResolver = (c: Context) => string;

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

/**
 * The TCP peer's address as @hono/node-server exposes it. X-Forwarded-For is not read: any
 * caller could set it and pick a fresh bucket per request. A deployment behind a proxy passes
 * its own resolver that trusts the proxy's header.
 */
export const socketClientIp: ClientIpResolver = (c) => {
  const env = c.env as NodeBindings | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
};
