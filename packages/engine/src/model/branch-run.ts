import { openStream, type RandomStream } from '../rng/random-stream.js';
import { versionFeatures } from '../versions/registry.js';
import { advanceTick } from './advance-tick.js';
import { meanPosition } from './mean-position.js';
import type { DomainRuntime } from '../domain/domain-runtime.js';
import { domainModel } from '../domain/registry.js';
import { branchDomainStream, forkWorld, PREFERENCE_STRIDE, type OpenProphecy, type World } from './world.js';

/**
 * One branch of a prophecy, as plain data (it crosses to another thread by structured clone).
 * A branch is a fork of the world at the prophecy's tick on its own streams
 * `prophecy/{seq}/{branch}/…`, so what it computes depends on nothing else: the branches of a
 * prophecy are independent of each other and of the thread that runs them.
 * docs/engine.md, "Branches on several threads".
 */
export interface BranchJob {
  /** The ensemble of the prophecy the branch belongs to; with `branch`, names a kept world. */
  readonly ensemble: number;
  readonly seq: number;
  readonly branch: number;
  /** World slots of the basins whose losses are recorded, in the prophecy's basin order. */
  readonly slots: readonly number[];
  /** What the branch agents react to; null for the counterfactual. */
  readonly standing: OpenProphecy | null;
  readonly horizon: number;
  /** The last tick the forecast reigns (after it the agents react to nothing); null: to the end. */
  readonly reignEnd: number | null;
  /** Basins followed past the horizon: the branch stops there once it has lost all of them. */
  readonly followed: readonly number[];
  /** Ticks to run, from the prophecy's tick. */
  readonly ticks: number;
  /** Keep the branch's world, so that a later job for the same branch continues it. */
  readonly keep: boolean;
}

/** What one branch saw, the same whichever thread ran it. */
export interface BranchOutcome {
  /** Per basin (in `slots` order): the tick of loss, or -1. */
  readonly lossTick: number[];
  /** Per basin: the depth at the horizon, or at completion when the branch completed before it. */
  readonly depthAtHorizon: number[];
  /** The agents' mean position at the horizon (NaN without agents), and the stability there. */
  readonly centroidX: number;
  readonly centroidY: number;
  readonly stability: number;
  /** Ticks the branch has run from the prophecy's tick, earlier jobs for the same branch included. */
  readonly ticksRun: number;
}

/**
 * The world a prophecy's branches fork from, as plain data for another thread (structured
 * clone): a fork of it, without its random streams (every branch opens its own) and with its
 * version's features named. A fork of this fork is the branch a fork of the world would be:
 * forking copies every field (or shares what no branch changes) and resets the same ones.
 * What a thread can rebuild or already holds does not cross: scratch arrays, the columns of the
 * preferences beyond the attractors, and, when the thread holds it, the world's ground.
 * Opaque outside the engine.
 */
export interface BranchWorldData {
  readonly format: 'branch-world/2';
  readonly version: string;
  readonly fields: object;
  /** The terrain and its slopes; null when the receiving thread holds this world's already. */
  readonly ground: BranchGround | null;
}

/**
 * The terrain and its slopes: written when the world is made and never after, the same object
 * for every prophecy of a world. A thread that holds a world's ground is sent it once
 * (`BranchWorkspace.groundKey` tells whether it is the one it holds).
 */
export interface BranchGround {
  readonly terrain: Float64Array;
  readonly gradX: Float64Array;
  readonly gradY: Float64Array;
}

/** The streams of the base world, which no branch draws from (each opens its own). */
const NO_STREAM: RandomStream = Object.assign(
  (): number => {
    throw new Error('a branch draws from its own streams, never from the world it forks');
  },
  {
    state: (): never => {
      throw new Error('the world a branch forks from has no streams of its own');
    },
  },
);

/**
 * A domain model (1.4.0) as plain data: the model by its id (its code is in every thread's
 * engine), the parameters and the state as they are (structured-cloned, so numbers stay
 * exact), the sites. Its stream is left out: every branch opens its own.
 */
interface BranchDomainData {
  readonly model: string;
  readonly parameters: unknown;
  readonly state: unknown;
  readonly sites: readonly string[];
}

