import PgBoss from 'pg-boss';
import pg from 'pg';
import type { RunBatch, RunBatchHandler, RunQueue } from '../../experiments/run-queue.js';
import type { Logger } from '../../lib/logger.js';
import { uuidFromName } from '../../lib/name-uuid.js';
import { NOW_MS } from './database-clock.js';
import { inBackground } from '../../lib/in-background.js';

/** pg-boss's queue of experiment run batches. */
export const RUN_QUEUE = 'experiment-runs';
/** Batch ids derive from the experiment and the range: queuing a batch twice keeps one job. */
const BATCH_NAMESPACE = 'experiment-run-batch';
/** Jobs inserted per statement, at most. */
const INSERT_CHUNK = 1_000;

export interface PgBossRunQueueOptions {
  connectionString: string;
  logger: Logger;
  /** This process's name on its claims (host:pid). */
  holder: string;
  /** How long a claim lasts unless its process renews it: the batches of a dead process are taken again after it; default 10 000 ms. */
  claimTtlMs?: number;
  /** How often an idle taker looks for a batch when nobody woke it; default 1 000 ms. */
  pollMs?: number;
}

interface BatchData {
  experimentId: string;
  from: number;
  to: number;
  turn: number;
}

/** pg-boss's Db interface over one client: lets pg-boss statements join our transaction. */
function onClient(client: pg.PoolClient): PgBoss.Db {
  return { executeSql: async (text, values) => client.query(text, values) };
}

/**
 * pg-boss's fail with a message and a connection: its types offer no overload for ids with both,
 * and its implementation reads the third argument as the message, the fourth as the options.
 */
type FailMany = (name: string, ids: string[], data: object, options: PgBoss.ConnectionOptions) => Promise<unknown>;

const jobId = (batch: Pick<RunBatch, 'experimentId' | 'from' | 'to'>): string =>
  uuidFromName(BATCH_NAMESPACE, `${batch.experimentId}:${batch.from}:${batch.to}`);

/**
 * The RunQueue in PostgreSQL through pg-boss (its own schema, `pgboss`, which it creates and
 * migrates at start). A batch is a job whose id follows from its experiment and range, so
 * queuing it again adds nothing; its priority is minus its turn. pg-boss hands each job to one
 * taker (FOR UPDATE SKIP LOCKED).
 *
 * Which process holds a job is noted in `run_batch_claims`, in the transaction that takes it,
 * and the holder renews its claims while it lives. A claim not renewed in time (its process
 * died) is removed by whichever process sees it first, in one transaction with pg-boss's `fail`,
 * which puts the job back (it is retried without delay and without limit). A handler that
 * throws, as at a graceful stop, hands its job back the same way. pg-boss's own expiry, the
 * longest it allows, is only a last resort.
 */
