import { describe, expect, it } from 'vitest';
import { openStream } from '../src/index.js';
import { domainModel } from '../src/domain/registry.js';
import { seirModel } from '../src/domain/models/seir/seir-model.js';
import { SeirParametersSchema, type SeirParameters } from '../src/domain/models/seir/seir-parameters.js';
import type { SeirState } from '../src/domain/models/seir/seir-state.js';

/**
 * The `seir` model against the textbook SEIR model with hospital admissions and stays
 * (docs/engine.md, "Epidemic: SEIR per region (seir)"), integrated here by a reference
 * integrator of its own: RK4 on plain numbers with 1 000 steps a day, written from the equations,
 * not from the model's code.
 */
interface Compartments {
  s: number;
  e: number;
  i: number;
  h: number;
  r: number;
}

interface Disease {
  population: number;
  beta: number;
  sigma: number;
  gamma: number;
  h: number;
  delta: number;
}

function textbook(d: Disease, y: Compartments): Compartments {
  const infections = (d.beta * y.s * y.i) / d.population;
  return {
    s: -infections,
    e: infections - d.sigma * y.e,
    i: d.sigma * y.e - d.gamma * y.i,
    h: d.h * d.gamma * y.i - d.delta * y.h,
    r: (1 - d.h) * d.gamma * y.i + d.delta * y.h,
  };
}

const axpy = (y: Compartments, k: Compartments, a: number): Compartments => ({
  s: y.s + a * k.s,
  e: y.e + a * k.e,
  i: y.i + a * k.i,
  h: y.h + a * k.h,
  r: y.r + a * k.r,
});

/** The reference trajectory, sampled at the end of each day 1..days. */
function referenceRun(d: Disease, start: Compartments, days: number, perDay = 1000): Compartments[] {
  const dt = 1 / perDay;
  const out: Compartments[] = [];
  let y = start;
  for (let day = 1; day <= days; day++) {
    for (let k = 0; k < perDay; k++) {
      const k1 = textbook(d, y);
      const k2 = textbook(d, axpy(y, k1, dt / 2));
      const k3 = textbook(d, axpy(y, k2, dt / 2));
      const k4 = textbook(d, axpy(y, k3, dt));
      y = {
        s: y.s + (dt / 6) * (k1.s + 2 * k2.s + 2 * k3.s + k4.s),
        e: y.e + (dt / 6) * (k1.e + 2 * k2.e + 2 * k3.e + k4.e),
        i: y.i + (dt / 6) * (k1.i + 2 * k2.i + 2 * k3.i + k4.i),
        h: y.h + (dt / 6) * (k1.h + 2 * k2.h + 2 * k3.h + k4.h),
        r: y.r + (dt / 6) * (k1.r + 2 * k2.r + 2 * k3.r + k4.r),
      };
    }
    out.push(y);
  }
  return out;
}

/** The model's trajectory, one `step` per day, nobody alarmed. */
function modelRun(p: SeirParameters, days: number, seed: number, alarm: number[] = p.regions.map(() => 0)): SeirState[] {
  const draw = openStream(seed, 'domain');
  const out: SeirState[] = [];
  let state = seirModel.initialState(p);
  for (let tick = 1; tick <= days; tick++) {
    state = seirModel.step(p, state, { tick, alarm }, draw);
    out.push(state);
  }
  return out;
}

const peakOf = (series: number[]): { day: number; size: number } => {
  let day = 0;
  series.forEach((value, index) => {
    if (value > (series[day] as number)) day = index;
  });
  return { day: day + 1, size: series[day] as number };
};

/** One-region inputs over the range a user would give: fast and slow, short and long latency, measures. */
const CASES: Record<string, unknown>[] = [
  {
    contactsPerDay: 12,
    transmissionProbability: 0.05,
    latentDays: 3,
    infectiousDays: 5,
    hospitalizationRate: 0.015,
    hospitalStayDays: 8,
    initialInfectious: 10,
  },
  { contactsPerDay: 8, transmissionProbability: 0.04, latentDays: 5, infectiousDays: 7, hospitalizationRate: 0.05, hospitalStayDays: 12, initialInfectious: 1 },
  { contactsPerDay: 20, transmissionProbability: 0.1, latentDays: 1, infectiousDays: 3, hospitalizationRate: 0.1, hospitalStayDays: 5, initialInfectious: 100 },
  {
    contactsPerDay: 14,
    transmissionProbability: 0.05,
    latentDays: 4,
    infectiousDays: 5,
    hospitalizationRate: 0.02,
    hospitalStayDays: 10,
    initialInfectious: 5,
    distancing: 0.3,
    masks: 0.4,
    testingAndTracing: 0.2,
  },
  {
    contactsPerDay: 6,
    transmissionProbability: 0.06,
    latentDays: 2,
    infectiousDays: 6,
    hospitalizationRate: 0.03,
    hospitalStayDays: 20,
    initialInfectious: 50,
    mobility: 0.8,
  },
];
const POPULATION = 1_000_000;
const DAYS = 400;

