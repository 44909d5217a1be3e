import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createAppWithService } from './app.js';
import { loadViewerFiles } from './routes/web/viewer-files.js';
import { ConfigError, loadConfig, repoRoot, type AppConfig } from './config.js';
import { createAuthenticator } from './identity/authenticator.js';
import { bootstrapIdentity, operatorCli } from './identity/bootstrap.js';
import { mountIdentityRoutes } from './identity/mount-identity-routes.js';
import { systemClock } from './lib/clock.js';
import { consoleLogger, type Logger } from './lib/logger.js';
import { paceHeapGrowth } from './lib/heap-pacing.js';
import { createAdapterDomainCatalog } from './scenarios/adapter-domain-catalog.js';
import { watchScenarioFolder } from './scenarios/watch-scenario-folder.js';
import { InProcessEventBus } from './simulations/event-bus.js';
import { createInProcessCoordination } from './coordination/in-process-coordination.js';
import type { Coordination } from './coordination/coordination.js';
import { SharedEventBus } from './topology/postgres/shared-event-bus.js';
import { createPostgresCoordination } from './topology/postgres/postgres-coordination.js';
import { LiveHub } from './live/live-channel.js';
import { QueueBudget } from './live/queue-budget.js';
import { playbackClock } from './live/playback-clock.js';
import { createKyselyIdentityStore } from './storage/identity-store-kysely.js';
import { createKyselyUsageLedger } from './storage/identity-usage-ledger-kysely.js';
import { openStorage } from './storage/open-storage.js';
import { idempotency } from './idempotency/idempotency.js';
import { clientIpResolver } from './rate-limit/client-ip.js';
import { createRateLimiting } from './rate-limit/create-rate-limiting.js';
import { MemoryRateLimitStore } from './rate-limit/memory-rate-limit-store.js';
import { createKyselyIdempotencyStore } from './storage/idempotency-store-kysely.js';
import { createKyselyRateLimitStore } from './storage/rate-limit-store-kysely.js';
import { createWorkerPoolRunner, defaultWorkerCount } from './engine-work/worker-pool-runner.js';
import { createWorkBudget } from './work-budget/work-budget.js';
import { createStorageBudget } from './storage-budget/storage-budget.js';
import { createKyselyStorageUsage } from './storage/storage-usage-kysely.js';
import { answerClientError } from './http/client-error-handler.js';
import { capConnectionsPerAddress } from './http/connection-cap.js';
import { httpServerOptions } from './http/http-limits.js';
import { listenFailure } from './http/listen-failure.js';
import type { Server } from 'node:http';
import { runExperimentWorker } from './experiment-worker.js';
import { processName, startExperimentQueue } from './shared-experiments.js';

