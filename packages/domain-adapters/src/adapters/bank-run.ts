import { LIMITS, type ScenarioInput } from '@sim/engine';
import { z } from 'zod';
import { defineAdapter } from '../domain-adapter.js';
import { allocateAgents } from '../shared/allocate-agents.js';
import { clamp } from '../shared/clamp.js';
import { entityIds } from '../shared/entity-ids.js';
import { squareRows } from '../shared/layout.js';
import { flagDuplicateNames } from '../shared/unique-names.js';
import { siteScenario, type SiteSpec } from '../shared/site-scenario.js';
import { AdapterSeedSchema } from '../shared/seed.js';

/** The interventions a bank may have in force (docs/engine.md, "Bank run"). */
export const BANK_INTERVENTIONS = ['none', 'deposit-insurance', 'suspension'] as const;

const BankSchema = z
  .object({
    name: z.string().min(1).max(100).describe('Name of the bank'),
    deposits: z.number().gt(0).max(1e12).describe('Deposits placed at the start of each cycle, in money (one unit of deposit each)'),
    liquid: z.number().min(0).max(1e12).describe('Liquid assets (cash, reserves): worth 1 per unit at any time'),
    illiquid: z
      .number()
      .min(0)
      .max(1e12)
      .optional()
      .describe('Illiquid assets (loans): worth R per unit at maturity, r if sold early; deposits − liquid when left out'),
    intervention: z
      .enum(BANK_INTERVENTIONS)
      .default('none')
      .describe(
        'deposit-insurance: patient depositors are paid whatever happens, so they never run; suspension: the bank stops paying once suspendAt of its deposits has been withdrawn',
      ),
    suspendAt: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe(
        'Share of deposits after which a bank under suspension stops paying in period 1 (the impatient share when left out, as Diamond and Dybvig set it)',
      ),
  })
  .strict();

const ExposureSchema = z
  .object({
    lender: z.string().min(1).max(100).describe('Bank that holds the claim, among its liquid assets'),
    borrower: z.string().min(1).max(100).describe('Bank that owes it'),
    amount: z.number().min(0).max(1e12).describe('Claim written off the lender’s liquid assets when the borrower fails'),
  })
  .strict();

/** Input of the bank-run adapter: Diamond–Dybvig banks and their depositors. */
export const BankRunInputSchema = z
  .object({
    seed: AdapterSeedSchema,
    banks: z.array(BankSchema).min(1).max(LIMITS.maxAttractors).describe('The banks, laid out row by row in the order given'),
    impatientShare: z.number().min(0).max(1).default(0.25).describe('π: expected share of depositors who need their money before maturity'),
    earlyPayout: z.number().gt(0).max(100).default(1.1).describe('c1: what a bank pays per unit of deposit withdrawn before maturity'),
    maturityReturn: z.number().gt(0).max(100).default(1.5).describe('R: what one unit of the illiquid asset pays at maturity'),
    liquidationValue: z.number().min(0).max(1).default(0.3).describe('r: what one unit of the illiquid asset fetches if sold before maturity'),
    periodDays: z.number().int().min(1).max(3650).default(29).describe('Days depositors may withdraw before the illiquid asset matures (on the day after)'),
    dailyNoise: z
      .number()
      .min(0)
      .max(10)
      .default(0.5)
      .describe(
        'Coefficient of variation of each day’s share of depositors who turn out impatient; the daily chance is clamped to 0…1, so above about 0.5 the expected impatient share exceeds impatientShare (0.27 for 0.25 at 1, 0.34 at 2, 0.74 at 10)',
      ),
    runStrength: z.number().min(0).max(1).default(0.5).describe('Share of the waiting depositors who withdraw per day when fully alarmed'),
    depositorsAnticipate: z.boolean().default(true).describe('Depositors withdraw from banks forecast to fail'),
    exposures: z.array(ExposureSchema).max(1000).default([]).describe('Interbank claims: contagion from a failing borrower to its lenders'),
    depositsPerAgent: z
      .number()
      .min(0.001)
      .optional()
      .describe('Deposits one simulated depositor stands for; chosen so that the run has about 200 agents when left out'),
  })
  .strict()
  .superRefine((input, ctx) => {
    flagDuplicateNames(input.banks, 'banks', 'bank', ctx);
    input.banks.forEach((bank, index) => {
      // Read only with a suspension: elsewhere it would be dropped without a word.
      if (bank.suspendAt !== undefined && bank.intervention !== 'suspension') {
        ctx.addIssue({
          code: 'custom',
          path: ['banks', index, 'suspendAt'],
          message: `applies only with intervention "suspension" (this bank's is "${bank.intervention}")`,
        });
      }
    });
    const names = new Set(input.banks.map((bank) => bank.name));
    input.exposures.forEach((exposure, index) => {
      for (const side of ['lender', 'borrower'] as const) {
        if (!names.has(exposure[side])) ctx.addIssue({ code: 'custom', path: ['exposures', index, side], message: `unknown bank "${exposure[side]}"` });
      }
      if (exposure.lender === exposure.borrower) ctx.addIssue({ code: 'custom', path: ['exposures', index], message: 'a bank cannot lend to itself' });
    });
  });
export type BankRunInput = z.output<typeof BankRunInputSchema>;

/** Agents of a bank-run scenario when the input leaves the scale out: prophecies run often. */
const AGENT_BUDGET = 200;

