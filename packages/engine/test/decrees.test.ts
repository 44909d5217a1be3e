import { describe, expect, it } from 'vitest';
import { Simulation, type DecreeApplied, type DecreeInput, type EngineEvent, type PolicyApplied } from '../src/index.js';
import { record, STILL_RULES, tinyScenario } from './unit-helpers.js';

const decreeEvents = (events: EngineEvent[]): DecreeApplied[] => events.flatMap((e) => (e.type === 'decree' ? [e.data] : []));
const policyEvents = (events: EngineEvent[]): PolicyApplied[] => events.flatMap((e) => (e.type === 'policy' ? [e.data] : []));

/**
 * One case per decree type: the decree, and what must be true of the state once it has
 * applied (and false before). Runs under STILL_RULES so that nothing else moves.
 */
const CASES: { decree: DecreeInput; applied: (sim: Simulation) => boolean }[] = [
  {
    decree: { type: 'shock', payload: { x: 3, y: 3, radius: 4, magnitude: 0.5 } },
    applied: (sim) => (sim.state().attractors.find((a) => a.id === 'well-a')?.depth ?? 2) < 2,
  },
  {
    decree: { type: 'add-attractor', payload: { id: 'well-c', x: 6, y: 1, depth: 1, radius: 1, capacity: 5 } },
    applied: (sim) => sim.state().attractors.some((a) => a.id === 'well-c'),
  },
  {
    decree: { type: 'move-attractor', payload: { id: 'well-b', x: 10, y: 1 } },
    applied: (sim) => {
      const b = sim.state().attractors.find((a) => a.id === 'well-b');
      return b?.x === 10 && b.y === 1;
    },
  },
  {
    decree: { type: 'remove-attractor', payload: { id: 'well-a' } },
    applied: (sim) => !sim.state().attractors.some((a) => a.id === 'well-a'),
  },
  {
    decree: { type: 'add-agent', payload: { id: 'a4', marker: { x: 7, y: 7 }, policy: { gamma: 2 } } },
    applied: (sim) => sim.agents().some((a) => a.id === 'a4' && a.state.x === 7 && a.state.y === 7 && a.policy.gamma === 2),
  },
  {
    decree: { type: 'move-agent', payload: { id: 'a2', x: 0.5, y: 11 } },
    applied: (sim) => sim.agents().some((a) => a.id === 'a2' && a.state.x === 0.5 && a.state.y === 11),
  },
  {
    decree: { type: 'remove-agent', payload: { id: 'a1' } },
    applied: (sim) => !sim.hasAgent('a1') && sim.state().agentCount === 2,
  },
  {
    decree: { type: 'set-rule', payload: { rule: 'reflexivity', value: -0.25 } },
    applied: (sim) => sim.snapshot().rules.reflexivity === -0.25,
  },
];

