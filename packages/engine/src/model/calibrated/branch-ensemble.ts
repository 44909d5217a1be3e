import type { BranchJob, BranchOutcome, BranchRunner, BranchWorkspace } from '../branch-run.js';
import type { OpenProphecy } from '../world.js';

/** Branch jobs of one ensemble, and what to do with their outcomes (in job order). */
export interface EnsembleWork {
  readonly runner: BranchRunner;
  readonly workspace: BranchWorkspace;
  readonly jobs: readonly BranchJob[];
  apply(outcomes: readonly BranchOutcome[]): void;
}

/**
 * Runs the work of several ensembles of one prophecy (the same runner and workspace) as one
 * batch: independent branches, so a runner that spreads them over threads waits once for all
 * instead of once per ensemble. Each ensemble gets its own outcomes, in its own job order:
 * the same as running the ensembles one after another.
 */
export function runTogether(works: readonly EnsembleWork[]): void {
  const first = works[0];
  if (first === undefined) return;
  if (works.some((work) => work.runner !== first.runner || work.workspace !== first.workspace))
    throw new Error('ensembles run together share their runner and workspace');
  const outcomes = first.runner.run(
    first.workspace,
    works.flatMap((work) => work.jobs),
  );
  let at = 0;
  for (const work of works) {
    work.apply(outcomes.slice(at, at + work.jobs.length));
    at += work.jobs.length;
  }
}

/**
 * One ensemble of a 1.3.0 prophecy: branches of the world that all react to the same forecast
 * (`standing`, or nothing), each on its own streams `prophecy/{seq}/{b}/…`. Branch `b` opens the
 * same streams in every ensemble of the prophecy, so two ensembles that differ only in what
 * they react to are pairs, branch by branch (common random numbers).
 *
 * Branches can be added (sequential verdicts) and run further (to the window) after a first
 * look; the worlds are kept only while they may still be run further.
 */
export class BranchEnsemble {
  /** Per branch, per basin: the tick of loss, or -1. Branch `b`, basin `t` is `b * basins + t`. */
  readonly lossTick: number[] = [];
  /** Per branch, per basin: the depth at the horizon. */
  readonly depthAtHorizon: number[] = [];
  /** Per branch: the agents' mean position at the horizon (NaN without agents), and stability. */
  readonly centroidX: number[] = [];
  readonly centroidY: number[] = [];
  readonly stability: number[] = [];
  /** Branches run so far. */
  branches = 0;
  /** Ticks every branch has been run, from the prophecy's tick. */
  ticks = 0;
  /** Ticks computed by this ensemble, summed over its branches: its cost. */
  branchTicks = 0;
  /** Per branch: the ticks it has run, from the prophecy's tick. */
  private readonly ticksRun: number[] = [];
  /** True while the worlds of every branch are kept (in the workspace or a runner's thread) for `extend`. */
  private kept = false;
  /**
   * The basins followed past the horizon. Beyond the horizon only their losses matter, so a
   * branch stops there once it has lost all of them (or as soon as it reaches the horizon when
   * none is followed).
   */
  private followedBasins: readonly number[] = [];

  constructor(
    /** The world at the prophecy's tick, and the branch worlds kept. */
    private readonly workspace: BranchWorkspace,
    /** Runs the branches: on this thread, or spread over several (docs/engine.md, "Branches on several threads"). */
    private readonly runner: BranchRunner,
    /** This ensemble's number within the prophecy: names its kept branch worlds. */
    private readonly id: number,
    private readonly seq: number,
    private readonly slots: readonly number[],
    /** What the branch agents react to; null for the counterfactual. */
    private readonly standing: OpenProphecy | null,
    private readonly horizon: number,
    /** The last tick the forecast reigns: the next prophecy replaces it after this tick. */
    private readonly reignEnd: number,
  ) {}

  get basins(): number {
    return this.slots.length;
  }

  /** Follows basins `t` past the horizon (see `followedBasins`); set before running past it. */
  follow(basins: readonly number[]): void {
    this.followedBasins = basins;
  }

