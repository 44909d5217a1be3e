import { z } from 'zod';
import { DEFAULT_ENGINE_QUEUE_LIMITS, type EngineQueueLimits } from './http/engine-queue.js';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_TIER_LIMITS, type TierLimitsTable } from './identity/tier-limits.js';
import { TIERS } from './identity/auth-context.js';
import type { TrustProxy } from './rate-limit/client-ip.js';
import { DEFAULT_HTTP_LIMITS, type HttpLimits } from './http/http-limits.js';
import { DEFAULT_PROCESS_QUEUE_BYTES } from './live/queue-budget.js';
import type { DatabaseConfig } from './lib/database-config.js';

/** The monorepo root, found from this file (pnpm --filter runs the app inside apps/api). */
export function repoRoot(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    if (dirname(dir) === dir) throw new Error('cannot find the repository root (pnpm-workspace.yaml)');
  }
}

/** pg's own default; docs/operations.md says when to raise it. */
const DEFAULT_POOL_SIZE = 10;

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const rateTriple = z
  .string()
  .regex(/^\s*\d+\s*,\s*\d+\s*,\s*\d+\s*$/, { message: 'must be three positive integers: create,step,read' })
  .transform((v) => v.split(',').map((n) => Number(n.trim())) as [number, number, number])
  .refine((v) => v.every((n) => n > 0), { message: 'limits must be positive' })
  .optional();

const workPair = z
  .string()
  .regex(/^\s*\d+\s*,\s*\d+\s*$/, { message: 'must be two positive integers: ceiling,perWindow (agent-ticks)' })
  .transform((v) => v.split(',').map((n) => Number(n.trim())) as [number, number])
  .refine((v) => v.every((n) => Number.isSafeInteger(n) && n > 0), { message: 'limits must be positive integers' })
  .refine(([ceiling, perWindow]) => ceiling <= perWindow, { message: 'the ceiling must not exceed the work per window' })
  .optional();

