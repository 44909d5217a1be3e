import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENGINE_VERSIONS, replay, Simulation, type DecreeInput, type EngineInputDraft, type ScenarioInput, type ScheduledInput } from '../src/index.js';
import { record, type Recording } from './unit-helpers.js';

// Small worlds, short runs: each property explores many scenarios rather than long ones.
const NUM_RUNS = 80;
const AGENT_IDS = ['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7'];
const ATTRACTOR_IDS = ['w0', 'w1', 'w2', 'w3', 'w4', 'w5'];

const unit = fc.double({ min: 0, max: 1, noNaN: true });

/** A fraction of the grid side, sometimes pushed a little past either edge so that decrees can miss the grid. */
const coordinate = fc.oneof({ weight: 4, arbitrary: unit }, { weight: 1, arbitrary: fc.double({ min: -0.3, max: 1.3, noNaN: true }) });

interface Generated {
  scenario: ScenarioInput;
  engineVersion: string;
  /** Inputs by the tick before which they are queued; one tick may get several. Each gets a ref, reported by its event. */
  schedule: { before: number; input: ReportedInput }[];
  ticks: number;
}

const scenarioArbitrary = fc
  .record({
    seed: fc.integer({ min: 0, max: 1_000_000 }),
    width: fc.integer({ min: 2, max: 16 }),
    height: fc.integer({ min: 2, max: 16 }),
    agents: fc.uniqueArray(
      fc.record({
        id: fc.constantFrom(...AGENT_IDS),
        x: unit,
        y: unit,
        lambda: fc.double({ min: 0, max: 3, noNaN: true }),
        gamma: fc.double({ min: 0, max: 3, noNaN: true }),
      }),
      {
        maxLength: 6,
        selector: (agent) => agent.id,
      },
    ),
    attractors: fc.uniqueArray(
      fc.record({
        id: fc.constantFrom(...ATTRACTOR_IDS.slice(0, 4)),
        x: unit,
        y: unit,
        depth: fc.double({ min: 0.2, max: 4, noNaN: true }),
        radius: fc.double({ min: 0.5, max: 4, noNaN: true }),
        capacity: fc.double({ min: 0.1, max: 6, noNaN: true }),
      }),
      { maxLength: 4, selector: (attractor) => attractor.id },
    ),
    prophecyInterval: fc.constantFrom(0, 0, 3, 5),
    prophecyHorizon: fc.integer({ min: 1, max: 6 }),
    prophecyBranches: fc.integer({ min: 1, max: 3 }),
    erosionRate: fc.double({ min: 0.1, max: 1, noNaN: true }),
    shockRate: fc.constantFrom(0, 0.1, 0.3),
    noise: fc.double({ min: 0, max: 3, noNaN: true }),
    maxSpeed: fc.double({ min: 0.1, max: 4, noNaN: true }),
    reflexivity: fc.double({ min: -1, max: 1, noNaN: true }),
  })
  .map((g): ScenarioInput => {
    const onGrid = (fraction: number, side: number) => fraction * (side - 1);
    return {
      seed: g.seed,
      agents: g.agents.map((a) => ({ id: a.id, marker: { x: onGrid(a.x, g.width), y: onGrid(a.y, g.height) }, policy: { lambda: a.lambda, gamma: a.gamma } })),
      initialState: {
        width: g.width,
        height: g.height,
        attractors: g.attractors.map((w) => ({
          id: w.id,
          x: onGrid(w.x, g.width),
          y: onGrid(w.y, g.height),
          depth: w.depth,
          radius: w.radius,
          capacity: w.capacity,
        })),
      },
      rules: {
        prophecyInterval: g.prophecyInterval,
        prophecyHorizon: g.prophecyHorizon,
        prophecyBranches: g.prophecyBranches,
        erosionRate: g.erosionRate,
        shockRate: g.shockRate,
        noise: g.noise,
        maxSpeed: g.maxSpeed,
        reflexivity: g.reflexivity,
      },
    };
  });

