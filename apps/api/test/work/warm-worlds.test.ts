import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ADAPTERS, translate } from '@sim/domain-adapters';
import { DEFAULT_ENGINE_VERSION, type ScenarioInput, type Simulation } from '@sim/engine';
import { describe, expect, it } from 'vitest';
import type { AdvanceResult } from '../../src/engine-work/engine-task.js';
import { runEngineTask } from '../../src/engine-work/run-engine-task.js';
import { WarmWorlds } from '../../src/engine-work/warm-worlds.js';
import { prebuiltScenario } from '../support/scenario-files.js';
import { REPO_ROOT } from '../support/server-process.js';

// A worker keeps the worlds it stepped last and takes one again, instead of restoring it, when
// the next step sends the snapshot it handed back (docs/operations.md, "Warm worlds"). The
// independent check: every advance through kept worlds gives the bytes of the same advances
// each restored from the stored snapshot, as every worker did before.

/** Counts the worlds taken instead of restored. */
class CountingWarmWorlds extends WarmWorlds {
  hits = 0;
  override take(json: string): Simulation | undefined {
    const found = super.take(json);
    if (found !== undefined) this.hits++;
    return found;
  }
}

/** Every pre-built scenario of `scenarios/`, by id. */
const prebuilt = (): Array<[string, ScenarioInput]> =>
  readdirSync(join(REPO_ROOT, 'scenarios'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .map((id) => [id, prebuiltScenario(id)]);

const domains = (): Array<[string, ScenarioInput]> =>
  ADAPTERS.map((adapter) => {
    const result = translate(adapter.id, adapter.example);
    if (!result.ok) throw new Error(`${adapter.id}: its example does not translate`);
    return [`domain ${adapter.id}`, result.scenario];
  });

/** `steps` advances of `ticks` each, every one from the snapshot the last handed back, as the server stores and sends it. */
function advances(scenario: ScenarioInput, steps: number, ticks: number, warm?: WarmWorlds): AdvanceResult[] {
  const results: AdvanceResult[] = [];
  let from: AdvanceResult['snapshot'] | undefined;
  for (let i = 0; i < steps; i++) {
    const result = runEngineTask(
      {
        kind: 'advance',
        from: from === undefined ? { scenario, engineVersion: DEFAULT_ENGINE_VERSION } : { snapshot: { json: String(from.json) } },
        ticks,
        keepSteps: false,
        stepsJson: true,
        checkpointEvery: 5,
      },
      undefined,
      {},
      warm,
    ) as AdvanceResult;
    results.push(result);
    if (result.completed) break;
    from = result.snapshot;
  }
  return results;
}

describe('warm worlds', () => {
  for (const [name, scenario] of [...prebuilt(), ...domains()]) {
    const large = scenario.agents.length > 1_000;
    it(`${name}: advances through kept worlds give the bytes of advances restored from the stored snapshot`, () => {
      const [steps, ticks] = large ? [6, 5] : [30, 3];
      const warm = new CountingWarmWorlds();
      const cold = advances(scenario, steps, ticks);
      const hot = advances(scenario, steps, ticks, warm);
      expect(hot.length).toBe(cold.length);
      hot.forEach((result, i) => expect(result, `advance ${i + 1}`).toEqual(cold[i]));
      // Every advance after the first (which builds its world from the scenario) took its world.
      expect(warm.hits).toBe(hot.length - 1);
    }, 120_000);
  }

  it('takes a world only for the exact text it was kept under, and keeps the few stepped last', () => {
    const [, scenario] = prebuilt().find(([id]) => id === 'calm-equilibrium') as [string, ScenarioInput];
    const warm = new CountingWarmWorlds();
    const first = advances(scenario, 1, 2, warm)[0] as AdvanceResult;
    expect(warm.size).toBe(1);
    // Another text (a snapshot of another tick, a simulation changed meanwhile): restored, nothing taken.
    const other = advances(scenario, 1, 3)[0] as AdvanceResult;
    expect(warm.take(other.snapshot.json)).toBeUndefined();
    // The exact text: taken once; it is the caller's until kept again.
    expect(warm.take(String(first.snapshot.json))).toBeDefined();
    expect(warm.take(String(first.snapshot.json))).toBeUndefined();
    // At most two worlds: the one kept longest ago makes way.
    const texts = [1, 2, 3].map((ticks) => {
      const result = advances(scenario, 1, ticks, warm)[0] as AdvanceResult;
      return result.snapshot.json;
    });
    expect(warm.size).toBe(2);
    expect(warm.take(texts[0] as string)).toBeUndefined();
    expect(warm.take(texts[2] as string)).toBeDefined();
  });
});
