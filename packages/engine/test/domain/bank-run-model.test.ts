import { describe, expect, it } from 'vitest';
import { bankRunModel } from '../../src/domain/models/bank-run/bank-run.js';
import type { BankRunParameters, BankRunState } from '../../src/domain/models/bank-run/bank-run-schemas.js';
import { openStream } from '../../src/rng/random-stream.js';

type RawBank = Record<string, unknown>;

const parametersOf = (banks: RawBank[], rest: Record<string, unknown> = {}): BankRunParameters =>
  bankRunModel.parametersSchema.parse({ banks: banks.map((bank, i) => ({ name: `bank-${i}`, site: `site-${i}`, ...bank })), ...rest });

/** Runs the model `days` days with a fixed alarm per bank (or per day), returning every state. */
function run(parameters: BankRunParameters, days: number, alarm: (day: number) => number[] = () => parameters.banks.map(() => 0), seed = 1): BankRunState[] {
  const draw = openStream(seed, 'domain');
  const states = [bankRunModel.initialState(parameters)];
  for (let tick = 1; tick <= days; tick++) states.push(bankRunModel.step(parameters, states[tick - 1] as BankRunState, { tick, alarm: alarm(tick) }, draw));
  return states;
}

/**
 * Diamond–Dybvig's no-run payouts, written from the textbook and not from the model: impatient
 * depositors (share π of D) get c1; the bank pays them from liquid assets L, selling illiquid
 * ones at r if L falls short, and at maturity everything left is shared by the patient ones:
 * c2 = (L − πDc1 + R·I) / ((1 − π)D) without a sale, R·(I − (πDc1 − L)/r) / ((1 − π)D) with one.
 */
function textbookLatePayout(b: {
  deposits: number;
  liquid: number;
  illiquid: number;
  impatientShare: number;
  earlyPayout: number;
  maturityReturn: number;
  liquidationValue: number;
}): number {
  const early = b.impatientShare * b.deposits * b.earlyPayout;
  const patient = (1 - b.impatientShare) * b.deposits;
  if (early <= b.liquid) return (b.liquid - early + b.maturityReturn * b.illiquid) / patient;
  return (b.maturityReturn * (b.illiquid - (early - b.liquid) / b.liquidationValue)) / patient;
}

const TEXTBOOK_CASES = [
  { deposits: 1000, liquid: 275, illiquid: 725, impatientShare: 0.25, earlyPayout: 1.1, maturityReturn: 1.5, liquidationValue: 0.5 },
  { deposits: 500, liquid: 300, illiquid: 200, impatientShare: 0.5, earlyPayout: 1.2, maturityReturn: 2, liquidationValue: 0.8 },
  { deposits: 2000, liquid: 100, illiquid: 1900, impatientShare: 0.1, earlyPayout: 1.05, maturityReturn: 1.3, liquidationValue: 0.6 },
  { deposits: 1000, liquid: 400, illiquid: 600, impatientShare: 0.3, earlyPayout: 1, maturityReturn: 1.8, liquidationValue: 0.2 },
  // Liquid assets of exactly π·D·c1 and nothing to get for a sale: solvent, down to the last
  // day's rounding (the compounded hazards give a share of 0.2500000000000009).
  { deposits: 1000, liquid: 250, illiquid: 750, impatientShare: 0.25, earlyPayout: 1, maturityReturn: 1.5, liquidationValue: 0 },
  { deposits: 1000, liquid: 275, illiquid: 725, impatientShare: 0.25, earlyPayout: 1.1, maturityReturn: 1.5, liquidationValue: 0 },
];

