import { getRequestListener } from '@hono/node-server';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAppWithService } from './app.js';
import { ConfigError, loadConfig, repoRoot, type AppConfig } from './config.js';
import { createWorkerPoolRunner, defaultWorkerCount, type WorkerPoolRunner } from './engine-work/worker-pool-runner.js';
import { defaultProphecyThreads } from './engine-work/prophecy-threads/prophecy-thread-count.js';
import type { EngineRunner } from './engine-work/engine-runner.js';
import { runExperimentWorker } from './experiment-worker.js';
import { answerClientError } from './http/client-error-handler.js';
import { capConnectionsPerAddress } from './http/connection-cap.js';
import { httpServerOptions } from './http/http-limits.js';
import { listenFailure } from './http/listen-failure.js';
import { requiringHost, unusableRequestTarget } from './http/unusable-request-target.js';
import { BodylessWithoutType } from './http/bodyless-response.js';
import { idempotency } from './idempotency/idempotency.js';
import { createAuthenticator } from './identity/authenticator.js';
import { bootstrapIdentity, operatorCli } from './identity/bootstrap.js';
import { mountIdentityRoutes } from './routes/mount-identity-routes.js';
import { systemClock } from './lib/clock.js';
import { paceHeapGrowth } from './lib/heap-pacing.js';
import { createLogger, type Logger } from './lib/logger.js';
import { LiveHub } from './live/live-channel.js';
import { QueueBudget } from './live/queue-budget.js';
import { clientIpResolver } from './rate-limit/client-ip.js';
import { createRateLimiting } from './rate-limit/create-rate-limiting.js';
import { loadViewerFiles } from './routes/web/viewer-files.js';
import { createEngineDomainCatalog } from './scenarios/engine-domain-catalog.js';
import { watchScenarioFolder, type ScenarioFolderWatch as ScenarioFolder } from './scenarios/watch-scenario-folder.js';
import { missingScenariosFolder } from './scenarios/load-scenario-folder.js';
import { createStorageBudget } from './storage-budget/storage-budget.js';
import { createKyselyIdempotencyStore } from './storage/idempotency-store-kysely.js';
import { createRequestThread } from './routes/request-thread/request-thread.js';
import { createKyselyIdentityStore } from './storage/identity-store-kysely.js';
import { createKyselyUsageLedger } from './storage/identity-usage-ledger-kysely.js';
import { openStorage } from './storage/open-storage.js';
import type { StorageHandle } from './storage/storage-handle.js';
import { createKyselyStorageUsage } from './storage/storage-usage-kysely.js';
import { processName } from './topology/process-name.js';
import { createTopology } from './topology/create-topology.js';
import type { Topology } from './topology/topology.js';
import { createWorkBudget } from './work-budget/work-budget.js';

/** How long shutdown waits for in-flight requests before closing anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * The server, start to stop: storage, engine, the deployment's topology (one process or several
 * on PostgreSQL, docs/architecture.md), the app, recovery of what a previous process left, the
 * HTTP listener, the first-start key, and the graceful stop.
 */
async function main(): Promise<void> {
  paceHeapGrowth();
  const stopSignal = keepStopSignals();
  const config = readConfig();
  // JSON lines, or readable lines in a terminal (SIM_LOG_FORMAT; docs/operations.md, "Logs").
  const logger = createLogger({ format: config.logFormat });
  if (config.role === 'worker') {
    // No HTTP: experiment runs from the shared queue only (docs/operations.md, "Experiments on several instances").
    await runExperimentWorker(config, logger, stopSignal.handle);
    return;
  }
  const storage = await openStorage(config.database, logger);
  logger.info(`database: ${storage.capabilities.name}${config.database.kind === 'sqlite' ? ` at ${config.database.path}` : ''}`);
  const engine = startEngine(config, logger);
  const idempotencyStore = createKyselyIdempotencyStore(storage.db);
  const topology = await createTopology(config, { storage, engine, idempotencyStore, logger, instance: processName() });
  const scenarioFolder = watchScenarios(config, logger);
  const server = assembleServer({ config, logger, storage, engine, topology, idempotencyStore, scenarioFolder });

  // The port first: a start that cannot have it (another server on it, perhaps over the same
  // database) ends before it changes anything stored, such as that server's playing simulations.
  const { http, port, open } = await listen(server.app.fetch, config);
  // Experiments left queued or running by the previous process continue; their stored runs are not computed again.
  const resumed = await server.experiments.executor.resume();
  if (resumed > 0) logger.info(`experiments: ${resumed} unfinished experiment(s) resumed`);
  const stopRecovery = await topology.recovery.start(server.service);

  // Requests wait for no compiler: the workers warm up while the rest starts, and requests are
  // answered once they have (those that came sooner wait until then).
  await engineWarmedUp(engine, logger);
  open(logger);
  await bootstrapIdentity({
    identityStore: server.identityStore,
    enabled: config.bootstrap,
    host: config.host,
    port,
    cli: operatorCli(repoRoot(), config.database),
  });
  stopSignal.handle(gracefulShutdown({ logger, http, server, engine, topology, storage, scenarioFolder, stopRecovery }));
}

