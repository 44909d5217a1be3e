import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { BranchJob, BranchOutcome, BranchRunner, BranchWorkspace, BranchWorldData } from '@sim/engine';
import { claimOf, DONE, type BranchBatchMessage, type BranchReleaseMessage, type BranchResultMessage } from './branch-messages.js';

/**
 * Below this much work (agents × ticks summed over a batch's jobs) a batch runs on the engine
 * worker alone: shipping the world to a helper (a compact fork, structured-cloned) and waking
 * it cost about 3 000 agent-ticks of work, and a batch must be several times that for the half
 * a helper takes off it to pay (docs/operations.md, "Prophecy threads").
 */
export const DEFAULT_MIN_BATCH_WORK = 20_000;

/**
 * How long the engine worker waits, once it has nothing left to claim, for the jobs helpers
 * claimed: this many times what the batch has taken so far, and at least `minWaitMs`. A helper
 * that has not answered by then is taken for dead; its jobs run here (the same outcome), and
 * the thread is replaced.
 */
const WAIT_FACTOR = 4;
const DEFAULT_MIN_WAIT_MS = 2_000;
/** Wake-ups while waiting: each drains the helpers' answers. */
const WAIT_SLICE_MS = 50;
/**
 * Helpers replaced at most, over the runner's life: a helper that cannot even start (say its
 * module fails to load) would otherwise be restarted at every batch. Past it, a dead helper
 * stays out and its share is done by the others.
 */
const MAX_REPLACEMENTS = 8;

export interface ThreadedBranchRunnerOptions {
  /** Threads that run one prophecy's branches, the engine worker's own included (≥ 2). */
  threads: number;
  /** See DEFAULT_MIN_BATCH_WORK; 0 spreads every batch of two jobs or more. */
  minBatchWork?: number;
  /** See WAIT_FACTOR. */
  minWaitMs?: number;
  /** The helper's module; the tests give a faulty one. Default: branch-helper beside this file. */
  helperModule?: URL;
  /**
   * Whether the calling thread claims jobs too (default true). False leaves every job to the
   * helpers until the wait ends (the tests use it to make the helpers compute).
   */
  shareHere?: boolean;
}

export interface ThreadedBranchRunner extends BranchRunner {
  /** Helpers taken for dead and replaced so far. */
  readonly replaced: number;
  /** Batches spread over the helpers so far (the others ran on the engine worker alone). */
  readonly spread: number;
  /** Jobs whose outcome a helper computed, so far. */
  readonly helperJobs: number;
  /** Resolves once every helper started so far has loaded its module and waits for jobs. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

interface Helper {
  worker: Worker;
  /** Settles when the helper says it is ready, or ends. */
  started: Promise<void>;
  results: MessagePort;
  /** The workspace this helper holds, or -1. */
  workspaceId: number;
  /** The world whose ground (BranchWorkspace.groundKey) this helper holds, or null. */
  groundKey: object | null;
  dead: boolean;
}

/**
 * Ends a helper nobody waits for: nothing needs its exit code, and a failure to end a thread
 * taken for dead changes nothing here (the worker cannot reach lib/in-background.ts, see
 * .dependency-cruiser.js, worker-is-pure).
 */
function endHelper(helper: Helper): void {
  helper.worker.terminate().catch(() => undefined);
}

/**
 * How to start a helper. Bundled (`pnpm start`), this code is part of dist/engine-worker.js
 * and the helper is dist/branch-helper.js beside it. From the TypeScript sources (dev, tests)
 * it is branch-helper.ts beside this file, required through tsx's CommonJS hook: a worker
 * started on a .ts file, or one given `--import tsx`, does not get tsx's loader on Node 20,
 * while `--require` preloads do run in worker threads.
 */
function helperStart(given: URL | undefined): { entry: string; eval: boolean; execArgv: string[] } {
  const fromSources = given === undefined ? import.meta.url.endsWith('.ts') : given.pathname.endsWith('.ts');
  const url = given ?? new URL(fromSources ? './branch-helper.ts' : './branch-helper.js', import.meta.url);
  const filename = fileURLToPath(url);
  if (!fromSources) return { entry: filename, eval: false, execArgv: [] };
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs');
  // The condition resolves @sim/* to their sources, as in the process that starts the helper.
  return { entry: `require(${JSON.stringify(filename)})`, eval: true, execArgv: ['--conditions=@sim/source', '--require', tsx] };
}

