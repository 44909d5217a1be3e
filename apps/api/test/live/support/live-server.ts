import { serve, type ServerType } from '@hono/node-server';
import { EventSource } from 'eventsource';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppWithService } from '../../../src/app.js';
import type { AppDeps } from '../../../src/app-deps.js';
import { silentLogger } from '../../../src/lib/logger.js';
import { LiveHub } from '../../../src/live/live-channel.js';
import { waitFor } from '../../helpers/wait-for.js';
import type { LiveOptions } from '../../../src/live/live-options.js';
import { playbackClock, type PlaybackClockOptions } from '../../../src/live/playback-clock.js';
import { InProcessEventBus } from '../../../src/simulations/event-bus.js';
import type { SimulationService } from '../../../src/simulations/simulation-service.js';
import { openSqlite } from '../../../src/storage/sqlite/open-sqlite.js';
import type { StorageHandle } from '../../../src/storage/storage-handle.js';
import { appDeps } from '../../helpers/app-deps.js';
import { requestInit, type CallOptions } from '../../helpers/request-init.js';
import { createTestAuthenticator, TEST_CALLERS } from '../../helpers/test-authenticator.js';

/**
 * The shared test callers, with tiers: org A is enterprise (200 streams, so tests do not meet
 * the limit), org B (key-b) stays free (2 streams) for the limit tests.
 */
const CALLERS = Object.fromEntries(
  Object.entries(TEST_CALLERS).map(([name, auth]) => [
    name,
    { ...auth, tier: auth.organizationIds[0] === TEST_CALLERS['key-b']?.organizationIds[0] ? ('free' as const) : ('enterprise' as const) },
  ]),
);

/** The SSE event names a collector listens for. */
const NAMES = ['tick', 'loss', 'warning', 'paradox', 'decree', 'prophecy', 'simulation:status', 'error', 'degraded', 'heartbeat'] as const;

export interface ReceivedEvent {
  event: string;
  /** The client's last event id after this message (unchanged by messages without an id). */
  id: string;
  data: string;
}

export interface LiveServer {
  baseUrl: string;
  storage: StorageHandle;
  service: SimulationService;
  hub: LiveHub;
  dbFile: string;
  call(path: string, options?: CallOptions): Promise<Response>;
  /** Stops playback (pausing what plays), ends the streams, closes server and database. */
  shutdown(): Promise<void>;
  /** Shutdown, and removes the database directory. */
  close(): Promise<void>;
}

export interface LiveServerOptions {
  /** Reuse a database file (restart). */
  dbFile?: string;
  live?: Omit<LiveOptions, 'hub'>;
  playback?: PlaybackClockOptions;
  deps?: Partial<AppDeps>;
}

/** A real HTTP server on a loopback port with the playback clock and the SSE stream. */
export async function startLiveServer(options: LiveServerOptions = {}): Promise<LiveServer> {
  const dir = options.dbFile === undefined ? mkdtempSync(join(tmpdir(), 'sim-live-')) : undefined;
  const dbFile = options.dbFile ?? join(dir as string, 'test.db');
  const storage = await openSqlite(dbFile);
  const events = new InProcessEventBus();
  const hub = new LiveHub(events);
  const { app, service } = createAppWithService({
    ...appDeps(storage, { authenticator: createTestAuthenticator(CALLERS), events }),
    playback: playbackClock({ logger: silentLogger, ...options.playback }),
    live: { retryMs: 20, ...options.live, hub },
    ...options.deps,
  });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  let down = false;
  const shutdown = async (): Promise<void> => {
    if (down) return;
    down = true;
    // The order main uses: playback stops and pauses, streams end, then the server and database.
    await service.close();
    hub.close();
    // Streams end once their last events are written; idle keep-alive sockets close now, the
    // rest after a grace period (as main does).
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      const s = server as unknown as { closeIdleConnections(): void; closeAllConnections(): void };
      s.closeIdleConnections();
      setTimeout(() => s.closeAllConnections(), 500).unref();
    });
    await storage.close();
  };
  return {
    baseUrl,
    storage,
    service,
    hub,
    dbFile,
    call: (path, options) => fetch(`${baseUrl}${path}`, requestInit(options)),
    shutdown,
    async close() {
      await shutdown();
      if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * An EventSource (the `eventsource` package) that records every message. The API key goes in
 * through a custom fetch; `lastEventId` is sent on the first request as a resuming client would.
 */
export class Subscriber {
  readonly received: ReceivedEvent[] = [];
  readonly source: EventSource;
  readonly connectionErrors: { code: number | undefined; message: string | undefined }[] = [];
  opens = 0;

  constructor(url: string, key: string, options: { lastEventId?: string } = {}) {
    let first = true;
    this.source = new EventSource(url, {
      fetch: (input, init) => {
        const headers: Record<string, string> = { ...(init.headers as Record<string, string>), 'X-Api-Key': key };
        if (first && options.lastEventId !== undefined) headers['Last-Event-ID'] = options.lastEventId;
        first = false;
        return fetch(input, { ...init, headers });
      },
    });
    this.source.addEventListener('open', () => this.opens++);
    for (const name of NAMES) {
      this.source.addEventListener(name, (event) => {
        if (!('data' in event)) {
          const failure = event as unknown as { code?: number; message?: string };
          this.connectionErrors.push({ code: failure.code, message: failure.message });
          return;
        }
        const message = event as unknown as { lastEventId: string; data: string };
        this.received.push({ event: name, id: message.lastEventId, data: message.data });
      });
    }
  }

  /** Messages of the simulation's history (no heartbeats, no stream-level notices). */
  history(): ReceivedEvent[] {
    return this.received.filter((m) => m.event !== 'heartbeat' && m.event !== 'degraded' && !(m.event === 'error' && m.data.includes('SLOW_CONSUMER')));
  }

  ticks(): number[] {
    return this.received.filter((m) => m.event === 'tick').map((m) => (JSON.parse(m.data) as { t: number }).t);
  }

  async opened(timeoutMs = 5000): Promise<void> {
    await waitFor(() => this.opens > 0, timeoutMs, 'stream did not open');
  }

  async until(predicate: (received: ReceivedEvent[]) => boolean, timeoutMs = 5000): Promise<void> {
    await waitFor(
      () => predicate(this.received),
      timeoutMs,
      () => `condition not met; received ${this.received.map((m) => `${m.event}#${m.id}`).join(' ')}`,
    );
  }

  close(): void {
    this.source.close();
  }
}

// The live tests' polling, shared with the other tests.
export { waitFor };

export const eventsUrl = (server: LiveServer, id: string, query = ''): string => `${server.baseUrl}/v1/simulations/${id}/events${query}`;
