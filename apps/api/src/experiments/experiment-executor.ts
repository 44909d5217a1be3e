import { isEngineTaskCancelled, type EngineRunner } from '../engine-work/engine-runner.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { DomainCatalog } from '../scenarios/domain-catalog.js';
import type { ExperimentFeed } from './experiment-feed.js';
import type { ExperimentLimitsTable } from './experiment-limits.js';
import { parseMetric, type MetricSpec, type MetricValue } from '../engine-data/experiment-metrics.js';
import type { ExperimentScheduler } from './experiment-scheduler.js';
import { combinationHasher, combinationScenario, reuseScope, runInputs, simulationRunInputs, type CombinationHasher, type CombinationScenario, type RunInputs } from './experiment-spec.js';
import { TimeSlices } from '../engine-work/time-slices.js';
import { RunResults, type RunResult } from './run-results.js';
import type { ExperimentEvent, ExperimentRecord, ExperimentStore, StatusChange } from './experiment-store.js';
import { inBackground } from '../lib/in-background.js';

export interface ExperimentExecutorDeps {
  store: ExperimentStore;
  engine: EngineRunner;
  domains: DomainCatalog;
  clock: Clock;
  logger: Logger;
  feed: ExperimentFeed;
  limits: ExperimentLimitsTable;
  /** Runs computing at once over every experiment; the server passes its worker count. */
  parallelism: number;
  /** Noted with each run this process records (host:pid); none when absent. */
  instance?: string | undefined;
}

/** The event of a status change: `{ status, done, error? }` (docs/api.md, "Experiments", "Events"). */
export function statusEvent(change: StatusChange, done: number): Omit<ExperimentEvent, 'seq'> {
  const data: Record<string, unknown> = { status: change.status, done };
  if (change.error !== undefined) data.error = change.error;
  return { type: 'experiment:status', data };
}

/** An experiment this process is computing. */
interface ActiveExperiment {
  record: ExperimentRecord;
  metrics: MetricSpec[];
  /** Run indexes (combination × replications + replication) finished, stored or in this process. */
  done: Set<number> | undefined;
  next: number;
  inFlight: number;
  /** Set by cancel, failure or shutdown: no further run is started or recorded. */
  stopped: boolean;
  abort: AbortController;
  /** Writes of this experiment, one at a time; cancel waits for the one under way. */
  writes: Promise<unknown>;
  /** The combination whose scenario was built last (runs go combination by combination); scenario and domain bases. */
  scenario: { combination: number; built: CombinationScenario; hasher: CombinationHasher | undefined } | undefined;
  /** When this process started it, and how many runs it finished since: the pace for the estimate. */
  resumedAt: number;
  finishedHere: number;
}

/**
 * Computes experiments as jobs on the engine's worker pool (docs/api.md, "Experiments"). Every
 * queued or running experiment is resumed at start; its stored runs are not computed again.
 * At most `parallelism` runs compute at once over all experiments, so requests that need the
 * engine wait behind at most that many runs, and an organization has at most its tier's number of
 * experiments running, the rest queued in submission order. Each finished run is stored in one
 * transaction with its event, then published. A run whose inputs hash the same as a stored
 * result reuses it; one computing in this process right now is awaited rather than computed twice.
 */
export class ExperimentExecutor implements ExperimentScheduler {
  private readonly active = new Map<string, ActiveExperiment>();
  private readonly waiting: ExperimentRecord[] = [];
  /** Stored, computing here, or computed now: one computing now is awaited rather than computed twice. */
  private readonly results: RunResults;
  private inFlight = 0;
  private closed = false;
  /** Runs follow each other without I/O when their results are reused: the loop gets a turn between slices. */
  private readonly slices = new TimeSlices();

  constructor(private readonly deps: ExperimentExecutorDeps) {
    this.results = new RunResults(deps);
  }

  /** Picks up every unfinished experiment of the database (after a restart, or a crash). */
  async resume(): Promise<number> {
    const unfinished = await this.deps.store.listUnfinished();
    for (const record of unfinished) this.waiting.push(record);
    this.pump();
    return unfinished.length;
  }

  enqueue(record: ExperimentRecord): void {
    if (this.closed) return;
    this.waiting.push(record);
    this.pump();
  }

  /** Seconds left at the pace of this process so far; null when not running here or before its first run. */
  estimateSecondsLeft(record: ExperimentRecord): number | null {
    const experiment = this.active.get(record.id);
    if (experiment === undefined || experiment.finishedHere === 0) return null;
    const elapsed = (this.deps.clock.now().getTime() - experiment.resumedAt) / 1000;
    const left = experiment.record.runsTotal - (experiment.done?.size ?? 0);
    return Math.round(((elapsed / experiment.finishedHere) * left) * 10) / 10;
  }