  /** True when basin `t` was followed to twice the horizon: its loss over the window is known. */
  followedToWindow(t: number): boolean {
    return this.ticks >= 2 * this.horizon && this.followedBasins.includes(t);
  }

  private job(branch: number, ticks: number, keep: boolean): BranchJob {
    const { id: ensemble, seq, slots, standing, horizon, reignEnd, followedBasins: followed } = this;
    return { ensemble, seq, branch, slots, standing, horizon, reignEnd, followed, ticks, keep };
  }

  /** Runs `count` more branches `ticks` ticks ahead; `keep` holds their worlds for `extend`. */
  addBranches(count: number, ticks: number, keep: boolean): void {
    runTogether([this.moreBranches(count, ticks, keep)]);
  }

  /** Runs every kept branch on to `ticks` ticks ahead, then lets the worlds go. */
  extend(ticks: number): void {
    runTogether([this.extension(ticks)]);
  }

  /** `addBranches` as work that `runTogether` may run in one batch with other ensembles'. */
  moreBranches(count: number, ticks: number, keep: boolean): EnsembleWork {
    if (this.branches > 0 && ticks !== this.ticks) throw new Error('every branch of an ensemble runs the same ticks');
    const jobs = Array.from({ length: count }, (_, k) => this.job(this.branches + k, ticks, keep));
    return {
      runner: this.runner,
      workspace: this.workspace,
      jobs,
      apply: (outcomes) => {
        outcomes.forEach((outcome) => {
          this.lossTick.push(...outcome.lossTick);
          this.depthAtHorizon.push(...outcome.depthAtHorizon);
          this.centroidX.push(outcome.centroidX);
          this.centroidY.push(outcome.centroidY);
          this.stability.push(outcome.stability);
          this.ticksRun.push(outcome.ticksRun);
          this.branchTicks += outcome.ticksRun;
        });
        this.kept = keep && (this.branches === 0 || this.kept);
        this.branches += count;
        this.ticks = ticks;
      },
    };
  }

  /** `extend` as work that `runTogether` may run in one batch with other ensembles'. */
  extension(ticks: number): EnsembleWork {
    if (!this.kept) throw new Error('only an ensemble whose worlds were kept can be extended');
    const jobs = Array.from({ length: this.branches }, (_, b) => this.job(b, ticks, false));
    return {
      runner: this.runner,
      workspace: this.workspace,
      jobs,
      apply: (outcomes) => {
        outcomes.forEach((outcome, b) => this.replace(b, outcome));
        this.kept = false;
        this.ticks = ticks;
      },
    };
  }

  private replace(b: number, outcome: BranchOutcome): void {
    const row = b * this.basins;
    outcome.lossTick.forEach((at, t) => (this.lossTick[row + t] = at));
    outcome.depthAtHorizon.forEach((depth, t) => (this.depthAtHorizon[row + t] = depth));
    this.centroidX[b] = outcome.centroidX;
    this.centroidY[b] = outcome.centroidY;
    this.stability[b] = outcome.stability;
    this.branchTicks += outcome.ticksRun - (this.ticksRun[b] as number);
    this.ticksRun[b] = outcome.ticksRun;
  }

  /** True when branch `b` lost basin `t` by tick `until`. */
  lostBy(b: number, t: number, until: number): boolean {
    const at = this.lossTick[b * this.basins + t] as number;
    return at >= 0 && at <= until;
  }

  /** Share of the first `branches` branches that lost basin `t` by tick `until`. */
  lossShare(t: number, until: number, branches = this.branches): number {
    let losses = 0;
    for (let b = 0; b < branches; b++) if (this.lostBy(b, t, until)) losses++;
    return losses / branches;
  }

  /** Mean tick of loss of basin `t` over the first `branches` branches that lost it by `until`; null if none did. */
  meanLossTick(t: number, until: number, branches = this.branches): number | null {
    let losses = 0;
    let sum = 0;
    for (let b = 0; b < branches; b++) {
      if (!this.lostBy(b, t, until)) continue;
      losses++;
      sum += this.lossTick[b * this.basins + t] as number;
    }
    return losses > 0 ? sum / losses : null;
  }
}