const EnvSchema = z.object({
  HOST: optional.transform((v) => v ?? '127.0.0.1'),
  PORT: optional.pipe(z.coerce.number<string | undefined>().int().min(0).max(65_535).optional()).transform((v) => v ?? 3000),
  DATABASE_URL: optional.refine((v) => v === undefined || v.startsWith('file:') || /^postgres(ql)?:\/\//.test(v), {
    message: 'must be file:<path> (SQLite) or postgres://… (PostgreSQL)',
  }),
  /** Connections each instance keeps open to PostgreSQL at most (unused with SQLite). */
  SIM_DATABASE_POOL_SIZE: optional.pipe(z.coerce.number<string | undefined>().int().min(1).max(1_000).optional()).transform((v) => v ?? DEFAULT_POOL_SIZE),
  SIM_JWT_SECRET: optional.refine((v) => v === undefined || v.length >= 32, { message: 'must be at least 32 characters' }),
  SIM_JWKS_URL: optional.pipe(z.url().optional()),
  SIM_JWT_ISSUER: optional,
  SIM_JWT_AUDIENCE: optional,
  SIM_BOOTSTRAP: optional.pipe(z.enum(['true', 'false']).optional()).transform((v) => v !== 'false'),
  SIM_SCENARIOS_DIR: optional,
  SIM_WEB_DIR: optional,
  SIM_SSE_HEARTBEAT_MS: optional.pipe(z.coerce.number<string | undefined>().int().min(10).max(3_600_000).optional()).transform((v) => v ?? 30_000),
  SIM_RATE_LIMIT_WINDOW_SECONDS: optional.pipe(z.coerce.number<string | undefined>().int().min(1).max(86_400).optional()),
  /** `create,step,read` requests per window, e.g. `30,60,300`. */
  SIM_RATE_LIMITS_FREE: optional.pipe(rateTriple),
  SIM_RATE_LIMITS_PRO: optional.pipe(rateTriple),
  SIM_RATE_LIMITS_ENTERPRISE: optional.pipe(rateTriple),
  /** Engine work per tier in agent-ticks, `ceiling,perWindow`: most per request, most per rate-limit window. */
  SIM_WORK_LIMITS_FREE: optional.pipe(workPair),
  SIM_WORK_LIMITS_PRO: optional.pipe(workPair),
  SIM_WORK_LIMITS_ENTERPRISE: optional.pipe(workPair),
  /** The HTTP server's limits (docs/api.md, "The HTTP server's own limits"). */
  SIM_HEADERS_TIMEOUT_MS: optional.pipe(z.coerce.number<string | undefined>().int().min(100).max(600_000).optional()),
  SIM_REQUEST_TIMEOUT_MS: optional.pipe(z.coerce.number<string | undefined>().int().min(100).max(3_600_000).optional()),
  SIM_KEEP_ALIVE_TIMEOUT_MS: optional.pipe(z.coerce.number<string | undefined>().int().min(100).max(600_000).optional()),
  SIM_MAX_HEADER_BYTES: optional.pipe(z.coerce.number<string | undefined>().int().min(1024).max(1_048_576).optional()),
  SIM_MAX_CONNECTIONS_PER_ADDRESS: optional.pipe(z.coerce.number<string | undefined>().int().min(1).max(100_000).optional()),
  /** Ticks between checkpoints; default picked from each world's size (docs/api.md, "Checkpoints"). */
  SIM_CHECKPOINT_INTERVAL: optional.pipe(z.coerce.number<string | undefined>().int().min(10).max(1_000_000).optional()),
  /**
   * Several processes on one PostgreSQL: how long a playback lease lasts unless renewed, i.e.
   * how soon another process goes on playing a dead one's simulations (docs/operations.md,
   * "Several instances").
   */
  SIM_PLAYBACK_LEASE_MS: optional.pipe(z.coerce.number<string | undefined>().int().min(500).max(600_000).optional()).transform((v) => v ?? 5_000),
  /** `api` (default): serves HTTP; `worker`: serves nothing, computes experiment runs from the shared queue. */
  SIM_ROLE: optional.pipe(z.enum(['api', 'worker']).optional()).transform((v) => v ?? 'api'),
  SIM_LOG_FORMAT: optional.pipe(z.enum(['json', 'pretty']).optional()),
  /** Engine worker threads; default one per core but one (at least one). */
  SIM_ENGINE_WORKERS: optional.pipe(z.coerce.number<string | undefined>().int().min(1).max(256).optional()),
  /**
   * Threads that run one prophecy's branches in each engine worker, its own included; default
   * cores ÷ engine workers, at least 1 (docs/operations.md, "Prophecy threads").
   */
  SIM_PROPHECY_THREADS: optional.pipe(z.coerce.number<string | undefined>().int().min(1).max(64).optional()),
  /** Engine reads (trace, a past state, compare) under way at once per organization; default 8 (docs/api.md, "Engine work", "The engine's queue"). */
  SIM_ENGINE_QUEUE_PER_ORGANIZATION: optional.pipe(z.coerce.number<string | undefined>().int().min(1).max(100_000).optional()),
  /** Engine reads under way at once in this process, every organization together; default 64. */
  SIM_ENGINE_QUEUE_TOTAL: optional.pipe(z.coerce.number<string | undefined>().int().min(1).max(1_000_000).optional()),
  /** Concurrent SSE streams per organization, `free,pro,enterprise`, e.g. `2,20,200`. */
  SIM_SSE_STREAM_LIMITS: optional.pipe(
    z
      .string()
      .regex(/^\s*\d+\s*,\s*\d+\s*,\s*\d+\s*$/, { message: 'must be three positive integers: free,pro,enterprise' })
      .transform((v) => v.split(',').map((n) => Number(n.trim())) as [number, number, number])
      .refine((v) => v.every((n) => n > 0), { message: 'limits must be positive' })
      .optional(),
  ),
  /** Bytes a second one SSE stream is sent at most, `free,pro,enterprise`, e.g. `1048576,4194304,16777216`. */
  /** Stored bytes each organization of a tier may keep, `free,pro,enterprise` (docs/api.md, "Storage budget"). */
  SIM_STORAGE_QUOTAS: optional.pipe(
    z
      .string()
      .regex(/^\s*\d+\s*,\s*\d+\s*,\s*\d+\s*$/, { message: 'must be three positive integers: free,pro,enterprise (bytes)' })
      .transform((v) => v.split(',').map((n) => Number(n.trim())) as [number, number, number])
      .refine((v) => v.every((n) => Number.isSafeInteger(n) && n > 0), { message: 'quotas must be positive integers' })
      .optional(),
  ),
  SIM_SSE_BYTE_RATES: optional.pipe(
    z
      .string()
      .regex(/^\s*\d+\s*,\s*\d+\s*,\s*\d+\s*$/, { message: 'must be three positive integers: free,pro,enterprise' })
      .transform((v) => v.split(',').map((n) => Number(n.trim())) as [number, number, number])
      .refine((v) => v.every((n) => n >= 1024), { message: 'rates must be at least 1024 bytes a second' })
      .optional(),
  ),
  /** Bytes every SSE stream of the process may hold for its client, together (docs/api.md, "Events", "Limits"). */
  SIM_SSE_PROCESS_QUEUE_BYTES: optional
    .pipe(
      z.coerce
        .number<string | undefined>()
        .int()
        .min(1_048_576)
        .max(2 ** 40)
        .optional(),
    )
    .transform((v) => v ?? DEFAULT_PROCESS_QUEUE_BYTES),
  /**
   * Which client address IP-based limits count (see TrustProxy): unset or `0` the socket's;
   * `1`…`10` that many proxy hops in X-Forwarded-For; a header name (`X-Real-IP`) that header.
   */
  SIM_TRUST_PROXY: optional.pipe(
    z
      .string()
      .refine((v) => /^(?:\d|10)$/.test(v) || (/^[A-Za-z][A-Za-z0-9-]*$/.test(v) && !/^(true|false)$/i.test(v)), {
        message: 'must be a number of proxy hops (0 to 10) or the name of a header set by your proxy (X-Real-IP)',
      })
      .transform((v): TrustProxy => (/^\d+$/.test(v) ? { kind: 'hops', hops: Number(v) } : { kind: 'header', name: v.toLowerCase() }))
      .optional(),
  ),
  /** pnpm sets it to the directory the command was typed in; relative paths resolve from there. */
  INIT_CWD: optional,
});