function oneRegion(raw: Record<string, unknown>): SeirParameters {
  const { contactsPerDay, initialInfectious, ...rest } = raw;
  return SeirParametersSchema.parse({
    regions: [{ site: 'region-hospitals', name: 'Region', population: POPULATION, contactsPerDay, beds: 1_000, initialInfectious }],
    ...rest,
  });
}

/** The textbook's rates for the model's parameters: β is contacts × probability, cut by each measure as documented. */
function diseaseOf(p: SeirParameters): Disease {
  const region = p.regions[0] as SeirParameters['regions'][number];
  return {
    population: region.population,
    beta: region.contactsPerDay * p.transmissionProbability * (1 - p.distancing) * (1 - p.masks / 2) * (1 - p.testingAndTracing / 2),
    sigma: 1 / p.latentDays,
    gamma: 1 / p.infectiousDays,
    h: p.hospitalizationRate,
    delta: 1 / p.hospitalStayDays,
  };
}

describe('seir model: one region against the textbook SEIR', () => {
  it('is in the registry', () => {
    expect(domainModel('seir')).toBe(seirModel);
  });

  CASES.forEach((raw, index) => {
    it(`case ${index + 1}: hospital peak day and size within 10 %, final size within 3 %, at any seed`, () => {
      const p = oneRegion(raw);
      const region = p.regions[0] as SeirParameters['regions'][number];
      const reference = referenceRun(diseaseOf(p), { s: POPULATION - region.initialInfectious, e: 0, i: region.initialInfectious, h: 0, r: 0 }, DAYS);
      const expected = peakOf(reference.map((y) => y.h));
      const finalExpected = POPULATION - (reference.at(-1) as Compartments).s;
      expect(expected.day).toBeGreaterThan(5);
      expect(expected.day).toBeLessThan(DAYS - 5);
      const runs = [1, 2, 3].map((seed) => modelRun(p, DAYS, seed));
      for (const run of runs) {
        const peak = peakOf(run.map((state) => (state.regions[0] as Compartments).h));
        const finalSize = POPULATION - (run.at(-1)?.regions[0] as Compartments).s;
        expect(Math.abs(peak.day - expected.day)).toBeLessThanOrEqual(0.1 * expected.day);
        expect(Math.abs(peak.size - expected.size)).toBeLessThanOrEqual(0.1 * expected.size);
        expect(Math.abs(finalSize - finalExpected)).toBeLessThanOrEqual(0.03 * finalExpected);
        // Measured: the RK4 substeps agree with the reference to far better than the tolerance.
        expect(Math.abs(peak.size - expected.size) / expected.size).toBeLessThan(1e-4);
        expect(peak.day).toBe(expected.day);
      }
      // The model draws nothing: the seed of its stream changes nothing.
      expect(JSON.stringify(runs[1])).toBe(JSON.stringify(runs[0]));
      expect(JSON.stringify(runs[2])).toBe(JSON.stringify(runs[0]));
    });
  });

  it('the final size solves the final-size equation z = 1 − exp(−R0·z) of SIR and SEIR alike', () => {
    for (const raw of CASES) {
      const p = oneRegion({ ...raw, initialInfectious: 1 });
      const d = diseaseOf(p);
      const r0 = d.beta / d.gamma;
      let z = 0.9;
      for (let k = 0; k < 200; k++) z = 1 - Math.exp(-r0 * z);
      const run = modelRun(p, 800, 1);
      const attack = 1 - (run.at(-1)?.regions[0] as Compartments).s / POPULATION;
      expect(Math.abs(attack - z)).toBeLessThanOrEqual(0.03 * z);
    }
  });

  it('keeps every region at its population, every compartment at or above 0', () => {
    const p = oneRegion({ ...CASES[2], contactsPerDay: 100, transmissionProbability: 1, latentDays: 0.1, infectiousDays: 0.1, hospitalStayDays: 0.1 });
    for (const state of modelRun(p, 60, 1)) {
      const c = state.regions[0] as Compartments;
      for (const value of Object.values(c)) expect(value).toBeGreaterThanOrEqual(0);
      expect(c.s + c.e + c.i + c.h + c.r).toBeCloseTo(POPULATION, 3);
    }
  });
});

