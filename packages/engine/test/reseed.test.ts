import { describe, expect, it } from 'vitest';
import { ENGINE_VERSIONS, replay, ScenarioError, Simulation, type EngineSnapshot, type ScheduledInput } from '../src/index.js';
import { crowdedScenario, record, type Recording } from './unit-helpers.js';

const FORK_TICK = 23;
const TICKS = 80;

/** The input log of a run reseeded with `seed` at its fork tick, with a shock queued after it as the API queues a fork's inputs. */
function reseedLog(seed: number): ScheduledInput[] {
  return [
    { tick: FORK_TICK + 1, input: { kind: 'reseed', seed } },
    { tick: FORK_TICK + 1, input: { kind: 'decree', decree: { type: 'shock', payload: { x: 10, y: 10, radius: 4, magnitude: 0.3 } }, ref: 'fork-shock' } },
  ];
}

/** Drives a simulation live: steps to the fork tick, queues the log, steps on, and keeps the snapshot of every tick. */
function liveRun(engineVersion: string, log: readonly ScheduledInput[]): { recording: Recording; snapshots: Map<number, string> } {
  const sim = Simulation.create(crowdedScenario(), { engineVersion });
  const recording: Recording = { lines: [], events: [], steps: [] };
  const snapshots = new Map<number, string>();
  while (sim.tick < TICKS && !sim.completed) {
    for (const entry of log) if (entry.tick === sim.tick + 1) sim.enqueue(entry.input);
    record(sim, 1, recording);
    snapshots.set(sim.tick, JSON.stringify(sim.snapshot()));
  }
  return { recording, snapshots };
}

/** The NDJSON lines of the ticks after `fromTick` (each step and the events before it). */
function linesAfter(recording: Recording, fromTick: number): string[] {
  return recording.lines.filter((line) => {
    // A step carries its tick; every event carries it in its data.
    const parsed = JSON.parse(line) as { tick?: number; data?: { tick?: number } };
    return (parsed.tick ?? parsed.data?.tick ?? 0) > fromTick;
  });
}

describe('the reseed input', () => {
  it.each(ENGINE_VERSIONS)('shares the past, restarts the streams at its tick, and is deterministic (%s)', (version) => {
    const plain = liveRun(version, []).recording;
    const seven = liveRun(version, reseedLog(7)).recording;
    const sevenAgain = liveRun(version, reseedLog(7)).recording;
    const eight = liveRun(version, reseedLog(8)).recording;

    // Up to the fork tick nothing differs.
    expect(seven.steps.slice(0, FORK_TICK)).toEqual(plain.steps.slice(0, FORK_TICK));
    expect(eight.steps.slice(0, FORK_TICK)).toEqual(plain.steps.slice(0, FORK_TICK));
    // The reseed reports itself in the move of its tick, before the inputs queued after it.
    expect(seven.steps[FORK_TICK]?.move.startsWith('reseeded with 7; shock at (10, 10); ')).toBe(true);
    // The same seed gives the same future, byte for byte; another seed another one.
    expect(sevenAgain.lines).toEqual(seven.lines);
    const positions = (r: Recording, i: number) => JSON.stringify(r.steps[i]?.agents.map((a) => a.state));
    for (let i = FORK_TICK; i < FORK_TICK + 5; i++) expect(positions(eight, i)).not.toBe(positions(seven, i));
  });

  it.each(ENGINE_VERSIONS)('replays from the input log, and from a checkpoint before or after it, byte for byte (%s)', (version) => {
    const log = reseedLog(99);
    const { recording, snapshots } = liveRun(version, log);

    const lines: string[] = [];
    const replayed = replay(crowdedScenario(), log, TICKS, {
      engineVersion: version,
      onEvent: (e) => lines.push(JSON.stringify(e)),
      onStep: (s) => lines.push(JSON.stringify(s)),
    });
    expect(lines).toEqual(recording.lines);
    expect(JSON.stringify(replayed.snapshot())).toBe(snapshots.get(TICKS));

    // A checkpoint holds no queued input: the inputs after it come from the log, as the API's replays do.
    for (const checkpointTick of [10, FORK_TICK, FORK_TICK + 7]) {
      const resumed = Simulation.restore(JSON.parse(snapshots.get(checkpointTick) as string) as EngineSnapshot);
      const after: Recording = { lines: [], events: [], steps: [] };
      while (resumed.tick < TICKS && !resumed.completed) {
        for (const entry of log) if (entry.tick === resumed.tick + 1) resumed.enqueue(entry.input);
        record(resumed, 1, after);
      }
      expect({ checkpointTick, same: after.lines.join('\n') === linesAfter(recording, checkpointTick).join('\n') }).toEqual({ checkpointTick, same: true });
      expect(JSON.stringify(resumed.snapshot())).toBe(snapshots.get(TICKS));
    }
    // After the reseed, the snapshot carries the new seed: prophecy branches derive from it.
    expect((JSON.parse(snapshots.get(FORK_TICK + 1) as string) as EngineSnapshot).seed).toBe(99);
    expect((JSON.parse(snapshots.get(FORK_TICK) as string) as EngineSnapshot).seed).toBe(crowdedScenario().seed);
  });

  it('survives a snapshot taken while it is queued', () => {
    const original = Simulation.create(crowdedScenario());
    original.step(FORK_TICK);
    original.enqueue({ kind: 'reseed', seed: 5 });
    const snapshot = JSON.parse(JSON.stringify(original.snapshot())) as EngineSnapshot;
    expect(snapshot.pending).toEqual([{ kind: 'reseed', seed: 5 }]);
    const restored = Simulation.restore(snapshot);
    expect(record(restored, 60).lines).toEqual(record(original, 60).lines);
  });

  it.each(ENGINE_VERSIONS)('at tick 0 gives the scenario run with that seed: same states, events and prophecies (%s)', (version) => {
    const reseeded = Simulation.create(crowdedScenario(), { engineVersion: version });
    reseeded.enqueue({ kind: 'reseed', seed: 31 });
    const a = record(reseeded, 80);
    const b = record(Simulation.create({ ...crowdedScenario(), seed: 31 }, { engineVersion: version }), 80);
    expect(a.events).toEqual(b.events);
    expect(a.events.some((e) => e.type === 'prophecy')).toBe(true);
    expect(a.steps.map(({ move: _m, ...rest }) => rest)).toEqual(b.steps.map(({ move: _m, ...rest }) => rest));
    expect(a.steps[0]?.move).toBe(`reseeded with 31; ${b.steps[0]?.move}`);
    expect(a.steps.slice(1).map((s) => s.move)).toEqual(b.steps.slice(1).map((s) => s.move));
  });

  it('refuses a seed that is not a finite number, and a completed simulation', () => {
    const sim = Simulation.create(crowdedScenario());
    expect(() => sim.enqueue({ kind: 'reseed', seed: Number.NaN })).toThrow(ScenarioError);
    expect(sim.check({ kind: 'reseed', seed: Number.POSITIVE_INFINITY })?.code).toBe('invalid');
    expect(sim.check({ kind: 'reseed', seed: 3 })).toBeNull();
    const done = Simulation.create(crowdedScenario({ maxTicks: 5 }));
    done.step(5);
    expect(done.check({ kind: 'reseed', seed: 3 })?.code).toBe('completed');
  });
});