  /**
   * Stops an experiment: no run starts or is recorded after this returns (the runs computing
   * are ended on their workers, a write under way finishes first), finished runs stay stored.
   * Returns false when it had already finished.
   */
  async cancel(id: string): Promise<boolean> {
    const experiment = this.active.get(id);
    if (experiment !== undefined) {
      this.stop(experiment);
      await experiment.writes.catch(() => undefined);
      this.active.delete(id);
    }
    const index = this.waiting.findIndex((r) => r.id === id);
    if (index >= 0) this.waiting.splice(index, 1);
    const record = await this.deps.store.get(id);
    if (record === undefined || (record.status !== 'queued' && record.status !== 'running')) return false;
    await this.changeStatus(id, { status: 'cancelled', at: this.now(), finishedAt: this.now() });
    this.pump();
    return true;
  }

  /** Shutdown: runs computing are ended, nothing more is recorded; unfinished experiments resume at the next start. */
  async close(): Promise<void> {
    this.closed = true;
    this.waiting.length = 0;
    const writes = [...this.active.values()].map((experiment) => {
      this.stop(experiment);
      return experiment.writes.catch(() => undefined);
    });
    await Promise.all(writes);
    this.active.clear();
  }

  private now(): string {
    return this.deps.clock.now().toISOString();
  }

  private stop(experiment: ActiveExperiment): void {
    experiment.stopped = true;
    experiment.abort.abort();
  }

  /** Starts the experiments that may start, then fills the free run slots, experiments taking turns. */
  private pump(): void {
    if (this.closed) return;
    for (let i = 0; i < this.waiting.length; ) {
      const record = this.waiting[i] as ExperimentRecord;
      const running = [...this.active.values()].filter((e) => e.record.organizationId === record.organizationId).length;
      if (running >= this.deps.limits[record.tier].concurrent) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      void this.start(record).catch((error: unknown) => this.deps.logger.error('experiment could not start', { experimentId: record.id, error: String(error) }));
      // start() registers the experiment synchronously; the loop sees it as running.
    }
    let progressed = true;
    while (this.inFlight < this.deps.parallelism && progressed) {
      progressed = false;
      for (const experiment of this.active.values()) {
        if (this.inFlight >= this.deps.parallelism) break;
        const index = this.nextRun(experiment);
        if (index === undefined) continue;
        progressed = true;
        this.inFlight++;
        experiment.inFlight++;
        const run = this.runOne(experiment, index).finally(() => {
          this.inFlight--;
          experiment.inFlight--;
          this.pump();
        });
        inBackground(run, this.deps.logger, 'experiments: a run failed', { experimentId: experiment.record.id, index });
      }
    }
  }

  private nextRun(experiment: ActiveExperiment): number | undefined {
    const done = experiment.done;
    if (experiment.stopped || done === undefined) return undefined;
    while (experiment.next < experiment.record.runsTotal && done.has(experiment.next)) experiment.next++;
    if (experiment.next >= experiment.record.runsTotal) return undefined;
    return experiment.next++;
  }

  private async start(record: ExperimentRecord): Promise<void> {
    const metrics = record.spec.metrics.map((key) => {
      const parsed = parseMetric(key);
      if (typeof parsed === 'string') throw new Error(`stored metric ${key} no longer parses: ${parsed}`);
      return parsed;
    });
    const experiment: ActiveExperiment = {
      record,
      metrics,
      // Read below, before any run is picked (nextRun skips an experiment without it).
      done: undefined,
      next: 0,
      inFlight: 0,
      stopped: false,
      abort: new AbortController(),
      writes: Promise.resolve(),
      scenario: undefined,
      resumedAt: this.deps.clock.now().getTime(),
      finishedHere: 0,
    };
    this.active.set(record.id, experiment);
    // In the write queue, so that a cancel arriving meanwhile waits for it and has the last word.
    const starting = (async () => {
      const replications = record.spec.replications;
      const stored = await this.deps.store.listRuns(record.id);
      experiment.done = new Set(stored.map((run) => run.combination * replications + run.replication));
      if (experiment.stopped) return;
      if (record.status === 'queued') {
        const at = this.now();
        await this.changeStatus(record.id, { status: 'running', at, startedAt: at });
      }
      if (experiment.done.size >= record.runsTotal) await this.complete(experiment);
    })();
    experiment.writes = starting.catch(() => undefined);
    await starting;
    this.pump();
  }

