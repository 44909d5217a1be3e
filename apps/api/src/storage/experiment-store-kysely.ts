import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ExperimentEvent, ExperimentRecord, ExperimentRun, ExperimentStore, UnfinishedCount } from '../experiments/experiment-store.js';
import type { ExperimentSpec } from '../experiments/experiment-spec.js';
import type { ExperimentStatus } from '../experiments/experiment-status.js';
import type { Tier } from '../identity/auth-context.js';
import type { MetricValue } from '../engine-data/experiment-metrics.js';
import type { ExperimentRunsTable, ExperimentsTable, ExperimentTables } from './experiment-tables.js';
import { markEffectsStored } from './effect-marks.js';
import type { StorageCapabilities } from './storage-capabilities.js';

const UNFINISHED: ExperimentStatus[] = ['queued', 'running'];

/** Thrown inside recordRun's transaction to roll it back when the run was stored already. */
class AlreadyStored extends Error {}

function toRecord(row: Selectable<ExperimentsTable>): ExperimentRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    status: row.status as ExperimentStatus,
    tier: row.tier as Tier,
    scenarioId: row.scenario_id,
    spec: JSON.parse(row.spec) as ExperimentSpec,
    combinations: Number(row.combinations),
    runsTotal: Number(row.runs_total),
    runsDone: Number(row.runs_done),
    runsComputed: Number(row.runs_computed),
    lastEventSeq: Number(row.event_seq),
    error: row.error,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

function toRun(row: Selectable<ExperimentRunsTable>): ExperimentRun {
  return {
    combination: Number(row.combination),
    replication: Number(row.replication),
    seed: Number(row.seed),
    inputsHash: row.inputs_hash,
    metrics: JSON.parse(row.metrics) as Record<string, MetricValue>,
    computed: Number(row.computed) === 1,
    finishedAt: row.finished_at,
    ...(row.recorded_by === null ? {} : { recordedBy: row.recorded_by }),
  };
}

/**
 * The ExperimentStore on any Kysely dialect: plain inserts, updates and one UPSERT (SQLite ≥ 3.24,
 * PostgreSQL). With row locks (PostgreSQL), a submission's count and insert hold an advisory lock
 * on its organization for their transaction; SQLite runs one transaction at a time anyway.
 */
