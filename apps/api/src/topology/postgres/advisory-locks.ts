import type pg from 'pg';
import { KeyedMutex } from '../../lib/keyed-mutex.js';
import type { SimulationLocks } from '../../coordination/coordination.js';

/**
 * Per-simulation locks across processes: PostgreSQL advisory locks, each held on a connection
 * of its own pool for as long as the change runs. Within one process the changes of a
 * simulation first queue in memory, so a process holds at most one lock connection per
 * simulation, and the queries a change makes never wait for a connection that a lock waiter
 * holds (they use the store's pool). If the lock's connection breaks, PostgreSQL frees the lock;
 * the store's version check then refuses the slower writer, which starts again.
 */
export class AdvisoryLocks implements SimulationLocks {
  private readonly local = new KeyedMutex();

  constructor(private readonly pool: pg.Pool) {}

  run<T>(simulationId: string, task: () => Promise<T>): Promise<T> {
    return this.local.run(simulationId, async () => {
      const client = await this.pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [simulationId]);
        try {
          return await task();
        } finally {
          await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [simulationId]).catch((error: Error) => {
            broken = error;
          });
        }
      } catch (error) {
        broken ??= error instanceof Error ? error : new Error(String(error));
        throw error;
      } finally {
        // A connection whose lock state is unknown is closed, never reused.
        client.release(broken);
      }
    });
  }
}
