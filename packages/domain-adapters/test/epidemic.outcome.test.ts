import { Simulation, type ScenarioInput, type TraceStep } from '@sim/engine';
import { describe, expect, it } from 'vitest';
import { epidemicAdapter, EpidemicInputSchema, initialInfectious, type EpidemicInput } from '../src/adapters/epidemic.js';
import { overwhelmedDay, peakOf, referenceRun, type ReferenceState } from './seir-reference.js';

/**
 * The epidemic adapter through the engine (default engine version, with its `seir` domain
 * model), against an independent SEIR integration of the same parameters (docs/engine.md,
 * "Epidemic: SEIR per region (seir)").
 */
interface RegionView {
  name: string;
  susceptible: number;
  exposed: number;
  infectious: number;
  recovered: number;
  hospitalized: number;
  beds: number;
}

interface Run {
  /** Per day, per region. */
  regions: RegionView[][];
  losses: { tick: number; attractor: string }[];
  verdicts: { tick: number; attractor: string; lossProbability: number; verdict: string }[];
  paradoxes: { tick: number; attractor: string; kind: string }[];
}

const regionsOf = (step: TraceStep) => (step.state.domain as unknown as { model: string; regions: RegionView[] }).regions;

function run(input: EpidemicInput, days: number, rules: ScenarioInput['rules'] = {}): Run {
  const scenario = epidemicAdapter.toScenario(input);
  const out: Run = { regions: [], losses: [], verdicts: [], paradoxes: [] };
  Simulation.create({ ...scenario, rules: { ...scenario.rules, ...rules } }).step(days, {
    onEvent: (event) => {
      if (event.type === 'loss') out.losses.push({ tick: event.data.tick, attractor: event.data.attractor });
      if (event.type === 'paradox') out.paradoxes.push({ tick: event.data.tick, attractor: event.data.attractor, kind: event.data.kind });
      if (event.type === 'prophecy' && event.data.data.schema === 'prophecy/4') {
        for (const [attractor, basin] of Object.entries(event.data.data.basins)) {
          out.verdicts.push({ tick: event.data.tick, attractor, lossProbability: basin.lossProbability, verdict: basin.attribution.verdict });
        }
      }
    },
    onStep: (step) => out.regions.push(regionsOf(step)),
  });
  return out;
}

/** The reference trajectory of an input, by the equations, nobody reacting. */
function reference(input: EpidemicInput, days: number): ReferenceState[] {
  const { disease, interventions } = input;
  const measures = (1 - interventions.distancing) * (1 - interventions.masks / 2) * (1 - interventions.testingAndTracing / 2);
  return referenceRun(
    input.regions.map((region, index) => ({
      population: region.population,
      beta: region.contactsPerDay * disease.transmissionProbability * measures,
      beds: region.hospitalBeds,
      initialInfectious: initialInfectious(input, index),
    })),
    { ...disease, away: input.mobility * (1 - interventions.travelRestrictions) },
    days,
  );
}

const hospitalized = (days: ReferenceState[], r: number) => days.map((day) => (day[r] as number[])[3] as number);
const NOBODY_REACTS = { reflexivity: 0 };

const city = (disease: Record<string, number>, extra: Record<string, unknown> = {}) =>
  EpidemicInputSchema.parse({
    regions: [{ name: 'City', population: 1_000_000, contactsPerDay: 10, hospitalBeds: 2_000, initialInfectious: 20 }],
    disease: { transmissionProbability: 0.05, latentDays: 3, infectiousDays: 5, hospitalizationRate: 0.02, hospitalStayDays: 8, ...disease },
    peoplePerAgent: 10_000,
    ...extra,
  });