export class PgBossRunQueue implements RunQueue {
  private readonly claimTtlMs: number;
  private readonly pollMs: number;
  private readonly held = new Set<string>();
  private readonly idle = new Set<() => void>();
  private readonly loops: Promise<void>[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private stopping = false;

  private constructor(
    private readonly boss: PgBoss,
    private readonly pool: pg.Pool,
    private readonly options: PgBossRunQueueOptions,
  ) {
    this.claimTtlMs = options.claimTtlMs ?? 10_000;
    this.pollMs = options.pollMs ?? 1_000;
    const renew = setInterval(
      () => inBackground(this.renew(), options.logger, 'experiments: renewing batch claims failed'),
      Math.max(100, Math.floor(this.claimTtlMs / 5)),
    );
    const sweep = setInterval(
      () => inBackground(this.takeBackExpired(), options.logger, 'experiments: taking back expired batches failed'),
      Math.max(200, Math.floor(this.claimTtlMs / 2)),
    );
    renew.unref();
    sweep.unref();
    this.timers.push(renew, sweep);
  }

  /** Starts pg-boss (creating or migrating its schema) and the queue; resolves once jobs can be sent. */
  static async start(options: PgBossRunQueueOptions): Promise<PgBossRunQueue> {
    const boss = new PgBoss({
      connectionString: options.connectionString,
      application_name: 'sim-experiments',
      max: 4,
      // No cron schedules are used; maintenance (archiving finished jobs) stays on.
      schedule: false,
    });
    boss.on('error', (error) => options.logger.warn('experiments: job queue error', { error: String(error) }));
    await boss.start();
    const pool = new pg.Pool({ connectionString: options.connectionString, max: 3, application_name: 'sim-experiments' });
    pool.on('error', (error) => options.logger.warn('experiments: idle connection lost', { error: String(error) }));
    try {
      await boss.createQueue(RUN_QUEUE, {
        name: RUN_QUEUE,
        // Put back at once, as often as it takes: a retry is a handed-back or orphaned batch.
        retryLimit: 1_000_000,
        retryDelay: 0,
        expireInSeconds: 23 * 3600,
      });
    } catch (error) {
      await Promise.all([boss.stop({ graceful: false }), pool.end()]);
      throw error;
    }
    return new PgBossRunQueue(boss, pool, options);
  }

  async send(batches: readonly RunBatch[]): Promise<void> {
    for (let i = 0; i < batches.length; i += INSERT_CHUNK) {
      const jobs = batches.slice(i, i + INSERT_CHUNK).map((batch) => ({
        id: jobId(batch),
        name: RUN_QUEUE,
        data: { experimentId: batch.experimentId, from: batch.from, to: batch.to, turn: batch.turn } satisfies BatchData,
        priority: -batch.turn,
      }));
      await this.boss.insert(jobs);
    }
    this.wake();
  }

  async discard(batches: readonly RunBatch[]): Promise<void> {
    for (let i = 0; i < batches.length; i += INSERT_CHUNK) {
      await this.boss.cancel(RUN_QUEUE, batches.slice(i, i + INSERT_CHUNK).map(jobId));
    }
  }

  work(concurrency: number, handler: RunBatchHandler): void {
    for (let i = 0; i < concurrency; i++) this.loops.push(this.loop(handler));
  }

  wake(): void {
    for (const wake of [...this.idle]) wake();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await Promise.all(this.loops);
    for (const timer of this.timers) clearInterval(timer);
    await this.boss.stop({ graceful: false, wait: true });
    await this.pool.end();
  }

  /** One taker: a batch at a time until stop. */
  private async loop(handler: RunBatchHandler): Promise<void> {
    while (!this.stopping) {
      let job: PgBoss.Job<BatchData> | undefined;
      try {
        job = await this.take();
      } catch (error) {
        this.options.logger.warn('experiments: could not take a batch', { error: String(error) });
      }
      if (job === undefined) {
        await this.rest();
        continue;
      }
      await this.handle(job, handler);
    }
  }

  /** Waits for a wake or the poll interval. */
  private rest(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.idle.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.pollMs);
      this.idle.add(done);
    });
  }

  /** Takes the next job and claims it, in one transaction: no job is ever taken unclaimed. */
  private async take(): Promise<PgBoss.Job<BatchData> | undefined> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const [job] = await this.boss.fetch<BatchData>(RUN_QUEUE, { batchSize: 1, db: onClient(client) });
      if (job !== undefined) {
        // A claim left by a process that died holding this job is taken over.
        await client.query(
          `INSERT INTO run_batch_claims (job_id, holder, expires_at) VALUES ($1, $2, ${NOW_MS} + $3)
           ON CONFLICT (job_id) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at`,
          [job.id, this.options.holder, this.claimTtlMs],
        );
        this.held.add(job.id);
      }
      await client.query('COMMIT');
      return job;
    } catch (error) {
      if (typeof error === 'object' && error !== null) broken = error as Error;
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release(broken);
    }
  }

  private async handle(job: PgBoss.Job<BatchData>, handler: RunBatchHandler): Promise<void> {
    const { experimentId, from, to, turn } = job.data;
    try {
      await handler({ experimentId, from, to, turn });
      await this.boss.complete(RUN_QUEUE, job.id);
    } catch (error) {
      // Back to the queue, for this process or another.
      await this.boss
        .fail(RUN_QUEUE, job.id, { message: error instanceof Error ? error.message : String(error) })
        .catch((failed: unknown) =>
          this.options.logger.warn('experiments: could not hand a batch back (it goes back when its claim expires)', { error: String(failed) }),
        );
    } finally {
      this.held.delete(job.id);
      await this.pool.query('DELETE FROM run_batch_claims WHERE job_id = $1 AND holder = $2', [job.id, this.options.holder]).catch(() => undefined);
    }
  }

  private async renew(): Promise<void> {
    if (this.held.size === 0) return;
    try {
      await this.pool.query(`UPDATE run_batch_claims SET expires_at = ${NOW_MS} + $1 WHERE holder = $2`, [this.claimTtlMs, this.options.holder]);
    } catch (error) {
      // Renewed at the next turn; past the claim's life another process takes the batch again.
      this.options.logger.warn('experiments: could not renew batch claims', { error: String(error) });
    }
  }

  /** Puts back the jobs of claims nobody renewed (their process died), with the claims' removal. */
  private async takeBackExpired(): Promise<void> {
    if (this.stopping) return;
    let client: pg.PoolClient | undefined;
    let broken: Error | undefined;
    try {
      client = await this.pool.connect();
      await client.query('BEGIN');
      const expired = await client.query<{ job_id: string }>(`DELETE FROM run_batch_claims WHERE expires_at < ${NOW_MS} RETURNING job_id`);
      const ids = expired.rows.map((row) => row.job_id);
      if (ids.length > 0) await (this.boss.fail as FailMany)(RUN_QUEUE, ids, { message: 'its process stopped renewing its claim' }, { db: onClient(client) });
      await client.query('COMMIT');
      if (ids.length > 0) {
        this.options.logger.info(`experiments: ${ids.length} batch(es) of a process that stopped are back in the queue`);
        this.wake();
      }
    } catch (error) {
      if (typeof error === 'object' && error !== null) broken = error as Error;
      await client?.query('ROLLBACK').catch(() => undefined);
      this.options.logger.warn('experiments: could not look for orphaned batches', { error: String(error) });
    } finally {
      client?.release(broken);
    }
  }
}