function domainData(domain: DomainRuntime): BranchDomainData {
  return { model: domain.model.id, parameters: domain.parameters, state: domain.state, sites: domain.sites };
}

function domainFromData(data: BranchDomainData): DomainRuntime {
  const model = domainModel(data.model);
  if (model === undefined) throw new Error(`branch workspace: unknown domain model "${data.model}"`);
  return { model, parameters: data.parameters, state: data.state, stream: NO_STREAM, sites: data.sites };
}

/**
 * The preferences of the world's agents for its attractors only: a row holds a column per
 * attractor slot (PREFERENCE_STRIDE), most of them unused, and only the used ones cross.
 */
function narrowPreferences(prefs: Float64Array, agents: number, attractors: number): Float64Array {
  const narrow = new Float64Array(agents * attractors);
  for (let i = 0; i < agents; i++) narrow.set(prefs.subarray(i * PREFERENCE_STRIDE, i * PREFERENCE_STRIDE + attractors), i * attractors);
  return narrow;
}

/** The rows of narrowPreferences back at their stride (the unused columns hold 0: no branch reads them). */
function widenPreferences(narrow: Float64Array, agents: number, attractors: number): Float64Array {
  const prefs = new Float64Array(agents * PREFERENCE_STRIDE);
  for (let i = 0; i < agents; i++) prefs.set(narrow.subarray(i * attractors, (i + 1) * attractors), i * PREFERENCE_STRIDE);
  return prefs;
}

interface KeptBranch {
  readonly branch: World;
  readonly outcome: { lossTick: number[]; depthAtHorizon: number[]; centroidX: number; centroidY: number; stability: number };
}

/**
 * The world at a prophecy's tick, from which its branches fork, and the branch worlds kept for
 * a later job. One per prophecy on the engine's thread; a helper thread rebuilds one from the
 * world data (`fromData`) and runs jobs on it exactly as the engine's thread would.
 */
export class BranchWorkspace {
  private readonly kept = new Map<string, KeptBranch>();

  private constructor(private readonly world: World) {}

  /** The workspace of a live world, which its jobs only read. */
  static of(world: World): BranchWorkspace {
    return new BranchWorkspace(world);
  }

  /**
   * Rebuilds, on another thread, the workspace whose `data()` this is; `held` is the ground the
   * thread kept from an earlier world of the same `groundKey`, needed when `data` comes without.
   */
  static fromData(data: BranchWorldData, held: BranchGround | null = null): BranchWorkspace {
    const features = versionFeatures(data.version);
    if (data.format !== 'branch-world/2' || features === undefined)
      throw new Error(`branch workspace: not a branch world this engine reads (${data.format}, ${data.version})`);
    const ground = data.ground ?? held;
    if (ground === null) throw new Error('branch workspace: the world came without its ground, and none is held');
    const { domain, prefs, ...fields } = data.fields as Omit<World, 'features' | 'motion' | 'environment' | 'domain' | keyof BranchGround | 'density'> & {
      domain: BranchDomainData | null;
    };
    return new BranchWorkspace({
      ...fields,
      ...ground,
      density: new Float64Array(fields.width * fields.height),
      prefs: widenPreferences(prefs, fields.agentCount, fields.attractorCount),
      features,
      motion: NO_STREAM,
      environment: NO_STREAM,
      domain: domain === null ? null : domainFromData(domain),
    });
  }

  /** The same object for every prophecy of a world whose ground has not changed (it never does). */
  get groundKey(): object {
    return this.world.terrain;
  }

  /**
   * The world at the prophecy's tick, as plain data for another thread (see BranchWorldData);
   * without its ground when `withGround` is false, for a thread that holds it.
   */
  data(withGround = true): BranchWorldData {
    const fork = forkWorld(this.world, NO_STREAM, NO_STREAM, NO_STREAM);
    const { features, motion: _motion, environment: _environment, domain, terrain, gradX, gradY, density: _scratch, prefs, ...fields } = fork;
    return {
      format: 'branch-world/2',
      version: features.version,
      fields: { ...fields, prefs: narrowPreferences(prefs, fields.agentCount, fields.attractorCount), domain: domain === null ? null : domainData(domain) },
      ground: withGround ? { terrain, gradX, gradY } : null,
    };
  }

