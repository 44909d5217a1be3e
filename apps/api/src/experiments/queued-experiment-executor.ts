import type { Announcements, SimulationLocks } from '../coordination/coordination.js';
import { isEngineTaskCancelled, type EngineRunner } from '../engine-work/engine-runner.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { DomainCatalog } from '../scenarios/domain-catalog.js';
import type { ExperimentFeed } from './experiment-feed.js';
import type { ExperimentLimitsTable } from './experiment-limits.js';
import { parseMetric, type MetricSpec, type MetricValue } from '../engine-data/experiment-metrics.js';
import type { ExperimentScheduler } from './experiment-scheduler.js';
import {
  combinationHasher,
  combinationScenario,
  reuseScope,
  runInputs,
  simulationRunInputs,
  type CombinationHasher,
  type CombinationScenario,
  type RunInputs,
} from './experiment-spec.js';
import { TimeSlices } from '../engine-work/time-slices.js';
import { RunResults, type RunResult } from './run-results.js';
import { isUnfinished, type ExperimentStatus } from './experiment-status.js';
import type { ExperimentEvent, ExperimentProgress, ExperimentRecord, ExperimentStore, StatusChange } from './experiment-store.js';
import type { RunBatch, RunQueue } from './run-queue.js';
import { inBackground } from '../lib/in-background.js';

export interface QueuedExperimentExecutorDeps {
  store: ExperimentStore;
  /** In memory for one process (MemoryRunQueue), shared in PostgreSQL by several (PgBossRunQueue). */
  queue: RunQueue;
  /** Experiments are started under one of these locks, by one process at a time over every process. */
  locks: SimulationLocks;
  /** Heard when another process stored an experiment's events: idle takers look for batches. */
  announcements: Announcements;
  /** Follows the experiment's events (with several processes, every process's): how a cancel elsewhere is heard. */
  feed: ExperimentFeed;
  engine: EngineRunner;
  domains: DomainCatalog;
  clock: Clock;
  logger: Logger;
  limits: ExperimentLimitsTable;
  /** Batches this process computes at once; the server passes its worker count. */
  parallelism: number;
  /** Noted with each run this process records (host:pid); none when absent. */
  instance?: string | undefined;
  /** How often queued experiments are looked at, should the process that was to start them have died; default 5 000 ms. */
  sweepMs?: number;
  /**
   * Where `estimatedSecondsLeft` takes its pace from (docs/api.md, "Experiments", "Statuses"):
   * `process`, the runs this process recorded since it took the experiment up (one server);
   * `experiment`, every run since the experiment started, over every process (default).
   */
  pace?: 'process' | 'experiment';
}

/** The event of a status change: `{ status, done, error? }` (docs/api.md, "Experiments", "Events"). */
export function statusEvent(change: StatusChange, done: number): Omit<ExperimentEvent, 'seq'> {
  const data: Record<string, unknown> = { status: change.status, done };
  if (change.error !== undefined) data.error = change.error;
  return { type: 'experiment:status', data };
}

/** The key of the lock under which experiments are started, over every process. */
const ADMISSION_LOCK = 'experiments:admission';
/** Batches per experiment at least (when it has as many runs), so that every process gets some. */
const BATCHES_PER_EXPERIMENT = 64;
/** Runs per batch at most: a batch is what a process takes, and gives back when it stops. */
const MAX_BATCH_RUNS = 25;
/** Scenarios built per experiment kept in memory (batches of one experiment run side by side). */
const SCENARIO_CACHE = 8;
/**
 * Experiments whose record (spec) and built scenarios are kept between their batches: a batch
 * taken after the last one of the same experiment ended would otherwise parse its spec and
 * build and hash its combination again (megabytes of JSON for a large world, on the event loop).
 */
const EXPERIMENTS_CACHED = 8;

type ScenarioCache = Map<number, Promise<{ built: CombinationScenario; hasher: CombinationHasher | undefined }>>;

/** What is kept of an experiment between its batches (see EXPERIMENTS_CACHED). */
interface ExperimentCache {
  /** As read when first taken up here; its progress is read afresh for every batch. */
  record: ExperimentRecord | undefined;
  scenarios: ScenarioCache;
}

/** Thrown by a batch's handler to hand the batch back to the queue (shutdown, not started yet). */
class HandBack extends Error {}

/** Runs per batch of an experiment. */
export function batchSize(runsTotal: number): number {
  return Math.max(1, Math.min(MAX_BATCH_RUNS, Math.ceil(runsTotal / BATCHES_PER_EXPERIMENT)));
}

