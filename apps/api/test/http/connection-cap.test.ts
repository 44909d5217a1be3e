import { EventEmitter } from 'node:events';
import { createServer } from 'node:http';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { capConnectionsPerAddress } from '../../src/http/connection-cap.js';

/** A stand-in for a client's socket: only what the cap touches. */
class FakeSocket extends EventEmitter {
  refused = false;
  constructor(readonly remoteAddress: string) {
    super();
  }
  resume(): this {
    return this;
  }
  end(): this {
    this.refused = true;
    return this;
  }
  destroy(): this {
    return this;
  }
}

/** A server whose admitted connections are recorded instead of parsed, behind a cap of `limit`. */
function cappedServer(limit: number): { connect: (address: string) => FakeSocket; admitted: FakeSocket[] } {
  const server = createServer();
  const admitted: FakeSocket[] = [];
  server.removeAllListeners('connection');
  server.on('connection', (socket: FakeSocket) => admitted.push(socket));
  capConnectionsPerAddress(server, limit);
  return {
    admitted,
    connect(address) {
      const socket = new FakeSocket(address);
      server.emit('connection', socket as unknown as Socket);
      return socket;
    },
  };
}

describe('the cap on open connections per address', () => {
  it('counts an IPv6 client by its /64, and an IPv4-mapped one as IPv4', () => {
    const { connect, admitted } = cappedServer(2);
    const first = connect('2001:db8:1:2::1');
    connect('2001:db8:1:2::2');
    // A third address of the same /64 is the same client, over its 2.
    expect(connect('2001:db8:1:2:ffff::3').refused).toBe(true);
    expect(connect('2001:db8:1:3::1').refused).toBe(false);
    connect('192.0.2.7');
    connect('::ffff:192.0.2.7');
    expect(connect('192.0.2.7').refused).toBe(true);
    expect(admitted).toHaveLength(5);
    // A closed connection frees the place of its group.
    first.emit('close');
    expect(connect('2001:db8:1:2::4').refused).toBe(false);
  });
});