describe('bank-run model: the Diamond–Dybvig textbook', () => {
  it.each(TEXTBOOK_CASES)('no run: impatient depositors get c1 and patient ones c2 (%o)', (bank) => {
    const parameters = parametersOf([bank], { dailyNoise: 0, periodDays: 29 });
    const states = run(parameters, 30);
    const endOfPeriod1 = (states[29] as BankRunState).banks[0]!;
    const withdrawnUnits = bank.deposits - endOfPeriod1.waiting;
    expect(withdrawnUnits / bank.deposits).toBeCloseTo(bank.impatientShare, 9);
    expect(endOfPeriod1.withdrawn / withdrawnUnits).toBeCloseTo(bank.earlyPayout, 9);
    expect(endOfPeriod1.failed).toBe(false);
    const maturity = (states[30] as BankRunState).banks[0]!;
    expect(maturity.latePayout).not.toBeNull();
    expect(Math.abs((maturity.latePayout as number) / textbookLatePayout(bank) - 1)).toBeLessThan(1e-9);
    // The bank reopens with its balance sheet at day 0.
    expect(states[30]).toMatchObject({ day: 0, cycle: 2 });
    expect(maturity).toMatchObject({ waiting: bank.deposits, liquid: bank.liquid, illiquid: bank.illiquid, withdrawn: 0 });
  });

  it('with noisy days the impatient share and the late payout average to the textbook over seeds', () => {
    // Liquid enough that no noisy day forces a sale: c2 is then linear in the impatient share.
    const bank = { ...TEXTBOOK_CASES[0]!, liquid: 400, illiquid: 600 };
    const parameters = parametersOf([bank], { dailyNoise: 0.5 });
    let share = 0;
    let payout = 0;
    const seeds = 200;
    for (let seed = 1; seed <= seeds; seed++) {
      const states = run(parameters, 30, undefined, seed);
      share += (bank.deposits - (states[29] as BankRunState).banks[0]!.waiting) / bank.deposits / seeds;
      payout += ((states[30] as BankRunState).banks[0]!.latePayout as number) / seeds;
    }
    expect(Math.abs(share - bank.impatientShare)).toBeLessThan(0.01);
    expect(Math.abs(payout / textbookLatePayout(bank) - 1)).toBeLessThan(0.01);
  });

  // The run equilibrium: if every depositor withdraws in period 1 the bank owes c1·D against
  // at most L + r·I, so it fails exactly when c1·D > L + r·I.
  const RUN_CASES = [
    { earlyPayout: 1.1, liquid: 275, liquidationValue: 0.5 }, // 1100 > 637.5
    { earlyPayout: 1, liquid: 500, liquidationValue: 1 }, // 1000 = 1000: no failure
    { earlyPayout: 1, liquid: 500, liquidationValue: 0.99 }, // 1000 > 995
    { earlyPayout: 1.05, liquid: 1000, liquidationValue: 0.5 }, // 1050 > 1000
    { earlyPayout: 1, liquid: 1000, liquidationValue: 0.1 }, // 1000 = 1000: no failure
    { earlyPayout: 0.9, liquid: 300, liquidationValue: 0.9 }, // 900 < 930: no failure
    { earlyPayout: 1.2, liquid: 0, liquidationValue: 0.9 }, // 1200 > 900
  ];
  it.each(RUN_CASES)('a full run fails the bank exactly when c1·D > L + r·I (%o)', (bank) => {
    const full = { deposits: 1000, illiquid: 1000 - bank.liquid, ...bank };
    const parameters = parametersOf([full], { dailyNoise: 0, runStrength: 1 });
    const states = run(parameters, 29, () => [1]);
    const runExists = full.earlyPayout * full.deposits > full.liquid + full.liquidationValue * full.illiquid;
    expect((states[1] as BankRunState).banks[0]!.failed).toBe(runExists);
    expect((states[29] as BankRunState).banks[0]!.failed).toBe(runExists);
  });

  it('a failing bank pays out exactly its liquid assets plus the liquidation value of the rest', () => {
    const parameters = parametersOf([{ deposits: 1000, liquid: 275, illiquid: 725, earlyPayout: 1.1, liquidationValue: 0.5 }], { runStrength: 1 });
    const failed = (run(parameters, 1, () => [1])[1] as BankRunState).banks[0]!;
    expect(failed).toMatchObject({ failed: true, liquid: 0, illiquid: 0 });
    expect(failed.withdrawn).toBeCloseTo(275 + 0.5 * 725, 9);
  });
});

