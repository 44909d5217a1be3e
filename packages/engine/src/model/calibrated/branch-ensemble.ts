import { openStream } from '../../rng/random-stream.js';
import { advanceTick } from '../advance-tick.js';
import { meanPosition } from '../ensemble.js';
import { branchDomainStream, forkWorld, type OpenProphecy, type World } from '../world.js';

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
  private kept: World[] | null = null;
  /**
   * The basins followed past the horizon. Beyond the horizon only their losses matter, so a
   * branch stops there once it has lost all of them (or as soon as it reaches the horizon when
   * none is followed).
   */
  private followedBasins: readonly number[] = [];

  constructor(
    private readonly world: World,
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

  private settledPastHorizon(b: number): boolean {
    const row = b * this.basins;
    for (const t of this.followedBasins) if (this.lossTick[row + t] === -1) return false;
    return true;
  }

  /** Runs `count` more branches `ticks` ticks ahead; `keep` holds their worlds for `extend`. */
  addBranches(count: number, ticks: number, keep: boolean): void {
    if (this.branches > 0 && ticks !== this.ticks) throw new Error('every branch of an ensemble runs the same ticks');
    if (keep) this.kept ??= [];
    for (let k = 0; k < count; k++) {
      const b = this.branches++;
      const label = `prophecy/${this.seq}/${b}`;
      const branch = forkWorld(this.world, openStream(this.world.seed, `${label}/motion`), openStream(this.world.seed, `${label}/environment`), branchDomainStream(this.world, label));
      branch.standing = this.standing;
      for (let t = 0; t < this.basins; t++) {
        this.lossTick.push(-1);
        this.depthAtHorizon.push(0);
      }
      this.centroidX.push(NaN);
      this.centroidY.push(NaN);
      this.stability.push(NaN);
      this.advance(branch, b, ticks);
      if (keep) this.kept?.push(branch);
    }
    this.ticks = ticks;
  }

  /** Runs every kept branch on to `ticks` ticks ahead, then lets the worlds go. */
  extend(ticks: number): void {
    const kept = this.kept;
    if (kept === null || kept.length !== this.branches) throw new Error('only an ensemble whose worlds were kept can be extended');
    kept.forEach((branch, b) => this.advance(branch, b, ticks));
    this.kept = null;
    this.ticks = ticks;
  }

  private advance(branch: World, b: number, ticks: number): void {
    const start = this.world.tick;
    const row = b * this.basins;
    while (branch.tick - start < ticks && branch.completion === null && !(branch.tick - start >= this.horizon && this.settledPastHorizon(b))) {
      // The forecast stands until the next prophecy replaces it; later prophecies are not foreseen.
      if (branch.tick + 1 > this.reignEnd) branch.standing = null;
      advanceTick(branch, null);
      this.branchTicks++;
      for (let t = 0; t < this.basins; t++) {
        if (this.lossTick[row + t] === -1 && branch.lost[this.slots[t] as number] === 1) this.lossTick[row + t] = branch.tick;
      }
      if (branch.tick - start === this.horizon) this.observeHorizon(branch, b);
    }
    // A branch that completed before its horizon is observed as it ended.
    if (branch.tick - start < this.horizon && Number.isNaN(this.stability[b])) this.observeHorizon(branch, b);
  }

  private observeHorizon(branch: World, b: number): void {
    const row = b * this.basins;
    for (let t = 0; t < this.basins; t++) this.depthAtHorizon[row + t] = branch.depth[this.slots[t] as number] as number;
    const centroid = meanPosition(branch);
    if (centroid !== null) {
      this.centroidX[b] = centroid.x;
      this.centroidY[b] = centroid.y;
    }
    this.stability[b] = branch.stability;
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