/**
 * A `BranchRunner` that spreads a prophecy's branch jobs over `threads − 1` helper threads and
 * the calling thread, and blocks (Atomics.wait) until every outcome is in: synchronous, as the
 * engine needs. Created once per engine worker; the helpers start at once and live until
 * `close`. Outcomes are the same whichever thread computed them, and they are returned in job
 * order, so a step gives the same bytes as with the engine's own in-thread runner.
 */
export function createThreadedBranchRunner(options: ThreadedBranchRunnerOptions): ThreadedBranchRunner {
  const { threads, minBatchWork = DEFAULT_MIN_BATCH_WORK, minWaitMs = DEFAULT_MIN_WAIT_MS, shareHere = true } = options;
  if (!Number.isInteger(threads) || threads < 2) throw new Error(`prophecy threads: expected an integer ≥ 2, got ${String(threads)}`);
  const how = helperStart(options.helperModule);
  const start = (): Helper => {
    const channel = new MessageChannel();
    const worker = new Worker(how.entry, {
      eval: how.eval,
      execArgv: how.execArgv,
      workerData: { results: channel.port2 },
      transferList: [channel.port2],
      resourceLimits: { maxYoungGenerationSizeMb: 16 },
    });
    // An idle helper never keeps the process alive; a busy one is waited for by a blocked caller.
    worker.unref();
    const started = new Promise<void>((resolve) => {
      worker.once('message', () => resolve());
      worker.once('exit', () => resolve());
    });
    const helper: Helper = { worker, started, results: channel.port1, workspaceId: -1, groundKey: null, dead: false };
    // Seen between tasks (the engine worker's event loop is blocked during one): replaced at the next batch.
    worker.on('error', () => (helper.dead = true));
    worker.on('exit', () => (helper.dead = true));
    return helper;
  };
  const helpers: Helper[] = Array.from({ length: threads - 1 }, start);
  let generation = 0;
  let replaced = 0;
  let spread = 0;
  let helperJobs = 0;
  let lastWorkspace: BranchWorkspace | null = null;
  let workspaceId = 0;
  /** Where each kept branch world is (`ensemble/branch` → participant), for the current workspace. */
  let keptAt = new Map<string, number>();
  /** The ticks each kept branch world has run. */
  let keptTicks = new Map<string, number>();

  const replace = (index: number): void => {
    const old = helpers[index] as Helper;
    old.dead = true;
    endHelper(old);
    old.results.close();
    helpers[index] = start();
    replaced++;
    for (const [key, at] of keptAt) if (at === index + 1) keptAt.delete(key);
  };

  const run = (workspace: BranchWorkspace, jobs: readonly BranchJob[]): BranchOutcome[] => {
    if (workspace !== lastWorkspace) {
      lastWorkspace = workspace;
      workspaceId++;
      keptAt = new Map();
      keptTicks = new Map();
    }
    const keyOf = (job: BranchJob): string => `${job.ensemble}/${job.branch}`;
    const work = jobs.reduce((sum, job) => sum + job.ticks, 0) * Math.max(1, workspace.agents);
    if (jobs.length < 2 || work < minBatchWork) {
      // Here, one after another; a branch kept by a helper is run afresh (the same outcome).
      return jobs.map((job) => {
        const outcome = workspace.run(job);
        if (job.keep) {
          keptAt.set(keyOf(job), 0);
          keptTicks.set(keyOf(job), outcome.ticksRun);
        } else {
          keptAt.delete(keyOf(job));
          keptTicks.delete(keyOf(job));
        }
        return outcome;
      });
    }
    helpers.forEach((helper, index) => {
      if (helper.dead && replaced < MAX_REPLACEMENTS) replace(index);
    });
    spread++;
    const started = performance.now();
    const batch = ++generation;
    const control = new Int32Array(new SharedArrayBuffer(4 * (1 + jobs.length)));
    const pinned = jobs.map((job) => keptAt.get(keyOf(job)) ?? -1);
    // Longest first (what is left of a kept branch is what it has not run yet): the last jobs
    // claimed are short, so the threads finish close together.
    const left = (j: number): number => (jobs[j] as BranchJob).ticks - (keptTicks.get(keyOf(jobs[j] as BranchJob)) ?? 0);
    const order = [...jobs.keys()].sort((a, b) => left(b) - left(a) || a - b);
    const worlds = new Map<boolean, BranchWorldData>();
    const worldFor = (helper: Helper): BranchWorldData => {
      const withGround = helper.groundKey !== workspace.groundKey;
      let world = worlds.get(withGround);
      if (world === undefined) worlds.set(withGround, (world = workspace.data(withGround)));
      helper.groundKey = workspace.groundKey;
      return world;
    };
    helpers.forEach((helper, index) => {
      if (helper.dead) return;
      const fresh = helper.workspaceId !== workspaceId;
      const message: BranchBatchMessage = {
        type: 'batch',
        generation: batch,
        workspaceId,
        world: fresh ? worldFor(helper) : null,
        jobs,
        pinned,
        order,
        participant: index + 1,
        control: control.buffer as SharedArrayBuffer,
      };
      helper.worker.postMessage(message);
      helper.workspaceId = workspaceId;
    });

    const outcomes: (BranchOutcome | undefined)[] = jobs.map(() => undefined);
    /** Who computed each outcome (0: here): a job that keeps its branch keeps it there. */
    const ranBy: number[] = jobs.map(() => 0);
    const runHere = (j: number): void => {
      outcomes[j] = workspace.run(jobs[j] as BranchJob);
      ranBy[j] = 0;
    };
    const claim = (j: number): boolean => Atomics.compareExchange(control, claimOf(j), 0, 1) === 0;
    // Its own kept branches and the unpinned ones, longest first, then the helpers' kept ones
    // still unclaimed (run afresh here: more ticks, but this thread would otherwise wait).
    if (shareHere) {
      for (const j of order) if ((pinned[j] === 0 || pinned[j] === -1) && claim(j)) runHere(j);
      for (const j of order) if ((pinned[j] as number) > 0 && claim(j)) runHere(j);
    }

    const drain = (): void => {
      helpers.forEach((helper, index) => {
        for (let received = receiveMessageOnPort(helper.results); received !== undefined; received = receiveMessageOnPort(helper.results)) {
          const message = received.message as BranchResultMessage;
          if (message.generation !== batch || outcomes[message.job] !== undefined) continue;
          // A job that failed there runs here: an engine error then surfaces as on one thread.
          if (message.type === 'failed') runHere(message.job);
          else {
            outcomes[message.job] = message.outcome;
            ranBy[message.job] = index + 1;
          }
        }
      });
    };
    const deadline = performance.now() + Math.max(minWaitMs, WAIT_FACTOR * (performance.now() - started));
    drain();
    while (outcomes.includes(undefined)) {
      if (performance.now() > deadline) {
        // Every helper still holding a job is taken for dead: its jobs run here, and it is replaced.
        jobs.forEach((_, j) => {
          if (outcomes[j] !== undefined) return;
          const holder = Atomics.load(control, claimOf(j)) - 1;
          runHere(j);
          if (holder > 0 && !(helpers[holder - 1] as Helper).dead) {
            if (replaced < MAX_REPLACEMENTS) replace(holder - 1);
            else {
              (helpers[holder - 1] as Helper).dead = true;
              endHelper(helpers[holder - 1] as Helper);
            }
          }
        });
        break;
      }
      Atomics.wait(control, DONE, Atomics.load(control, DONE), WAIT_SLICE_MS);
      drain();
    }
    helperJobs += ranBy.filter((by) => by > 0).length;
    // Where each kept world now is: with whoever ran the job that kept it.
    jobs.forEach((job, j) => {
      if (job.keep) {
        keptAt.set(keyOf(job), ranBy[j] as number);
        keptTicks.set(keyOf(job), (outcomes[j] as BranchOutcome).ticksRun);
      } else {
        keptAt.delete(keyOf(job));
        keptTicks.delete(keyOf(job));
      }
    });
    return outcomes as BranchOutcome[];
  };

  /** Helpers drop the prophecy's world and kept branches: an idle helper holds no world. */
  const release = (workspace: BranchWorkspace): void => {
    if (workspace !== lastWorkspace) return;
    lastWorkspace = null;
    keptAt = new Map();
    keptTicks = new Map();
    for (const helper of helpers) {
      if (helper.dead || helper.workspaceId === -1) continue;
      helper.worker.postMessage({ type: 'release' } satisfies BranchReleaseMessage);
      helper.workspaceId = -1;
    }
  };

  return {
    run,
    release,
    get replaced() {
      return replaced;
    },
    get spread() {
      return spread;
    },
    get helperJobs() {
      return helperJobs;
    },
    async ready() {
      await Promise.all(helpers.map((helper) => helper.started));
    },
    async close() {
      await Promise.all(helpers.map((helper) => helper.worker.terminate()));
      helpers.forEach((helper) => helper.results.close());
    },
  };
}
