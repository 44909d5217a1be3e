import { hostname } from 'node:os';
import type { AppConfig } from './config.js';
import type { Logger } from './lib/logger.js';
import { PgBossRunQueue } from './topology/postgres/pg-boss-run-queue.js';

/** This process's name on the experiment runs it records and the batches it claims. */
export function processName(): string {
  return `${hostname()}:${process.pid}`;
}

/**
 * On PostgreSQL, the run queue every process shares (pg-boss, started here: it creates its
 * schema); none on SQLite, where the one server computes its experiments itself. The executor
 * stops it at shutdown, after handing back the batches under way (docs/operations.md,
 * "Experiments on several instances").
 */
export async function startExperimentQueue(config: AppConfig, instance: string, logger: Logger): Promise<PgBossRunQueue | undefined> {
  if (config.database.kind !== 'postgres') return undefined;
  const queue = await PgBossRunQueue.start({ connectionString: config.database.url, logger, holder: instance });
  logger.info(`experiments: runs are taken from the queue shared in PostgreSQL, as ${instance}`);
  return queue;
}
