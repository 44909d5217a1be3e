import { z } from 'zod';
import { LIMITS } from '../../../limits.js';
import { EntityIdSchema } from '../../../schemas/identifier.js';

const money = z.number().min(0).max(1e12);

/**
 * One bank of the Diamond–Dybvig model (docs/engine.md, "Bank run"): its balance sheet at
 * period 0, its depositors and the deposit contract, and the interventions in force.
 *
 * @example
 * BankSchema.parse({ name: 'First', site: 'first-bank', deposits: 1000, liquid: 250, illiquid: 750 });
 */
export const BankSchema = z
  .object({
    name: z.string().min(1).max(100).describe('Name of the bank'),
    site: EntityIdSchema.describe('Attractor id of the bank’s basin'),
    deposits: z.number().gt(0).max(1e12).describe('Deposits placed at period 0, in units of one deposit (each pays c1 on demand in period 1)'),
    liquid: money.describe('Liquid assets at period 0 (storage: worth 1 per unit at any time)'),
    illiquid: money.describe('Illiquid assets at period 0 (worth R per unit at maturity, only r if liquidated early)'),
    impatientShare: z.number().min(0).max(1).default(0.25).describe('π: expected share of depositors who need their money in period 1'),
    earlyPayout: z.number().gt(0).max(100).default(1).describe('c1: what the bank pays per unit of deposit withdrawn in period 1'),
    maturityReturn: z.number().gt(0).max(100).default(1.5).describe('R: value of one unit of the illiquid asset at maturity'),
    liquidationValue: z.number().min(0).max(1).default(0.5).describe('r: what one unit of the illiquid asset fetches if sold in period 1'),
    insured: z.boolean().default(false).describe('Deposit insurance: patient depositors are paid in full whatever happens, so they never run'),
    suspendAt: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .default(null)
      .describe('Suspension of convertibility: the bank stops paying in period 1 once this share of its deposits has been withdrawn (null: never)'),
  })
  .strict();
/**
 * A bank with defaults filled in.
 *
 * @example
 * const bank: Bank = BankSchema.parse({ name: 'First', site: 'first-bank', deposits: 1000, liquid: 250, illiquid: 750 });
 */
export type Bank = z.infer<typeof BankSchema>;

/**
 * A claim of one bank on another: lost when the borrower fails (contagion).
 *
 * @example
 * ExposureSchema.parse({ lender: 'First', borrower: 'Second', amount: 50 });
 */
export const ExposureSchema = z
  .object({
    lender: z.string().min(1).max(100).describe('Name of the bank that holds the claim (part of its liquid assets)'),
    borrower: z.string().min(1).max(100).describe('Name of the bank that owes it'),
    amount: money.describe('Size of the claim, written off the lender’s liquid assets when the borrower fails'),
  })
  .strict();

/**
 * Parameters of the `bank-run` model, as a scenario's `domain.parameters` writes them.
 *
 * @example
 * BankRunParametersSchema.parse({ banks: [{ name: 'First', site: 'first-bank', deposits: 1000, liquid: 250, illiquid: 750 }] });
 */
export const BankRunParametersSchema = z
  .object({
    banks: z.array(BankSchema).min(1).max(LIMITS.maxAttractors).describe('The banks, one site each'),
    periodDays: z
      .number()
      .int()
      .min(1)
      .max(10_000)
      .default(29)
      .describe('Days of period 1 (withdrawals on demand); the illiquid asset matures on the next day'),
    dailyNoise: z.number().min(0).max(10).default(0.5).describe('Coefficient of variation of each day’s share of depositors who turn out impatient'),
    runStrength: z.number().min(0).max(1).default(0.5).describe('Share of the waiting depositors who withdraw per day at alarm 1'),
    exposures: z.array(ExposureSchema).max(1000).default([]).describe('Interbank claims, lost when the borrower fails'),
  })
  .strict()
  .superRefine((parameters, ctx) => {
    const names = new Set<string>();
    parameters.banks.forEach((bank, index) => {
      if (names.has(bank.name)) ctx.addIssue({ code: 'custom', path: ['banks', index, 'name'], message: `duplicate bank name "${bank.name}"` });
      names.add(bank.name);
    });
    const sites = new Set(parameters.banks.map((bank) => bank.site));
    if (sites.size !== parameters.banks.length) ctx.addIssue({ code: 'custom', path: ['banks'], message: 'every bank needs its own site' });
    parameters.exposures.forEach((exposure, index) => {
      for (const side of ['lender', 'borrower'] as const) {
        if (!names.has(exposure[side])) ctx.addIssue({ code: 'custom', path: ['exposures', index, side], message: `unknown bank "${exposure[side]}"` });
      }
      if (exposure.lender === exposure.borrower) ctx.addIssue({ code: 'custom', path: ['exposures', index], message: 'a bank cannot lend to itself' });
    });
  });
