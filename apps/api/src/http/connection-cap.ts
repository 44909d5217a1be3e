import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { addressGroup } from '../lib/address-group.js';
import { rawErrorResponse } from './raw-error-response.js';

/** How long a refused connection may take to read its answer before it is cut. */
const REFUSED_LINGER_MS = 1_000;

/**
 * At most `limit` open connections per client address (an IPv6 one by its /64, addressGroup). A
 * connection over it never reaches the HTTP parser (so no request of it runs): it is answered
 * 429 RATE_LIMITED in the error envelope (Retry-After: 1) and closed. A closed connection frees
 * its place at once.
 */
export function capConnectionsPerAddress(server: Server, limit: number): void {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`connections per address: expected a positive integer, got ${String(limit)}`);
  const open = new Map<string, number>();
  // The HTTP server's own listener (which attaches the parser) runs only for admitted sockets.
  const http = server.listeners('connection') as Array<(socket: Socket) => void>;
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    const address = addressGroup(socket.remoteAddress ?? 'unknown');
    const count = open.get(address) ?? 0;
    if (count >= limit) {
      socket.on('error', () => socket.destroy());
      socket.resume(); // whatever the client sends is read and dropped
      socket.end(rawErrorResponse(429, 'RATE_LIMITED', `Too many open connections from this address (at most ${limit})`, { 'Retry-After': '1' }));
      setTimeout(() => socket.destroy(), REFUSED_LINGER_MS).unref();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
    for (const listener of http) listener.call(server, socket);
  });
}
