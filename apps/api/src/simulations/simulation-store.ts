import type { EngineInput, EngineSnapshot, EngineState, ProphecyData, ScenarioInput, ScheduledInput } from '@sim/engine';
import type { Page, SortOrder } from '../lib/pagination.js';
import type { LifecycleStatus } from './lifecycle.js';
import type { Checkpoint, SnapshotText } from '../engine-data/checkpoint.js';

// The store speaks in the engine's checkpoints and snapshot texts, declared where the worker
// may read them (engine-data/, .dependency-cruiser.js).
export type { Checkpoint, SnapshotText };

/** Where a fork branched off: its parent and the last tick of history they share. */
export interface ForkOrigin {
  id: string;
  atTick: number;
}

/** A direct fork of a simulation, as its parent's lineage lists it. */
export interface ForkRecord {
  id: string;
  organizationId: string;
  atTick: number;
  createdAt: string;
}

/** A simulation as reads return it: no snapshot, no scenario. */
export interface SimulationRecord {
  id: string;
  organizationId: string;
  scenarioId: string;
  engineVersion: string;
  status: LifecycleStatus;
  tick: number;
  /** The engine state at `tick` (engine status, not the lifecycle status). */
  state: EngineState;
  playbackSpeed: number;
  /** Bumped by every change; a change names the version it was computed from. */
  version: number;
  /** The seq of the last stored event; 0 before any. */
  lastEventSeq: number;
  createdAt: string;
  updatedAt: string;
  /** Set for a fork; null for a simulation created from a scenario. */
  parent: ForkOrigin | null;
}

/** A snapshot to store: the engine's object, or its text (written as it is). */
export type StoredSnapshot = EngineSnapshot | SnapshotText;

/** The JSON a snapshot is stored as. */
export function snapshotJsonOf(snapshot: StoredSnapshot): string {
  return 'json' in snapshot ? snapshot.json : JSON.stringify(snapshot);
}

/** What a mutation needs to resume the engine. */
export interface RunnableSimulation extends SimulationRecord {
  /** The stored snapshot as text: what a worker resumes from. */
  snapshotText: SnapshotText;
  /**
   * The tick of that snapshot: the head (`tick`) may have run past it, ticks a worker that does
   * not keep the world computes again (docs/operations.md, "Warm worlds").
   */
  snapshotTick: number;
  /** The same, parsed on first use (its rules and size weigh a step); a decree never needs it here. */
  readonly snapshot: EngineSnapshot;
}

/** What GET trace needs to replay: the scenario and the inputs applied up to `tick`. */
export interface ReplayInput {
  scenarioId: string;
  engineVersion: string;
  scenario: ScenarioInput;
  tick: number;
  inputs: ScheduledInput[];
}

/** One entry for the input log; with `decree`, also a row of the decrees resource. */
export interface NewInput {
  tick: number;
  input: EngineInput;
  decree?: { id: string; type: string; payload: unknown; createdAt: string };
}

export interface NewProphecy {
  id: string;
  seq: number;
  tick: number;
  data: ProphecyData;
  /** `data` as the JSON text stored, when it came so from the engine's thread (`data` is then parsed only if read). */
  dataJson?: string;
  createdAt: string;
}

/** Event types that are stored (per-tick records are not). */
export type StoredEventType = 'decree' | 'policy' | 'loss' | 'warning' | 'paradox' | 'prophecy' | 'completed' | 'simulation:status' | 'error';

export interface NewEvent {
  type: StoredEventType;
  tick: number;
  data: unknown;
  /** `data` as the JSON text stored, when it came so from the engine's thread (`data` is then parsed only if read). */
  dataJson?: string;
}

export interface StoredEvent extends NewEvent {
  simulationId: string;
  /** Increases per simulation from 1; the SSE `id:`. */
  seq: number;
  createdAt: string;
}

/** The JSON text a row's `data` is stored as: the text it came as, or written now. */
export function dataJsonOf(row: { data: unknown; dataJson?: string }): string {
  return row.dataJson ?? JSON.stringify(row.data);
}

/** Parses `json` once, when first called. */
function parsedOnce<D>(json: string): () => D {
  let parsed: { value: D } | undefined;
  return () => (parsed ??= { value: JSON.parse(json) as D }).value;
}

// The rows below read `data` from `dataJson` when first asked, then keep it: the event loop
// stores them as text and parses them only for a live stream that follows them. Object literals
// with a getter, not defineProperty: a step may make thousands, and literals stay fast objects.

/** An engine event as it came from the engine's thread. */
export function jsonEvent(type: StoredEventType, tick: number, dataJson: string): NewEvent {
  const data = parsedOnce<unknown>(dataJson);
  return {
    type,
    tick,
    dataJson,
    get data() {
      return data();
    },
  };
}

