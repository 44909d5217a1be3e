import { describe, expect, it } from 'vitest';
import { grazingModel } from '../../src/domain/models/grazing/grazing.js';
import type { GrazingParameters, GrazingState } from '../../src/domain/models/grazing/grazing-schemas.js';
import { openStream } from '../../src/rng/random-stream.js';

type RawPasture = { capacity: number; herd: number; regrowth: number; intake: number; halfSaturation: number; biomass?: number };

const parametersOf = (pastures: RawPasture[], rest: Record<string, unknown> = {}): GrazingParameters =>
  grazingModel.parametersSchema.parse({ pastures: pastures.map((pasture, i) => ({ name: `pasture-${i}`, site: `site-${i}`, ...pasture })), ...rest });

function run(
  parameters: GrazingParameters,
  weeks: number,
  alarm: (week: number) => number[] = () => parameters.pastures.map(() => 0),
  seed = 1,
): GrazingState[] {
  const draw = openStream(seed, 'domain');
  const states = [grazingModel.initialState(parameters)];
  for (let tick = 1; tick <= weeks; tick++) states.push(grazingModel.step(parameters, states[tick - 1] as GrazingState, { tick, alarm: alarm(tick) }, draw));
  return states;
}

/** Noy-Meir's threshold, from the textbook: the grazed equilibrium vanishes at H* = rK(1 + h)²/(4c), h = V½/K. */
const threshold = (p: RawPasture) => (p.regrowth * p.capacity * (1 + p.halfSaturation / p.capacity) ** 2) / (4 * p.intake);

/**
 * The test's own integration of dV/dt = rV(1 − V/K) − HcV/(V + V½): classical RK4 at a step of
 * 1/100 week, independent of the model's code. Returns the time (weeks, interpolated) at which
 * V first falls below `line`, or Infinity within `limit` weeks.
 */
function timeBelow(p: RawPasture, herd: number, line: number, limit: number): number {
  const f = (v: number) => p.regrowth * v * (1 - v / p.capacity) - (herd * p.intake * v) / (v + p.halfSaturation);
  const dt = 0.01;
  let v = p.biomass ?? p.capacity;
  for (let t = 0; t < limit; t += dt) {
    const k1 = f(v);
    const k2 = f(v + (dt / 2) * k1);
    const k3 = f(v + (dt / 2) * k2);
    const k4 = f(v + dt * k3);
    const next = v + (dt / 6) * (k1 + 2 * k2 + 2 * k3 + k4);
    if (next < line) return t + (dt * (v - line)) / (v - next);
    v = next;
  }
  return Infinity;
}

const PASTURES: RawPasture[] = [
  { capacity: 2776.9, herd: 0, regrowth: 0.366, intake: 0.07, halfSaturation: 277.69 },
  { capacity: 400, herd: 0, regrowth: 0.1, intake: 0.05, halfSaturation: 20 },
  { capacity: 10_000, herd: 0, regrowth: 0.2, intake: 0.1, halfSaturation: 2500 },
  { capacity: 50, herd: 0, regrowth: 0.5, intake: 0.01, halfSaturation: 10, biomass: 40 },
];

describe('grazing model: the Noy-Meir textbook', () => {
  it.each(PASTURES)('keeps a grazed equilibrium just below the threshold and collapses just above it (%o)', (pasture) => {
    const star = threshold(pasture);
    const below = run(parametersOf([{ ...pasture, herd: 0.97 * star }]), 3000);
    const last = (below[3000] as GrazingState).pastures[0]!;
    expect(last.collapsed).toBe(false);
    // The upper root of r(1 − V/K)(V + V½) = Hc, from the quadratic.
    const { capacity: k, halfSaturation: vh, regrowth: r, intake: c } = pasture;
    const root = (k - vh + Math.sqrt((k + vh) ** 2 - (4 * k * 0.97 * star * c) / r)) / 2;
    expect(Math.abs(last.biomass / root - 1)).toBeLessThan(0.01);
    const above = run(parametersOf([{ ...pasture, herd: 1.03 * star }]), 3000);
    expect((above[3000] as GrazingState).pastures[0]!.collapsed).toBe(true);
  });

  it.each(PASTURES)('collapses within 15 % of the independent integration near and above the threshold (%o)', (pasture) => {
    for (const stocking of [1.05, 1.1, 1.2, 1.5, 2, 3]) {
      const herd = stocking * threshold(pasture);
      const line = 0.1 * pasture.capacity;
      const expected = timeBelow(pasture, herd, line, 5000);
      const states = run(parametersOf([{ ...pasture, herd }]), 5000);
      const week = states.findIndex((state) => state.pastures[0]!.collapsed);
      expect(week).toBeGreaterThan(0);
      // The model sees the collapse at the end of the week it happens in: 0 to 1 week late.
      expect(week - expected).toBeGreaterThanOrEqual(0);
      expect(week - expected).toBeLessThanOrEqual(1);
      expect(Math.abs(week / expected - 1)).toBeLessThan(0.15);
    }
  });
});