describe('epidemic through the engine: nobody reacting is SEIR', () => {
  const DAYS = 250;
  const inputs = [
    city({}),
    city({ latentDays: 5, infectiousDays: 7, transmissionProbability: 0.035 }),
    city({ latentDays: 1, hospitalStayDays: 14, hospitalizationRate: 0.01 }),
  ];

  inputs.forEach((input, index) => {
    it(`one region, input ${index + 1}: hospital peak day and size within 10 %, final size within 3 %, over seeds`, () => {
      // Beds enough for the peak: a lost basin would end the run (its only attractor).
      const roomy = { ...input, regions: input.regions.map((region) => ({ ...region, hospitalBeds: 100_000 })) };
      const expected = reference(roomy, DAYS);
      const peak = peakOf(hospitalized(expected, 0));
      const finalSize = 1_000_000 - ((expected.at(-1) as number[][])[0] as number[])[0]!;
      for (const seed of [1, 2]) {
        const got = run({ ...roomy, seed }, DAYS, NOBODY_REACTS);
        expect(got.regions).toHaveLength(DAYS);
        const gotPeak = peakOf(got.regions.map((day) => (day[0] as RegionView).hospitalized));
        expect(Math.abs(gotPeak.day - peak.day)).toBeLessThanOrEqual(0.1 * peak.day);
        expect(Math.abs(gotPeak.size - peak.size)).toBeLessThanOrEqual(0.1 * peak.size);
        const last = (got.regions.at(-1) as RegionView[])[0] as RegionView;
        expect(Math.abs(1_000_000 - last.susceptible - finalSize)).toBeLessThanOrEqual(0.03 * finalSize);
        // Measured: the engine's day-by-day RK4 agrees with the reference far within the tolerances.
        expect(gotPeak.day).toBe(peak.day);
        expect(Math.abs(gotPeak.size - peak.size)).toBeLessThan(1e-3 * peak.size);
      }
    });

    it(`one region, input ${index + 1}: hospitals are overwhelmed on the day the overload reaches overloadDays`, () => {
      const expected = reference(input, DAYS);
      const day = overwhelmedDay(hospitalized(expected, 0), 2_000, input.overloadDays);
      expect(day).not.toBeNull();
      const got = run(input, DAYS, NOBODY_REACTS);
      expect(got.losses).toEqual([{ tick: day, attractor: 'city-hospitals' }]);
      // Hospitalized first exceed the beds a few days earlier; the loss is not on day 1.
      const firstOver = hospitalized(expected, 0).findIndex((h) => h > 2_000) + 1;
      expect(day as number).toBeGreaterThanOrEqual(firstOver);
      expect((day as number) - firstOver).toBeLessThanOrEqual(10);
    });
  });

  const example = EpidemicInputSchema.parse({ ...epidemicAdapter.example, peoplePerAgent: 50_000 });
  const withMeasures = (interventions: Record<string, number>, extra: Record<string, unknown> = {}) =>
    EpidemicInputSchema.parse({ ...example, interventions: { ...example.interventions, ...interventions }, ...extra });

  for (const distancing of [0, 0.3]) {
    it(`the example with distancing ${distancing}: exactly the regions SEIR overwhelms are lost, on SEIR's day`, () => {
      const input = withMeasures({ distancing });
      const expected = reference(input, DAYS);
      const lossDays = input.regions.map((region, r) => overwhelmedDay(hospitalized(expected, r), region.hospitalBeds, input.overloadDays));
      const got = run(input, DAYS, NOBODY_REACTS);
      const lost = new Map(got.losses.map((loss) => [loss.attractor, loss.tick]));
      input.regions.forEach((region, r) => {
        const id = `${region.name.toLowerCase().replace(/ /g, '-')}-hospitals`;
        expect(lost.get(id) ?? null, region.name).toBe(lossDays[r]);
        // A region that loses its hospitals is one whose hospitalized SEIR takes over the beds.
        if (lost.has(id)) expect(peakOf(hospitalized(expected, r)).size).toBeGreaterThan(region.hospitalBeds);
      });
      // Measured: 4 regions lost at distancing 0 and 3 at 0.3 (the North overloaded but not overwhelmed).
      expect(got.losses.length).toBe(distancing === 0 ? 4 : 3);
      // With the default reaction to forecasts, still only regions that SEIR overwhelms can be lost.
      const reacting = run(input, DAYS);
      for (const loss of reacting.losses) expect(lost.has(loss.attractor), loss.attractor).toBe(true);
    });
  }

  it('strong distancing or five times the beds keep every hospital standing', () => {
    expect(run(withMeasures({ distancing: 0.5 }), DAYS, NOBODY_REACTS).losses).toEqual([]);
    const moreBeds = EpidemicInputSchema.parse({
      ...example,
      regions: example.regions.map((region) => ({ ...region, hospitalBeds: region.hospitalBeds * 5 })),
    });
    expect(run(moreBeds, DAYS, NOBODY_REACTS).losses).toEqual([]);
  });

  it('closed borders keep the outbreak in the region where it starts', () => {
    const got = run(withMeasures({ travelRestrictions: 1 }), 150, NOBODY_REACTS);
    const last = got.regions.at(-1) as RegionView[];
    expect((last[0] as RegionView).recovered).toBeGreaterThan(1_000_000);
    for (const region of last.slice(1)) expect(region.recovered + region.infectious + region.exposed + region.hospitalized).toBe(0);
  });
});