describe('seir model: regions, measures and the reaction', () => {
  const twoRegions = (extra: Record<string, unknown> = {}) =>
    SeirParametersSchema.parse({
      regions: [
        { site: 'a', name: 'A', population: 1_000_000, contactsPerDay: 12, beds: 2_000, initialInfectious: 20 },
        { site: 'b', name: 'B', population: 500_000, contactsPerDay: 12, beds: 500, initialInfectious: 0 },
      ],
      ...extra,
    });
  const series = (run: SeirState[], r: number, key: keyof Compartments) => run.map((state) => (state.regions[r] as Compartments)[key]);

  it('mobility carries the infection to a region that had none; closed borders keep it out', () => {
    const open = modelRun(twoRegions({ mobility: 0.3 }), 200, 1);
    expect((open.at(-1)?.regions[1] as Compartments).r).toBeGreaterThan(100_000);
    const closed = modelRun(twoRegions({ mobility: 0.3, travelRestrictions: 1 }), 200, 1);
    expect(Math.max(...series(closed, 1, 'i'))).toBe(0);
    // Half the restriction delays the second region's wave.
    const half = modelRun(twoRegions({ mobility: 0.3, travelRestrictions: 0.5 }), 200, 1);
    expect(peakOf(series(half, 1, 'h')).day).toBeGreaterThan(peakOf(series(open, 1, 'h')).day);
  });

  it('each measure lowers the peak of hospitalized', () => {
    const base = peakOf(series(modelRun(twoRegions(), 300, 1), 0, 'h')).size;
    for (const measure of [{ distancing: 0.2 }, { masks: 0.4 }, { testingAndTracing: 0.4 }]) {
      expect(peakOf(series(modelRun(twoRegions(measure), 300, 1), 0, 'h')).size).toBeLessThan(0.9 * base);
    }
  });

  it('full alarm cuts contacts by the reaction strength: the same run as contacts times (1 − strength)', () => {
    const alarmed = modelRun(oneRegion({ ...CASES[0], reactionStrength: 0.25 }), 200, 1, [1]);
    const fewer = modelRun(oneRegion({ ...CASES[0], contactsPerDay: 9 }), 200, 1);
    expect(series(alarmed, 0, 'h').map((h) => h.toFixed(6))).toEqual(series(fewer, 0, 'h').map((h) => h.toFixed(6)));
    const calm = modelRun(oneRegion(CASES[0] as Record<string, unknown>), 200, 1);
    expect(peakOf(series(alarmed, 0, 'h')).size).toBeLessThan(peakOf(series(calm, 0, 'h')).size);
  });

  it('step returns a new state and leaves the old one as it was; the state survives JSON', () => {
    const p = twoRegions();
    const start = seirModel.initialState(p);
    const frozen = JSON.stringify(start);
    const next = seirModel.step(p, start, { tick: 1, alarm: [0, 0] }, openStream(1, 'domain'));
    expect(JSON.stringify(start)).toBe(frozen);
    expect(next).not.toBe(start);
    expect(seirModel.internalStateSchema.parse(JSON.parse(JSON.stringify(next)))).toEqual(next);
  });

  it('pressure is hospitalized against beds; observe shows the named fields', () => {
    const p = twoRegions();
    const run = modelRun(p, 60, 1);
    const state = run.at(-1) as SeirState;
    expect(seirModel.pressure(p, state, 1)).toEqual({ load: (state.regions[1] as Compartments).h, capacity: 500 });
    const view = seirModel.observe(p, state);
    expect(seirModel.stateSchema.safeParse(view).success).toBe(true);
    expect(view.regions[0]).toEqual({
      name: 'A',
      susceptible: (state.regions[0] as Compartments).s,
      exposed: (state.regions[0] as Compartments).e,
      infectious: (state.regions[0] as Compartments).i,
      recovered: (state.regions[0] as Compartments).r,
      hospitalized: (state.regions[0] as Compartments).h,
      beds: 2_000,
    });
  });

  it('refuses parameters a region cannot have', () => {
    const bad = SeirParametersSchema.safeParse({
      regions: [
        { site: 'a', name: 'A', population: 10, beds: 1, initialInfectious: 11 },
        { site: 'a', name: 'B', population: 10, beds: 1 },
      ],
      latentDays: 0,
    });
    expect(bad.success).toBe(false);
    const paths = bad.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['regions.0.initialInfectious', 'latentDays']));
  });
});
