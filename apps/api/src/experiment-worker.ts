import type { AppConfig } from './config.js';
import { createWorkerPoolRunner, defaultWorkerCount } from './engine-work/worker-pool-runner.js';
import { defaultProphecyThreads } from './engine-work/prophecy-threads/prophecy-thread-count.js';
import { DEFAULT_EXPERIMENT_LIMITS } from './experiments/experiment-limits.js';
import { createExperimentRuntime } from './experiments/experiment-runtime.js';
import { systemClock } from './lib/clock.js';
import type { Logger } from './lib/logger.js';
import { createEngineDomainCatalog } from './scenarios/engine-domain-catalog.js';
import { openStorage } from './storage/open-storage.js';
import { processName } from './topology/process-name.js';
import { createTopology } from './topology/create-topology.js';

/** How long a stop waits for the batches under way to be handed back before exiting anyway. */
const STOP_GRACE_MS = 10_000;

/**
 * `SIM_ROLE=worker` (docs/operations.md, "Experiments on several instances"): a process that
 * serves no HTTP and only computes experiment runs taken from the queue the API processes share
 * in PostgreSQL, on its engine worker threads. `onStop` receives the graceful stop for SIGINT and
 * SIGTERM: the runs computing are ended and their batches handed back to the queue.
 */
export async function runExperimentWorker(config: AppConfig, logger: Logger, onStop: (stop: (signal: NodeJS.Signals) => void) => void): Promise<void> {
  if (config.database.kind !== 'postgres') throw new Error('SIM_ROLE=worker needs DATABASE_URL=postgres://…');
  const storage = await openStorage(config.database, logger);
  const instance = processName();
  const threads = config.engineWorkers ?? defaultWorkerCount();
  const engine = createWorkerPoolRunner({
    threads,
    prophecyThreads: config.prophecyThreads ?? defaultProphecyThreads(threads),
    logger,
  });
  const topology = await createTopology(config, { storage, engine, logger, instance });
  const { executor, feed } = createExperimentRuntime({
    store: storage.experiments,
    engine,
    domains: createEngineDomainCatalog(engine),
    clock: systemClock,
    logger,
    limits: DEFAULT_EXPERIMENT_LIMITS,
    parallelism: threads,
    instance,
    topology: topology.experiments(),
  });
  const unfinished = await executor.resume();
  logger.info(`worker: computing experiment runs on ${threads} engine thread(s), serving no HTTP (${unfinished} unfinished experiment(s) in the database)`);

  let stopping = false;
  onStop((signal) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: stopping (handing the batches under way back to the queue)`);
    const force = setTimeout(() => {
      logger.warn('the batches under way were not handed back in time; exiting anyway (they go back when their claims expire)');
      process.exit(1);
    }, STOP_GRACE_MS);
    force.unref();
    (async () => {
      await executor.close();
      feed.close();
      topology.stopFollowing();
      await engine.close();
      await topology.close();
      await storage.close();
      logger.info('stopped');
      process.exit(0);
    })().catch((error: unknown) => {
      // As an unhandled rejection would, but said in the log's own words.
      logger.error('could not stop cleanly', { error: String(error) });
      process.exit(1);
    });
  });
}
