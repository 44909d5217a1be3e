import { sql, type Kysely } from 'kysely';
import type { StorageUsage, StorageUsageReader } from '../storage-budget/storage-usage.js';
import { EXPERIMENT_FIXED_BYTES, METRIC_COPIES_PER_RUN, RUN_FIXED_BYTES } from '../storage-budget/experiment-storage-cost.js';
import type { Database } from './database-schema.js';

/**
 * An organization's stored bytes, summed where they are counted: its simulations' rows (their
 * scenario, snapshot and state, measured by octet_length, which both SQLite and PostgreSQL read
 * from the value's header), the byte counters of its simulations (written with their rows), its
 * unexpired idempotency records, its experiments' specs, and their runs: each run's metrics in
 * each of its copies and the fixed parts (docs/api.md, "Storage budget").
 */
export function createKyselyStorageUsage(db: Kysely<Database>): StorageUsageReader {
  return {
    async storageUsage(organizationId, nowMs): Promise<StorageUsage> {
      const [simulations, idempotent, experiments, runs] = await Promise.all([
        db
          .selectFrom('simulations')
          .select([
            sql<number>`coalesce(sum(octet_length(scenario) + octet_length(snapshot) + octet_length(state)), 0)`.as('rows'),
            sql<number>`coalesce(sum(events_bytes), 0)`.as('events'),
            sql<number>`coalesce(sum(prophecies_bytes), 0)`.as('prophecies'),
            sql<number>`coalesce(sum(checkpoints_bytes), 0)`.as('checkpoints'),
          ])
          .where('organization_id', '=', organizationId)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('idempotency_keys')
          .select(sql<number>`coalesce(sum(stored_bytes), 0)`.as('bytes'))
          .where('organization_id', '=', organizationId)
          .where('expires_at', '>', nowMs)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('experiments')
          .select(sql<number>`coalesce(sum(octet_length(spec) + ${sql.lit(EXPERIMENT_FIXED_BYTES)}), 0)`.as('bytes'))
          .where('organization_id', '=', organizationId)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('experiment_runs')
          .innerJoin('experiments', 'experiments.id', 'experiment_runs.experiment_id')
          .select(
            sql<number>`coalesce(sum(${sql.lit(METRIC_COPIES_PER_RUN)} * octet_length(experiment_runs.metrics) + ${sql.lit(RUN_FIXED_BYTES)}), 0)`.as('bytes'),
          )
          .where('experiments.organization_id', '=', organizationId)
          .executeTakeFirstOrThrow(),
      ]);
      const usage = {
        simulations: Number(simulations.rows),
        events: Number(simulations.events),
        prophecies: Number(simulations.prophecies),
        checkpoints: Number(simulations.checkpoints),
        idempotentResponses: Number(idempotent.bytes),
        experiments: Number(experiments.bytes),
        experimentResults: Number(runs.bytes),
      };
      return {
        ...usage,
        total:
          usage.simulations + usage.events + usage.prophecies + usage.checkpoints + usage.idempotentResponses + usage.experiments + usage.experimentResults,
      };
    },
  };
}