  private async runOne(experiment: ActiveExperiment, index: number): Promise<void> {
    const { spec } = experiment.record;
    const combination = Math.floor(index / spec.replications);
    const replication = index % spec.replications;
    try {
      // A reused run is a read and a write, resolved at once: without this, a whole experiment
      // of them would run as one chain of promises and hold the event loop to its end.
      await this.slices.pause();
      if (experiment.stopped) return;
      const inputs = this.runInputsOf(experiment, combination, replication);
      const { metrics, computed } = await this.metricsOf(experiment, inputs);
      await this.record(experiment, inputs, metrics, computed);
    } catch (error) {
      if (experiment.stopped || isEngineTaskCancelled(error)) return;
      // A run never rejects: nobody awaits it, and the failure is the experiment's, stored.
      await this.fail(experiment, error).catch((stored: unknown) =>
        this.deps.logger.error('experiment failure could not be stored', { experimentId: experiment.record.id, error: String(stored) }),
      );
    }
  }

  /** What run (c, r) computes: its combination's scenario with its seed, or the simulation base with its reseed and changes. */
  private runInputsOf(experiment: ActiveExperiment, combination: number, replication: number): RunInputs {
    const { spec } = experiment.record;
    const scope = reuseScope(spec, experiment.record.organizationId);
    if (spec.base.kind === 'simulation') return simulationRunInputs(spec, spec.base, combination, replication, scope);
    if (experiment.scenario?.combination !== combination) {
      const built = combinationScenario(spec, combination, this.deps.domains);
      experiment.scenario = { combination, built, hasher: built.ok ? combinationHasher(spec, built.scenario, scope) : undefined };
    }
    const { built, hasher } = experiment.scenario;
    if (!built.ok) throw new Error(`combination ${combination}: ${built.message}`);
    return runInputs(spec, built.scenario, combination, replication, scope, hasher);
  }

  private metricsOf(experiment: ActiveExperiment, inputs: RunInputs): Promise<RunResult> {
    return this.results.of(experiment.record.spec, experiment.metrics, inputs, experiment.abort.signal);
  }


  private async record(experiment: ActiveExperiment, inputs: RunInputs, metrics: Record<string, MetricValue>, computed: boolean): Promise<void> {
    const write = experiment.writes.then(async () => {
      if (experiment.stopped) return;
      const index = inputs.combination * experiment.record.spec.replications + inputs.replication;
      const finished = experiment.done ?? new Set<number>();
      const finishedAt = this.now();
      const run = { combination: inputs.combination, replication: inputs.replication, seed: inputs.seed, inputsHash: inputs.hash, metrics, computed, finishedAt, recordedBy: this.deps.instance };
      const event = await this.deps.store.recordRun(experiment.record.id, run, (done) => ({
        type: 'run',
        data: { combination: inputs.combination, replication: inputs.replication, seed: inputs.seed, metrics, computed, done, total: experiment.record.runsTotal },
      }));
      // This process alone records its experiments' runs: nothing else can have stored this one.
      if (event === undefined) throw new Error(`experiment ${experiment.record.id} stopped running while recording run ${index}`);
      finished.add(index);
      experiment.finishedHere++;
      this.publish(experiment.record.id, event);
      if (finished.size >= experiment.record.runsTotal) await this.complete(experiment);
    });
    experiment.writes = write.catch(() => undefined);
    await write;
  }

  private async complete(experiment: ActiveExperiment): Promise<void> {
    if (experiment.stopped) return;
    experiment.stopped = true;
    const at = this.now();
    await this.changeStatus(experiment.record.id, { status: 'completed', at, finishedAt: at });
    this.active.delete(experiment.record.id);
  }

  private async fail(experiment: ActiveExperiment, error: unknown): Promise<void> {
    if (experiment.stopped) return;
    this.stop(experiment);
    const message = error instanceof Error ? error.message : String(error);
    this.deps.logger.error('experiment failed', { experimentId: experiment.record.id, error: message });
    await experiment.writes.catch(() => undefined);
    const at = this.now();
    await this.changeStatus(experiment.record.id, { status: 'failed', at, finishedAt: at, error: message });
    this.active.delete(experiment.record.id);
    this.pump();
  }

  private async changeStatus(id: string, change: StatusChange): Promise<void> {
    const event = await this.deps.store.setStatus(id, change, (done) => statusEvent(change, done));
    if (event !== undefined) this.publish(id, event);
  }

  private publish(id: string, event: ExperimentEvent): void {
    this.deps.feed.publish(id, event);
  }
}