  /** Agents of the world: with the ticks to run, what a batch of jobs costs. */
  get agents(): number {
    return this.world.agentCount;
  }

  /**
   * Runs one job. A job for a branch kept here continues it; any other forks the branch afresh,
   * which computes the same outcome (a continued branch is the same ticks run in two goes), so
   * a kept world only saves work and its loss changes nothing.
   */
  run(job: BranchJob): BranchOutcome {
    const key = `${job.ensemble}/${job.branch}`;
    let kept = this.kept.get(key);
    if (kept === undefined || kept.branch.tick - this.world.tick > job.ticks) {
      const label = `prophecy/${job.seq}/${job.branch}`;
      const branch = forkWorld(
        this.world,
        openStream(this.world.seed, `${label}/motion`),
        openStream(this.world.seed, `${label}/environment`),
        branchDomainStream(this.world, label),
      );
      branch.standing = job.standing;
      kept = { branch, outcome: { lossTick: job.slots.map(() => -1), depthAtHorizon: job.slots.map(() => 0), centroidX: NaN, centroidY: NaN, stability: NaN } };
    }
    this.advance(kept, job);
    if (job.keep) this.kept.set(key, kept);
    else this.kept.delete(key);
    const { outcome, branch } = kept;
    return { ...outcome, lossTick: [...outcome.lossTick], depthAtHorizon: [...outcome.depthAtHorizon], ticksRun: branch.tick - this.world.tick };
  }

  /** Lets every kept branch world go. */
  release(): void {
    this.kept.clear();
  }

  private advance({ branch, outcome }: KeptBranch, job: BranchJob): void {
    const start = this.world.tick;
    const { slots, horizon, followed, reignEnd } = job;
    const settledPastHorizon = (): boolean => followed.every((t) => outcome.lossTick[t] !== -1);
    while (branch.tick - start < job.ticks && branch.completion === null && !(branch.tick - start >= horizon && settledPastHorizon())) {
      // The forecast stands until the next prophecy replaces it; later prophecies are not foreseen.
      if (reignEnd !== null && branch.tick + 1 > reignEnd) branch.standing = null;
      advanceTick(branch, null);
      for (let t = 0; t < slots.length; t++) {
        if (outcome.lossTick[t] === -1 && branch.lost[slots[t] as number] === 1) outcome.lossTick[t] = branch.tick;
      }
      if (branch.tick - start === horizon) observeHorizon(branch, slots, outcome);
    }
    // A branch that completed before its horizon is observed as it ended.
    if (branch.tick - start < horizon && Number.isNaN(outcome.stability)) observeHorizon(branch, slots, outcome);
  }
}

function observeHorizon(branch: World, slots: readonly number[], outcome: KeptBranch['outcome']): void {
  for (let t = 0; t < slots.length; t++) outcome.depthAtHorizon[t] = branch.depth[slots[t] as number] as number;
  const centroid = meanPosition(branch);
  if (centroid !== null) {
    outcome.centroidX = centroid.x;
    outcome.centroidY = centroid.y;
  }
  outcome.stability = branch.stability;
}

/**
 * Runs the independent branch jobs of one prophecy and returns their outcomes in job order,
 * synchronously: the engine aggregates them in branch order, so the result is byte for byte
 * the same however the jobs were spread. An implementation may run jobs on other threads (from
 * `workspace.data()` rebuilt with `BranchWorkspace.fromData`) or here (`workspace.run`).
 * docs/engine.md, "Branches on several threads".
 */
export interface BranchRunner {
  run(workspace: BranchWorkspace, jobs: readonly BranchJob[]): BranchOutcome[];
  /** Optional: the prophecy of `workspace` is over; what was kept for it elsewhere may go. */
  release?(workspace: BranchWorkspace): void;
}

/** The default: every job on the engine's thread, one after another. */
export const IN_THREAD_BRANCHES: BranchRunner = {
  run: (workspace, jobs) => jobs.map((job) => workspace.run(job)),
};
