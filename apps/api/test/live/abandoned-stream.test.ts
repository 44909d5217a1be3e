import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsUrl, startLiveServer, Subscriber, waitFor, type LiveServer } from './support/live-server.js';
import { createSimulation } from '../helpers/create-simulation.js';

/**
 * A stream's client that hangs up while its request still waits (for the simulation's lock,
 * which playback takes tick after tick) must give its slot back. @hono/node-server skips writing
 * a body whose socket is gone, so the body was never cancelled and the slot never freed: a probe
 * emptied a free organization's two slots with 40 such clients, until the server restarted.
 */

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer({ live: { heartbeatMs: 40 } });
});
afterAll(async () => {
  await server.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends the stream's request on a socket of its own and closes it, before any answer, once `ready` holds. */
function hangUpWhen(url: string, key: string, ready: () => boolean): Promise<void> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET ${pathname} HTTP/1.1\r\nHost: ${hostname}\r\nX-Api-Key: ${key}\r\nAccept: text/event-stream\r\n\r\n`);
      const hangUp = (): void => void socket.destroy();
      waitFor(ready, 5_000, 'the requests did not reach the wait').then(hangUp, hangUp);
    });
    socket.on('data', () => undefined);
    socket.on('close', () => resolve());
  });
}

describe('a stream whose client leaves before it is answered', () => {
  it('gives its slot back: a free organization opens its two streams after two such clients held both', async () => {
    const id = await createSimulation(server, { key: 'key-b' }); // org B is on the free tier: 2 streams
    const url = eventsUrl(server, id);
    // Hold every stream's opening as a busy simulation's lock would, until its client hung up.
    const { service } = server;
    const whileQuiet = service.whileQuiet.bind(service);
    let held = 0;
    let hungUp = (): void => undefined;
    const clientsGone = new Promise<void>((resolve) => (hungUp = resolve));
    service.whileQuiet = async (simulationId, task) => {
      held++;
      await clientsGone;
      return whileQuiet(simulationId, task);
    };
    try {
      // Both clients hang up once both requests wait with a slot taken; then the wait ends.
      await Promise.all([0, 1].map(() => hangUpWhen(url, 'key-b', () => held === 2)));
      await sleep(50);
      hungUp();
      await sleep(300);
    } finally {
      hungUp();
      service.whileQuiet = whileQuiet;
    }
    const first = new Subscriber(url, 'key-b');
    const second = new Subscriber(url, 'key-b');
    try {
      await Promise.all([first.opened(), second.opened()]);
      expect([first.connectionErrors, second.connectionErrors]).toEqual([[], []]);
    } finally {
      first.close();
      second.close();
    }
  });
});