describe('epidemic through the engine: the forecast of overload and voluntary distancing', () => {
  const DAYS = 160;

  it('a strong reaction to the forecast lowers the peak and saves the hospitals: self-defeating, then averted', () => {
    for (const seed of [1, 2]) {
      const input = city({}, { seed, reactionStrength: 0.8 });
      const calm = run(input, DAYS, NOBODY_REACTS);
      const alarmed = run(input, DAYS);
      // Paired on the seed: without the reaction SEIR's wave overwhelms the hospitals.
      expect(calm.losses.map((loss) => loss.attractor)).toEqual(['city-hospitals']);
      const peak = (r: Run) => peakOf(r.regions.map((day) => (day[0] as RegionView).hospitalized)).size;
      expect(peak(alarmed)).toBeLessThan(0.8 * peak(calm));
      expect(alarmed.losses).toEqual([]);
      const first = alarmed.verdicts.find((v) => v.lossProbability > 0);
      expect(first).toMatchObject({ attractor: 'city-hospitals', lossProbability: 1, verdict: 'self-defeating' });
      expect(alarmed.paradoxes).toContainEqual({ tick: (first?.tick as number) + 2 * 32, attractor: 'city-hospitals', kind: 'averted' });
      // With nobody reacting the forecast changes nothing, and its verdict says so.
      expect(calm.verdicts.find((v) => v.lossProbability > 0)?.verdict).toBe('neutral');
    }
  });

  it('in the example the default reaction lowers every peak and postpones every loss, and the verdict says postponing', () => {
    const input = EpidemicInputSchema.parse({ ...epidemicAdapter.example, peoplePerAgent: 50_000 });
    const calm = run(input, 120, NOBODY_REACTS);
    const alarmed = run(input, 120);
    const lostAt = (r: Run) => new Map(r.losses.map((loss) => [loss.attractor, loss.tick]));
    expect(calm.losses).toHaveLength(4);
    for (const [attractor, tick] of lostAt(calm)) {
      expect(lostAt(alarmed).get(attractor) ?? 121).toBeGreaterThan(tick);
      const first = alarmed.verdicts.find((v) => v.attractor === attractor && v.lossProbability > 0);
      expect(first?.verdict).toBe('postponing');
      expect(alarmed.paradoxes).toContainEqual({ tick: lostAt(alarmed).get(attractor), attractor, kind: 'postponed' });
    }
    input.regions.forEach((_, r) => {
      const peak = (x: Run) => peakOf(x.regions.map((day) => (day[r] as RegionView).hospitalized)).size;
      expect(peak(alarmed)).toBeLessThan(peak(calm));
    });
  });
});

describe('epidemic through the engine: determinism', () => {
  const input = EpidemicInputSchema.parse({ ...epidemicAdapter.example, peoplePerAgent: 50_000 });
  const trace = (sim: Simulation, ticks: number) => {
    const lines: string[] = [];
    sim.step(ticks, { onStep: (step) => lines.push(JSON.stringify(step)) });
    return lines;
  };

  it('the same input gives a byte-identical trace, domain state included', () => {
    const first = trace(Simulation.create(epidemicAdapter.toScenario(input)), 90);
    const second = trace(Simulation.create(epidemicAdapter.toScenario(structuredClone(input))), 90);
    expect(second.join('\n')).toBe(first.join('\n'));
    expect(first[70]).toContain('"hospitalized"');
  });

  it('a snapshot restored mid-run reproduces the domain state and the rest of the trace', () => {
    const whole = Simulation.create(epidemicAdapter.toScenario(input));
    const before = trace(whole, 40);
    const snapshot = JSON.parse(JSON.stringify(whole.snapshot())) as unknown;
    const after = trace(whole, 50);
    const restored = Simulation.restore(snapshot);
    expect(restored.state().domain).toEqual(JSON.parse(before.at(-1) as string).state.domain);
    expect(trace(restored, 50)).toEqual(after);
  });
});