describe('decrees', () => {
  it.each(CASES.map((c) => [c.decree.type, c] as const))('%s applies at exactly the next tick', (_type, { decree, applied }) => {
    const sim = Simulation.create(tinyScenario(STILL_RULES));
    sim.step(4);
    sim.decree(decree, 'my-ref');
    // Queued, not applied: the state is untouched until the next tick runs.
    expect(applied(sim)).toBe(false);
    expect(sim.pendingInputs()).toHaveLength(1);

    const { events } = record(sim, 1);
    expect(decreeEvents(events)).toEqual([{ tick: 5, ref: 'my-ref', type: decree.type, payload: expect.any(Object), applied: true, reason: null }]);
    expect(applied(sim)).toBe(true);
    expect(sim.pendingInputs()).toHaveLength(0);
  });

  it('applies a decree at the next tick even when several ticks are stepped at once', () => {
    const sim = Simulation.create(tinyScenario());
    sim.step(7);
    sim.decree({ type: 'remove-agent', payload: { id: 'a3' } });
    const { events, steps } = record(sim, 5);
    expect(decreeEvents(events).map((d) => d.tick)).toEqual([8]);
    expect(steps.map((s) => s.agents.some((a) => a.id === 'a3'))).toEqual([false, false, false, false, false]);
    expect(steps[0]?.move).toContain('agent a3 removed');
  });

  it('leaves the ticks before the decree identical to a run without it', () => {
    const plain = Simulation.create(tinyScenario());
    const decreed = Simulation.create(tinyScenario());
    const before = record(plain, 6).lines;
    expect(record(decreed, 6).lines).toEqual(before);
    decreed.decree({ type: 'shock', payload: { x: 3, y: 3, radius: 6, magnitude: 1 } });
    const plainNext = record(plain, 1).steps[0];
    const decreedNext = record(decreed, 1).steps[0];
    expect(decreedNext?.tick).toBe(7);
    expect(decreedNext?.state.attractors).not.toEqual(plainNext?.state.attractors);
  });

  it('applies inputs in the order received, with their refs', () => {
    const sim = Simulation.create(tinyScenario(STILL_RULES));
    sim.decree({ type: 'add-agent', payload: { id: 'z', marker: { x: 1, y: 1 } } }, 'first');
    sim.decree({ type: 'move-agent', payload: { id: 'z', x: 4, y: 4 } }, 'second');
    sim.decree({ type: 'remove-agent', payload: { id: 'z' } }, 'third');
    sim.decree({ type: 'add-agent', payload: { id: 'z', marker: { x: 9, y: 9 } } }, 'fourth');
    const { events, steps } = record(sim, 1);
    expect(decreeEvents(events).map((d) => [d.ref, d.type, d.applied])).toEqual([
      ['first', 'add-agent', true],
      ['second', 'move-agent', true],
      ['third', 'remove-agent', true],
      ['fourth', 'add-agent', true],
    ]);
    // Only the last add survives: had the order been changed, z would not be at (9, 9).
    expect(steps[0]?.agents.find((a) => a.id === 'z')?.state).toMatchObject({ x: 9, y: 9 });
  });

  it('reports a decree that no longer fits at its tick with applied: false', () => {
    const sim = Simulation.create(tinyScenario(STILL_RULES));
    sim.decree({ type: 'remove-agent', payload: { id: 'a1' } }, 'one');
    sim.decree({ type: 'move-agent', payload: { id: 'a1', x: 1, y: 1 } }, 'two');
    sim.decree({ type: 'remove-attractor', payload: { id: 'well-a' } }, 'three');
    sim.decree({ type: 'add-attractor', payload: { id: 'well-a', x: 1, y: 1, depth: 1, radius: 1, capacity: 1 } }, 'four');
    const decrees = decreeEvents(record(sim, 1).events);
    expect(decrees.map((d) => [d.ref, d.applied])).toEqual([
      ['one', true],
      ['two', false],
      ['three', true],
      ['four', false],
    ]);
    expect(decrees[1]?.reason).toContain('not found');
    expect(decrees[3]?.reason).toContain('has been used');
    expect(sim.state().attractors.map((a) => a.id)).toEqual(['well-b']);
  });

  it('leaves an agent on the shock centre where it is, even a denormal distance away', () => {
    // 5e-324 from the centre: the push used to overflow to Infinity and turn the velocity into NaN.
    const sim = Simulation.create({ seed: 1, agents: [{ id: 'a', marker: { x: 0, y: 5e-324 } }], initialState: { width: 8, height: 8 } });
    sim.decree({ type: 'shock', payload: { x: 0, y: 0, radius: 1, magnitude: 1 } });
    const state = record(sim, 1).steps[0]?.agents[0]?.state;
    for (const value of [state?.x, state?.y, state?.vx, state?.vy]) expect(Number.isFinite(value)).toBe(true);
  });

  it('refuses a malformed decree when it is queued, listing its problems', () => {
    const sim = Simulation.create(tinyScenario());
    expect(() => sim.decree({ type: 'shock', payload: { x: 1, y: 1, radius: -1, magnitude: 0.5 } })).toThrow(/payload\.radius/);
    expect(() => sim.decree({ type: 'set-rule', payload: { rule: 'friction', value: 3 } })).toThrow(/payload\.value/);
    expect(sim.pendingInputs()).toHaveLength(0);
  });

  describe('check()', () => {
    const sim = Simulation.create(tinyScenario());
    const code = (decree: DecreeInput) => sim.check({ kind: 'decree', decree })?.code ?? null;

    it('accepts inputs that fit', () => {
      expect(code({ type: 'move-agent', payload: { id: 'a1', x: 11, y: 0 } })).toBeNull();
      expect(code({ type: 'shock', payload: { x: 100, y: 100, radius: 1, magnitude: 1 } })).toBeNull();
      expect(sim.check({ kind: 'policy', agentId: 'a2', policy: { lambda: 2 } })).toBeNull();
    });

    it('names a missing agent or attractor as not-found', () => {
      expect(code({ type: 'move-agent', payload: { id: 'nobody', x: 1, y: 1 } })).toBe('not-found');
      expect(code({ type: 'remove-agent', payload: { id: 'nobody' } })).toBe('not-found');
      expect(code({ type: 'move-attractor', payload: { id: 'nowhere', x: 1, y: 1 } })).toBe('not-found');
      expect(code({ type: 'remove-attractor', payload: { id: 'nowhere' } })).toBe('not-found');
      expect(code({ type: 'add-agent', payload: { id: 'n', marker: { x: 1, y: 1 }, attractorPreferences: { nowhere: 1 } } })).toBe('not-found');
      expect(sim.check({ kind: 'policy', agentId: 'nobody', policy: {} })?.code).toBe('not-found');
    });

    it('names a taken id as conflict', () => {
      expect(code({ type: 'add-agent', payload: { id: 'a1', marker: { x: 1, y: 1 } } })).toBe('conflict');
      expect(code({ type: 'add-attractor', payload: { id: 'well-a', x: 1, y: 1, depth: 1, radius: 1, capacity: 1 } })).toBe('conflict');
    });

    it('names a point outside the grid as off-grid', () => {
      expect(code({ type: 'move-agent', payload: { id: 'a1', x: 12, y: 0 } })).toBe('off-grid');
      expect(code({ type: 'move-attractor', payload: { id: 'well-a', x: 0, y: -0.01 } })).toBe('off-grid');
      expect(code({ type: 'add-agent', payload: { id: 'n', marker: { x: -1, y: 1 } } })).toBe('off-grid');
      expect(code({ type: 'add-attractor', payload: { id: 'new', x: 1, y: 12, depth: 1, radius: 1, capacity: 1 } })).toBe('off-grid');
    });

    it('reports a malformed input as invalid instead of throwing', () => {
      expect(sim.check({ kind: 'decree', decree: { type: 'remove-agent', payload: { id: '' } } })?.code).toBe('invalid');
      expect(sim.check({ kind: 'policy', agentId: 'a1', policy: { lambda: 11 } })?.code).toBe('invalid');
    });

    it('sees what the queue already adds or removes', () => {
      const queued = Simulation.create(tinyScenario());
      queued.decree({ type: 'remove-agent', payload: { id: 'a1' } });
      queued.decree({ type: 'add-attractor', payload: { id: 'well-c', x: 1, y: 1, depth: 1, radius: 1, capacity: 1 } });
      expect(queued.check({ kind: 'decree', decree: { type: 'move-agent', payload: { id: 'a1', x: 1, y: 1 } } })?.code).toBe('not-found');
      expect(queued.check({ kind: 'decree', decree: { type: 'add-agent', payload: { id: 'a1', marker: { x: 1, y: 1 } } } })).toBeNull();
      expect(queued.check({ kind: 'decree', decree: { type: 'move-attractor', payload: { id: 'well-c', x: 2, y: 2 } } })).toBeNull();
    });

    it('refuses every input once the simulation has completed', () => {
      const done = Simulation.create(tinyScenario({ maxTicks: 3 }));
      done.step(10);
      expect(done.completed).toBe(true);
      expect(done.tick).toBe(3);
      expect(done.check({ kind: 'decree', decree: { type: 'remove-agent', payload: { id: 'a1' } } })?.code).toBe('completed');
    });
  });

  describe('policy changes', () => {
    it('show in the next tick with both lambda and gamma', () => {
      const sim = Simulation.create(tinyScenario());
      sim.step(2);
      const before = sim.agents().find((a) => a.id === 'a2')?.policy;
      expect(before).toEqual({ lambda: 1, gamma: 0.5, belief: 1 });
      sim.setPolicy('a2', { gamma: 3 }, 'p-1');
      expect(sim.agents().find((a) => a.id === 'a2')?.policy).toEqual(before);

      const { events, steps } = record(sim, 1);
      expect(steps[0]?.agents.find((a) => a.id === 'a2')?.policy).toEqual({ lambda: 1, gamma: 3, belief: 1 });
      expect(policyEvents(events)).toEqual([{ tick: 3, ref: 'p-1', agentId: 'a2', policy: { lambda: 1, gamma: 3, belief: 1 }, applied: true, reason: null }]);
      expect(steps[0]?.move).toContain('policy of a2 set');
    });

    it('change the motion from that tick on', () => {
      const plain = Simulation.create(tinyScenario());
      const changed = Simulation.create(tinyScenario());
      plain.step(3);
      changed.step(3);
      changed.setPolicy('a1', { lambda: 4 });
      const a = record(plain, 1).steps[0]?.agents[0]?.state;
      const b = record(changed, 1).steps[0]?.agents[0]?.state;
      expect(b).not.toEqual(a);
    });

    it('report an unknown agent with applied: false', () => {
      const sim = Simulation.create(tinyScenario());
      sim.setPolicy('ghost', { lambda: 2 });
      const [event] = policyEvents(record(sim, 1).events);
      expect(event).toMatchObject({ tick: 1, agentId: 'ghost', applied: false, policy: { lambda: 2, gamma: 0.5 } });
      expect(event?.reason).toContain('not found');
    });
  });
});