/** How long shutdown waits for in-flight requests before closing anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): AppConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  paceHeapGrowth();
  // Ctrl-C (SIGINT) or SIGTERM can arrive while the server is still starting, even right after
  // its listening line. Node's default would end the process by the signal, which pnpm reports
  // as a failed script; instead the request is kept and served by the graceful shutdown as soon
  // as everything it closes exists.
  let requestedStop: NodeJS.Signals | undefined;
  let onStopSignal = (signal: NodeJS.Signals): void => {
    requestedStop ??= signal;
  };
  process.on('SIGTERM', () => onStopSignal('SIGTERM'));
  process.on('SIGINT', () => onStopSignal('SIGINT'));

  const config = readConfig();
  const logger = consoleLogger;
  if (config.role === 'worker') {
    // No HTTP: experiment runs from the shared queue only (docs/operations.md, "Experiments on several instances").
    await runExperimentWorker(config, logger, (stop) => {
      onStopSignal = stop;
      if (requestedStop) stop(requestedStop);
    });
    return;
  }
  const storage = await openStorage(config.database);
  logger.info(`database: ${storage.capabilities.name}${config.database.kind === 'sqlite' ? ` at ${config.database.path}` : ''}`);
  // Locks, playback leases, stream slots and announcements: in this process on an embedded
  // database, through the database when several processes share it.
  const coordination: Coordination =
    config.database.kind === 'postgres'
      ? await createPostgresCoordination({ connectionString: config.database.url, logger, leases: { ttlMs: config.playbackLeaseMs, renewMs: Math.max(100, Math.floor(config.playbackLeaseMs / 5)) } })
      : createInProcessCoordination();
  if (coordination.shared) logger.info(`coordination: shared through the database (playback leases of ${config.playbackLeaseMs} ms)`);

  // PostgreSQL: experiment runs are queued there and taken by the workers of every process.
  const instance = processName();
  const experimentQueue = await startExperimentQueue(config, instance, logger);

  // The catalogue follows the folder: files added, changed or removed are served without a restart.
  const scenarioFolder = watchScenarioFolder(config.scenariosDir, logger);
  const { served, refused, watching } = scenarioFolder.status();
  logger.info(`scenarios: ${served} loaded from ${config.scenariosDir}${refused > 0 ? `, ${refused} skipped` : ''}${watching ? ' (watching for changes)' : ''}`);

  // Identity: the authenticator, the usage ledger, and the first-start bootstrap (key banner).
  const identityStore = createKyselyIdentityStore(storage.db, { changes: storage.changes });
  const authenticator = createAuthenticator({ identityStore, jwt: config.jwt });
  const usage = createKyselyUsageLedger(storage.db);

  // Idempotency keys live in the database. Rate-limit windows too, where several instances share
  // it; an embedded database has one server process, whose own memory is then the exact store.
  const onBackgroundError = (error: unknown): void => logger.error('background write failed', { error: String(error) });
  const rateLimitStore = storage.capabilities.ownedByOneProcess ? new MemoryRateLimitStore() : createKyselyRateLimitStore(storage.db);
  const rateLimiting = createRateLimiting({
    store: rateLimitStore,
    clock: systemClock,
    tiers: config.tierLimits,
    clientIp: clientIpResolver(config.trustProxy),
    onBackgroundError,
  });
  const idempotencyStore = createKyselyIdempotencyStore(storage.db);
  // Nothing is in flight before this process serves; on a database it alone owns, a key still
  // reserved was left by a request that died with the previous process (see releaseInFlight).
  if (storage.capabilities.ownedByOneProcess) {
    const released = await idempotencyStore.releaseInFlight();
    if (released > 0) logger.info(`idempotency: ${released} key(s) left in flight by an unclean stop are released`);
  }
  const idempotent = idempotency({ store: idempotencyStore, clock: systemClock, onBackgroundError });

  // The engine computes on worker threads, never on this event loop; each request's work is
  // weighed first (ceiling per request, compute window per identity).
  const engineWorkers = config.engineWorkers ?? defaultWorkerCount();
  const engine = createWorkerPoolRunner({ threads: engineWorkers });
  logger.info(`engine: ${engineWorkers} worker thread(s)`);
  const work = createWorkBudget({ limiter: rateLimiting.limiter, tiers: config.tierLimits });
  // Stored bytes per organization and tier (docs/api.md, "Storage budget").
  const storageUsage = createKyselyStorageUsage(storage.db);
  const storageBudget = createStorageBudget({ reader: storageUsage, tiers: config.tierLimits, clock: systemClock });

  // SSE: one live feed per followed simulation; main ends every stream at shutdown.
  const onBusError = (error: unknown): void => logger.error('event listener failed', { error: String(error) });
  // Shared: every process's streams follow commits made by any process (docs/operations.md, "Several instances").
  const events = coordination.shared
    ? new SharedEventBus({ announcements: coordination.announcements, store: storage.simulations, engine, onError: onBusError })
    : new InProcessEventBus(onBusError);
  const live = new LiveHub(events);

  const web = loadViewerFiles(config.webDir);
  logger.info(web === undefined ? `viewer: not built (${config.webDir}); / answers 404` : `viewer: served at / from ${config.webDir}`);
  const { app, service, experiments } = createAppWithService({
    store: storage.simulations,
    authenticator,
    scenarios: scenarioFolder.catalog,
    domains: createAdapterDomainCatalog(),
    clock: systemClock,
    config,
    events,
    coordination,
    // Shared: leases decide which process advances a simulation, and a clean stop hands it over.
    playback: playbackClock({ logger, ...(coordination.shared ? { leases: coordination.leases, handOver: true } : {}) }),
    live: { hub: live, budget: new QueueBudget(config.sseProcessQueueBytes), heartbeatMs: config.sseHeartbeatMs, streams: coordination.streams, tiers: config.tierLimits },
    logger,
    usage,
    engine,
    work,
    storageBudget,
    checkpointInterval: config.checkpointInterval,
    experiments: storage.experiments,
    // Experiment runs fill every worker thread; requests that need the engine queue behind at most that many runs.
    experimentParallelism: engineWorkers,
    engineQueue: config.engineQueue,
    ...(experimentQueue ? { experimentQueue } : {}),
    instance,
    web,
    extensions: {
      beforeRoutes: [rateLimiting.byIp],
      rateLimit: rateLimiting.byIdentity,
      idempotency: idempotent,
      // Served requests counted by route class for GET /v1/usage.
      usage,
      mount(_root, { guards, mountRouter }) {
        mountIdentityRoutes(mountRouter, { guards, identityStore, usage, storageUsage, limits: config.tierLimits });
      },
    },
  });

  // Experiments left queued or running by the previous process continue; their stored runs are not computed again.
  const resumed = (await experiments?.executor.resume()) ?? 0;
  if (resumed > 0) logger.info(`experiments: ${resumed} unfinished experiment(s) resumed`);

  let stopAdopting = (): void => {};
  if (!coordination.shared) {
    const interrupted = await service.recoverInterruptedPlayback();
    if (interrupted.length > 0) logger.info(`playback: ${interrupted.length} simulation(s) left playing by an unclean stop are now paused`);
  } else {
    stopAdopting = adoptOrphanedPlayback(coordination, service, logger, Math.max(100, Math.floor(config.playbackLeaseMs / 5)));
  }

  let listening: (info: AddressInfo) => void = () => {};
  const listeningOn = new Promise<AddressInfo>((resolve) => (listening = resolve));
  const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port, serverOptions: httpServerOptions(config.http) }, (info: AddressInfo) => {
    const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
    logger.info(`listening on http://${host}:${info.port} (viewer: /, docs: /v1/docs)`);
    listening(info);
  });
  // A port that is taken (or not allowed) ends the start with one line that says which port and
  // how to choose another, not a stack trace (docs/operations.md, "A port already in use").
  server.once('error', (error: NodeJS.ErrnoException) => {
    console.error(listenFailure(error, config.host, config.port));
    process.exit(1);
  });
  // What Node refuses before the app sees a request is answered in the error envelope too, and
  // one address cannot hold every connection.
  server.on('clientError', answerClientError);
  capConnectionsPerAddress(server as Server, config.http.maxConnectionsPerAddress);
  // The banner's curl line names the port actually bound (PORT=0 picks one).
  const { port } = await listeningOn;
  await bootstrapIdentity({ identityStore, enabled: config.bootstrap, host: config.host, port, cli: operatorCli(repoRoot(), config.database) });

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: stopping (finishing in-flight requests)`);
    scenarioFolder.close();
    stopAdopting();
    const force = setTimeout(() => {
      logger.warn('in-flight requests did not finish in time; closing anyway');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Playback stops first (playing simulations are paused, state saved, a simulation:status
    // event says so), then every SSE stream ends after its last events, so close() can finish.
    const closeIdle = (): void => {
      if ('closeIdleConnections' in server) (server as { closeIdleConnections(): void }).closeIdleConnections();
    };
    void (async () => {
      try {
        // Runs computing are ended; unfinished experiments resume at the next start.
        await experiments?.executor.close();
        await service.close();
      } finally {
        experiments?.feed.close();
        live.close();
        if (events instanceof SharedEventBus) events.close();
      }
    })().finally(() => {
      // close() stops accepting and calls back once open connections have ended.
      server.close(async () => {
        await engine.close();
        await usage.close();
        await authenticator.flush();
        await coordination.close();
        await storage.close();
        logger.info('stopped');
        process.exit(0);
      });
      closeIdle();
      // Ended streams leave keep-alive sockets that become idle a moment later.
      setTimeout(closeIdle, 200).unref();
    });
  };
  onStopSignal = shutdown;
  if (requestedStop) shutdown(requestedStop);
}

/**
 * Shared database: looks for playing simulations nobody advances (their process died or handed
 * them over) every `everyMs`, and at once when a process announces a hand-over. Returns stop.
 */
function adoptOrphanedPlayback(coordination: Coordination, service: { adoptOrphanedPlayback(): Promise<string[]> }, logger: Logger, everyMs: number): () => void {
  let running = false;
  const adopt = (): void => {
    if (running) return;
    running = true;
    service
      .adoptOrphanedPlayback()
      .then((ids) => {
        if (ids.length > 0) logger.info(`playback: took over ${ids.length} simulation(s) from a process that stopped`, { simulationIds: ids });
      })
      .catch((error: unknown) => logger.warn('playback: could not look for orphaned playback', { error: String(error) }))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(adopt, everyMs);
  timer.unref();
  const stopListening = coordination.announcements.listen('playback', adopt);
  adopt();
  return () => {
    clearInterval(timer);
    stopListening();
  };
}

main().catch((error: unknown) => {
  console.error('failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
