import { DEFAULT_ENGINE_VERSION, type EngineSnapshot, type ScenarioInput } from '@sim/engine';
import { describe, expect, it } from 'vitest';
import type { SnapshotText } from '../../src/engine-data/checkpoint.js';
import type { AdvanceResult } from '../../src/engine-work/engine-task.js';
import { runEngineTask } from '../../src/engine-work/run-engine-task.js';
import { SnapshotWeights } from '../../src/engine-data/snapshot-weights.js';
import { snapshotShape } from '../../src/engine-data/work-cost.js';
import { createSimulation } from '../helpers/create-simulation.js';
import { startTestServer } from '../helpers/test-server.js';
import { fixtureScenario } from '../support/scenario-files.js';

const scenario = fixtureScenario('tiny-valley');

function advance(from: SnapshotText | null | undefined, ticks: number): AdvanceResult {
  // Without a thread's kept worlds every advance hands its snapshot back.
  if (from === null) throw new Error('the advance before handed back no snapshot');
  return runEngineTask({
    kind: 'advance',
    from: from === undefined ? { scenario: scenario as ScenarioInput, engineVersion: DEFAULT_ENGINE_VERSION } : { snapshot: from },
    ticks,
    keepSteps: false,
    checkpointEvery: 0,
  }) as AdvanceResult;
}

describe('snapshot weights (a step or playback advance is weighed without parsing the stored snapshot)', () => {
  it('an advance reports the weight of the snapshot it hands back, as parsing it would give', () => {
    const first = advance(undefined, 3);
    const second = advance(first.snapshot, 2);
    for (const result of [first, second]) {
      const parsed = JSON.parse(String(result.snapshot?.json)) as EngineSnapshot;
      expect(result.weight).toEqual({
        shape: snapshotShape(parsed, parsed.pending),
        agents: parsed.agents.ids.length,
        ticksPerSecond: parsed.rules.ticksPerSecond,
      });
    }
  });

  it('a remembered weight is found only for that version of that simulation, until forgotten', () => {
    const weights = new SnapshotWeights();
    const first = advance(undefined, 3);
    weights.remember('sim', 4, first.weight);
    expect(weights.of('sim', 4)).toEqual(first.weight);
    expect(weights.of('sim', 5)).toBeUndefined();
    expect(weights.of('sim', 3)).toBeUndefined();
    expect(weights.of('other', 4)).toBeUndefined();
    weights.forget('sim');
    expect(weights.of('sim', 4)).toBeUndefined();
  });

  it('keeps at most its capacity, forgetting the simulation advanced least recently', () => {
    const weights = new SnapshotWeights(2);
    const { weight } = advance(undefined, 1);
    weights.remember('a', 1, weight);
    weights.remember('b', 1, weight);
    weights.remember('a', 2, weight);
    weights.remember('c', 1, weight);
    expect(weights.of('b', 1)).toBeUndefined();
    expect(weights.of('a', 2)).toEqual(weight);
    expect(weights.of('c', 1)).toEqual(weight);
  });
});

describe('time-control on the event loop', () => {
  it('plays, steps and pauses a stepped simulation without parsing its stored snapshot there', async () => {
    const server = await startTestServer();
    try {
      const store = server.storage.simulations;
      const original = store.getRunnable.bind(store);
      let parses = 0;
      // Every record the service reads counts the reads of its parsed snapshot.
      store.getRunnable = async (id) => {
        const record = await original(id);
        if (record === undefined) return record;
        const { snapshotText } = record;
        return Object.defineProperty({ ...record, snapshotText }, 'snapshot', {
          get: () => {
            parses++;
            return JSON.parse(snapshotText.json) as EngineSnapshot;
          },
        });
      };
      const id = await createSimulation(server);
      const tc = (body: unknown) => server.call(`/v1/simulations/${id}/time-control`, { method: 'PUT', key: 'key-a', body });
      expect((await server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 2 } })).status).toBe(200);
      const before = parses;
      expect((await tc({ action: 'step' })).status).toBe(200);
      expect((await tc({ action: 'play', speed: 2 })).status).toBe(200);
      expect((await tc({ action: 'pause' })).status).toBe(200);
      expect(parses - before).toBe(0);
    } finally {
      await server.close();
    }
  });
});
