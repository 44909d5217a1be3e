import type { PlaybackProgress, PlaybackTarget } from './playback-controller.js';
import type { SimulationRecord } from './simulation-store.js';
import { SimulationCommits, type SimulationServiceDeps } from './simulation-commits.js';
import { SimulationHistoryReads } from './simulation-history-reads.js';
import { SimulationLifecycle } from './simulation-lifecycle.js';
import { SimulationMutations } from './simulation-mutations.js';
import { SimulationPlayback } from './simulation-playback.js';

export type { SimulationServiceDeps, TraceMetadata, TraceStream } from './simulation-commits.js';
export type { CreateSimulationInput } from './simulation-lifecycle.js';
export type { RunProgress, RunStop } from './run-progress.js';
export { COMPUTE_LIMIT_REASON, STORAGE_LIMIT_REASON, type TimeControlAction } from './simulation-playback.js';
export { estimateReplay, type DecreeView, type ProphecyView } from './simulation-history-reads.js';

/**
 * The simulation use cases, one file each, over one commit path (SimulationCommits):
 * creating (SimulationLifecycle), changing (SimulationMutations), playing
 * (SimulationPlayback) and reading (SimulationHistoryReads). The routes hold this one object;
 * each method is the use case's own.
 */
export class SimulationService implements PlaybackTarget {
  readonly lifecycle: SimulationLifecycle;
  readonly mutations: SimulationMutations;
  readonly playback: SimulationPlayback;
  readonly history: SimulationHistoryReads;
  private readonly commits: SimulationCommits;

  constructor(deps: SimulationServiceDeps) {
    this.commits = new SimulationCommits(deps);
    this.lifecycle = new SimulationLifecycle(this.commits);
    this.mutations = new SimulationMutations(this.commits);
    this.playback = new SimulationPlayback(this.commits);
    this.history = new SimulationHistoryReads(this.commits);
    this.commits.attachPlayback(deps.playback, this.playback);
  }

  /** How created simulations are counted (forks are counted the same way). */
  get usage(): SimulationCommits['usage'] {
    return this.commits.usage;
  }

  /** Where the engine computes (the live streams' history replays and forks use it too). */
  get engine(): SimulationCommits['engine'] {
    return this.commits.engine;
  }

  /** What each request's engine work is weighed against (forks and compares too). */
  get work(): SimulationCommits['work'] {
    return this.commits.work;
  }

  /** What each request's stored history is weighed against (forks too). */
  get storage(): SimulationCommits['storage'] {
    return this.commits.storage;
  }

  // Lifecycle
  create: SimulationLifecycle['create'] = (...args) => this.lifecycle.create(...args);
  run: SimulationLifecycle['run'] = (...args) => this.lifecycle.run(...args);
  runStreamed: SimulationLifecycle['runStreamed'] = (...args) => this.lifecycle.runStreamed(...args);
  // Mutations
  step: SimulationMutations['step'] = (...args) => this.mutations.step(...args);
  setAgentPolicy: SimulationMutations['setAgentPolicy'] = (...args) => this.mutations.setAgentPolicy(...args);
  submitDecree: SimulationMutations['submitDecree'] = (...args) => this.mutations.submitDecree(...args);
  // Playback
  timeControl: SimulationPlayback['timeControl'] = (...args) => this.playback.timeControl(...args);
  recoverInterruptedPlayback: SimulationPlayback['recoverInterruptedPlayback'] = () => this.playback.recoverInterruptedPlayback();
  adoptOrphanedPlayback: SimulationPlayback['adoptOrphanedPlayback'] = () => this.playback.adoptOrphanedPlayback();
  close: SimulationPlayback['close'] = () => this.playback.close();
  // History reads
  get: SimulationHistoryReads['get'] = (...args) => this.history.get(...args);
  list: SimulationHistoryReads['list'] = (...args) => this.history.list(...args);
  listDecrees: SimulationHistoryReads['listDecrees'] = (...args) => this.history.listDecrees(...args);
  getDecree: SimulationHistoryReads['getDecree'] = (...args) => this.history.getDecree(...args);
  listProphecies: SimulationHistoryReads['listProphecies'] = (...args) => this.history.listProphecies(...args);
  runTrace: SimulationHistoryReads['runTrace'] = (...args) => this.history.runTrace(...args);
  trace: SimulationHistoryReads['trace'] = (...args) => this.history.trace(...args);
  stateAt: SimulationHistoryReads['stateAt'] = (...args) => this.history.stateAt(...args);
  admitReplay: SimulationHistoryReads['admitReplay'] = (...args) => this.history.admitReplay(...args);
  eventsAfter: SimulationHistoryReads['eventsAfter'] = (...args) => this.history.eventsAfter(...args);

  advancePlayback(simulationId: string, ticks: number, signal?: AbortSignal): Promise<PlaybackProgress> {
    return this.playback.advancePlayback(simulationId, ticks, signal);
  }

  haltPlayback(simulationId: string, reason: string): Promise<void> {
    return this.playback.haltPlayback(simulationId, reason);
  }

  whileQuiet<T>(simulationId: string, task: (simulation: SimulationRecord) => T): Promise<T | undefined> {
    return this.history.whileQuiet(simulationId, task);
  }
}