export function createKyselyExperimentStore<DB extends ExperimentTables>(
  database: Kysely<DB>,
  capabilities: Pick<StorageCapabilities, 'rowLocks'>,
): ExperimentStore {
  const db = database as unknown as Kysely<ExperimentTables>;

  async function unfinished(executor: Kysely<ExperimentTables>, organizationId: string): Promise<UnfinishedCount> {
    const rows = await executor
      .selectFrom('experiments')
      .select(['status', sql<number>`count(*)`.as('n')])
      .where('organization_id', '=', organizationId)
      .where('status', 'in', UNFINISHED)
      .groupBy('status')
      .execute();
    const of = (status: string): number => Number(rows.find((r) => r.status === status)?.n ?? 0);
    return { queued: of('queued'), running: of('running') };
  }

  /** Stores an event with a seq handed out by the update that came before it, inside `trx`. */
  async function insertEvent(
    trx: Transaction<ExperimentTables>,
    experimentId: string,
    seq: number,
    event: Omit<ExperimentEvent, 'seq'>,
    at: string,
  ): Promise<ExperimentEvent> {
    await trx
      .insertInto('experiment_events')
      .values({ experiment_id: experimentId, seq, type: event.type, data: JSON.stringify(event.data), created_at: at })
      .execute();
    return { seq, ...event };
  }

  return {
    async create(experiment, event, room) {
      return db.transaction().execute(async (trx) => {
        if (capabilities.rowLocks) await sql`SELECT pg_advisory_xact_lock(hashtextextended(${experiment.organizationId}, 2))`.execute(trx);
        const counted = await unfinished(trx, experiment.organizationId);
        if (counted.queued + counted.running >= room.unfinished) return counted;
        await markEffectsStored(trx, `/v1/experiments/${experiment.id}`);
        await trx
          .insertInto('experiments')
          .values({
            id: experiment.id,
            organization_id: experiment.organizationId,
            status: 'queued',
            tier: experiment.tier,
            scenario_id: experiment.scenarioId,
            spec: JSON.stringify(experiment.spec),
            combinations: experiment.combinations,
            runs_total: experiment.runsTotal,
            runs_done: 0,
            runs_computed: 0,
            // Its first event, stored below.
            event_seq: 1,
            error: null,
            created_at: experiment.createdAt,
            started_at: null,
            finished_at: null,
          })
          .execute();
        await insertEvent(trx, experiment.id, 1, event, experiment.createdAt);
        return undefined;
      });
    },

    async get(id) {
      const row = await db.selectFrom('experiments').selectAll().where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : toRecord(row);
    },

    async organizationOf(id) {
      const row = await db.selectFrom('experiments').select('organization_id').where('id', '=', id).executeTakeFirst();
      return row?.organization_id;
    },

    async progress(id) {
      const row = await db.selectFrom('experiments').select(['status', 'runs_done', 'runs_total', 'event_seq']).where('id', '=', id).executeTakeFirst();
      if (row === undefined) return undefined;
      return {
        status: row.status as ExperimentStatus,
        runsDone: Number(row.runs_done),
        runsTotal: Number(row.runs_total),
        lastEventSeq: Number(row.event_seq),
      };
    },

    async list(filter) {
      if (filter.organizationIds.length === 0) return { items: [], total: 0 };
      const where = db.selectFrom('experiments').where('organization_id', 'in', [...filter.organizationIds]);
      const [rows, count] = await Promise.all([
        where.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
        where.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toRecord), total: Number(count.total) };
    },

    async listUnfinished() {
      const rows = await db
        .selectFrom('experiments')
        .select(['id', 'organization_id', 'status', 'tier', 'runs_done', 'runs_total'])
        .where('status', 'in', UNFINISHED)
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        organizationId: row.organization_id,
        status: row.status as ExperimentStatus,
        tier: row.tier as Tier,
        runsDone: Number(row.runs_done),
        runsTotal: Number(row.runs_total),
      }));
    },

    countUnfinished(organizationId) {
      return unfinished(db, organizationId);
    },

    async setStatus(id, change, eventOf) {
      return db.transaction().execute(async (trx) => {
        let update = trx
          .updateTable('experiments')
          .set((eb) => ({
            status: change.status,
            event_seq: eb('event_seq', '+', 1),
            ...(change.startedAt !== undefined ? { started_at: change.startedAt } : {}),
            ...(change.finishedAt !== undefined ? { finished_at: change.finishedAt } : {}),
            ...(change.error !== undefined ? { error: change.error } : {}),
          }))
          .where('id', '=', id);
        if (change.from !== undefined) update = update.where('status', 'in', [...change.from]);
        const row = await update.returning(['event_seq', 'runs_done']).executeTakeFirst();
        if (row === undefined) return undefined;
        return insertEvent(trx, id, Number(row.event_seq), eventOf(Number(row.runs_done)), change.at);
      });
    },

    async storedResult(inputsHash) {
      const row = await db.selectFrom('run_results').select('metrics').where('inputs_hash', '=', inputsHash).executeTakeFirst();
      return row === undefined ? undefined : (JSON.parse(row.metrics) as Record<string, MetricValue>);
    },

    async recordRun(experimentId, run, eventOf) {
      try {
        return await db.transaction().execute(async (trx) => {
          // First, as it locks the experiment's row: a status change (a cancel) waits for this
          // transaction, or this one for it and then finds the experiment no longer running.
          const row = await trx
            .updateTable('experiments')
            .set((eb) => ({
              runs_done: eb('runs_done', '+', 1),
              runs_computed: eb('runs_computed', '+', run.computed ? 1 : 0),
              event_seq: eb('event_seq', '+', 1),
            }))
            .where('id', '=', experimentId)
            .where('status', '=', 'running')
            .returning(['runs_done', 'event_seq'])
            .executeTakeFirst();
          if (row === undefined) return undefined;
          const inserted = await trx
            .insertInto('experiment_runs')
            .values({
              experiment_id: experimentId,
              combination: run.combination,
              replication: run.replication,
              seed: run.seed,
              inputs_hash: run.inputsHash,
              metrics: JSON.stringify(run.metrics),
              computed: run.computed ? 1 : 0,
              finished_at: run.finishedAt,
              recorded_by: run.recordedBy ?? null,
            })
            .onConflict((oc) => oc.columns(['experiment_id', 'combination', 'replication']).doNothing())
            .executeTakeFirst();
          // Stored already (a batch taken again after its process died): the counters go back.
          if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) throw new AlreadyStored();
          if (run.computed) {
            await trx
              .insertInto('run_results')
              .values({ inputs_hash: run.inputsHash, metrics: JSON.stringify(run.metrics), computations: 1, created_at: run.finishedAt })
              .onConflict((oc) => oc.column('inputs_hash').doUpdateSet((eb) => ({ computations: eb('run_results.computations', '+', 1) })))
              .execute();
          }
          return insertEvent(trx, experimentId, Number(row.event_seq), eventOf(Number(row.runs_done)), run.finishedAt);
        });
      } catch (error) {
        if (error instanceof AlreadyStored) return undefined;
        throw error;
      }
    },

    async listRuns(experimentId, combinations) {
      let query = db.selectFrom('experiment_runs').selectAll().where('experiment_id', '=', experimentId);
      if (combinations !== undefined) query = query.where('combination', '>=', combinations.from).where('combination', '<', combinations.to);
      const rows = await query.orderBy('combination', 'asc').orderBy('replication', 'asc').execute();
      return rows.map(toRun);
    },

    async eventsAfter(experimentId, afterSeq, limit) {
      const rows = await db
        .selectFrom('experiment_events')
        .select(['seq', 'type', 'data'])
        .where('experiment_id', '=', experimentId)
        .where('seq', '>', afterSeq)
        .orderBy('seq', 'asc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ seq: Number(r.seq), type: r.type as ExperimentEvent['type'], data: JSON.parse(r.data) as Record<string, unknown> }));
    },

    async computations(inputsHash) {
      const row = await db.selectFrom('run_results').select('computations').where('inputs_hash', '=', inputsHash).executeTakeFirst();
      return row === undefined ? 0 : Number(row.computations);
    },
  };
}
