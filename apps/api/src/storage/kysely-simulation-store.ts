import type { EngineInput, EngineSnapshot, EngineState, ProphecyData, ScenarioInput } from '@sim/engine';
import { CompiledQuery, sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Page } from '../lib/pagination.js';
import type { LifecycleStatus } from '../simulations/lifecycle.js';
import type { Database } from './database-schema.js';
import type { DecreesTable, PropheciesTable, SimulationsTable } from './simulation-tables.js';
import { prophecyId } from '../simulations/tick-collector.js';
import {
  StaleSimulationError,
  type Checkpoint,
  type DecreeRecord,
  type ForkRecord,
  type ListWindow,
  type NewSimulation,
  type ProphecyRecord,
  type ReplayInput,
  type RunnableSimulation,
  type SimulationChanges,
  type SimulationRecord,
  type SimulationStore,
  type SimulationUpdate,
  type StoredEvent,
  type StoredEventType,
  snapshotJsonOf,
  dataJsonOf,
  storedEventOf,
} from '../simulations/simulation-store.js';
import type { ChangeWatch } from './change-watch.js';
import { deepFreeze, ReadThroughCache } from './read-through-cache.js';
import { FreshReads } from '../lib/fresh-reads.js';
import { BoundedMap } from '../lib/bounded-map.js';
import type { StorageCapabilities } from './storage-capabilities.js';
import { TimeSlices } from '../engine-work/time-slices.js';
import { scenarioJson } from '../engine-data/scenario-json.js';
import { markEffectsStored } from './effect-marks.js';

/** Stored events the service writes, not the engine: a fork does not inherit them. */
const SERVICE_EVENT_TYPES: StoredEventType[] = ['simulation:status', 'error'];

/** Rows of one multi-row INSERT: each statement stays under SQLite's limit of bound variables. */
const ROWS_PER_INSERT = 100;

/** Above any tick (an integer column's largest value): "every tick" in a bound. */
const LAST_TICK = 2_147_483_647;

/** A sharing fork's link to its parent's history (see NewSimulation.parent). */
interface SharedOrigin {
  parentId: string;
  atTick: number;
  inheritedEvents: number;
  inheritedProphecies: number;
  createdAt: string;
}

/** Simulations whose records stay in memory for GET /v1/simulations/{id}: a few KiB each. */
const CACHED_SIMULATIONS = 1_000;

const RECORD_COLUMNS = [
  'id',
  'organization_id',
  'scenario_id',
  'engine_version',
  'status',
  'tick',
  'state',
  'playback_speed',
  'version',
  'event_seq',
  'created_at',
  'updated_at',
  'parent_id',
  'parent_at_tick',
] as const;

type RecordRow = Pick<Selectable<SimulationsTable>, (typeof RECORD_COLUMNS)[number]>;

function toDecreeRecord(row: Selectable<DecreesTable>): DecreeRecord {
  return {
    id: row.id,
    simulationId: row.simulation_id,
    seq: Number(row.seq),
    tick: Number(row.tick),
    type: row.type,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    createdAt: row.created_at,
  };
}

function toRecord(row: RecordRow): SimulationRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    scenarioId: row.scenario_id,
    engineVersion: row.engine_version,
    status: row.status as LifecycleStatus,
    tick: Number(row.tick),
    state: JSON.parse(row.state) as EngineState,
    playbackSpeed: Number(row.playback_speed),
    version: Number(row.version),
    lastEventSeq: Number(row.event_seq),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    parent: row.parent_id === null || row.parent_at_tick === null ? null : { id: row.parent_id, atTick: Number(row.parent_at_tick) },
  };
}