/** An experiment's batches, the n-th with turn `offset + n`. */
export function batchesOf(record: Pick<ExperimentRecord, 'id' | 'runsTotal'>, offset: number): RunBatch[] {
  const size = batchSize(record.runsTotal);
  const batches: RunBatch[] = [];
  for (let n = 0, from = 0; from < record.runsTotal; n++, from += size) {
    batches.push({ experimentId: record.id, from, to: Math.min(record.runsTotal, from + size), turn: offset + n });
  }
  return batches;
}

/** The stored metric names parsed, or why one no longer parses. */
function parseMetrics(keys: readonly string[]): MetricSpec[] | string {
  const metrics: MetricSpec[] = [];
  for (const key of keys) {
    const parsed = parseMetric(key);
    if (typeof parsed === 'string') return `stored metric ${key} no longer parses: ${parsed}`;
    metrics.push(parsed);
  }
  return metrics;
}

/** An experiment whose batches this process is computing. */
interface LocalExperiment {
  record: ExperimentRecord;
  metrics: MetricSpec[];
  /** Batches of it under way here. */
  batches: number;
  /** Cancelled, failed or completed: no further run starts here. */
  stopped: boolean;
  abort: AbortController;
  /** As promises: runs of one combination in parallel share its one translation. */
  scenarios: ScenarioCache;
  unfollow: () => void;
}

/**
 * Computes experiments as batches of runs taken from a RunQueue, on the engine's workers
 * (docs/api.md, "Experiments"; docs/operations.md, "Experiments on several instances"): the
 * same code whether the queue is this process's memory (one server on an embedded database)
 * or shared in PostgreSQL by several processes. An experiment is started, in its organization's submission order and
 * within its tier's running limit, by whichever process holds the admission lock: its runs are
 * queued as batches in the shared RunQueue, then its status becomes running. Every process takes
 * batches, at most `parallelism` at once, and computes their runs on its engine workers, one by
 * one, skipping those already stored. A run is recorded only while the experiment runs and only
 * once (storage refuses a second row), so a batch taken again after its process died stores
 * nothing twice. The process recording the last run completes the experiment; a cancel or a
 * failure is stored, then heard by the others through the shared feed, which end their runs of it.
 */
export class QueuedExperimentExecutor implements ExperimentScheduler {
  private readonly local = new Map<string, LocalExperiment>();
  /** Records and built scenarios by experiment, kept between batches (see EXPERIMENTS_CACHED). */
  private readonly caches = new Map<string, ExperimentCache>();
  /** Stored, computing here, or computed now: one computing now is awaited rather than computed twice. */
  private readonly results: RunResults;
  private closed = false;
  private taking = false;
  /** Reused runs follow each other without I/O: the loop gets a turn between slices. */
  private readonly slices = new TimeSlices();
  private sweepTimer: NodeJS.Timeout | undefined;
  private stopWaking: () => void = () => {};
  private sweeping: Promise<number> | undefined;
  private sweepAgain = false;

  /** With `pace: 'process'`: when this process took each running experiment up, and the runs it recorded since. */
  private readonly paces = new Map<string, { since: number; recorded: number }>();

  constructor(private readonly deps: QueuedExperimentExecutorDeps) {
    this.results = new RunResults(deps);
  }

  async resume(): Promise<number> {
    this.startTaking();
    // Batches of running experiments are queued again (those still queued are not duplicated):
    // nothing is lost should the queue have lost any (an in-memory queue loses all at a restart).
    return this.admit(true);
  }

  enqueue(): void {
    // An app that never resumed (tests build one per database) takes batches from its first experiment on.
    this.startTaking();
    this.sweepSoon();
  }

  /** Starts taking batches from the queue, once. */
  private startTaking(): void {
    if (this.taking || this.closed) return;
    this.taking = true;
    this.deps.queue.work(this.deps.parallelism, (batch) => this.take(batch));
    this.stopWaking = this.deps.announcements.listen('experiment', () => this.deps.queue.wake());
    this.sweepTimer = setInterval(() => this.sweepSoon(), this.deps.sweepMs ?? 5_000);
    this.sweepTimer.unref();
  }

