import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdvanceTask } from '../../src/engine-work/engine-task.js';
import { createWorkerPoolRunner } from '../../src/engine-work/worker-pool-runner.js';
import { prebuiltScenario } from '../support/scenario-files.js';

/**
 * A worker started in place of an ended one can fail before it has a task (here: the server's
 * working folder was deleted, so Node's worker bootstrap cannot read it). piscina reports that
 * as an 'error' event of the pool, which ended the whole process when nobody listened.
 */
const home = process.cwd();
afterEach(() => process.chdir(home));

function task(ticks: number): AdvanceTask {
  return { kind: 'advance', from: { scenario: prebuiltScenario('crowded-large'), engineVersion: '1.3.0' }, ticks, keepSteps: false, checkpointEvery: 0 };
}

describe('a worker that cannot start', () => {
  it('is reported, the process goes on, and the pool computes again once workers can start', async () => {
    const errors: string[] = [];
    const pool = createWorkerPoolRunner({
      threads: 1,
      logger: { error: (message, fields) => errors.push(`${message}: ${String(fields?.error)}`) },
    });
    try {
      expect((await pool.advance(task(1))).kind).toBe('advanced');
      const gone = mkdtempSync(join(tmpdir(), 'sim-gone-'));
      process.chdir(gone);
      rmSync(gone, { recursive: true });
      // Cancelled while it runs: its worker is ended, and the one started in its place fails.
      const controller = new AbortController();
      const running = pool.advance(task(2_000), controller.signal);
      setTimeout(() => controller.abort(), 300);
      await expect(running).rejects.toThrow();
      await expect.poll(() => errors, { timeout: 10_000 }).toEqual([expect.stringMatching(/^engine worker failed: .*uv_cwd/)]);

      process.chdir(home);
      expect((await pool.advance(task(1))).kind).toBe('advanced');
    } finally {
      await pool.close();
    }
  }, 60_000);
});