/** A prophecy row as it came from the engine's thread. */
export function jsonProphecy(fields: { id: string; seq: number; tick: number; createdAt: string }, dataJson: string): NewProphecy {
  const data = parsedOnce<ProphecyData>(dataJson);
  return {
    ...fields,
    dataJson,
    get data() {
      return data();
    },
  };
}

/** An event numbered for storage, keeping a lazily parsed `data` lazy (a spread would parse it). */
export function storedEventOf(event: NewEvent, place: { simulationId: string; seq: number; createdAt: string }): StoredEvent {
  const { dataJson } = event;
  if (dataJson === undefined) return { ...event, ...place };
  const data = parsedOnce<unknown>(dataJson);
  return {
    type: event.type,
    tick: event.tick,
    ...place,
    dataJson,
    get data() {
      return data();
    },
  };
}

/** What one mutation writes, all in one transaction. */
export interface SimulationChanges {
  at: string;
  inputs: NewInput[];
  prophecies: NewProphecy[];
  events: NewEvent[];
  /** Checkpoints of the ticks this change computed; none when left out. */
  checkpoints?: Checkpoint[];
}

export interface NewSimulation {
  id: string;
  organizationId: string;
  scenarioId: string;
  engineVersion: string;
  scenario: ScenarioInput;
  status: LifecycleStatus;
  tick: number;
  state: EngineState;
  snapshot: StoredSnapshot;
  createdAt: string;
  /**
   * A fork's origin; absent for a simulation created from a scenario. A fork **shares** its
   * parent's history up to `atTick` instead of holding a copy: its input log, events, prophecies
   * and checkpoints below that tick are read through the parent (and the parent's parent…), its
   * own rows are what happened after (docs/api.md, "Forks"). Its events are numbered after the
   * inherited ones, as if it had stored them.
   */
  parent?: ForkOrigin;
}

export interface SimulationUpdate extends SimulationChanges {
  simulationId: string;
  expectedVersion: number;
  status: LifecycleStatus;
  tick: number;
  state: EngineState;
  /**
   * The snapshot at `tick`. Left out, the stored one stays: a status change only, or an advance
   * whose head runs past it (`tick` moves, and a restore computes the ticks in between again).
   */
  snapshot?: StoredSnapshot;
  playbackSpeed?: number;
}

export interface DecreeRecord {
  id: string;
  simulationId: string;
  seq: number;
  tick: number;
  type: string;
  payload: Record<string, unknown>;
  createdAt: string;
}

export interface ProphecyRecord {
  id: string;
  simulationId: string;
  seq: number;
  tick: number;
  data: ProphecyData;
  createdAt: string;
}

export interface ListWindow {
  limit: number;
  offset: number;
  order: SortOrder;
}

/** Another writer changed the simulation since it was read (only across processes). */
export class StaleSimulationError extends Error {
  constructor(readonly simulationId: string) {
    super(`simulation ${simulationId} was changed concurrently`);
    this.name = 'StaleSimulationError';
  }
}

/**
 * The simulation feature's storage port, shaped by its use cases. Every method that changes a
 * simulation writes all of it (row, input log, decrees, prophecies, events) in one transaction.
 */
export interface SimulationStore {
  /** Stores a new simulation with what its creation produced (run: every tick's events). */
  create(simulation: NewSimulation, changes: SimulationChanges): Promise<StoredEvent[]>;
  /** Applies one mutation; throws StaleSimulationError when `expectedVersion` is not current. */
  update(update: SimulationUpdate): Promise<StoredEvent[]>;
  /** The record may be shared with other callers (a cached, frozen copy): do not change it. */
  get(id: string): Promise<SimulationRecord | undefined>;
  getRunnable(id: string): Promise<RunnableSimulation | undefined>;
  getReplayInput(id: string): Promise<ReplayInput | undefined>;
  /** The checkpoint with the highest tick at or below `atOrBefore`; undefined when there is none. */
  nearestCheckpoint(simulationId: string, atOrBefore: number): Promise<Checkpoint | undefined>;
  list(filter: { organizationIds: readonly string[]; limit: number; offset: number }): Promise<Page<SimulationRecord>>;
  listDecrees(simulationId: string, window: ListWindow): Promise<Page<DecreeRecord>>;
  /** One decree of the simulation; undefined when it does not exist or belongs to another simulation. */
  getDecree(simulationId: string, decreeId: string): Promise<DecreeRecord | undefined>;
  listProphecies(simulationId: string, window: ListWindow): Promise<Page<ProphecyRecord>>;
  /** Stored events after `afterSeq`, in order (SSE replay for Last-Event-ID). */
  listEvents(simulationId: string, afterSeq: number, limit: number): Promise<StoredEvent[]>;
  /** The direct forks of a simulation, oldest first. */
  listForks(parentId: string): Promise<ForkRecord[]>;
  /** Ids of every simulation in `status`, e.g. those left `playing` by a crash. */
  listIdsByStatus(status: string): Promise<string[]>;
  /** True when the database answers. */
  ping(): Promise<boolean>;
}
