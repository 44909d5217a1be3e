import type { OpenAPIHono } from '@hono/zod-openapi';
import { afterEach } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../../src/app.js';
import type { AuthContext } from '../../../src/identity/auth-context.js';
import { DEFAULT_TIER_LIMITS, type TierLimitsTable } from '../../../src/identity/tier-limits.js';
import { idempotency, type IdempotencyOptions } from '../../../src/idempotency/idempotency.js';
import type { IdempotencyStore } from '../../../src/idempotency/idempotency-store.js';
import type { Clock } from '../../../src/lib/clock.js';
import type { ClientIpResolver } from '../../../src/rate-limit/client-ip.js';
import { createRateLimiting, type RateLimiting } from '../../../src/rate-limit/create-rate-limiting.js';
import { createKyselyIdempotencyStore } from '../../../src/storage/idempotency-store-kysely.js';
import { createKyselyStorageUsage } from '../../../src/storage/storage-usage-kysely.js';
import { createStorageBudget } from '../../../src/storage-budget/storage-budget.js';
import { usageRouter } from '../../../src/routes/usage/usage.index.js';
import type { EngineRunner } from '../../../src/engine-work/engine-runner.js';
import type { EngineQueueLimits } from '../../../src/http/engine-queue.js';
import { createEngineDomainCatalog } from '../../../src/scenarios/engine-domain-catalog.js';
import type { ExperimentLimitsTable } from '../../../src/experiments/experiment-limits.js';
import type { PlaybackControllerFactory } from '../../../src/simulations/playback-controller.js';
import { createWorkBudget } from '../../../src/work-budget/work-budget.js';
import { createKyselyRateLimitStore } from '../../../src/storage/rate-limit-store-kysely.js';
import { openSqlite } from '../../../src/storage/sqlite/open-sqlite.js';
import type { StorageHandle } from '../../../src/storage/storage-handle.js';
import { createTestAuthenticator, ORG_A, ORG_B, TEST_CALLERS } from '../../helpers/test-authenticator.js';
import { appDeps } from '../../helpers/app-deps.js';
import { requestInit, type CallOptions } from '../../helpers/request-init.js';

