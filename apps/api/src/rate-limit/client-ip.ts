import type { Context } from 'hono';
import { addressGroup } from '../lib/address-group.js';

/**
 * Finds the address a request came from, as the limits per address count it (addressGroup: an
 * IPv6 address by its /64); the app's deps may replace it (behind a proxy, in tests).
 */
export type ClientIpResolver = (c: Context) => string;

/**
 * Which address counts as the client's for IP-based limits (SIM_TRUST_PROXY):
 * - `socket` (default): the TCP peer. No header is read: any caller could set one and pick a
 *   fresh bucket per request.
 * - `hops`: that many proxies of ours stand in front of the server, each appending the address
 *   it received from to X-Forwarded-For. The client is the address `hops` steps back from the
 *   socket's in [X-Forwarded-For…, socket]: entries further left were written by the caller
 *   and are never trusted.
 * - `header`: one proxy of ours sets this header to the client's address and overwrites any
 *   value a caller sent (X-Real-IP, CF-Connecting-IP…); without it, the socket's address.
 */
export type TrustProxy = { kind: 'socket' } | { kind: 'hops'; hops: number } | { kind: 'header'; name: string };

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

/** The TCP peer's address as @hono/node-server exposes it, as it is. */
function socketAddress(c: Context): string {
  const env = c.env as NodeBindings | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}

/** The TCP peer's address, as the limits count it. */
export const socketClientIp: ClientIpResolver = (c) => addressGroup(socketAddress(c));

/** The resolver for a SIM_TRUST_PROXY setting; whichever address it picks is counted as addressGroup says. */
export function clientIpResolver(trust: TrustProxy): ClientIpResolver {
  if (trust.kind === 'socket' || (trust.kind === 'hops' && trust.hops === 0)) return socketClientIp;
  if (trust.kind === 'header') {
    const name = trust.name;
    return (c) => addressGroup(c.req.header(name)?.trim() || socketAddress(c));
  }
  const { hops } = trust;
  return (c) => {
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    const chain = [...forwarded, socketAddress(c)];
    // Fewer entries than hops: the request came through fewer proxies than configured; the
    // leftmost address is the best there is.
    return addressGroup(chain[Math.max(0, chain.length - 1 - hops)] as string);
  };
}