function readConfig(): AppConfig {
  try {
    const config = loadConfig(process.env);
    // A folder that is not there would start the server with no scenario at all, a typo unseen.
    const missing = missingScenariosFolder(config.scenariosDir);
    if (missing !== undefined) throw new ConfigError([missing]);
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Ctrl-C (SIGINT) or SIGTERM can arrive while the server is still starting, even right after
 * its listening line. Node's default would end the process by the signal, which pnpm reports
 * as a failed script; instead the request is kept and served by the graceful stop as soon as
 * everything it closes exists (`handle`).
 */
function keepStopSignals(): { handle: (stop: (signal: NodeJS.Signals) => void) => void } {
  let requested: NodeJS.Signals | undefined;
  let onSignal = (signal: NodeJS.Signals): void => {
    requested ??= signal;
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
  return {
    handle(stop) {
      onSignal = stop;
      if (requested) stop(requested);
    },
  };
}

/** The engine computes on worker threads, never on this event loop. */
function startEngine(config: AppConfig, logger: Logger): WorkerPoolRunner & { threads: number } {
  const threads = config.engineWorkers ?? defaultWorkerCount();
  const prophecyThreads = config.prophecyThreads ?? defaultProphecyThreads(threads);
  const engine = createWorkerPoolRunner({
    threads,
    prophecyThreads,
    warmUp: true,
    logger,
  });
  logger.info(`engine: ${threads} worker thread(s), ${prophecyThreads} thread(s) each for a prophecy's branches`);
  return Object.assign(engine, { threads });
}

/** How long start waits for the engine workers' warm-up before it listens anyway. */
const WARM_UP_WAIT_MS = 10_000;

/** Waits, up to WARM_UP_WAIT_MS, until the engine workers have warmed up (docs/operations.md, "A worker's first request"). */
async function engineWarmedUp(engine: WorkerPoolRunner, logger: Logger): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), WARM_UP_WAIT_MS)));
  const reports = await Promise.race([engine.warmedUp, late]);
  clearTimeout(timer);
  if (reports === undefined) return logger.warn(`engine: workers not warmed up after ${WARM_UP_WAIT_MS / 1000} s; listening anyway`);
  for (const report of reports)
    if (report.failed !== undefined) logger.warn(`engine: a worker's warm-up failed (${report.failed}); its first task will be slower`);
  logger.info(`engine: ${reports.length} worker(s) warmed up in ${Math.max(...reports.map((report) => report.ms)).toFixed(0)} ms`);
}

/** The catalogue follows the folder: files added, changed or removed are served without a restart. */
function watchScenarios(config: AppConfig, logger: Logger): ScenarioFolder {
  const folder = watchScenarioFolder(config.scenariosDir, logger);
  const { served, refused, watching } = folder.status();
  logger.info(
    `scenarios: ${served} loaded from ${config.scenariosDir}${refused > 0 ? `, ${refused} skipped` : ''}${watching ? ' (watching for changes)' : ''}`,
  );
  return folder;
}

