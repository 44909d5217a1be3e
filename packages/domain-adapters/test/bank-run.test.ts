import { ScenarioSchema, type ScenarioInput } from '@sim/engine';
import { describe, expect, it } from 'vitest';
import { bankRunAdapter, BankRunInputSchema, type BankRunInput } from '../src/adapters/bank-run.js';

type RawInput = Record<string, unknown>;
type Bank = Record<string, unknown> & { name: string; site: string; insured: boolean; suspendAt: number | null };
type Domain = { model: string; parameters: { banks: Bank[]; periodDays: number; dailyNoise: number; runStrength: number; exposures: unknown[] } };

const oneBank = (bank: RawInput = {}, input: RawInput = {}): BankRunInput =>
  BankRunInputSchema.parse({ banks: [{ name: 'Harbour Savings', deposits: 1_000, liquid: 200, ...bank }], depositsPerAgent: 10, ...input });
const build = (input: BankRunInput): ScenarioInput => bankRunAdapter.toScenario(input);
const domainOf = (scenario: ScenarioInput) => (scenario as ScenarioInput & { domain: Domain }).domain;
const bankOf = (scenario: ScenarioInput) => domainOf(scenario).parameters.banks[0] ?? expect.fail('no bank');

describe('bank-run adapter: mapping onto the bank-run model', () => {
  it('its example is valid, yields a valid scenario and shows every intervention', () => {
    const input = BankRunInputSchema.parse(bankRunAdapter.example);
    const scenario = build(input);
    expect(ScenarioSchema.safeParse(scenario).success).toBe(true);
    expect(domainOf(scenario).model).toBe('bank-run');
    expect(new Set(input.banks.map((bank) => bank.intervention))).toEqual(new Set(['none', 'deposit-insurance', 'suspension']));
    expect(input.exposures.length).toBeGreaterThan(0);
    expect(domainOf(scenario).parameters.banks.map((bank) => bank.site)).toEqual(scenario.initialState.attractors?.map((a) => a.id));
  });

  it('maps the balance sheet and the contract; illiquid defaults to deposits − liquid', () => {
    const scenario = build(oneBank({}, { impatientShare: 0.3, earlyPayout: 1.2, maturityReturn: 2, liquidationValue: 0.4 }));
    expect(bankOf(scenario)).toMatchObject({
      name: 'Harbour Savings',
      site: 'harbour-savings-bank',
      deposits: 1_000,
      liquid: 200,
      illiquid: 800,
      impatientShare: 0.3,
      earlyPayout: 1.2,
      maturityReturn: 2,
      liquidationValue: 0.4,
      insured: false,
      suspendAt: null,
    });
    expect(bankOf(build(oneBank({ illiquid: 500 }))).illiquid).toBe(500);
    expect(build(oneBank()).agents).toHaveLength(100);
  });

  it('maps the interventions: insurance, and suspension at the impatient share unless told', () => {
    expect(bankOf(build(oneBank({ intervention: 'deposit-insurance' })))).toMatchObject({ insured: true, suspendAt: null });
    expect(bankOf(build(oneBank({ intervention: 'suspension' }, { impatientShare: 0.2 })))).toMatchObject({ insured: false, suspendAt: 0.2 });
    expect(bankOf(build(oneBank({ intervention: 'suspension', suspendAt: 0.35 })))).toMatchObject({ suspendAt: 0.35 });
  });

  it('rules: a failure is a basin loss that day; depositors anticipate with reflexivity 0.5; frequent short prophecies', () => {
    expect(build(oneBank()).rules).toMatchObject({ erosionRate: 1, shockRate: 0, reflexivity: 0.5, prophecyInterval: 5, prophecyHorizon: 10 });
    expect(build(oneBank({}, { depositorsAnticipate: false })).rules?.reflexivity).toBe(0);
  });

  it('refuses duplicate bank names and exposures to unknown banks or to oneself', () => {
    const two = [
      { name: 'A', deposits: 1, liquid: 1 },
      { name: 'A', deposits: 1, liquid: 1 },
    ];
    expect(BankRunInputSchema.safeParse({ banks: two }).error?.issues[0]?.path).toEqual(['banks', 1, 'name']);
    const banks = [
      { name: 'A', deposits: 1, liquid: 1 },
      { name: 'B', deposits: 1, liquid: 1 },
    ];
    expect(BankRunInputSchema.safeParse({ banks, exposures: [{ lender: 'A', borrower: 'C', amount: 1 }] }).error?.issues[0]?.path).toEqual([
      'exposures',
      0,
      'borrower',
    ]);
    expect(BankRunInputSchema.safeParse({ banks, exposures: [{ lender: 'A', borrower: 'A', amount: 1 }] }).success).toBe(false);
    expect(BankRunInputSchema.safeParse({ banks, exposures: [{ lender: 'A', borrower: 'B', amount: 1 }] }).success).toBe(true);
  });

  it('refuses a suspendAt on a bank without a suspension, which nothing would read', () => {
    const refused = BankRunInputSchema.safeParse({ banks: [{ name: 'A', deposits: 1, liquid: 1, intervention: 'deposit-insurance', suspendAt: 0.3 }] });
    expect(refused.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['banks', 0, 'suspendAt'], 'applies only with intervention "suspension" (this bank\'s is "deposit-insurance")'],
    ]);
    expect(BankRunInputSchema.safeParse({ banks: [{ name: 'A', deposits: 1, liquid: 1, intervention: 'suspension', suspendAt: 0.3 }] }).success).toBe(true);
  });

  it('takes the seed from the input', () => {
    expect(build(oneBank({}, { seed: 7 })).seed).toBe(7);
  });
});