describe('bank-run model: the reaction and the interventions', () => {
  // A bank that no impatient depositor can break, but a run can: πDc1 = 275 ≤ L + rI = 637.5 < c1·D.
  const sound = { deposits: 1000, liquid: 275, illiquid: 725, earlyPayout: 1.1, liquidationValue: 0.5 };
  const alarmed = () => [1];
  const seeds = [1, 2, 3, 4, 5];

  it('without an intervention a forecast of failure produces the failure', () => {
    for (const seed of seeds) {
      expect(run(parametersOf([sound]), 29, () => [0], seed).some((state) => state.banks[0]!.failed)).toBe(false);
      expect(run(parametersOf([sound]), 29, alarmed, seed).some((state) => state.banks[0]!.failed)).toBe(true);
    }
  });

  it('with deposit insurance the alarm moves no depositor: the state is the unalarmed one', () => {
    const insured = parametersOf([{ ...sound, insured: true }]);
    for (const seed of seeds) {
      const calm = run(insured, 60, () => [0], seed);
      const alarm = run(insured, 60, alarmed, seed);
      expect(alarm).toEqual(calm);
      expect(alarm.some((state) => state.banks[0]!.failed)).toBe(false);
    }
  });

  it('with suspension of convertibility a run stops at the threshold and those who waited get more than c1', () => {
    const suspending = parametersOf([{ ...sound, suspendAt: 0.25 }]);
    for (const seed of seeds) {
      const states = run(suspending, 30, alarmed, seed);
      expect(states.some((state) => state.banks[0]!.failed)).toBe(false);
      const last = (states[29] as BankRunState).banks[0]!;
      expect(last.suspended).toBe(true);
      expect(sound.deposits - last.waiting).toBeCloseTo(0.25 * sound.deposits, 6);
      // Waiting pays: the reason, in the theory, why nobody runs on a suspending bank.
      expect((states[30] as BankRunState).banks[0]!.latePayout).toBeGreaterThan(sound.earlyPayout);
    }
  });

  it('an insured bank can still fail on its fundamentals, and the insurer pays its depositors', () => {
    const thin = parametersOf([{ deposits: 1000, liquid: 50, illiquid: 950, earlyPayout: 1.1, liquidationValue: 0.2, insured: true }]);
    // L + rI = 240 against an expected impatient demand of 275: most cycles fail it, alarm or not.
    for (const seed of seeds) {
      const states = run(thin, 120, alarmed, seed);
      expect(states).toEqual(run(thin, 120, () => [0], seed));
      const failed = states.find((state) => state.banks[0]!.failed)?.banks[0];
      expect(failed?.insurerPaid).toBeGreaterThan(0);
    }
  });

  it('contagion: a failing borrower takes its claim off its lender, which can fail in turn', () => {
    const lenderSheet = { deposits: 1000, liquid: 275, illiquid: 725, earlyPayout: 1.1, liquidationValue: 0.1 }; // L + rI = 347.5
    const banks = [sound, lenderSheet];
    const only = (alarm: number) => () => [alarm, 0];
    // After the write-off L + rI = 347.5 − 200 = 147.5, far below the expected impatient 275.
    const withClaim = parametersOf(banks, { exposures: [{ lender: 'bank-1', borrower: 'bank-0', amount: 200 }] });
    const without = parametersOf(banks);
    for (const seed of seeds) {
      const alone = run(without, 29, only(1), seed);
      expect(alone.some((state) => state.banks[1]!.failed)).toBe(false);
      const contagious = run(withClaim, 29, only(1), seed);
      const borrowerDay = contagious.findIndex((state) => state.banks[0]!.failed);
      const lenderDay = contagious.findIndex((state) => state.banks[1]!.failed);
      expect(borrowerDay).toBeGreaterThan(0);
      expect((contagious[borrowerDay] as BankRunState).banks[1]!.liquid).toBeCloseTo((alone[borrowerDay] as BankRunState).banks[1]!.liquid - 200, 9);
      expect(lenderDay).toBeGreaterThan(borrowerDay);
    }
  });
});

describe('bank-run model: purity and the basin', () => {
  const parameters = parametersOf([{ deposits: 1000, liquid: 125, illiquid: 875, earlyPayout: 1.1, liquidationValue: 0.2 }]);

  it('step leaves its state unchanged and resumes exactly from a JSON copy', () => {
    const states = run(parameters, 12, (day) => [day > 5 ? 0.3 : 0]);
    const middle = states[6] as BankRunState;
    const frozen = JSON.stringify(middle);
    const draw = openStream(9, 'domain');
    const copy = bankRunModel.internalStateSchema.parse(JSON.parse(frozen));
    const drawCopy = openStream(9, 'domain');
    let a = middle;
    let b = copy;
    for (let tick = 7; tick <= 40; tick++) {
      a = bankRunModel.step(parameters, a, { tick, alarm: [0.3] }, draw);
      b = bankRunModel.step(parameters, b, { tick, alarm: [0.3] }, drawCopy);
    }
    expect(JSON.stringify(middle)).toBe(frozen);
    expect(b).toEqual(a);
  });

  it('load stays within capacity until the failure, and is three times it from the failure on', () => {
    const states = run(parameters, 29, () => [1]);
    const failedAt = states.findIndex((state) => state.banks[0]!.failed);
    expect(failedAt).toBeGreaterThan(0);
    states.forEach((state, day) => {
      const { load, capacity } = bankRunModel.pressure(parameters, state, 0);
      if (day < failedAt) expect(load).toBeLessThanOrEqual(capacity);
      else expect(load / capacity).toBeCloseTo(3, 12);
    });
  });

  it('observes the banks in money and deposit units', () => {
    const view = bankRunModel.observe(parameters, run(parameters, 3)[3] as BankRunState);
    expect(bankRunModel.stateSchema.parse(view)).toEqual(view);
    expect(view.banks[0]).toMatchObject({ name: 'bank-0', failed: false, insured: false, suspended: false });
    expect(view.day).toBe(3);
  });
});
