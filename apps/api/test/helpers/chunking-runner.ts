import type { EngineRunner } from '../../src/engine-work/engine-runner.js';

/**
 * An engine runner around a real one that counts streamed-run chunks (advances handing back
 * their steps' JSON). With `oneTick` (the default) each computes one tick, so that a short run
 * has many chunks; with `failAt` set, that chunk (1: the first) throws as a broken engine would.
 */
export function chunkingRunner(inner: EngineRunner): EngineRunner & { chunks: number; failAt: number; oneTick: boolean } {
  const runner: EngineRunner & { chunks: number; failAt: number; oneTick: boolean } = {
    chunks: 0,
    failAt: Infinity,
    oneTick: true,
    get busy() {
      return inner.busy;
    },
    advance: async (task, signal) => {
      if (task.stepsJson !== true) return inner.advance(task, signal);
      runner.chunks++;
      if (runner.chunks === runner.failAt) throw new Error('the engine broke (test)');
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
