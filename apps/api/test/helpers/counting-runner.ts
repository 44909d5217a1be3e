import type { EngineRunner } from '../../src/engine-work/engine-runner.js';

/** An engine runner that counts the tasks it is given, around a real one. */
export function countingRunner(inner: EngineRunner): EngineRunner & { tasks: number } {
  const runner = {
    tasks: 0,
    get busy() {
      return inner.busy;
    },
    advance: (...args: Parameters<EngineRunner['advance']>) => {
      runner.tasks++;
      return inner.advance(...args);
    },
    replay: (...args: Parameters<EngineRunner['replay']>) => {
      runner.tasks++;
      return inner.replay(...args);
    },
    measure: (...args: Parameters<EngineRunner['measure']>) => {
      runner.tasks++;
      return inner.measure(...args);
    },
    close: () => inner.close(),
  };
  return runner;
}
