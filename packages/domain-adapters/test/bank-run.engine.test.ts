import { Simulation, type EngineSnapshot } from '@sim/engine';
import { describe, expect, it } from 'vitest';
import { bankRunAdapter, BankRunInputSchema } from '../src/adapters/bank-run.js';
import { lossTicks, record, recordRun, verdictsOn } from './engine-recording.js';

type BankView = { name: string; deposits: number; withdrawn: number; failed: boolean; latePayout: number | null; suspended: boolean };
type View = { model: string; day: number; banks: BankView[] };

const example = BankRunInputSchema.parse(bankRunAdapter.example);
const scenarioOf = (raw: Record<string, unknown>) => bankRunAdapter.toScenario(BankRunInputSchema.parse({ ...bankRunAdapter.example, ...raw }));
const HARBOUR = 'harbour-savings-bank';
const GUILD = 'guild-bank-bank';
const MINERS = 'miners-trust-bank';
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const DAYS = 60;

describe('bank-run through the engine (default version)', () => {
  it('with nobody reacting, state().domain pays c1 and Diamond–Dybvig’s c2 at every bank', () => {
    const sim = Simulation.create(scenarioOf({ dailyNoise: 0, depositorsAnticipate: false }));
    sim.step(example.periodDays);
    const period1 = sim.state().domain as View;
    expect(period1.model).toBe('bank-run');
    const { impatientShare: pi, earlyPayout: c1, maturityReturn: R, liquidationValue: r } = example;
    example.banks.forEach((bank, i) => {
      const seen = period1.banks[i] as BankView;
      expect(seen.failed).toBe(false);
      expect((bank.deposits - seen.deposits) / bank.deposits).toBeCloseTo(pi, 9);
      expect(seen.withdrawn / (bank.deposits - seen.deposits)).toBeCloseTo(c1, 9);
    });
    sim.step(1);
    const maturity = sim.state().domain as View;
    example.banks.forEach((bank, i) => {
      const illiquid = bank.illiquid ?? bank.deposits - bank.liquid;
      const early = pi * bank.deposits * c1;
      // Written from the textbook: what is left after paying the impatient, shared by the patient.
      const c2 =
        early <= bank.liquid
          ? (bank.liquid - early + R * illiquid) / ((1 - pi) * bank.deposits)
          : (R * (illiquid - (early - bank.liquid) / r)) / ((1 - pi) * bank.deposits);
      expect(Math.abs(((maturity.banks[i] as BankView).latePayout as number) / c2 - 1)).toBeLessThan(1e-9);
    });
  });

  // One run per seed with depositors who react and one with reflexivity 0, on the same seeds.
  const runs = SEEDS.map((seed) => ({
    seed,
    reacting: recordRun(scenarioOf({ seed }), DAYS),
    calm: recordRun(scenarioOf({ seed, depositorsAnticipate: false }), DAYS),
  }));

  it('without an intervention a forecast of failure fulfils itself: judged so, and failures the calm run does not have', () => {
    let reactingFailures = 0;
    let calmFailures = 0;
    let selfFulfilling = 0;
    for (const { reacting, calm } of runs) {
      const failedReacting = lossTicks(reacting).get(HARBOUR);
      const failedCalm = lossTicks(calm).get(HARBOUR);
      // Running only adds withdrawals to the same impatient days: a calm failure comes no later.
      if (failedCalm !== undefined) expect(failedReacting).toBeLessThanOrEqual(failedCalm);
      reactingFailures += failedReacting === undefined ? 0 : 1;
      calmFailures += failedCalm === undefined ? 0 : 1;
      for (const verdict of verdictsOn(reacting, HARBOUR).filter((v) => v.endsWith(':self-fulfilling'))) {
        selfFulfilling += 1;
        // The prophecy was of a failure that then came, and that the calm run did not have by then.
        const tick = Number(verdict.split(':')[0]);
        expect(failedReacting).toBeGreaterThan(tick);
        expect(failedCalm === undefined || failedCalm > (failedReacting as number)).toBe(true);
      }
    }
    expect(selfFulfilling).toBeGreaterThanOrEqual(2);
    expect(reactingFailures).toBeGreaterThan(calmFailures);
  });

  it('with deposit insurance the forecast moves nobody: the insured bank’s state is the calm run’s, day by day', () => {
    for (const { reacting, calm } of runs) {
      const guild = (recording: typeof reacting) => recording.domains.map((view) => (view as View).banks[1]);
      expect(guild(reacting)).toEqual(guild(calm));
      expect(verdictsOn(reacting, GUILD).filter((v) => v.endsWith(':self-fulfilling'))).toEqual([]);
    }
  });

  it('with suspension of convertibility no run fails the bank', () => {
    for (const { reacting } of runs) {
      expect(lossTicks(reacting).has(MINERS)).toBe(false);
      expect(reacting.domains.every((view) => !(view as View).banks[2]?.failed)).toBe(true);
    }
  });

  it('a basin is lost on the very day its bank fails', () => {
    for (const { reacting } of runs) {
      const lost = lossTicks(reacting).get(HARBOUR);
      const failedDay = reacting.domains.findIndex((view) => (view as View).banks[0]?.failed) + 1;
      expect(lost).toBe(failedDay === 0 ? undefined : failedDay);
    }
  });

  it('the same input gives a byte-identical trace, domain included', () => {
    const again = recordRun(scenarioOf({ seed: 3 }), DAYS);
    expect(again.lines).toEqual(runs[2]?.reacting.lines);
    expect(again.domains[0]).toMatchObject({ model: 'bank-run' });
  });

  it('a snapshot taken mid-run restores the domain state and runs on identically', () => {
    const original = Simulation.create(scenarioOf({ seed: 3 }));
    original.step(23);
    const restored = Simulation.restore(JSON.parse(JSON.stringify(original.snapshot())) as EngineSnapshot);
    expect(restored.state().domain).toEqual(original.state().domain);
    expect(record(restored, 30).lines).toEqual(record(original, 30).lines);
  });
});
