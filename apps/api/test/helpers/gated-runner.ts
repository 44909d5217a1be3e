import type { EngineRunner } from '../../src/engine-work/engine-runner.js';
import { countingRunner } from './counting-runner.js';

/** Holds the next advance after `hold()` until `release()`: the steps sent meanwhile wait for the lock together. */
export function gatedRunner(inner: EngineRunner): EngineRunner & { hold(): void; release(): void; readonly kinds: { advance: number } } {
  const counting = countingRunner(inner);
  let gate: Promise<void> | undefined;
  let open: () => void = () => {};
  return Object.assign(Object.create(counting) as EngineRunner, {
    advance: async (...args: Parameters<EngineRunner['advance']>) => {
      const waiting = gate;
      gate = undefined;
      if (waiting !== undefined) await waiting;
      return counting.advance(...args);
    },
    hold: () => void (gate = new Promise<void>((resolve) => (open = resolve))),
    release: () => open(),
    // The counter itself (Object.assign would copy a getter's value once).
    kinds: counting.kinds,
  });
}
