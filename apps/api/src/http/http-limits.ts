import type { ServerOptions } from 'node:http';

/** The HTTP server's own limits, before any request reaches the app. docs/api.md explains each. */
export interface HttpLimits {
  /** Time for a client to send a request's headers (slowloris). */
  headersTimeoutMs: number;
  /** Time for a client to send a whole request, headers and body (a 1 MiB body fits easily). */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open between requests. */
  keepAliveTimeoutMs: number;
  /** Request line (URL) and headers together, in bytes. */
  maxHeaderBytes: number;
  /** Open connections from one client address at once. */
  maxConnectionsPerAddress: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxHeaderBytes: 16 * 1024,
  // SSE streams hold a connection each (up to 200 for an enterprise organization, usually
  // from a few addresses); the cap is above that so that it only stops a flood.
  maxConnectionsPerAddress: 256,
};

/** node:http options for the limits. */
export function httpServerOptions(limits: HttpLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    maxHeaderSize: limits.maxHeaderBytes,
    // Node checks the two timeouts above on this interval (30 s by default, which would let a
    // slow client hold its socket three times longer than asked).
    connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 2))),
  };
}