export interface AppConfig {
  host: string;
  port: number;
  database: DatabaseConfig;
  scenariosDir: string;
  /** The built viewer served at / (SIM_WEB_DIR; default apps/web/dist). */
  webDir: string;
  jwt: { secret?: string | undefined; jwksUrl?: string | undefined; issuer?: string | undefined; audience?: string | undefined };
  bootstrap: boolean;
  sseHeartbeatMs: number;
  /** SIM_SSE_PROCESS_QUEUE_BYTES. */
  sseProcessQueueBytes: number;
  /** Rate limits (and stream limits) per tier: defaults of docs/api.md, "Rate limits", overridden by SIM_RATE_LIMIT* variables. */
  tierLimits: TierLimitsTable;
  /** Which client address IP-based rate limits count (SIM_TRUST_PROXY); default the socket's. */
  trustProxy: TrustProxy;
  /** The service's own version, reported by health. */
  serviceVersion: string;
  /** Engine worker threads; undefined: one per core but one. */
  engineWorkers: number | undefined;
  /** SIM_PROPHECY_THREADS: threads per engine worker for one prophecy's branches; undefined: the default. */
  prophecyThreads: number | undefined;
  /** The bounded queue of engine reads (SIM_ENGINE_QUEUE_PER_ORGANIZATION, SIM_ENGINE_QUEUE_TOTAL). */
  engineQueue: EngineQueueLimits;
  /** Lease life of a playing simulation when processes share PostgreSQL (SIM_PLAYBACK_LEASE_MS). */
  playbackLeaseMs: number;
  /** What this process does (SIM_ROLE): serve the API, or compute experiment runs only. */
  role: 'api' | 'worker';
  /** How log lines are written (SIM_LOG_FORMAT); undefined: readable in a terminal, JSON otherwise. */
  logFormat: 'json' | 'pretty' | undefined;
  /** Ticks between checkpoints (SIM_CHECKPOINT_INTERVAL); undefined: picked from each world's size. */
  checkpointInterval: number | undefined;
  http: HttpLimits;
}

/** A bad environment variable: the message names each one and what is wrong. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function serviceVersion(root: string): string {
  try {
    const pkg = JSON.parse(readFileSync(join(root, 'apps/api/package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

function tierLimitsFrom(e: z.infer<typeof EnvSchema>): TierLimitsTable {
  const triples = { free: e.SIM_RATE_LIMITS_FREE, pro: e.SIM_RATE_LIMITS_PRO, enterprise: e.SIM_RATE_LIMITS_ENTERPRISE };
  const work = { free: e.SIM_WORK_LIMITS_FREE, pro: e.SIM_WORK_LIMITS_PRO, enterprise: e.SIM_WORK_LIMITS_ENTERPRISE };
  return Object.fromEntries(
    TIERS.map((tier) => {
      const defaults = DEFAULT_TIER_LIMITS[tier];
      const [create, step, read] = triples[tier] ?? [defaults.rateLimits.create, defaults.rateLimits.step, defaults.rateLimits.read];
      const windowSeconds = e.SIM_RATE_LIMIT_WINDOW_SECONDS ?? defaults.rateLimits.windowSeconds;
      const concurrentStreams = e.SIM_SSE_STREAM_LIMITS?.[TIERS.indexOf(tier)] ?? defaults.concurrentStreams;
      const streamBytesPerSecond = e.SIM_SSE_BYTE_RATES?.[TIERS.indexOf(tier)] ?? defaults.streamBytesPerSecond;
      const [ceiling, perWindow] = work[tier] ?? [defaults.work.ceiling, defaults.work.perWindow];
      const storage = { quotaBytes: e.SIM_STORAGE_QUOTAS?.[TIERS.indexOf(tier)] ?? defaults.storage.quotaBytes };
      return [
        tier,
        { ...defaults, rateLimits: { windowSeconds, create, step, read }, work: { ceiling, perWindow }, concurrentStreams, streamBytesPerSecond, storage },
      ];
    }),
  ) as unknown as TierLimitsTable;
}

/**
 * Parses the environment once, at start. Only this module reads `process.env` (main passes it);
 * everything else receives an AppConfig.
 */
