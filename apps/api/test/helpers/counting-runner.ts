import type { EngineRunner } from '../../src/engine-work/engine-runner.js';
import type { EngineTask } from '../../src/engine-work/engine-task.js';

export type TaskCounts = Record<EngineTask['kind'], number>;

/** An engine runner that counts the tasks it is given (all, and of each kind), around a real one. */
export function countingRunner(inner: EngineRunner): EngineRunner & { tasks: number; kinds: TaskCounts } {
  const kinds: TaskCounts = { advance: 0, replay: 0, measure: 0, create: 0, queue: 0, translate: 0 };
  const count = (kind: EngineTask['kind']): void => {
    runner.tasks++;
    kinds[kind]++;
  };
  const runner = {
    tasks: 0,
    kinds,
    get busy() {
      return inner.busy;
    },
    advance: (...args: Parameters<EngineRunner['advance']>) => {
      count('advance');
      return inner.advance(...args);
    },
    replay: (...args: Parameters<EngineRunner['replay']>) => {
      count('replay');
      return inner.replay(...args);
    },
    measure: (...args: Parameters<EngineRunner['measure']>) => {
      count('measure');
      return inner.measure(...args);
    },
    create: (...args: Parameters<EngineRunner['create']>) => {
      count('create');
      return inner.create(...args);
    },
    queue: (...args: Parameters<EngineRunner['queue']>) => {
      count('queue');
      return inner.queue(...args);
    },
    translate: (...args: Parameters<EngineRunner['translate']>) => {
      count('translate');
      return inner.translate(...args);
    },
    close: () => inner.close(),
  };
  return runner;
}