/** A decree on ids from small pools, so that many of them meet a live agent, a lost basin or a taken id. */
function decreeArbitrary(width: number, height: number): fc.Arbitrary<DecreeInput> {
  const x = coordinate.map((f) => f * (width - 1));
  const y = coordinate.map((f) => f * (height - 1));
  const agentId = fc.constantFrom(...AGENT_IDS);
  const attractorId = fc.constantFrom(...ATTRACTOR_IDS);
  return fc.oneof(
    fc.record({
      type: fc.constant('shock' as const),
      payload: fc.record({ x, y, radius: fc.double({ min: 0.5, max: 8, noNaN: true }), magnitude: fc.double({ min: 0.1, max: 2, noNaN: true }) }),
    }),
    fc.record({
      type: fc.constant('add-attractor' as const),
      payload: fc.record({
        id: attractorId,
        x,
        y,
        depth: fc.double({ min: 0.2, max: 4, noNaN: true }),
        radius: fc.double({ min: 0.5, max: 4, noNaN: true }),
        capacity: fc.double({ min: 0.1, max: 6, noNaN: true }),
      }),
    }),
    fc.record({ type: fc.constant('move-attractor' as const), payload: fc.record({ id: attractorId, x, y }) }),
    fc.record({ type: fc.constant('remove-attractor' as const), payload: fc.record({ id: attractorId }) }),
    fc.record({ type: fc.constant('add-agent' as const), payload: fc.record({ id: agentId, marker: fc.record({ x, y }) }) }),
    fc.record({ type: fc.constant('move-agent' as const), payload: fc.record({ id: agentId, x, y }) }),
    fc.record({ type: fc.constant('remove-agent' as const), payload: fc.record({ id: agentId }) }),
    fc.record({
      type: fc.constant('set-rule' as const),
      payload: fc.record({ rule: fc.constant('noise' as const), value: fc.double({ min: 0, max: 3, noNaN: true }) }),
    }),
  );
}

/** The inputs that report themselves by an event carrying their ref (a reseed reports none). */
type ReportedInput = Exclude<EngineInputDraft, { kind: 'reseed' }>;

const inputArbitrary = (width: number, height: number): fc.Arbitrary<ReportedInput> =>
  fc.oneof(
    { weight: 4, arbitrary: decreeArbitrary(width, height).map((decree): ReportedInput => ({ kind: 'decree', decree })) },
    {
      weight: 1,
      arbitrary: fc
        .record({ agentId: fc.constantFrom(...AGENT_IDS), lambda: fc.double({ min: 0, max: 5, noNaN: true }) })
        .map(({ agentId, lambda }): ReportedInput => ({ kind: 'policy', agentId, policy: { lambda } })),
    },
  );

const generated: fc.Arbitrary<Generated> = scenarioArbitrary.chain((scenario) => {
  const { width, height } = scenario.initialState;
  return fc.record({
    scenario: fc.constant(scenario),
    engineVersion: fc.constantFrom(...ENGINE_VERSIONS),
    ticks: fc.integer({ min: 1, max: 30 }),
    schedule: fc.array(fc.record({ before: fc.integer({ min: 1, max: 30 }), input: inputArbitrary(width, height) }), { maxLength: 12 }),
  });
});

interface LiveRun {
  sim: Simulation;
  recording: Recording;
  log: ScheduledInput[];
  /** The refs queued before each tick, in order. */
  queuedBefore: Map<number, string[]>;
}

/** Drives a simulation as a server would: queue what is due, step one tick, keep the log. */
function runLive({ scenario, engineVersion, schedule, ticks }: Generated): LiveRun {
  const sim = Simulation.create(scenario, { engineVersion });
  const recording: Recording = { lines: [], events: [], steps: [] };
  const log: ScheduledInput[] = [];
  const queuedBefore = new Map<number, string[]>();
  while (sim.tick < ticks && !sim.completed) {
    const next = sim.tick + 1;
    const refs: string[] = [];
    schedule.forEach(({ before, input }, n) => {
      if (before !== next) return;
      sim.enqueue({ ...input, ref: `input-${n}` });
      refs.push(`input-${n}`);
    });
    queuedBefore.set(next, refs);
    for (const input of sim.pendingInputs()) log.push({ tick: next, input });
    record(sim, 1, recording);
  }
  return { sim, recording, log, queuedBefore };
}