  estimateSecondsLeft(record: ExperimentRecord): number | null {
    if (this.deps.pace === 'process') {
      const pace = this.paces.get(record.id);
      if (record.status !== 'running' || pace === undefined || pace.recorded === 0) return null;
      const elapsed = (this.deps.clock.now().getTime() - pace.since) / 1000;
      return Math.round((elapsed / pace.recorded) * (record.runsTotal - record.runsDone) * 10) / 10;
    }
    if (record.status !== 'running' || record.startedAt === null || record.runsDone === 0) return null;
    const elapsed = (this.deps.clock.now().getTime() - Date.parse(record.startedAt)) / 1000;
    const left = record.runsTotal - record.runsDone;
    return Math.round((elapsed / record.runsDone) * left * 10) / 10;
  }

  async cancel(id: string): Promise<boolean> {
    const record = await this.deps.store.get(id);
    if (record === undefined || !isUnfinished(record.status)) return false;
    const at = this.now();
    if (!(await this.changeStatus(id, { status: 'cancelled', at, finishedAt: at, from: ['queued', 'running'] }))) return false;
    this.stopLocal(id);
    await this.deps.queue
      .discard(batchesOf(record, 0))
      .catch((error: unknown) =>
        this.deps.logger.warn('experiments: could not discard the batches of a cancelled experiment', { experimentId: id, error: String(error) }),
      );
    this.sweepSoon();
    return true;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweepTimer);
    this.stopWaking();
    // Runs computing are ended; their batches go back to the queue for another process.
    for (const experiment of this.local.values()) experiment.abort.abort();
    await this.deps.queue.stop();
    await this.sweeping?.catch(() => undefined);
  }

  private now(): string {
    return this.deps.clock.now().toISOString();
  }

  /** A sweep nobody waits for (sweep logs its own failures; inBackground is the last net). */
  private sweepSoon(): void {
    inBackground(this.sweep(), this.deps.logger, 'experiments: sweep failed');
  }

  /** A pass of admit, coalesced: one at a time in this process, another after it when asked meanwhile. */
  private sweep(): Promise<number> {
    this.sweepAgain = true;
    if (this.sweeping !== undefined) return this.sweeping;
    const run = async (): Promise<number> => {
      let count = 0;
      try {
        while (this.sweepAgain && !this.closed) {
          this.sweepAgain = false;
          count = await this.admit(false);
        }
      } catch (error) {
        this.deps.logger.warn('experiments: could not start queued experiments (tried again shortly)', { error: String(error) });
      } finally {
        this.sweeping = undefined;
      }
      return count;
    };
    this.sweeping = run();
    return this.sweeping;
  }

  /**
   * Under the admission lock, over every process: completes running experiments whose runs are
   * all stored (their last recorder died before it could), and starts queued ones in submission
   * order while their organization runs fewer than its tier allows. Returns the unfinished count.
   */
  private admit(requeueRunning: boolean): Promise<number> {
    return this.deps.locks.run(ADMISSION_LOCK, async () => {
      const unfinished = await this.deps.store.listUnfinished();
      const running = new Map<string, number>();
      let turn = 0;
      for (const record of unfinished) {
        if (record.status !== 'running') continue;
        if (record.runsDone >= record.runsTotal) {
          await this.complete(record.id);
          continue;
        }
        running.set(record.organizationId, (running.get(record.organizationId) ?? 0) + 1);
        // A new experiment's first batch takes the turn of the running one furthest on.
        turn = Math.max(turn, Math.floor(record.runsDone / batchSize(record.runsTotal)));
        if (requeueRunning) await this.deps.queue.send(batchesOf(record, 0));
      }
      for (const record of unfinished) {
        if (record.status !== 'queued' || this.closed) continue;
        const runningNow = running.get(record.organizationId) ?? 0;
        if (runningNow >= this.deps.limits[record.tier].concurrent) continue;
        // Queued first, then running: a process that takes a batch before the status changes
        // waits for this lock (see take), and one that dies in between leaves batches that the
        // next pass finds the experiment for.
        await this.deps.queue.send(batchesOf(record, turn));
        const at = this.now();
        if (await this.changeStatus(record.id, { status: 'running', at, startedAt: at, from: ['queued'] })) {
          running.set(record.organizationId, runningNow + 1);
          this.deps.logger.info('experiments: started', { experimentId: record.id, runs: record.runsTotal });
        }
      }
      return unfinished.length;
    });
  }

  /** One batch taken from the queue (see RunQueue): resolves when done, throws HandBack to give it back. */
  private async take(batch: RunBatch): Promise<void> {
    if (this.closed) throw new HandBack('stopping');
    let progress = await this.deps.store.progress(batch.experimentId);
    if (progress?.status === 'queued') {
      // Taken between the batches being queued and the status change: that pass holds the lock.
      await this.sweep();
      progress = await this.deps.store.progress(batch.experimentId);
      if (progress?.status === 'queued') throw new HandBack('experiment not started yet');
    }
    if (progress === undefined || progress.status !== 'running') return;
    const record = await this.recordOf(batch.experimentId, progress);
    if (record === undefined) return;
    const metrics = parseMetrics(record.spec.metrics);
    if (typeof metrics === 'string') {
      await this.fail(record.id, new Error(metrics));
      return;
    }
    const experiment = this.join(record, metrics);
    try {
      const replications = record.spec.replications;
      const stored = await this.deps.store.listRuns(record.id, {
        from: Math.floor(batch.from / replications),
        to: Math.floor((batch.to - 1) / replications) + 1,
      });
      const done = new Set(stored.map((run) => run.combination * replications + run.replication));
      // Whether every run of the batch was recorded here: then the one that recorded the last
      // run of the experiment (if it is in this batch) completed it already.
      let recordedAll = done.size === 0;
      for (let index = batch.from; index < batch.to; index++) {
        if (experiment.stopped || this.closed) break;
        if (done.has(index)) continue;
        await this.slices.pause();
        if (!(await this.runOne(experiment, index))) recordedAll = false;
      }
      if (this.closed && !experiment.stopped) throw new HandBack('stopping');
      if (!experiment.stopped && !recordedAll) {
        // The last run may have been recorded by a process that died before completing it.
        const now = await this.deps.store.progress(record.id);
        if (now !== undefined && now.status === 'running' && now.runsDone >= now.runsTotal) await this.complete(record.id);
      }
    } finally {
      this.leave(experiment);
    }
  }

  /** Registers a batch of the experiment in this process; follows its events to hear a cancel from elsewhere. */
  private join(record: ExperimentRecord, metrics: MetricSpec[]): LocalExperiment {
    const existing = this.local.get(record.id);
    if (existing !== undefined) {
      existing.batches++;
      return existing;
    }
    const experiment: LocalExperiment = {
      record,
      metrics,
      batches: 1,
      stopped: false,
      abort: new AbortController(),
      scenarios: this.cacheOf(record.id).scenarios,
      unfollow: () => {},
    };
    this.local.set(record.id, experiment);
    if (this.deps.pace === 'process' && !this.paces.has(record.id)) this.paces.set(record.id, { since: this.deps.clock.now().getTime(), recorded: 0 });
    experiment.unfollow = this.deps.feed.listen(
      record.id,
      (event) => {
        if (event.type === 'experiment:status' && !isUnfinished(event.data.status as ExperimentStatus)) this.stopLocal(record.id);
      },
      record.lastEventSeq,
    );
    return experiment;
  }

  /** What is kept of the experiment between batches, for the most recent EXPERIMENTS_CACHED experiments. */
  private cacheOf(id: string): ExperimentCache {
    const cache = this.caches.get(id) ?? { record: undefined, scenarios: new Map() };
    // Map order is insertion order: the one used now goes last, the least recent first.
    this.caches.delete(id);
    this.caches.set(id, cache);
    if (this.caches.size > EXPERIMENTS_CACHED) this.caches.delete(this.caches.keys().next().value as string);
    return cache;
  }

  /** The experiment's record with its progress as just read: the spec parsed once per experiment here. */
  private async recordOf(id: string, progress: ExperimentProgress): Promise<ExperimentRecord | undefined> {
    const cache = this.cacheOf(id);
    cache.record ??= await this.deps.store.get(id);
    return cache.record === undefined ? undefined : { ...cache.record, ...progress };
  }

  private leave(experiment: LocalExperiment): void {
    experiment.batches--;
    if (experiment.batches > 0) return;
    experiment.unfollow();
    if (this.local.get(experiment.record.id) === experiment) this.local.delete(experiment.record.id);
  }

  /** No further run of it starts or is recorded here; those computing are ended on their workers. */
  private stopLocal(id: string): void {
    const experiment = this.local.get(id);
    if (experiment === undefined || experiment.stopped) return;
    experiment.stopped = true;
    experiment.abort.abort();
  }

  /**
   * Computes (or reuses) one run and records it; true when it was recorded here. A failure to
   * build or compute the run is the experiment's, stored; a failure of storage throws, and the
   * batch goes back to the queue.
   */
  private async runOne(experiment: LocalExperiment, index: number): Promise<boolean> {
    const { record } = experiment;
    const combination = Math.floor(index / record.spec.replications);
    const replication = index % record.spec.replications;
    let outcome: { inputs: RunInputs; metrics: Record<string, MetricValue>; computed: boolean };
    try {
      const inputs = await this.runInputsOf(experiment, combination, replication);
      outcome = { inputs, ...(await this.metricsOf(experiment, inputs)) };
    } catch (error) {
      if (experiment.stopped || this.closed || isEngineTaskCancelled(error)) return false;
      await this.fail(record.id, error);
      return false;
    }
    // A run finished while this process stops is still worth storing; one of a cancelled experiment is not.
    if (experiment.stopped) return false;
    const { inputs, metrics, computed } = outcome;
    const run = {
      combination,
      replication,
      seed: inputs.seed,
      inputsHash: inputs.hash,
      metrics,
      computed,
      finishedAt: this.now(),
      recordedBy: this.deps.instance,
    };
    const event = await this.deps.store.recordRun(record.id, run, (done) => ({
      type: 'run',
      data: { combination, replication, seed: inputs.seed, metrics, computed, done, total: record.runsTotal },
    }));
    // Nothing recorded: the experiment stopped running, or another process stored this run first.
    if (event === undefined) return false;
    this.deps.feed.publish(record.id, event);
    const pace = this.paces.get(record.id);
    if (pace !== undefined) pace.recorded++;
    if ((event.data.done as number) >= record.runsTotal) await this.complete(record.id);
    return true;
  }

  /** What run (c, r) computes: its combination's scenario with its seed, or the simulation base with its reseed and changes. */
  private async runInputsOf(experiment: LocalExperiment, combination: number, replication: number): Promise<RunInputs> {
    const { spec } = experiment.record;
    const scope = reuseScope(spec, experiment.record.organizationId);
    if (spec.base.kind === 'simulation') return simulationRunInputs(spec, spec.base, combination, replication, scope);
    const { built, hasher } = await this.scenarioOf(experiment, combination, scope);
    if (!built.ok) throw new Error(`combination ${combination}: ${built.message}`);
    return runInputs(spec, built.scenario, combination, replication, scope, hasher);
  }

  private scenarioOf(
    experiment: LocalExperiment,
    combination: number,
    scope: string | undefined,
  ): Promise<{ built: CombinationScenario; hasher: CombinationHasher | undefined }> {
    let entry = experiment.scenarios.get(combination);
    if (entry === undefined) {
      // A domain base's combination is translated on an engine worker (docs/api.md, "Where it runs").
      const { spec } = experiment.record;
      entry = combinationScenario(spec, combination, this.deps.domains, experiment.abort.signal).then((built) => ({
        built,
        hasher: built.ok ? combinationHasher(spec, built.scenario, scope) : undefined,
      }));
      experiment.scenarios.set(combination, entry);
      // Map order is insertion order: the oldest goes first.
      if (experiment.scenarios.size > SCENARIO_CACHE) experiment.scenarios.delete(experiment.scenarios.keys().next().value as number);
    }
    return entry;
  }

  private metricsOf(experiment: LocalExperiment, inputs: RunInputs): Promise<RunResult> {
    return this.results.of(experiment.record.spec, experiment.metrics, inputs, experiment.abort.signal);
  }

  private async complete(id: string): Promise<void> {
    const at = this.now();
    if (await this.changeStatus(id, { status: 'completed', at, finishedAt: at, from: ['running'] })) {
      this.deps.logger.info('experiments: completed', { experimentId: id });
      this.stopLocal(id);
      // Its organization may start the next one.
      this.sweepSoon();
    }
  }

  private async fail(id: string, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    this.stopLocal(id);
    this.deps.logger.error('experiment failed', { experimentId: id, error: message });
    const at = this.now();
    if (await this.changeStatus(id, { status: 'failed', at, finishedAt: at, error: message, from: ['running'] })) this.sweepSoon();
  }

  /** Stores the change and publishes its event; false when the status was not one of `change.from`. */
  private async changeStatus(id: string, change: StatusChange): Promise<boolean> {
    const event = await this.deps.store.setStatus(id, change, (done) => statusEvent(change, done));
    if (event === undefined) return false;
    if (!isUnfinished(change.status)) {
      this.paces.delete(id);
      this.caches.delete(id);
    }
    this.deps.feed.publish(id, event);
    return true;
  }
}