interface ServerParts {
  config: AppConfig;
  logger: Logger;
  storage: StorageHandle;
  engine: EngineRunner & { threads: number };
  topology: Topology;
  idempotencyStore: ReturnType<typeof createKyselyIdempotencyStore>;
  scenarioFolder: ScenarioFolder;
}

/** The app over its stores, guards and limits; what the stop closes comes back with it. */
function assembleServer(parts: ServerParts) {
  const { config, logger, storage, engine, topology, idempotencyStore, scenarioFolder } = parts;
  // Identity: the authenticator, the usage ledger, and the first-start bootstrap (key banner).
  // Writes that no request waits for (a key's lastUsedAt, usage counts, idempotency records) log their failure.
  const onBackgroundError = (error: unknown): void => logger.error('background write failed', { error: String(error) });
  const identityStore = createKyselyIdentityStore(storage.db, { changes: storage.changes });
  const authenticator = createAuthenticator({ identityStore, jwt: config.jwt, onBackgroundError });
  const usage = createKyselyUsageLedger(storage.db, { onError: onBackgroundError });
  // Idempotency keys live in the database; rate-limit windows where the topology keeps them.
  const rateLimiting = createRateLimiting({
    store: topology.rateLimitStore,
    clock: systemClock,
    tiers: config.tierLimits,
    clientIp: clientIpResolver(config.trustProxy),
    onBackgroundError,
  });
  // Long JSON bodies and experiment results are read on a thread of their own (docs/api.md, "Where it runs").
  const requestThread = createRequestThread(config.database);
  const idempotent = idempotency({ store: idempotencyStore, clock: systemClock, onBackgroundError, readLongBody: requestThread.canonical });
  // Each request's engine work is weighed first (ceiling per request, compute window per identity).
  const work = createWorkBudget({ limiter: rateLimiting.limiter, tiers: config.tierLimits });
  // Stored bytes per organization and tier (docs/api.md, "Storage budget").
  const storageUsage = createKyselyStorageUsage(storage.db);
  const storageBudget = createStorageBudget({ reader: storageUsage, tiers: config.tierLimits, clock: systemClock });
  // SSE: one live feed per followed simulation; the stop ends every stream.
  const live = new LiveHub(topology.eventBus);
  const web = loadViewerFiles(config.webDir);
  logger.info(web === undefined ? `viewer: not built (${config.webDir}); / answers 404` : `viewer: served at / from ${config.webDir}`);
  const { app, service, experiments } = createAppWithService({
    store: storage.simulations,
    authenticator,
    scenarios: scenarioFolder.catalog,
    domains: createEngineDomainCatalog(engine),
    clock: systemClock,
    config,
    events: topology.eventBus,
    coordination: topology.coordination,
    playback: topology.playback,
    live: {
      hub: live,
      budget: new QueueBudget(config.sseProcessQueueBytes),
      heartbeatMs: config.sseHeartbeatMs,
      streams: topology.coordination.streams,
      tiers: config.tierLimits,
    },
    logger,
    usage,
    engine,
    work,
    storageBudget,
    checkpointInterval: config.checkpointInterval,
    experiments: storage.experiments,
    // Experiment runs fill every worker thread; requests that need the engine queue behind at most that many runs.
    experimentParallelism: engine.threads,
    experimentTopology: topology.experiments(),
    engineQueue: config.engineQueue,
    instance: processName(),
    web,
    experimentOutput: requestThread.experimentOutput,
    extensions: {
      beforeRoutes: [rateLimiting.byIp],
      rateLimit: rateLimiting.byIdentity,
      idempotency: idempotent,
      // Served requests counted by route class for GET /v1/usage.
      usage,
      jsonBodies: requestThread.check,
      mount(_root, { guards, mountRouter }) {
        mountIdentityRoutes(mountRouter, { guards, identityStore, usage, storageUsage, limits: config.tierLimits });
      },
    },
  });
  // The server always mounts the experiments (it passes their store).
  if (experiments === undefined) throw new Error('experiments are not mounted');
  return { app, service, experiments, live, identityStore, authenticator, usage, requestThread };
}

type AssembledServer = ReturnType<typeof assembleServer>;

