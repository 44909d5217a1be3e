import { Simulation, type EngineSnapshot } from '@sim/engine';
import { describe, expect, it } from 'vitest';
import { ecosystemAdapter, EcosystemInputSchema, forageCapacity } from '../src/adapters/ecosystem.js';
import { lossTicks, record, recordRun, verdictsOn } from './engine-recording.js';

type PastureView = { name: string; biomass: number; herd: number; collapsed: boolean };
type View = { model: string; week: number; pastures: PastureView[] };

const noDroughts = { climate: { droughtsPerYear: 0 }, droughts: [] };
const inputOf = (raw: Record<string, unknown>) => EcosystemInputSchema.parse({ ...ecosystemAdapter.example, ...noDroughts, ...raw });
const scenarioOf = (raw: Record<string, unknown>) => ecosystemAdapter.toScenario(inputOf(raw));
const WEEKS = 60;
const OVERSTOCKED = ['river-flats-pasture', 'salt-pan-pasture', 'dry-plateau-pasture'];
/** The basin of each patch, in input order. */
const SITES = (scenarioOf({}).initialState.attractors ?? []).map((attractor) => attractor.id);

/** The test's own RK4 of the Noy-Meir equation at 1/100 week: forage at the end of each week. */
function integrate(capacity: number, regrowth: number, herd: number, intake: number, halfSaturation: number, weeks: number): number[] {
  const f = (v: number) => regrowth * v * (1 - v / capacity) - (herd * intake * v) / (v + halfSaturation);
  const steps = 100;
  const dt = 1 / steps;
  let v = capacity;
  const weekly = [v];
  for (let week = 1; week <= weeks; week++) {
    for (let i = 0; i < steps; i++) {
      const k1 = f(v);
      const k2 = f(v + (dt / 2) * k1);
      const k3 = f(v + (dt / 2) * k2);
      const k4 = f(v + dt * k3);
      v = Math.max(0, v + (dt / 6) * (k1 + 2 * k2 + 2 * k3 + k4));
    }
    weekly.push(v);
  }
  return weekly;
}

describe('ecosystem (grazing) through the engine (default version)', () => {
  const calm = recordRun(scenarioOf({ herdersAnticipate: false }), WEEKS);
  const reacting = recordRun(scenarioOf({ herdersAnticipate: true }), WEEKS);

  it('with nobody reacting, state().domain follows an independent integration of Noy-Meir, and collapses where it does', () => {
    const input = inputOf({});
    const regrowth = (2 * Math.log(9)) / input.regrowthWeeks;
    input.patches.forEach((patch, i) => {
      const k = forageCapacity(patch.carryingCapacity, regrowth, input.intakePerAnimal, input.halfSaturation);
      const expected = integrate(k, regrowth, patch.animals, input.intakePerAnimal, input.halfSaturation * k, WEEKS);
      calm.domains.forEach((view, index) => {
        const seen = (view as View).pastures[i] as PastureView;
        expect(seen.herd).toBe(patch.animals);
        expect(Math.abs(seen.biomass - (expected[index + 1] as number))).toBeLessThan(1e-4 * k);
      });
      const crossed = expected.findIndex((v) => v < input.collapseShare * k);
      // The basin falls in the week whose end first finds the forage below the collapse line.
      expect(lossTicks(calm).get(SITES[i] as string)).toBe(crossed === -1 ? undefined : crossed);
    });
    expect([...lossTicks(calm).keys()].sort()).toEqual([...OVERSTOCKED].sort());
  });

  it('the forecast of collapse makes herders destock, which averts it: judged self-defeating', () => {
    expect(lossTicks(reacting).size).toBe(0);
    for (const id of OVERSTOCKED) expect(verdictsOn(reacting, id)).toContain('10:self-defeating');
    const last = reacting.domains.at(-1) as View;
    const input = inputOf({});
    input.patches.forEach((patch, i) => {
      const herd = (last.pastures[i] as PastureView).herd;
      if (OVERSTOCKED.includes(SITES[i] as string)) {
        expect(herd).toBeLessThan(patch.carryingCapacity);
      } else {
        expect(herd).toBe(patch.animals);
      }
    });
  });

  it('the same input gives a byte-identical trace, domain included', () => {
    expect(recordRun(scenarioOf({ herdersAnticipate: true }), WEEKS).lines).toEqual(reacting.lines);
    expect(reacting.domains[0]).toMatchObject({ model: 'grazing', week: 1 });
  });

  it('a snapshot taken mid-run restores the domain state and runs on identically', () => {
    const original = Simulation.create(ecosystemAdapter.toScenario(EcosystemInputSchema.parse(ecosystemAdapter.example)));
    original.step(15);
    const restored = Simulation.restore(JSON.parse(JSON.stringify(original.snapshot())) as EngineSnapshot);
    expect(restored.state().domain).toEqual(original.state().domain);
    expect(record(restored, 25).lines).toEqual(record(original, 25).lines);
  });
});

describe('carryingCapacity is the collapse threshold wherever the input is accepted', () => {
  // The grazed forage is never below K·(1 − h)/2, where the equilibrium disappears at H*. With
  // h above 1 − 2·collapseShare a herd below H* would settle under the collapse line, and the
  // pasture would be judged collapsed short of carryingCapacity (h 0.99, share 0.4: at 0.85 H*).
  const edge = (animals: number, halfSaturation: number, collapseShare: number) =>
    inputOf({ herdersAnticipate: false, halfSaturation, collapseShare, patches: [{ name: 'Edge', carryingCapacity: 1_000, animals }] });

  it('refuses a halfSaturation above 1 − 2 · collapseShare, at its path', () => {
    const result = EcosystemInputSchema.safeParse({ ...ecosystemAdapter.example, halfSaturation: 0.99, collapseShare: 0.4 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['halfSaturation']]);
    expect(result.error?.issues[0]?.message).toMatch(/^at most 1 − 2 × collapseShare \(0\.2 with collapseShare 0\.4\)/);
    expect(EcosystemInputSchema.safeParse({ ...ecosystemAdapter.example, halfSaturation: 0.2, collapseShare: 0.4 }).success).toBe(true);
  });

  it('at the bound (h 0.2, share 0.4) a herd of 0.97 H* never collapses in 400 weeks, one of 1.03 H* does', () => {
    for (const [animals, collapses] of [
      [970, false],
      [1_030, true],
    ] as const) {
      const run = recordRun(ecosystemAdapter.toScenario(edge(animals, 0.2, 0.4)), 400);
      expect({ animals, collapsed: lossTicks(run).size > 0 }).toEqual({ animals, collapsed: collapses });
    }
  });
});
