import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ExperimentEvent, ExperimentRecord, ExperimentRun, ExperimentStore } from '../experiments/experiment-store.js';
import type { ExperimentSpec } from '../experiments/experiment-spec.js';
import type { ExperimentStatus } from '../experiments/experiment-status.js';
import type { Tier } from '../identity/auth-context.js';
import type { MetricValue } from '../experiments/experiment-metrics.js';
import type { ExperimentRunsTable, ExperimentsTable, ExperimentTables } from './experiment-tables.js';

const UNFINISHED: ExperimentStatus[] = ['queued', 'running'];

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
  };
}

/** The ExperimentStore on any Kysely dialect: plain inserts, updates and one UPSERT (SQLite ≥ 3.24, PostgreSQL). */
export function createKyselyExperimentStore<DB extends ExperimentTables>(database: Kysely<DB>): ExperimentStore {
  const db = database as unknown as Kysely<ExperimentTables>;

  /** Hands out the next event seq of an experiment and stores the event, inside `trx`. */
  async function appendEvent(trx: Transaction<ExperimentTables>, experimentId: string, event: Omit<ExperimentEvent, 'seq'>, at: string): Promise<ExperimentEvent | undefined> {
    const row = await trx
      .updateTable('experiments')
      .set((eb) => ({ event_seq: eb('event_seq', '+', 1) }))
      .where('id', '=', experimentId)
      .returning('event_seq')
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const seq = Number(row.event_seq);
    await trx.insertInto('experiment_events').values({ experiment_id: experimentId, seq, type: event.type, data: JSON.stringify(event.data), created_at: at }).execute();
    return { seq, ...event };
  }

  return {
    async create(experiment, event) {
      await db.transaction().execute(async (trx) => {
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
            event_seq: 0,
            error: null,
            created_at: experiment.createdAt,
            started_at: null,
            finished_at: null,
          })
          .execute();
        await appendEvent(trx, experiment.id, event, experiment.createdAt);
      });
    },

    async get(id) {
      const row = await db.selectFrom('experiments').selectAll().where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : toRecord(row);
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
      const rows = await db.selectFrom('experiments').selectAll().where('status', 'in', UNFINISHED).orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
      return rows.map(toRecord);
    },

    async countUnfinished(organizationId) {
      const rows = await db
        .selectFrom('experiments')
        .select(['status', sql<number>`count(*)`.as('n')])
        .where('organization_id', '=', organizationId)
        .where('status', 'in', UNFINISHED)
        .groupBy('status')
        .execute();
      const of = (status: string): number => Number(rows.find((r) => r.status === status)?.n ?? 0);
      return { queued: of('queued'), running: of('running') };
    },

    async setStatus(id, change, event) {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('experiments')
          .set({
            status: change.status,
            ...(change.startedAt !== undefined ? { started_at: change.startedAt } : {}),
            ...(change.finishedAt !== undefined ? { finished_at: change.finishedAt } : {}),
            ...(change.error !== undefined ? { error: change.error } : {}),
          })
          .where('id', '=', id)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return undefined;
        return appendEvent(trx, id, event, change.at);
      });
    },

    async storedResult(inputsHash) {
      const row = await db.selectFrom('run_results').select('metrics').where('inputs_hash', '=', inputsHash).executeTakeFirst();
      return row === undefined ? undefined : (JSON.parse(row.metrics) as Record<string, MetricValue>);
    },

    async recordRun(experimentId, run, event) {
      return db.transaction().execute(async (trx) => {
        if (run.computed) {
          await trx
            .insertInto('run_results')
            .values({ inputs_hash: run.inputsHash, metrics: JSON.stringify(run.metrics), computations: 1, created_at: run.finishedAt })
            .onConflict((oc) => oc.column('inputs_hash').doUpdateSet((eb) => ({ computations: eb('run_results.computations', '+', 1) })))
            .execute();
        }
        await trx
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
          })
          .execute();
        await trx
          .updateTable('experiments')
          .set((eb) => ({ runs_done: eb('runs_done', '+', 1), runs_computed: eb('runs_computed', '+', run.computed ? 1 : 0) }))
          .where('id', '=', experimentId)
          .execute();
        const stored = await appendEvent(trx, experimentId, event, run.finishedAt);
        if (stored === undefined) throw new Error(`experiment ${experimentId} vanished while recording a run`);
        return stored;
      });
    },

    async listRuns(experimentId) {
      const rows = await db.selectFrom('experiment_runs').selectAll().where('experiment_id', '=', experimentId).orderBy('combination', 'asc').orderBy('replication', 'asc').execute();
      return rows.map(toRun);
    },

    async eventsAfter(experimentId, afterSeq, limit) {
      const rows = await db.selectFrom('experiment_events').select(['seq', 'type', 'data']).where('experiment_id', '=', experimentId).where('seq', '>', afterSeq).orderBy('seq', 'asc').limit(limit).execute();
      return rows.map((r) => ({ seq: Number(r.seq), type: r.type as ExperimentEvent['type'], data: JSON.parse(r.data) as Record<string, unknown> }));
    },

    async computations(inputsHash) {
      const row = await db.selectFrom('run_results').select('computations').where('inputs_hash', '=', inputsHash).executeTakeFirst();
      return row === undefined ? 0 : Number(row.computations);
    },
  };
}