/** A clock the test moves by hand. */
export class ManualClock implements Clock {
  constructor(private ms = Date.parse('2030-01-01T00:00:10Z')) {}
  now(): Date {
    return new Date(this.ms);
  }
  set(ms: number): void {
    this.ms = ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

/** The test callers plus one per tier, so tier scaling can be seen. */
export const CALLERS: Record<string, AuthContext> = {
  ...TEST_CALLERS,
  'key-pro': { method: 'api-key', identity: 'key:pro', organizationIds: [ORG_B], scopes: new Set(['simulation:read', 'simulation:write']), tier: 'pro' },
  // Creates simulations of organization A on a compute window of its own (creating one builds
  // its world, which is charged): a test of another key's window then starts that window at zero.
  'key-a-creator': {
    method: 'api-key',
    identity: 'key:a-creator',
    organizationIds: [ORG_A],
    scopes: new Set(['simulation:read', 'simulation:write']),
    tier: 'pro',
  },
  // Reads GET /v1/usage of organization A (its stored bytes among the figures).
  'key-a-usage': { method: 'api-key', identity: 'key:a-usage', organizationIds: [ORG_A], scopes: new Set(['usage:read', 'simulation:read']) },
  'key-enterprise': {
    method: 'api-key',
    identity: 'key:ent',
    organizationIds: [ORG_A],
    scopes: new Set(['simulation:read', 'simulation:write']),
    tier: 'enterprise',
  },
  // The user of jwt-ab with another default organization, and a namesake from another issuer.
  'jwt-ba': { method: 'jwt', identity: 'user:ab', organizationIds: [ORG_B, ORG_A], scopes: new Set(['simulation:read', 'simulation:write']) },
  // The user of jwt-ab once a new token no longer names organization B.
  'jwt-ab-without-b': { method: 'jwt', identity: 'user:ab', organizationIds: [ORG_A], scopes: new Set(['simulation:read', 'simulation:write']) },
  'jwt-ab-elsewhere': {
    method: 'jwt',
    identity: 'user:ab',
    issuer: 'https://elsewhere.example',
    organizationIds: [ORG_A, ORG_B],
    scopes: new Set(['simulation:read', 'simulation:write']),
  },
};

export interface ProtectedAppOptions {
  /** A SQLite file to reuse (a "restart"); default a fresh one. */
  file?: string;
  clock?: ManualClock;
  tiers?: TierLimitsTable;
  rateLimits?: boolean;
  idempotent?: boolean;
  idempotency?: Partial<IdempotencyOptions>;
  /** Which address the IP limiter counts (SIM_TRUST_PROXY); default the socket's. */
  clientIp?: ClientIpResolver;
  /** Wraps the database-backed store (to hold a request in progress, count calls…). */
  wrapStore?: (store: IdempotencyStore) => IdempotencyStore;
  /** Where the engine computes; default this thread. */
  engine?: EngineRunner;
  /** Experiment limits per tier; default docs/api.md, "Experiments", "Limits". */
  experimentLimits?: ExperimentLimitsTable;
  /** The playback clock; default none (play and pause change the status only). */
  playback?: PlaybackControllerFactory;
  /** The engine's queue (docs/api.md, "Engine work", "The engine's queue"); default the server's. */
  engineQueue?: EngineQueueLimits;
}

export interface RequestOptions extends CallOptions {
  /** The client address the rate limiter sees; default 192.0.2.1. */
  ip?: string;
}

export interface ProtectedApp {
  app: OpenAPIHono;
  storage: StorageHandle;
  clock: ManualClock;
  file: string;
  rateLimiting: RateLimiting;
  request(path: string, options?: RequestOptions): Promise<Response>;
  /** Closes the database; `remove` deletes the file too. */
  close(remove?: boolean): Promise<void>;
}

/** The real app (createApp) with both middlewares over a SQLite file, called through app.request. */
export async function buildProtectedApp(options: ProtectedAppOptions = {}): Promise<ProtectedApp> {
  const file = options.file ?? join(mkdtempSync(join(tmpdir(), 'sim-protect-')), 'test.db');
  const clock = options.clock ?? new ManualClock();
  const storage = await openSqlite(file);
  const rateLimiting = createRateLimiting({
    store: createKyselyRateLimitStore(storage.db),
    clock,
    tiers: options.tiers ?? DEFAULT_TIER_LIMITS,
    ...(options.clientIp ? { clientIp: options.clientIp } : {}),
  });
  const baseStore = createKyselyIdempotencyStore(storage.db);
  const storageUsage = createKyselyStorageUsage(storage.db);
  const store = options.wrapStore ? options.wrapStore(baseStore) : baseStore;
  const app = createApp({
    ...appDeps(storage, { authenticator: createTestAuthenticator(CALLERS), clock }),
    // As the server does: domain inputs are translated on the engine's workers.
    ...(options.engine ? { engine: options.engine, domains: createEngineDomainCatalog(options.engine) } : {}),
    ...(options.experimentLimits ? { experimentLimits: options.experimentLimits } : {}),
    ...(options.playback ? { playback: options.playback } : {}),
    ...(options.engineQueue ? { engineQueue: options.engineQueue } : {}),
    // The work budget draws on the same limiter (its compute class) and tiers.
    ...(options.rateLimits === false ? {} : { work: createWorkBudget({ limiter: rateLimiting.limiter, tiers: options.tiers ?? DEFAULT_TIER_LIMITS }) }),
    storageBudget: createStorageBudget({ reader: storageUsage, tiers: options.tiers ?? DEFAULT_TIER_LIMITS, clock }),
    extensions: {
      // GET /v1/usage, with the stored bytes (its daily figures are not recorded here).
      mount(_root, { guards, mountRouter }) {
        mountRouter(
          usageRouter({
            usage: { dailyUsage: async () => [] },
            storage: storageUsage,
            tiers: options.tiers ?? DEFAULT_TIER_LIMITS,
            guard: guards.readWith('usage:read'),
            clock,
          }),
        );
      },
      ...(options.rateLimits === false ? {} : { beforeRoutes: [rateLimiting.byIp], rateLimit: rateLimiting.byIdentity }),
      ...(options.idempotent === false ? {} : { idempotency: idempotency({ store, clock, ...options.idempotency }) }),
    },
  });
  return {
    app,
    storage,
    clock,
    file,
    rateLimiting,
    request(path, o = {}) {
      const env = { incoming: { socket: { remoteAddress: o.ip ?? '192.0.2.1' } } };
      return Promise.resolve(app.request(path, requestInit(o), env));
    },
    async close(remove = true) {
      await storage.close();
      if (remove && options.file === undefined) rmSync(join(file, '..'), { recursive: true, force: true });
    },
  };
}

/**
 * `buildProtectedApp` for a test file: every app opened through it is closed (and its database
 * removed) after each test. Call at the top level of the file.
 */
export function protectedAppsClosedAfterEach(): (options?: ProtectedAppOptions) => Promise<ProtectedApp> {
  const opened: ProtectedApp[] = [];
  afterEach(async () => {
    while (opened.length > 0) await opened.pop()?.close();
  });
  return async (options) => {
    const built = await buildProtectedApp(options);
    opened.push(built);
    return built;
  };
}

export { ORG_A, ORG_B };