/**
 * Binds the port; resolves once bound, with the port actually bound (PORT=0 picks one), and
 * `open`, which starts answering requests (those that came sooner are answered then) and says
 * so in the log.
 */
async function listen(fetch: AssembledServer['app']['fetch'], config: AppConfig): Promise<{ http: Server; port: number; open: (logger: Logger) => void }> {
  let listening: (info: AddressInfo) => void = () => {};
  const listeningOn = new Promise<AddressInfo>((resolve) => (listening = resolve));
  // What @hono/node-server's `serve` does, with its error handler: a request it cannot make a
  // URL of, or one without Host, is answered in the error envelope, not with an empty 400; a 204
  // or 304 claims no type (see BodylessWithoutType).
  const listener = requiringHost(getRequestListener(fetch, { hostname: config.host, errorHandler: unusableRequestTarget }));
  let waiting: Array<() => void> | undefined = [];
  const http: Server = createServer(
    { ...httpServerOptions(config.http), requireHostHeader: false, ServerResponse: BodylessWithoutType },
    (request, response) => (waiting === undefined ? listener(request, response) : waiting.push(() => listener(request, response))),
  );
  http.listen(config.port, config.host, () => listening(http.address() as AddressInfo));
  // A port that is taken (or not allowed) ends the start with one line that says which port and
  // how to choose another, not a stack trace (docs/operations.md, "A port already in use").
  http.once('error', (error: NodeJS.ErrnoException) => {
    console.error(listenFailure(error, config.host, config.port));
    process.exit(1);
  });
  // What Node refuses before the app sees a request is answered in the error envelope too, and
  // one address cannot hold every connection.
  http.on('clientError', answerClientError);
  capConnectionsPerAddress(http, config.http.maxConnectionsPerAddress);
  const info = await listeningOn;
  const open = (logger: Logger): void => {
    const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
    logger.info(`listening on http://${host}:${info.port} (viewer: /, docs: /v1/docs)`);
    const early = waiting ?? [];
    waiting = undefined;
    for (const answer of early) answer();
  };
  return { http, port: info.port, open };
}

interface ShutdownParts {
  logger: Logger;
  http: Server;
  server: AssembledServer;
  engine: EngineRunner;
  topology: Topology;
  storage: StorageHandle;
  scenarioFolder: ScenarioFolder;
  stopRecovery: () => void;
}

/**
 * The graceful stop: playback stops first (playing simulations are paused, or handed over when
 * processes share the database; state saved, a simulation:status event says so), runs computing
 * are ended (unfinished experiments resume at the next start), every SSE stream ends after its
 * last events, in-flight requests finish, then everything closes, the storage last.
 */
function gracefulShutdown(parts: ShutdownParts): (signal: NodeJS.Signals) => void {
  const { logger, http, server, engine, topology, storage, scenarioFolder, stopRecovery } = parts;
  let stopping = false;
  return (signal) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: stopping (finishing in-flight requests)`);
    scenarioFolder.close();
    stopRecovery();
    const force = setTimeout(() => {
      logger.warn('in-flight requests did not finish in time; closing anyway');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    const closeIdle = (): void => http.closeIdleConnections();
    // A failure on the way out ends the process as an unhandled rejection would, logged.
    const stopFailed = (error: unknown): void => {
      logger.error('could not stop cleanly', { error: String(error) });
      process.exit(1);
    };
    (async () => {
      try {
        await server.experiments.executor.close();
        await server.service.close();
      } finally {
        server.experiments.feed.close();
        server.live.close();
        topology.stopFollowing();
      }
    })()
      .finally(() => {
        // close() stops accepting and calls back once open connections have ended.
        http.close(() => {
          (async () => {
            await engine.close();
            await server.requestThread.close();
            await server.usage.close();
            await server.authenticator.flush();
            await topology.close();
            await storage.close();
            logger.info('stopped');
            process.exit(0);
          })().catch(stopFailed);
        });
        closeIdle();
        // Ended streams leave keep-alive sockets that become idle a moment later.
        setTimeout(closeIdle, 200).unref();
      })
      .catch(stopFailed);
  };
}

main().catch((error: unknown) => {
  console.error('failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