function toScenario(input: BankRunInput): ScenarioInput {
  const names = input.banks.map((bank) => bank.name);
  const { unitsPerAgent, counts } = allocateAgents(
    input.banks.map((bank) => bank.deposits),
    input.depositsPerAgent,
    AGENT_BUDGET,
  );
  const basinIds = entityIds(names, 'bank');
  const agentPrefixes = entityIds(names, 'depositors');
  const illiquidOf = (bank: BankRunInput['banks'][number]) => bank.illiquid ?? Math.max(0, bank.deposits - bank.liquid);
  const specs: SiteSpec[] = input.banks.map((bank, index) => ({
    basinId: basinIds[index] as string,
    agentPrefix: agentPrefixes[index] as string,
    agents: counts[index] as number,
    // Only what the scenario file shows: from tick 0 on the engine takes the basin's load and
    // capacity from the bank model (docs/engine.md, "Bank run").
    capacity: (bank.liquid + input.liquidationValue * illiquidOf(bank)) / unitsPerAgent,
    depth: 5,
    gamma: 0,
    lambda: 0.5,
    homeWeight: 10,
  }));
  const scenario = siteScenario(specs, {
    seed: input.seed,
    rows: squareRows(input.banks.length),
    gap: 2,
    nodeLabels: { x: 'banks, west to east', y: 'banks, south to north' },
    rules: {
      // A failure reports three times the bank's capacity as load: erosion 1 takes the whole
      // depth (and more) that day, so the basin falls exactly when the bank fails.
      erosionRate: 1,
      recoveryRate: 0.1,
      shockRate: 0,
      reflexivity: input.depositorsAnticipate ? 0.5 : 0,
      prophecyInterval: 5,
      prophecyHorizon: 10,
    },
  });
  const domain = {
    model: 'bank-run',
    parameters: {
      banks: input.banks.map((bank, index) => ({
        name: bank.name,
        site: basinIds[index] as string,
        deposits: bank.deposits,
        liquid: bank.liquid,
        illiquid: illiquidOf(bank),
        impatientShare: input.impatientShare,
        earlyPayout: input.earlyPayout,
        maturityReturn: input.maturityReturn,
        liquidationValue: input.liquidationValue,
        insured: bank.intervention === 'deposit-insurance',
        suspendAt: bank.intervention === 'suspension' ? clamp(bank.suspendAt ?? input.impatientShare, 0, 1) : null,
      })),
      periodDays: input.periodDays,
      dailyNoise: input.dailyNoise,
      runStrength: input.runStrength,
      exposures: input.exposures,
    },
  };
  const withDomain = { ...scenario, domain };
  return withDomain;
}

/**
 * Bank run: Diamond–Dybvig banks whose failure is a basin loss; a forecast of failure makes
 * patient depositors withdraw, which can make the failure happen.
 */
export const bankRunAdapter = defineAdapter({
  id: 'bank-run',
  label: 'Bank run (Diamond–Dybvig)',
  description: [
    'Banks that take deposits, keep some liquid and lend the rest long, one tick per day, run by the engine’s `bank-run` model (Diamond and Dybvig 1983).',
    'Each cycle opens at period 0 (day 0) with the input’s balance sheet; in period 1 (days 1 to `periodDays`) every waiting depositor turns out impatient with a daily chance q·(1 + dailyNoise·z), z standard normal, where (1 − q)^periodDays = 1 − `impatientShare`, and withdraws c1 = `earlyPayout`; the bank pays from liquid assets, then sells illiquid ones at r = `liquidationValue`, and fails when a day asks more than both (insolvent: withdrawals demanded exceed liquid assets plus liquidation value); at maturity (day periodDays + 1) each illiquid unit pays R = `maturityReturn` and the depositors still waiting share everything (c2); the bank then reopens with its initial balance sheet. A run exists when c1 · deposits > liquid + r · illiquid.',
    'Each bank is an attractor whose basin falls the day the bank fails (the model reports three times its capacity as load, erosion rate 1), and a failed bank stays closed.',
    'The reaction: when depositors anticipate (reflexivity 0.5), `runStrength` × alarm of the waiting depositors withdraw each day while a failure is forecast — the self-fulfilling prophecy of a bank run.',
    'Interventions per bank: deposit-insurance (patient depositors are paid whatever happens, so the alarm moves none of them) and suspension (the bank stops paying once `suspendAt` of its deposits is out, so no run can exhaust it); exposures write a failed borrower’s claims off its lenders’ liquid assets (contagion).',
    'Agents are depositors, one per `depositsPerAgent` of deposits (about 200 agents by default), placed at their bank; gamma (capacity/order) is 0 and lambda (latency/chaos) 0.5; they move on the map only.',
    'Validation (docs/engine.md, "Bank run"): without noise or alarm the impatient get c1 and the patient Diamond–Dybvig’s c2 to 1e-9; a full run fails a bank exactly when c1 · deposits > liquid + r · illiquid; with insurance the alarm changes nothing, with suspension no run fails the bank; in the example the thin uninsured bank fails in 4 of 10 seeds with reacting depositors against 1 with reflexivity 0, with self-fulfilling verdicts.',
  ].join(' '),
  domainModel: 'bank-run',
  inputSchema: BankRunInputSchema,
  example: {
    seed: 3,
    banks: [
      { name: 'Harbour Savings', deposits: 1000, liquid: 125, intervention: 'none' },
      { name: 'Guild Bank', deposits: 1000, liquid: 125, intervention: 'deposit-insurance' },
      { name: 'Miners Trust', deposits: 1000, liquid: 125, intervention: 'suspension' },
      { name: 'Crown Bank', deposits: 2000, liquid: 700, intervention: 'none' },
    ],
    impatientShare: 0.25,
    earlyPayout: 1.1,
    maturityReturn: 1.5,
    liquidationValue: 0.2,
    periodDays: 29,
    dailyNoise: 0.5,
    runStrength: 0.5,
    depositorsAnticipate: true,
    exposures: [{ lender: 'Crown Bank', borrower: 'Harbour Savings', amount: 150 }],
  },
  toScenario,
});
