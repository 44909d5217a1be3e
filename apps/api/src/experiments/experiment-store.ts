import type { Tier } from '../identity/auth-context.js';
import type { Page } from '../lib/pagination.js';
import type { MetricValue } from '../engine-data/experiment-metrics.js';
import type { ExperimentSpec } from './experiment-spec.js';
import type { ExperimentStatus } from './experiment-status.js';

export interface ExperimentRecord {
  id: string;
  organizationId: string;
  status: ExperimentStatus;
  /** The submitter's tier: its limit of concurrent experiments applies. */
  tier: Tier;
  scenarioId: string;
  spec: ExperimentSpec;
  combinations: number;
  runsTotal: number;
  runsDone: number;
  runsComputed: number;
  /** The seq of its newest event: the SSE id a stream without Last-Event-ID starts after. */
  lastEventSeq: number;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export type NewExperiment = Omit<ExperimentRecord, 'runsDone' | 'runsComputed' | 'lastEventSeq' | 'error' | 'startedAt' | 'finishedAt' | 'status'>;

/** One finished run of an experiment. */
export interface ExperimentRun {
  combination: number;
  replication: number;
  seed: number;
  inputsHash: string;
  metrics: Record<string, MetricValue>;
  /** This experiment computed it (false: a stored result for the same inputs was reused). */
  computed: boolean;
  finishedAt: string;
  /** The process that recorded it (host:pid), where it was noted: which instance took the run. */
  recordedBy?: string | undefined;
}

/** A stored event of an experiment; its seq is its SSE id. */
export interface ExperimentEvent {
  seq: number;
  type: 'experiment:status' | 'run';
  data: Record<string, unknown>;
}

/** A status change as stored; the times it sets go with it. */
export interface StatusChange {
  status: ExperimentStatus;
  at: string;
  startedAt?: string;
  finishedAt?: string;
  error?: string;
  /**
   * Made only from one of these statuses (another process may have finished or cancelled the
   * experiment meanwhile); any status when absent.
   */
  from?: readonly ExperimentStatus[];
}

/** An organization's experiments not finished yet. */
export interface UnfinishedCount {
  queued: number;
  running: number;
}

/** An event to append, built from the experiment's count of runs done as stored with it. */
export type EventOf = (done: number) => Omit<ExperimentEvent, 'seq'>;

/**
 * Where experiments, their runs and the reusable run results live. Small on purpose: the SQLite
 * store implements it with portable Kysely, and so will the PostgreSQL one.
 */
/** The changing part of an experiment's record. */
export type ExperimentProgress = Pick<ExperimentRecord, 'status' | 'runsDone' | 'runsTotal' | 'lastEventSeq'>;

/** What admitting an unfinished experiment reads of it: not its spec, which can be megabytes to parse. */
export type UnfinishedExperiment = Pick<ExperimentRecord, 'id' | 'organizationId' | 'status' | 'tier' | 'runsDone' | 'runsTotal'>;

export interface ExperimentStore {
  /**
   * Stores a queued experiment and its first event, unless its organization has `room.unfinished`
   * experiments queued or running already: then stores nothing and returns those counts. The
   * count and the insert are one transaction, taken one organization at a time across processes,
   * so that submissions sent together cannot all pass a count none of them has added to yet.
   */
  create(experiment: NewExperiment, event: Omit<ExperimentEvent, 'seq'>, room: { unfinished: number }): Promise<UnfinishedCount | undefined>;
  get(id: string): Promise<ExperimentRecord | undefined>;
  /** The organization an experiment belongs to, without reading its spec (an access check); undefined when there is none. */
  organizationOf(id: string): Promise<string | undefined>;
  /** Where an experiment stands, without its spec (which can be megabytes to parse): for the executor's every batch. */
  progress(id: string): Promise<ExperimentProgress | undefined>;
  list(filter: { organizationIds: readonly string[]; limit: number; offset: number }): Promise<Page<ExperimentRecord>>;
  /**
   * Queued and running experiments of every organization, oldest first, without their specs:
   * what a starting server resumes and every admission weighs, on the event loop.
   */
  listUnfinished(): Promise<UnfinishedExperiment[]>;
  /** Queued and running experiments of one organization. */
  countUnfinished(organizationId: string): Promise<UnfinishedCount>;
  /**
   * Sets the status and appends its event in one transaction; returns the event, or undefined
   * when the experiment is gone or its status is not one of `change.from`.
   */
  setStatus(id: string, change: StatusChange, eventOf: EventOf): Promise<ExperimentEvent | undefined>;
  /** The stored result of a run with these inputs, if any was ever computed. */
  storedResult(inputsHash: string): Promise<Record<string, MetricValue> | undefined>;
  /**
   * Records a finished run in one transaction: its result (when computed), its row, its event,
   * and the experiment's counters. Only while the experiment is running and the run is not stored
   * yet (a run is stored once, whichever process computed it): returns the event, or undefined
   * when nothing was recorded.
   */
  recordRun(experimentId: string, run: ExperimentRun, eventOf: EventOf): Promise<ExperimentEvent | undefined>;
  /** The finished runs, by combination then replication; only those of combinations `from` ≤ c < `to` when given. */
  listRuns(experimentId: string, combinations?: { from: number; to: number }): Promise<ExperimentRun[]>;
  eventsAfter(experimentId: string, afterSeq: number, limit: number): Promise<ExperimentEvent[]>;
  /** How many times the engine computed the result of these inputs (0: never). */
  computations(inputsHash: string): Promise<number>;
}