/** The SimulationStore on any Kysely dialect; dialect differences come in as capabilities. */
export class KyselySimulationStore implements SimulationStore {
  /**
   * GET /v1/simulations/{id} runs this on every request; building a Kysely query costs more than
   * running it, so its SQL (from the dialect, hence portable) is compiled once.
   */
  private readonly getByIdSql: string;
  /** `get` is read far more often than a simulation changes; a hit skips the query and the parse of its state. */
  private readonly records: ReadThroughCache<string, SimulationRecord>;
  /**
   * Without a ChangeWatch (PostgreSQL: other instances write), `get` asks the database every
   * time, but only for the row's version when it is the one of the record kept here; the state
   * (the large column) crosses only when it changed (docs/operations.md, "PostgreSQL").
   */
  private readonly versionChecked: BoundedMap<string, SimulationRecord> | undefined;
  private readonly versionReads = new FreshReads<string, SimulationRecord | undefined>();
  /** The same columns as getByIdSql, the state null when the version is the given one; parameters (version, id). */
  private readonly getIfChangedSql: string;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly capabilities: StorageCapabilities,
    changes?: ChangeWatch,
    private readonly directPing?: () => boolean,
  ) {
    this.getByIdSql = db.selectFrom('simulations').select(RECORD_COLUMNS).where('id', '=', '').compile().sql;
    const watched = changes?.watches(db) === true;
    this.records = new ReadThroughCache(watched ? changes : undefined, ['simulations'], CACHED_SIMULATIONS);
    this.versionChecked = watched ? undefined : new BoundedMap(CACHED_SIMULATIONS);
    const ifChanged = db
      .selectFrom('simulations')
      .select((eb) => [
        ...RECORD_COLUMNS.filter((column) => column !== 'state'),
        eb
          .case()
          .when('version', '=', -1)
          .then(sql<string | null>`null`)
          .else(eb.ref('state'))
          .end()
          .as('state'),
      ])
      .where('id', '=', '')
      .compile();
    if (JSON.stringify(ifChanged.parameters) !== '[-1,""]') throw new Error('KyselySimulationStore: unexpected parameters of the version-checked read');
    this.getIfChangedSql = ifChanged.sql;
  }

  async create(simulation: NewSimulation, changes: SimulationChanges): Promise<StoredEvent[]> {
    return this.db.transaction().execute(async (trx) => {
      await markEffectsStored(trx, `/v1/simulations/${simulation.id}`);
      // A fork shares its parent's history up to atTick: nothing of it is copied, only counted,
      // so that the fork's own events and prophecies are numbered after the inherited ones.
      const parent = simulation.parent;
      const inherited =
        parent === undefined
          ? { events: 0, prophecies: 0 }
          : { events: await this.countEngineEvents(trx, parent.id, parent.atTick), prophecies: await this.countProphecies(trx, parent.id, parent.atTick) };
      await trx
        .insertInto('simulations')
        .values({
          id: simulation.id,
          organization_id: simulation.organizationId,
          scenario_id: simulation.scenarioId,
          engine_version: simulation.engineVersion,
          scenario: scenarioJson(simulation.scenario),
          status: simulation.status,
          tick: simulation.tick,
          snapshot: snapshotJsonOf(simulation.snapshot),
          snapshot_tick: simulation.tick,
          state: JSON.stringify(simulation.state),
          playback_speed: 1,
          version: 1,
          // The row's counters count what appendChanges writes below (after the inherited events).
          input_seq: changes.inputs.length,
          event_seq: inherited.events + changes.events.length,
          created_at: simulation.createdAt,
          updated_at: simulation.createdAt,
          parent_id: parent?.id ?? null,
          parent_at_tick: parent?.atTick ?? null,
          history_shared: parent === undefined ? 0 : 1,
          inherited_events: inherited.events,
          inherited_prophecies: inherited.prophecies,
          events_bytes: 0,
          prophecies_bytes: 0,
          checkpoints_bytes: 0,
        })
        .execute();
      return this.appendChanges(trx, simulation.id, { inputSeq: 0, eventSeq: inherited.events }, changes);
    });
  }

  /**
   * Where a simulation's shared history comes from: its parent and the tick it branched at, for
   * a fork that shares (null for a root or a fork that holds copies; undefined: no such row).
   */
  private async sharedOrigin(db: Kysely<Database>, id: string): Promise<SharedOrigin | null | undefined> {
    const row = await db
      .selectFrom('simulations')
      .select(['parent_id', 'parent_at_tick', 'history_shared', 'inherited_events', 'inherited_prophecies', 'created_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    if (Number(row.history_shared) !== 1 || row.parent_id === null || row.parent_at_tick === null) return null;
    return {
      parentId: row.parent_id,
      atTick: Number(row.parent_at_tick),
      inheritedEvents: Number(row.inherited_events),
      inheritedProphecies: Number(row.inherited_prophecies),
      createdAt: row.created_at,
    };
  }

  /** How many engine events (not the service's own) a simulation's history holds up to `upToTick`, inherited ones included. */
  private async countEngineEvents(db: Kysely<Database>, id: string, upToTick: number): Promise<number> {
    const origin = await this.sharedOrigin(db, id);
    // A fork's own events all come after the tick it branched at.
    if (origin && upToTick <= origin.atTick) return this.countEngineEvents(db, origin.parentId, upToTick);
    const own = await db
      .selectFrom('simulation_events')
      .select(sql<number>`count(*)`.as('n'))
      .where('simulation_id', '=', id)
      .where('tick', '<=', upToTick)
      .where('type', 'not in', SERVICE_EVENT_TYPES)
      .executeTakeFirstOrThrow();
    return (origin?.inheritedEvents ?? 0) + Number(own.n);
  }

  /**
   * Engine events number `from` to `from + count - 1` (from 0) of a simulation's history up to
   * `upToTick`, in order: the inherited ones first, resolved through the parent.
   */
  private async engineEvents(
    db: Kysely<Database>,
    id: string,
    upToTick: number,
    from: number,
    count: number,
  ): Promise<Array<Pick<StoredEvent, 'type' | 'tick' | 'data'>>> {
    if (count <= 0) return [];
    const origin = await this.sharedOrigin(db, id);
    if (origin && upToTick <= origin.atTick) return this.engineEvents(db, origin.parentId, upToTick, from, count);
    const inherited = origin?.inheritedEvents ?? 0;
    const out = origin && from < inherited ? await this.engineEvents(db, origin.parentId, origin.atTick, from, Math.min(count, inherited - from)) : [];
    if (out.length < count) {
      const rows = await db
        .selectFrom('simulation_events')
        .select(['type', 'tick', 'data'])
        .where('simulation_id', '=', id)
        .where('tick', '<=', upToTick)
        .where('type', 'not in', SERVICE_EVENT_TYPES)
        .orderBy('seq', 'asc')
        .limit(count - out.length)
        .offset(Math.max(0, from - inherited))
        .execute();
      for (const r of rows) out.push({ type: r.type as StoredEventType, tick: Number(r.tick), data: JSON.parse(r.data) as unknown });
    }
    return out;
  }

  /** How many prophecies a simulation's history made up to `upToTick`, inherited ones included. */
  private async countProphecies(db: Kysely<Database>, id: string, upToTick: number): Promise<number> {
    const origin = await this.sharedOrigin(db, id);
    if (origin && upToTick <= origin.atTick) return this.countProphecies(db, origin.parentId, upToTick);
    const own = await db
      .selectFrom('prophecies')
      .select(sql<number>`count(*)`.as('n'))
      .where('simulation_id', '=', id)
      .where('tick', '<=', upToTick)
      .executeTakeFirstOrThrow();
    return (origin?.inheritedProphecies ?? 0) + Number(own.n);
  }

  /** Prophecies number `from` to `from + count - 1` (from 0, by seq) of a simulation's history up to `upToTick`. */
  private async prophecyRange(db: Kysely<Database>, id: string, upToTick: number, from: number, count: number): Promise<Array<Selectable<PropheciesTable>>> {
    if (count <= 0) return [];
    const origin = await this.sharedOrigin(db, id);
    if (origin && upToTick <= origin.atTick) return this.prophecyRange(db, origin.parentId, upToTick, from, count);
    const inherited = origin?.inheritedProphecies ?? 0;
    const out = origin && from < inherited ? await this.prophecyRange(db, origin.parentId, origin.atTick, from, Math.min(count, inherited - from)) : [];
    if (out.length < count) {
      const rows = await db
        .selectFrom('prophecies')
        .selectAll()
        .where('simulation_id', '=', id)
        .where('tick', '<=', upToTick)
        .orderBy('seq', 'asc')
        .limit(count - out.length)
        .offset(Math.max(0, from - inherited))
        .execute();
      out.push(...rows);
    }
    return out;
  }

  /** A simulation's input log up to `upToTick`, in order: the inherited entries first. */
  private async inputsUpTo(db: Kysely<Database>, id: string, upToTick: number): Promise<ReplayInput['inputs']> {
    const origin = await this.sharedOrigin(db, id);
    if (origin && upToTick <= origin.atTick) return this.inputsUpTo(db, origin.parentId, upToTick);
    const inherited = origin ? await this.inputsUpTo(db, origin.parentId, origin.atTick) : [];
    const rows = await db
      .selectFrom('simulation_inputs')
      .select(['tick', 'input'])
      .where('simulation_id', '=', id)
      .where('tick', '<=', upToTick)
      .orderBy('seq', 'asc')
      .execute();
    return [...inherited, ...rows.map((i) => ({ tick: Number(i.tick), input: JSON.parse(i.input) as EngineInput }))];
  }

  async update(update: SimulationUpdate): Promise<StoredEvent[]> {
    return this.db.transaction().execute(async (trx) => {
      await markEffectsStored(trx);
      let query = trx.selectFrom('simulations').select(['version', 'input_seq', 'event_seq']).where('id', '=', update.simulationId);
      if (this.capabilities.rowLocks) query = query.forUpdate();
      const current = await query.executeTakeFirst();
      if (current === undefined || Number(current.version) !== update.expectedVersion) {
        throw new StaleSimulationError(update.simulationId);
      }
      const seqs = { inputSeq: Number(current.input_seq), eventSeq: Number(current.event_seq) };
      const stored = await this.appendChanges(trx, update.simulationId, seqs, update);
      await trx
        .updateTable('simulations')
        .set({
          status: update.status,
          tick: update.tick,
          state: JSON.stringify(update.state),
          ...(update.snapshot !== undefined ? { snapshot: snapshotJsonOf(update.snapshot), snapshot_tick: update.tick } : {}),
          ...(update.playbackSpeed !== undefined ? { playback_speed: update.playbackSpeed } : {}),
          input_seq: seqs.inputSeq + update.inputs.length,
          event_seq: seqs.eventSeq + update.events.length,
          version: update.expectedVersion + 1,
          updated_at: update.at,
        })
        .where('id', '=', update.simulationId)
        .where('version', '=', update.expectedVersion)
        .execute();
      return stored;
    });
  }

  /**
   * Writes the log, decrees, prophecies and events, numbered after `seqs`. The caller's own
   * write of the row advances its counters by as many inputs and events.
   */
  private async appendChanges(
    trx: Transaction<Database>,
    simulationId: string,
    seqs: { inputSeq: number; eventSeq: number },
    changes: SimulationChanges,
  ): Promise<StoredEvent[]> {
    // Between statements, a synchronous driver lets the event loop answer (StorageCapabilities.statementsHoldTheLoop).
    const slices = this.capabilities.statementsHoldTheLoop ? new TimeSlices() : null;
    let inputSeq = seqs.inputSeq;
    for (const entry of changes.inputs) {
      await slices?.pause();
      inputSeq++;
      await trx
        .insertInto('simulation_inputs')
        .values({ simulation_id: simulationId, seq: inputSeq, tick: entry.tick, input: JSON.stringify(entry.input) })
        .execute();
      if (entry.decree !== undefined) {
        await trx
          .insertInto('decrees')
          .values({
            id: entry.decree.id,
            simulation_id: simulationId,
            seq: inputSeq,
            tick: entry.tick,
            type: entry.decree.type,
            payload: JSON.stringify(entry.decree.payload),
            created_at: entry.decree.createdAt,
          })
          .execute();
      }
    }
    const bytes = { events: 0, prophecies: 0, checkpoints: 0 };
    // Batched as the events are: a world that prophesies every tick stores a prophecy a tick.
    for (let start = 0; start < changes.prophecies.length; start += ROWS_PER_INSERT) {
      await slices?.pause();
      const rows = changes.prophecies.slice(start, start + ROWS_PER_INSERT).map((prophecy) => {
        const data = dataJsonOf(prophecy);
        bytes.prophecies += data.length;
        return { id: prophecy.id, simulation_id: simulationId, seq: prophecy.seq, tick: prophecy.tick, data, created_at: prophecy.createdAt };
      });
      await trx.insertInto('prophecies').values(rows).execute();
    }
    for (const checkpoint of changes.checkpoints ?? []) {
      await slices?.pause();
      bytes.checkpoints += checkpoint.bytes.byteLength;
      // One statement each: a checkpoint of a large world is tens of kilobytes.
      await trx.insertInto('simulation_checkpoints').values({ simulation_id: simulationId, tick: checkpoint.tick, snapshot: checkpoint.bytes }).execute();
    }
    const stored: StoredEvent[] = changes.events.map((event, index) =>
      storedEventOf(event, { simulationId, seq: seqs.eventSeq + index + 1, createdAt: changes.at }),
    );
    // Batched: a long run can report thousands of events; keep each statement under SQLite's variable limit.
    for (let start = 0; start < stored.length; start += ROWS_PER_INSERT) {
      await slices?.pause();
      const rows = stored
        .slice(start, start + ROWS_PER_INSERT)
        .map((e) => ({ simulation_id: simulationId, seq: e.seq, type: e.type, tick: e.tick, data: dataJsonOf(e), created_at: e.createdAt }));
      for (const row of rows) bytes.events += row.data.length;
      await trx.insertInto('simulation_events').values(rows).execute();
    }
    // The stored bytes count in the same transaction as the rows (docs/api.md, "Storage budget").
    if (bytes.events + bytes.prophecies + bytes.checkpoints > 0) {
      await trx
        .updateTable('simulations')
        .set((eb) => ({
          events_bytes: eb('events_bytes', '+', bytes.events),
          prophecies_bytes: eb('prophecies_bytes', '+', bytes.prophecies),
          checkpoints_bytes: eb('checkpoints_bytes', '+', bytes.checkpoints),
        }))
        .where('id', '=', simulationId)
        .execute();
    }
    return stored;
  }

  async get(id: string): Promise<SimulationRecord | undefined> {
    const kept = this.versionChecked;
    // Many readers of one simulation (spectators, a dashboard's panels) share round trips.
    if (kept !== undefined) return this.versionReads.read(id, () => this.getVersionChecked(kept, id));
    return this.records.get(id, async () => {
      const { rows } = await this.db.executeQuery<RecordRow>(CompiledQuery.raw(this.getByIdSql, [id]));
      const row = rows[0];
      return row === undefined ? undefined : toRecord(row);
    });
  }

  /**
   * One query: the kept record when the row's version is still its version (the state is not
   * sent), else the row, which is kept. A record is frozen, as ReadThroughCache's are: callers share it.
   */
  private async getVersionChecked(kept: BoundedMap<string, SimulationRecord>, id: string): Promise<SimulationRecord | undefined> {
    const known = kept.get(id);
    const { rows } = await this.db.executeQuery<Omit<RecordRow, 'state'> & { state: string | null }>(
      CompiledQuery.raw(this.getIfChangedSql, [known?.version ?? -1, id]),
    );
    const row = rows[0];
    if (row === undefined) {
      kept.delete(id);
      return undefined;
    }
    // The state is null only when the version is the one asked about, never -1: the kept record's.
    if (row.state === null && known !== undefined) return known;
    if (row.state === null) throw new Error(`simulation ${id}: no state stored`);
    const record = deepFreeze(toRecord({ ...row, state: row.state }));
    const latest = kept.get(id);
    // Two reads in flight: the newer version is kept.
    if (latest === undefined || latest.version <= record.version) kept.set(id, record);
    return record;
  }

  async getRunnable(id: string): Promise<RunnableSimulation | undefined> {
    const row = await this.db
      .selectFrom('simulations')
      .select([...RECORD_COLUMNS, 'snapshot', 'snapshot_tick'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const json = row.snapshot;
    let parsed: EngineSnapshot | undefined;
    return {
      ...toRecord(row),
      snapshotText: { json },
      snapshotTick: Number(row.snapshot_tick),
      get snapshot(): EngineSnapshot {
        return (parsed ??= JSON.parse(json) as EngineSnapshot);
      },
    };
  }

  async getReplayInput(id: string): Promise<ReplayInput | undefined> {
    // One read transaction: the log and the tick must belong to the same moment. PostgreSQL
    // gives each statement its own snapshot unless asked for one per transaction (SQLite's
    // read transactions are snapshots already, and its driver ignores the level).
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const row = await trx.selectFrom('simulations').select(['scenario_id', 'engine_version', 'scenario', 'tick']).where('id', '=', id).executeTakeFirst();
        if (row === undefined) return undefined;
        const tick = Number(row.tick);
        const inputs = await this.inputsUpTo(trx, id, tick);
        return {
          scenarioId: row.scenario_id,
          engineVersion: row.engine_version,
          scenario: JSON.parse(row.scenario) as ScenarioInput,
          tick,
          inputs,
        };
      });
  }

  async nearestCheckpoint(simulationId: string, atOrBefore: number): Promise<Checkpoint | undefined> {
    const row = await this.db
      .selectFrom('simulation_checkpoints')
      .select(['tick', 'snapshot'])
      .where('simulation_id', '=', simulationId)
      .where('tick', '<=', atOrBefore)
      .orderBy('tick', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (row !== undefined) return { tick: Number(row.tick), bytes: new Uint8Array(row.snapshot) };
    // A fork's own checkpoints are all after the tick it branched at; before it, its parent's serve.
    const origin = await this.sharedOrigin(this.db, simulationId);
    return origin ? this.nearestCheckpoint(origin.parentId, Math.min(atOrBefore, origin.atTick)) : undefined;
  }

  async list(filter: { organizationIds: readonly string[]; limit: number; offset: number }): Promise<Page<SimulationRecord>> {
    if (filter.organizationIds.length === 0) return { items: [], total: 0 };
    const where = this.db.selectFrom('simulations').where('organization_id', 'in', [...filter.organizationIds]);
    const [rows, count] = await Promise.all([
      where.select(RECORD_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
      where.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(toRecord), total: Number(count.total) };
  }

  async listForks(parentId: string): Promise<ForkRecord[]> {
    const rows = await this.db
      .selectFrom('simulations')
      .select(['id', 'organization_id', 'parent_at_tick', 'created_at'])
      .where('parent_id', '=', parentId)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map((row) => ({ id: row.id, organizationId: row.organization_id, atTick: Number(row.parent_at_tick), createdAt: row.created_at }));
  }

  async listIdsByStatus(status: string): Promise<string[]> {
    const rows = await this.db.selectFrom('simulations').select('id').where('status', '=', status).orderBy('id').execute();
    return rows.map((row) => row.id);
  }

  async listDecrees(simulationId: string, window: ListWindow): Promise<Page<DecreeRecord>> {
    const where = this.db.selectFrom('decrees').where('simulation_id', '=', simulationId);
    const [rows, count] = await Promise.all([
      where.selectAll().orderBy('seq', window.order).limit(window.limit).offset(window.offset).execute(),
      where.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
    ]);
    return { total: Number(count.total), items: rows.map(toDecreeRecord) };
  }

  async getDecree(simulationId: string, decreeId: string): Promise<DecreeRecord | undefined> {
    // Matched on both ids: a decree is only reachable through its own simulation.
    const row = await this.db.selectFrom('decrees').selectAll().where('simulation_id', '=', simulationId).where('id', '=', decreeId).executeTakeFirst();
    return row === undefined ? undefined : toDecreeRecord(row);
  }

  async listProphecies(simulationId: string, window: ListWindow): Promise<Page<ProphecyRecord>> {
    const origin = await this.sharedOrigin(this.db, simulationId);
    if (origin === undefined) return { total: 0, items: [] };
    const inherited = origin?.inheritedProphecies ?? 0;
    const own = await this.db
      .selectFrom('prophecies')
      .select(sql<number>`count(*)`.as('n'))
      .where('simulation_id', '=', simulationId)
      .executeTakeFirstOrThrow();
    const total = inherited + Number(own.n);
    // The window, as positions in seq order (a descending window counts from the end).
    const count = Math.max(0, Math.min(window.limit, total - window.offset));
    const from = window.order === 'asc' ? window.offset : total - window.offset - count;
    const rows = await this.prophecyRange(this.db, simulationId, LAST_TICK, from, count);
    const items = rows.map((r): ProphecyRecord => {
      const seq = Number(r.seq);
      const mine = r.simulation_id === simulationId;
      return {
        // An inherited prophecy is the fork's own under its own id, made when the fork was.
        id: mine ? r.id : prophecyId(simulationId, seq),
        simulationId,
        seq,
        tick: Number(r.tick),
        data: JSON.parse(r.data) as ProphecyData,
        createdAt: mine || origin === null ? r.created_at : origin.createdAt,
      };
    });
    return { total, items: window.order === 'asc' ? items : items.reverse() };
  }

  async listEvents(simulationId: string, afterSeq: number, limit: number): Promise<StoredEvent[]> {
    const origin = await this.sharedOrigin(this.db, simulationId);
    const inherited = origin?.inheritedEvents ?? 0;
    // The fork's first events are its parent's engine events up to atTick, numbered from 1.
    const out: StoredEvent[] =
      origin && afterSeq < inherited
        ? (await this.engineEvents(this.db, origin.parentId, origin.atTick, afterSeq, Math.min(limit, inherited - afterSeq))).map((event, index) => ({
            ...event,
            simulationId,
            seq: afterSeq + index + 1,
            createdAt: origin.createdAt,
          }))
        : [];
    if (out.length >= limit) return out;
    const rows = await this.db
      .selectFrom('simulation_events')
      .selectAll()
      .where('simulation_id', '=', simulationId)
      .where('seq', '>', Math.max(afterSeq, inherited))
      .orderBy('seq', 'asc')
      .limit(limit - out.length)
      .execute();
    for (const r of rows) {
      out.push({
        simulationId: r.simulation_id,
        seq: Number(r.seq),
        type: r.type as StoredEventType,
        tick: Number(r.tick),
        data: JSON.parse(r.data) as unknown,
        createdAt: r.created_at,
      });
    }
    return out;
  }

  async ping(): Promise<boolean> {
    try {
      if (this.directPing !== undefined) return this.directPing();
      await sql`select 1`.execute(this.db);
      return true;
    } catch {
      return false;
    }
  }
}
