import { describe, expect, it } from 'vitest';
import { ENGINE_VERSIONS, Simulation, versionFeatures, type EngineEvent, type Loss, type Paradox } from '../src/index.js';
import { REPO_SCENARIOS_DIR, listScenarioFiles, parseScenarioFile, runnable } from './scenario-files.js';

/**
 * The table "Each kind, and a scenario that produces it" of docs/engine.md, "Paradoxes", for
 * the kinds every engine version has: each row's scenario produces that paradox, at the tick
 * the table says, under every version.
 */

const files = new Map(listScenarioFiles(REPO_SCENARIOS_DIR).map((entry) => [entry.name, entry]));

function start(id: string, engineVersion: string): Simulation {
  const entry = files.get(id);
  if (entry === undefined) throw new Error(`scenarios/${id}.json is missing`);
  return Simulation.create(runnable(parseScenarioFile(entry)), { engineVersion });
}

function run(sim: Simulation, ticks: number, events: EngineEvent[] = []): EngineEvent[] {
  sim.step(ticks, { onEvent: (event) => void events.push(event) });
  return events;
}

const paradoxesOf = (events: readonly EngineEvent[]): Paradox[] => events.flatMap((e) => (e.type === 'paradox' ? [e.data] : []));
const lossesOf = (events: readonly EngineEvent[]): Loss[] => events.flatMap((e) => (e.type === 'loss' ? [e.data] : []));

describe.each(ENGINE_VERSIONS)('the paradox kinds of docs/engine.md, under engine %s', (version) => {
  it('unforeseen: in shock-prone-valley a shock takes lower-ford at tick 128 while prophecy 5 gave it 0', () => {
    const events = run(start('shock-prone-valley', version), 130);
    const loss = lossesOf(events).find((l) => l.attractor === 'lower-ford');
    expect(loss).toMatchObject({ tick: 128, load: 0 });
    const unforeseen = paradoxesOf(events).filter((p) => p.kind === 'unforeseen');
    expect(unforeseen).toEqual([expect.objectContaining({ tick: 128, attractor: 'lower-ford', prophecy: { seq: 5, tick: 125 }, predictedLossProbability: 0 })]);
  });

  it('decree: in self-defeating-prophecy, removing doomed after the confident prophecy of tick 30 is a decree paradox at tick 31', () => {
    const sim = start('self-defeating-prophecy', version);
    const events = run(sim, 30);
    expect(paradoxesOf(events)).toEqual([]);
    sim.decree({ type: 'remove-attractor', payload: { id: 'doomed' } });
    const next = run(sim, 1);
    expect(next.find((e) => e.type === 'decree')?.data).toMatchObject({ tick: 31, type: 'remove-attractor', applied: true });
    expect(paradoxesOf(next)).toEqual([
      expect.objectContaining({ tick: 31, kind: 'decree', attractor: 'doomed', prophecy: { seq: 1, tick: 30 }, predictedLossProbability: 1 }),
    ]);
  });

  it('averted: in self-defeating-prophecy at tick 70 (1.0.0, 1.1.0), 101 (1.2.0 waits for the outcome) or 110 (1.3.0 waits for the window)', () => {
    const events = run(start('self-defeating-prophecy', version), 110);
    const averted = paradoxesOf(events).filter((p) => p.kind === 'averted');
    const features = versionFeatures(version);
    const tick = features?.verdictsAwaitWindow ? 110 : features?.verdictsWaitForOutcome ? 101 : 70;
    expect(averted).toEqual([expect.objectContaining({ tick, attractor: 'doomed', prophecy: { seq: 1, tick: 30 } })]);
    expect(lossesOf(events)).toEqual([]);
  });
});