export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  const e = parsed.data;
  // Node refuses a headers timeout longer than the whole request's.
  const headersTimeoutMs = e.SIM_HEADERS_TIMEOUT_MS ?? DEFAULT_HTTP_LIMITS.headersTimeoutMs;
  const requestTimeoutMs = e.SIM_REQUEST_TIMEOUT_MS ?? DEFAULT_HTTP_LIMITS.requestTimeoutMs;
  if (headersTimeoutMs > requestTimeoutMs) throw new ConfigError([`SIM_HEADERS_TIMEOUT_MS: must not exceed SIM_REQUEST_TIMEOUT_MS (${requestTimeoutMs})`]);
  const root = repoRoot();
  const base = e.INIT_CWD ?? process.cwd();
  const local = (path: string): string => (isAbsolute(path) ? path : resolve(base, path));
  const database: DatabaseConfig =
    e.DATABASE_URL === undefined
      ? { kind: 'sqlite', path: join(root, 'data', 'sim.db') }
      : e.DATABASE_URL.startsWith('file:')
        ? { kind: 'sqlite', path: e.DATABASE_URL.slice('file:'.length) === ':memory:' ? ':memory:' : local(e.DATABASE_URL.slice('file:'.length)) }
        : { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.SIM_DATABASE_POOL_SIZE };
  // A worker takes runs from the queue that the API processes share through PostgreSQL; an
  // embedded database has no such queue, and its one server computes its experiments itself.
  if (e.SIM_ROLE === 'worker' && database.kind !== 'postgres') {
    throw new ConfigError([
      'SIM_ROLE: worker needs DATABASE_URL=postgres://… (a worker computes the experiment runs that API processes queue in PostgreSQL; with SQLite the server computes them itself)',
    ]);
  }
  return {
    host: e.HOST,
    port: e.PORT,
    database,
    scenariosDir: e.SIM_SCENARIOS_DIR === undefined ? join(root, 'scenarios') : local(e.SIM_SCENARIOS_DIR),
    webDir: e.SIM_WEB_DIR === undefined ? join(root, 'apps/web/dist') : local(e.SIM_WEB_DIR),
    jwt: { secret: e.SIM_JWT_SECRET, jwksUrl: e.SIM_JWKS_URL, issuer: e.SIM_JWT_ISSUER, audience: e.SIM_JWT_AUDIENCE },
    bootstrap: e.SIM_BOOTSTRAP,
    sseHeartbeatMs: e.SIM_SSE_HEARTBEAT_MS,
    sseProcessQueueBytes: e.SIM_SSE_PROCESS_QUEUE_BYTES,
    tierLimits: tierLimitsFrom(e),
    trustProxy: e.SIM_TRUST_PROXY ?? { kind: 'socket' },
    serviceVersion: serviceVersion(root),
    engineWorkers: e.SIM_ENGINE_WORKERS,
    prophecyThreads: e.SIM_PROPHECY_THREADS,
    engineQueue: {
      perOrganization: e.SIM_ENGINE_QUEUE_PER_ORGANIZATION ?? DEFAULT_ENGINE_QUEUE_LIMITS.perOrganization,
      total: e.SIM_ENGINE_QUEUE_TOTAL ?? DEFAULT_ENGINE_QUEUE_LIMITS.total,
    },
    playbackLeaseMs: e.SIM_PLAYBACK_LEASE_MS,
    role: e.SIM_ROLE,
    logFormat: e.SIM_LOG_FORMAT,
    checkpointInterval: e.SIM_CHECKPOINT_INTERVAL,
    http: {
      headersTimeoutMs,
      requestTimeoutMs,
      keepAliveTimeoutMs: e.SIM_KEEP_ALIVE_TIMEOUT_MS ?? DEFAULT_HTTP_LIMITS.keepAliveTimeoutMs,
      maxHeaderBytes: e.SIM_MAX_HEADER_BYTES ?? DEFAULT_HTTP_LIMITS.maxHeaderBytes,
      maxConnectionsPerAddress: e.SIM_MAX_CONNECTIONS_PER_ADDRESS ?? DEFAULT_HTTP_LIMITS.maxConnectionsPerAddress,
    },
  };
}