/**
 * Parameters of the `bank-run` model, defaults filled in.
 *
 * @example
 * const parameters: BankRunParameters = BankRunParametersSchema.parse(scenario.domain.parameters);
 */
export type BankRunParameters = z.infer<typeof BankRunParametersSchema>;

/**
 * One bank's state between ticks: plain numbers, kept in snapshots.
 *
 * @example
 * const fresh: BankState = { waiting: 1000, liquid: 250, illiquid: 750, withdrawn: 0, demanded: 0, failed: false, suspended: false, latePayout: null, insurerPaid: 0 };
 */
export const BankStateSchema = z
  .object({
    waiting: z.number().min(0).describe('Deposits not yet withdrawn this cycle, in units of one deposit'),
    liquid: z.number().min(0),
    illiquid: z.number().min(0),
    withdrawn: z.number().min(0).describe('Paid out in period 1 of this cycle'),
    demanded: z.number().min(0).describe('Asked for in period 1 of this cycle, at c1 per unit'),
    failed: z.boolean(),
    suspended: z.boolean(),
    latePayout: z.number().nullable().describe('c2 paid per unit at the last maturity (null before the first)'),
    insurerPaid: z.number().min(0).describe('What the deposit insurer paid depositors of a failed bank'),
  })
  .strict();
/**
 * One bank's state between ticks.
 *
 * @example
 * const alive = (bank: BankState) => !bank.failed;
 */
export type BankState = z.infer<typeof BankStateSchema>;

/**
 * The whole state of the `bank-run` model: the day of the cycle and every bank.
 *
 * @example
 * BankRunStateSchema.parse(JSON.parse(JSON.stringify(state)));
 */
export const BankRunStateSchema = z
  .object({
    day: z.number().int().min(0).describe('Day of the current cycle: 0 at period 0, 1…periodDays in period 1'),
    cycle: z.number().int().min(1),
    banks: z.array(BankStateSchema),
  })
  .strict();
/**
 * The whole state of the `bank-run` model.
 *
 * @example
 * const state: BankRunState = bankRunModel.initialState(parameters);
 */
export type BankRunState = z.infer<typeof BankRunStateSchema>;

/**
 * What `state.domain` shows of the bank run, in money and deposit units.
 *
 * @example
 * world.state().domain; // { model: 'bank-run', day: 3, cycle: 1, banks: [{ name: 'First', deposits: 960, … }] }
 */
export const BankRunViewSchema = z
  .object({
    day: z.number().int().describe('Day of the current cycle (0 is period 0; periodDays + 1 is maturity, which reopens the bank at day 0)'),
    cycle: z.number().int().describe('Deposit cycle, from 1'),
    banks: z.array(
      z
        .object({
          name: z.string(),
          deposits: z.number().describe('Deposits not yet withdrawn this cycle, in units of one deposit'),
          liquid: z.number().describe('Liquid assets now'),
          illiquid: z.number().describe('Illiquid assets now, in units (worth R each at maturity)'),
          withdrawn: z.number().describe('Paid out in period 1 of this cycle'),
          failed: z.boolean().describe('Failed: period-1 withdrawals asked for more than its liquid assets plus the liquidation value of the rest'),
          suspended: z.boolean().describe('Convertibility suspended for the rest of period 1'),
          insured: z.boolean(),
          latePayout: z.number().nullable().describe('c2 paid per unit of deposit at the last maturity (null before the first)'),
          insurerPaid: z.number().describe('What the deposit insurer paid the depositors of this failed bank'),
        })
        .strict(),
    ),
  })
  .strict();
/**
 * What `state.domain` shows of the bank run.
 *
 * @example
 * const failed = (view: BankRunView) => view.banks.filter((bank) => bank.failed).map((bank) => bank.name);
 */
export type BankRunView = z.infer<typeof BankRunViewSchema>;
