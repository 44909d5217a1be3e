import { Simulation } from '@sim/engine';
import { describe, expect, it } from 'vitest';
import { warmUpEngine, warmUpScenario } from '../../src/engine-work/engine-warm-up.js';
import { createWorkerPoolRunner } from '../../src/engine-work/worker-pool-runner.js';

/**
 * A server's engine workers run a made-up world once as they start, and the server listens
 * once they have (docs/operations.md, "A worker's first request"). A world the engine refused
 * would leave every worker cold; a pool that never said it was warm would hold the start.
 */
describe('the engine warm-up', () => {
  it('runs a world of the default engine through the paths of a streamed run and a trace read, prophecies included', () => {
    const simulation = Simulation.create(warmUpScenario());
    let prophecies = 0;
    simulation.step(20, { onEvent: (event) => void (event.type === 'prophecy' && prophecies++) });
    expect(prophecies).toBeGreaterThan(0);
    expect(warmUpEngine()).toBe(40);
  });

  it('is reported by every worker of a pool that warms up, and by none of one that does not', async () => {
    const warming = createWorkerPoolRunner({ threads: 2, warmUp: true });
    const cold = createWorkerPoolRunner({ threads: 1 });
    try {
      const reports = await warming.warmedUp;
      expect(reports).toHaveLength(2);
      for (const report of reports) {
        expect(report.failed).toBeUndefined();
        expect(report.ms).toBeGreaterThan(0);
      }
      expect(await cold.warmedUp).toEqual([]);
    } finally {
      await Promise.all([warming.close(), cold.close()]);
    }
  }, 60_000);
});