const property = (check: (g: Generated) => void) => fc.assert(fc.property(generated, check), { numRuns: NUM_RUNS });

describe('engine properties', () => {
  it('keeps every agent on the grid with a finite position and velocity', () => {
    property((g) => {
      const { width, height } = g.scenario.initialState;
      for (const step of runLive(g).recording.steps) {
        for (const { state } of step.agents) {
          expect(state.x).toBeGreaterThanOrEqual(0);
          expect(state.x).toBeLessThanOrEqual(width - 1);
          expect(state.y).toBeGreaterThanOrEqual(0);
          expect(state.y).toBeLessThanOrEqual(height - 1);
          expect(Number.isFinite(state.vx) && Number.isFinite(state.vy)).toBe(true);
        }
      }
    });
  });

  it('never brings a lost basin back, and never reuses an attractor id', () => {
    property((g) => {
      const { sim, recording } = runLive(g);
      const used = new Set((g.scenario.initialState.attractors ?? []).map((a) => a.id));
      let lostBefore: string[] = [];
      let eventIndex = 0;
      for (const step of recording.steps) {
        // Decrees of this tick: an add-attractor is applied only under an id never used before.
        for (; eventIndex < recording.events.length && (recording.events[eventIndex]?.data.tick ?? Infinity) <= step.tick; eventIndex++) {
          const event = recording.events[eventIndex];
          if (event?.type !== 'decree' || event.data.type !== 'add-attractor') continue;
          const id = event.data.payload.id as string;
          if (used.has(id)) {
            expect(event.data.applied).toBe(false);
            expect(event.data.reason).toContain('has been used');
          }
          if (event.data.applied) used.add(id);
        }
        const lost = step.state.lostBasins;
        expect(lost.slice(0, lostBefore.length)).toEqual(lostBefore);
        expect(new Set(lost).size).toBe(lost.length);
        for (const attractor of step.state.attractors) {
          if (lost.includes(attractor.id)) expect(attractor).toMatchObject({ lost: true, depth: 0 });
          else expect(attractor.lost).toBe(false);
        }
        lostBefore = lost;
      }
      const losses = recording.events.filter((e) => e.type === 'loss').map((e) => (e.type === 'loss' ? e.data.attractor : ''));
      expect(new Set(losses).size).toBe(losses.length);
      if (!sim.completed) {
        for (const id of used) {
          const again = sim.check({ kind: 'decree', decree: { type: 'add-attractor', payload: { id, x: 0, y: 0, depth: 1, radius: 1, capacity: 1 } } });
          expect(again?.code).toBe('conflict');
        }
        for (const id of lostBefore) {
          expect(sim.check({ kind: 'decree', decree: { type: 'move-attractor', payload: { id, x: 0, y: 0 } } })?.code).toBe('not-found');
        }
      }
    });
  });

  it('applies every input at exactly the next tick, in the order queued', () => {
    property((g) => {
      const { recording, queuedBefore } = runLive(g);
      const reported = new Map<number, string[]>();
      for (const event of recording.events) {
        if (event.type !== 'decree' && event.type !== 'policy') continue;
        reported.set(event.data.tick, [...(reported.get(event.data.tick) ?? []), event.data.ref ?? '']);
      }
      for (const [tick, refs] of queuedBefore) expect(reported.get(tick) ?? []).toEqual(refs);
      expect([...reported.keys()].every((tick) => queuedBefore.has(tick))).toBe(true);
    });
  });

  it('replays the input log into the same trace, byte for byte', () => {
    property((g) => {
      const { sim, recording, log } = runLive(g);
      const lines: string[] = [];
      const replayed = replay(g.scenario, log, sim.tick, {
        engineVersion: g.engineVersion,
        onEvent: (event) => lines.push(JSON.stringify(event)),
        onStep: (step) => lines.push(JSON.stringify(step)),
      });
      expect(lines).toEqual(recording.lines);
      expect(JSON.stringify(replayed.snapshot())).toBe(JSON.stringify(sim.snapshot()));
    });
  });
});
