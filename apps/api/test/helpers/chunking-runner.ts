import type { EngineRunner } from '../../src/engine-work/engine-runner.js';

/**
 * An engine runner around a real one that counts streamed-run chunks (advances handing back
 * their steps' lines). With `oneTick` (the default) each computes one tick, so that a short run
 * has many chunks; with `failAt` set, that chunk (1: the first) throws as a broken engine would;
 * with `holdAt` set, that chunk waits for `hold` before it computes.
 */
export interface ChunkingRunner extends EngineRunner {
  chunks: number;
  failAt: number;
  oneTick: boolean;
  holdAt: number;
  hold: Promise<void>;
}

export function chunkingRunner(inner: EngineRunner): ChunkingRunner {
  const runner: ChunkingRunner = {
    chunks: 0,
    failAt: Infinity,
    oneTick: true,
    holdAt: Infinity,
    hold: Promise.resolve(),
    get busy() {
      return inner.busy;
    },
    advance: async (task, signal) => {
      if (task.stepLines !== true) return inner.advance(task, signal);
      runner.chunks++;
      if (runner.chunks === runner.failAt) throw new Error('the engine broke (test)');
      if (runner.chunks === runner.holdAt) await runner.hold;
      return inner.advance(runner.oneTick ? { ...task, budgetMs: 0 } : task, signal);
    },
    replay: (task, signal) => inner.replay(task, signal),
    measure: (task, signal) => inner.measure(task, signal),
    create: (task, signal) => inner.create(task, signal),
    queue: (task, signal) => inner.queue(task, signal),
    translate: (task, signal) => inner.translate(task, signal),
    close: () => inner.close(),
  };
  return runner;
}
