import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ADAPTERS, translate } from '@sim/domain-adapters';
import { DEFAULT_ENGINE_VERSION, type EngineInputDraft, type ScenarioInput, type Simulation } from '@sim/engine';
import { describe, expect, it } from 'vitest';
import type { AdvanceResult, QueueResult } from '../../src/engine-work/engine-task.js';
import { runEngineTask, startOfAdvance } from '../../src/engine-work/run-engine-task.js';
import { WarmWorlds } from '../../src/engine-work/warm-worlds.js';
import { prebuiltScenario } from '../support/scenario-files.js';
import { REPO_ROOT } from '../support/server-process.js';

// A worker keeps the worlds it stepped last and takes one again, instead of restoring it, when
// the next step names the head it holds: a stored snapshot and the ticks the head ran past it
// (docs/operations.md, "Warm worlds"). Such a worker stores a new snapshot only every
// `snapshotEvery` ticks. The independent checks: every advance through kept worlds gives the
// bytes of the same advances each restored from a snapshot stored at every advance, as every
// worker did before; and what the database holds (the last snapshot stored and the head's tick)
// restores the very head those advances reached, as a restart or another worker would.

/** Counts the worlds taken instead of restored. */
class CountingWarmWorlds extends WarmWorlds {
  hits = 0;
  override take(json: string, ahead?: number): Simulation | undefined {
    const found = super.take(json, ahead);
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

/** What the database holds of a simulation's head, as the server stores it. */
interface StoredHead {
  snapshot: string;
  snapshotTick: number;
  tick: number;
}

interface Advanced {
  result: AdvanceResult;
  /** The head as stored after this advance. */
  head: StoredHead;
}

/**
 * `steps` advances of `ticks` each, every one from the head the last left stored, as the server
 * stores and sends it (a snapshot is stored when the advance hands one back).
 */
function advances(scenario: ScenarioInput, steps: number, ticks: number, warm?: WarmWorlds, snapshotEvery = 0): Advanced[] {
  const done: Advanced[] = [];
  let head: StoredHead | undefined;
  for (let i = 0; i < steps; i++) {
    const result = runEngineTask(
      {
        kind: 'advance',
        from:
          head === undefined
            ? { scenario, engineVersion: DEFAULT_ENGINE_VERSION }
            : { snapshot: { json: head.snapshot }, ahead: head.tick - head.snapshotTick },
        ticks,
        keepSteps: false,
        stepLines: true,
        checkpointEvery: 5,
        snapshotEvery,
      },
      undefined,
      {},
      warm,
    ) as AdvanceResult;
    if (result.snapshot === null && head === undefined) throw new Error('a new world handed back no snapshot');
    head =
      result.snapshot === null
        ? { ...(head as StoredHead), tick: result.tick }
        : { snapshot: String(result.snapshot.json), snapshotTick: result.tick, tick: result.tick };
    done.push({ result, head });
    if (result.completed) break;
  }
  return done;
}

/** The head a restart rebuilds from what is stored: the snapshot restored, the ticks past it computed again. */
const restored = (head: StoredHead): string =>
  JSON.stringify(startOfAdvance({ snapshot: { json: head.snapshot }, ahead: head.tick - head.snapshotTick }).snapshot());

describe('warm worlds', () => {
  for (const [name, scenario] of [...prebuilt(), ...domains()]) {
    const large = scenario.agents.length > 1_000;
    it(`${name}: advances through kept worlds give the bytes of advances restored from a snapshot stored every time`, () => {
      const [steps, ticks, every] = large ? [6, 5, 12] : [30, 3, 10];
      const warm = new CountingWarmWorlds();
      const cold = advances(scenario, steps, ticks);
      const hot = advances(scenario, steps, ticks, warm, every);
      expect(hot.length).toBe(cold.length);
      let skipped = 0;
      hot.forEach(({ result, head }, i) => {
        const { result: expected } = cold[i] as Advanced;
        const { snapshot, stepLines, ...rest } = result;
        const { snapshot: expectedSnapshot, stepLines: expectedLines, ...expectedRest } = expected;
        expect(rest, `advance ${i + 1}`).toEqual(expectedRest);
        // Megabytes of a large world's lines: compared as whole buffers, not byte by byte by toEqual.
        expect(stepLines.length, `advance ${i + 1}`).toBe(expectedLines.length);
        expect(Buffer.concat(stepLines).equals(Buffer.concat(expectedLines)), `advance ${i + 1}: the same step lines`).toBe(true);
        // A snapshot handed back is the one stored every time; the head never runs `every` ticks past the stored one.
        if (snapshot !== null) expect(snapshot, `advance ${i + 1}`).toEqual(expectedSnapshot);
        else skipped++;
        expect(head.tick - head.snapshotTick, `advance ${i + 1}`).toBeLessThan(every);
        // What is stored restores the head these advances reached.
        expect(restored(head), `advance ${i + 1}`).toBe(expectedSnapshot?.json);
      });
      // Every advance after the first (which builds its world from the scenario) took its world,
      // and most stored no snapshot.
      expect(warm.hits).toBe(hot.length - 1);
      if (!hot.at(-1)?.result.completed) expect(skipped).toBeGreaterThan(hot.length / 2);
    }, 120_000);
  }

  it('a world is taken only for the exact text and ticks past it it was kept under, and the few stepped last are kept', () => {
    const [, scenario] = prebuilt().find(([id]) => id === 'calm-equilibrium') as [string, ScenarioInput];
    const warm = new CountingWarmWorlds();
    const [first, second] = advances(scenario, 2, 2, warm, 10) as [Advanced, Advanced];
    // The second advance stored nothing: its world is kept 2 ticks past the first's snapshot.
    expect(second.result.snapshot).toBeNull();
    expect(warm.size).toBe(1);
    // Another text (a snapshot of another tick, a simulation changed meanwhile): nothing taken.
    const [other] = advances(scenario, 1, 3) as [Advanced];
    expect(warm.take(other.head.snapshot)).toBeUndefined();
    // The right text, but not as many ticks past it: nothing taken.
    expect(warm.take(first.head.snapshot, 0)).toBeUndefined();
    expect(warm.take(first.head.snapshot, 3)).toBeUndefined();
    // The exact head: taken once; it is the caller's until kept again.
    expect(warm.take(first.head.snapshot, 2)).toBeDefined();
    expect(warm.take(first.head.snapshot, 2)).toBeUndefined();
    // Small worlds: the three stepped last are all kept.
    const texts = [1, 2, 3].map((ticks) => (advances(scenario, 1, ticks, warm)[0] as Advanced).head.snapshot);
    expect(warm.size).toBe(3);
    for (const text of texts) expect(warm.take(text)).toBeDefined();
  });

  it('keeps at most sixteen worlds, and beyond the last two only while their texts fit 2 MiB', () => {
    // Only the text's length and the world's tick count here: stand-ins for both.
    const world = (tick: number) => ({ tick }) as unknown as Simulation;
    const text = (length: number, tag: number): string => `${tag}`.padEnd(length, ' ');
    /** Worlds kept under `count` texts of `length` characters, oldest first. */
    const keeping = (count: number, length: number): { warm: WarmWorlds; texts: string[] } => {
      const warm = new WarmWorlds();
      const texts = Array.from({ length: count }, (_, i) => text(length, i));
      for (const t of texts) warm.keep(t, world(5));
      return { warm, texts };
    };
    const small = keeping(20, 100);
    expect(small.warm.size).toBe(16);
    expect(small.warm.take(small.texts[3] as string)).toBeUndefined();
    expect(small.warm.take(small.texts[4] as string)).toBeDefined();

    // 600 K characters each: three fit in 2 MiB, a fourth does not.
    const large = keeping(4, 600_000);
    expect(large.warm.size).toBe(3);
    expect(large.warm.take(large.texts[0] as string)).toBeUndefined();
    // A world taken frees its share: one more fits again.
    expect(large.warm.take(large.texts[1] as string)).toBeDefined();
    large.warm.keep(text(600_000, 9), world(5));
    expect(large.warm.size).toBe(3);

    // The last two are kept whatever their size (up to 4 MiB each); a larger one is not kept at all.
    const huge = keeping(3, 3 << 20);
    expect(huge.warm.size).toBe(2);
    expect(huge.warm.take(huge.texts[0] as string)).toBeUndefined();
    huge.warm.keep(text((4 << 20) + 1, 7), world(5));
    expect(huge.warm.size).toBe(2);
  });

  it('a decree queued on a head past its stored snapshot stores the snapshot of the head, kept or restored, and the weight follows it', () => {
    const [, scenario] = prebuilt().find(([id]) => id === 'basin-cascade') as [string, ScenarioInput];
    const warm = new CountingWarmWorlds();
    const hot = advances(scenario, 3, 2, warm, 10);
    const { head } = hot.at(-1) as Advanced;
    expect(head.tick - head.snapshotTick).toBe(4);
    // A rule that weighs on the work of a tick: the weight of the advance after it must change.
    const draft: EngineInputDraft = { kind: 'decree', decree: { type: 'set-rule', payload: { rule: 'prophecyBranches', value: 3 } } };
    const queue = (from: WarmWorlds | undefined): QueueResult =>
      runEngineTask(
        { kind: 'queue', snapshot: { json: head.snapshot }, ahead: head.tick - head.snapshotTick, drafts: [draft], keepState: true },
        undefined,
        {},
        from,
      ) as QueueResult;
    const restoredHere = queue(undefined);
    const hits = warm.hits;
    const kept = queue(warm);
    expect(warm.hits).toBe(hits + 1);
    expect(kept).toEqual(restoredHere);
    if (kept.kind !== 'queued') throw new Error('the decree was refused');
    expect(kept.state?.tick).toBe(head.tick);
    // The next advance, from the world kept with the decree queued and from the stored text alike.
    const next = (from: WarmWorlds | undefined): AdvanceResult =>
      runEngineTask(
        { kind: 'advance', from: { snapshot: kept.snapshot }, ticks: 3, keepSteps: false, checkpointEvery: 5, snapshotEvery: 10 },
        undefined,
        {},
        from,
      ) as AdvanceResult;
    const afterCold = next(undefined);
    const afterHot = next(warm);
    expect(warm.hits).toBe(hits + 2);
    expect(afterHot.snapshot, 'the kept world ran 3 ticks past the stored snapshot: none stored').toBeNull();
    expect({ ...afterHot, snapshot: null }).toEqual({ ...afterCold, snapshot: null });
    expect(afterHot.weight, 'the rule changed the work of a tick').not.toEqual((hot.at(-1) as Advanced).result.weight);
  });
});