describe('grazing model: droughts, destocking, purity', () => {
  const pasture = PASTURES[1]!;
  const twins = [pasture, pasture, pasture].map((p) => ({ ...p, herd: 0.8 * threshold(p) }));

  it('a drought touches exactly the pastures it names, for its weeks', () => {
    const dry = parametersOf(twins, { droughts: [{ pastures: ['pasture-1'], startWeek: 5, weeks: 10, severity: 0.6 }] });
    const wet = parametersOf(twins);
    const withDrought = run(dry, 40);
    const without = run(wet, 40);
    withDrought.forEach((state, week) => {
      expect(state.pastures[0]).toEqual(without[week]!.pastures[0]);
      expect(state.pastures[2]).toEqual(without[week]!.pastures[2]);
      expect(state.pastures[1]!.drought).toBe(week >= 5 && week < 15);
      if (week >= 5) expect(state.pastures[1]!.biomass).toBeLessThan(without[week]!.pastures[1]!.biomass);
    });
  });

  it('a random drought touches one pasture at a time, drawn from the model’s own stream', () => {
    const random = parametersOf(twins, { randomDroughts: { perYear: 6, weeks: 4, severity: 0.5 } });
    const states = run(random, 200, undefined, 3);
    const touched = states.map((state) => state.pastures.map((p) => p.drought));
    expect(touched.some((flags) => flags.some(Boolean))).toBe(true);
    expect(touched.some((flags) => flags.filter(Boolean).length === 1)).toBe(true);
    expect(run(random, 200, undefined, 3)).toEqual(states);
    expect(run(random, 200, undefined, 4)).not.toEqual(states);
  });

  it('destocking sells strength × alarm of the herd each week, which saves an overstocked pasture', () => {
    const over = { ...pasture, herd: 1.3 * threshold(pasture) };
    const parameters = parametersOf([over], { destockingStrength: 0.5 });
    const calm = run(parameters, 300);
    const alarmed = run(parameters, 300, (week) => [week <= 4 ? 0.4 : 0]);
    expect((alarmed[4] as GrazingState).pastures[0]!.herd).toBeCloseTo(over.herd * 0.8 ** 4, 9);
    expect(calm.some((state) => state.pastures[0]!.collapsed)).toBe(true);
    expect(alarmed.some((state) => state.pastures[0]!.collapsed)).toBe(false);
  });

  it('step leaves its state unchanged and resumes exactly from a JSON copy', () => {
    const parameters = parametersOf(twins, { randomDroughts: { perYear: 4 } });
    const middle = run(parameters, 20)[20] as GrazingState;
    const frozen = JSON.stringify(middle);
    const draws = [openStream(2, 'domain'), openStream(2, 'domain')];
    let a = middle;
    let b = grazingModel.internalStateSchema.parse(JSON.parse(frozen));
    for (let tick = 21; tick <= 80; tick++) {
      a = grazingModel.step(parameters, a, { tick, alarm: [0.2, 0, 0] }, draws[0]!);
      b = grazingModel.step(parameters, b, { tick, alarm: [0.2, 0, 0] }, draws[1]!);
    }
    expect(JSON.stringify(middle)).toBe(frozen);
    expect(b).toEqual(a);
  });

  it('load stays within capacity until the collapse and is three times it from then on', () => {
    const over = { ...pasture, herd: 2 * threshold(pasture) };
    const parameters = parametersOf([over]);
    const states = run(parameters, 100);
    const collapsedAt = states.findIndex((state) => state.pastures[0]!.collapsed);
    expect(collapsedAt).toBeGreaterThan(0);
    states.forEach((state, week) => {
      const { load, capacity } = grazingModel.pressure(parameters, state, 0);
      if (week < collapsedAt) expect(load).toBeLessThanOrEqual(capacity);
      else expect(load / capacity).toBeCloseTo(3, 12);
    });
    const view = grazingModel.observe(parameters, states[10] as GrazingState);
    expect(grazingModel.stateSchema.parse(view)).toEqual(view);
    expect(view.pastures[0]).toMatchObject({ name: 'pasture-0', herd: over.herd });
  });
});
