import { describe, expect, it } from 'vitest';
import { ENGINE_VERSIONS, replay, replaySteps, replayTicks, Simulation, type EngineInputDraft, type ScheduledInput } from '../src/index.js';
import { crowdedScenario, record, sha256, type Recording } from './unit-helpers.js';

/** Inputs queued just before the tick given: some fit, some no longer do when they apply. */
const SCHEDULE: { before: number; input: EngineInputDraft }[] = [
  { before: 3, input: { kind: 'decree', decree: { type: 'shock', payload: { x: 4, y: 4, radius: 5, magnitude: 0.5 } }, ref: 'd1' } },
  { before: 3, input: { kind: 'policy', agentId: 'agent-1', policy: { gamma: 4 }, ref: 'p1' } },
  { before: 18, input: { kind: 'decree', decree: { type: 'add-attractor', payload: { id: 'well-9', x: 17, y: 17, depth: 2, radius: 2, capacity: 4 } } } },
  { before: 18, input: { kind: 'decree', decree: { type: 'remove-agent', payload: { id: 'agent-7' } } } },
  { before: 18, input: { kind: 'decree', decree: { type: 'remove-agent', payload: { id: 'agent-7' } } } },
  { before: 40, input: { kind: 'decree', decree: { type: 'set-rule', payload: { rule: 'reflexivity', value: -0.9 } } } },
  { before: 41, input: { kind: 'decree', decree: { type: 'move-attractor', payload: { id: 'well-1', x: 2, y: 18 } } } },
  { before: 90, input: { kind: 'decree', decree: { type: 'remove-attractor', payload: { id: 'well-2' } } } },
];

/** A live run as a server would drive it, keeping the input log as it goes. */
function liveRun(engineVersion: string, ticks: number): { recording: Recording; log: ScheduledInput[] } {
  const sim = Simulation.create(crowdedScenario(), { engineVersion });
  const recording: Recording = { lines: [], events: [], steps: [] };
  const log: ScheduledInput[] = [];
  while (sim.tick < ticks && !sim.completed) {
    for (const { before, input } of SCHEDULE) if (before === sim.tick + 1) sim.enqueue(input);
    // What the engine parsed is what the log keeps: the next tick is where it applies.
    for (const input of sim.pendingInputs()) log.push({ tick: sim.tick + 1, input });
    record(sim, 1, recording);
  }
  return { recording, log };
}

describe('replay', () => {
  it('replayTicks builds only the steps wanted, asking as each tick is pulled', () => {
    const { recording, log } = liveRun('1.1.0', 60);
    const asked: number[] = [];
    const pulled = [...replayTicks(crowdedScenario(), log, 60, { engineVersion: '1.1.0', wantStep: (t) => (asked.push(t), t % 7 === 0) })];
    expect(asked).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(pulled).toHaveLength(60);
    pulled.forEach((step, i) => {
      const tick = i + 1;
      if (tick % 7 === 0) expect(JSON.stringify(step)).toBe(JSON.stringify(recording.steps[i]));
      else expect(step).toBeNull();
    });
  });

  it.each(ENGINE_VERSIONS)('replaySteps pulls, one at a time, exactly the steps of the live run (%s)', (version) => {
    const { recording, log } = liveRun(version, 120);
    const live = recording.steps.map((step) => JSON.stringify(step));
    const steps = replaySteps(crowdedScenario(), log, 120, { engineVersion: version });
    const pulled: string[] = [];
    for (const step of steps) pulled.push(JSON.stringify(step));
    expect(pulled).toHaveLength(live.length);
    expect(pulled).toEqual(live);
  });

  it.each(ENGINE_VERSIONS)('rebuilds the live trace from the scenario and the input log (%s)', (version) => {
    const { recording, log } = liveRun(version, 150);
    expect(log).toHaveLength(SCHEDULE.length);
    expect(recording.events.some((e) => e.type === 'decree' && !e.data.applied)).toBe(true);

    const replayed: Recording = { lines: [], events: [], steps: [] };
    const sim = replay(crowdedScenario(), log, 150, {
      engineVersion: version,
      onEvent: (event) => replayed.lines.push(JSON.stringify(event)),
      onStep: (step) => replayed.lines.push(JSON.stringify(step)),
    });
    expect(sim.tick).toBe(150);
    expect(sha256(replayed.lines)).toBe(sha256(recording.lines));
    expect(replayed.lines).toEqual(recording.lines);
  });

  it('accepts the log in any order of ticks, keeping the order within a tick', () => {
    const { log } = liveRun('1.1.0', 60);
    // Ticks latest first, the inputs of each tick still in the order they were queued.
    const byTick = new Map<number, ScheduledInput[]>();
    for (const entry of log) byTick.set(entry.tick, [...(byTick.get(entry.tick) ?? []), entry]);
    const scrambled = [...byTick.keys()].reverse().flatMap((tick) => byTick.get(tick) ?? []);
    expect(scrambled[0]?.tick).toBeGreaterThan(scrambled[scrambled.length - 1]?.tick ?? Infinity);
    const a = replay(crowdedScenario(), log, 60).snapshot();
    const b = replay(crowdedScenario(), scrambled, 60).snapshot();
    expect(b).toEqual(a);
  });

  it('stops at the tick asked for, and early when the simulation completes', () => {
    expect(replay(crowdedScenario(), [], 25).tick).toBe(25);
    const short = replay(crowdedScenario({ maxTicks: 10 }), [], 25);
    expect(short.tick).toBe(10);
    expect(short.completed).toBe(true);
  });

  it('gives a different trace for a different log', () => {
    const { log } = liveRun('1.1.0', 60);
    const a = replay(crowdedScenario(), log, 60).snapshot();
    const b = replay(crowdedScenario(), log.slice(1), 60).snapshot();
    expect(b).not.toEqual(a);
  });
});
