import type { DomainCoupling, DomainModel, SitePressure } from '../../domain-model.js';
import type { RandomStream } from '../../../rng/random-stream.js';
import {
  BankRunParametersSchema,
  BankRunStateSchema,
  BankRunViewSchema,
  type Bank,
  type BankRunParameters,
  type BankRunState,
  type BankRunView,
  type BankState,
} from './bank-run-schemas.js';

/**
 * Load over capacity of a failed bank's basin: with the adapter's erosion rate 1 the basin loses
 * twice its initial depth in the tick of the failure, so a failure is a basin loss at once
 * (docs/engine.md, "Bank run").
 */
const FAILED_OVERLOAD = 3;
/** Smallest capacity reported, so that load / capacity stays finite. */
const MIN_CAPACITY = 1e-9;

/** A standard normal draw by Box–Muller; always two uniforms, so streams stay paired. */
function standardNormal(draw: RandomStream): number {
  const u1 = 1 - draw();
  const u2 = draw();
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

function freshBank(bank: Bank, latePayout: number | null): BankState {
  return {
    waiting: bank.deposits,
    liquid: bank.liquid,
    illiquid: bank.illiquid,
    withdrawn: 0,
    demanded: 0,
    failed: false,
    suspended: false,
    latePayout,
    insurerPaid: 0,
  };
}

/** Relative to a bank's deposits: a shortfall this small is the arithmetic's, not the bank's. */
const ROUNDING = 1e-9;

/**
 * The daily hazard of turning out impatient: compounded over period 1 it makes the expected
 * share of impatient depositors exactly π, `1 − (1 − q)^days = π`.
 */
function impatientHazard(share: number, days: number): number {
  return 1 - Math.pow(1 - share, 1 / days);
}

/**
 * One day of period 1 at one bank: impatient depositors withdraw, patient ones join them with
 * the alarm, the bank pays c1 each from liquid assets, then by selling illiquid ones at r, and
 * fails when the day's demand exceeds both. Suspension caps the day's payouts first.
 */
function withdrawalDay(parameters: BankRunParameters, bank: Bank, state: BankState, alarm: number, noise: number): BankState {
  if (state.failed) return state;
  const hazard = impatientHazard(bank.impatientShare, parameters.periodDays);
  const impatient = Math.min(1, Math.max(0, hazard * (1 + parameters.dailyNoise * noise)));
  // Insured depositors are paid in full whatever happens: waiting dominates, so none runs.
  const running = bank.insured ? 0 : Math.min(1, Math.max(0, parameters.runStrength * alarm));
  const asking = state.waiting * (impatient + (1 - impatient) * running);
  let units = asking;
  let suspended = state.suspended;
  if (bank.suspendAt !== null) {
    const room = Math.max(0, bank.suspendAt * bank.deposits - (bank.deposits - state.waiting));
    if (suspended || units > room) {
      // Refused depositors stay in the bank and are paid at maturity.
      units = suspended ? 0 : room;
      suspended = true;
    }
  }
  const owed = units * bank.earlyPayout;
  const demanded = state.demanded + owed;
  if (owed <= state.liquid) {
    return { ...state, waiting: state.waiting - units, liquid: state.liquid - owed, withdrawn: state.withdrawn + owed, demanded, suspended };
  }
  const shortfall = owed - state.liquid;
  const saleValue = state.illiquid * bank.liquidationValue;
  // A shortfall of rounding alone is no shortfall: the daily hazards compounded over period 1
  // give a share of 0.2500000000000009 for π = 0.25, and a bank holding exactly π·D·c1 with
  // nothing to sell (r = 0) would fail on the last day's 1e-13.
  if (shortfall <= saleValue + ROUNDING * bank.deposits) {
    const sold = bank.liquidationValue > 0 ? shortfall / bank.liquidationValue : 0;
    return {
      ...state,
      waiting: state.waiting - units,
      liquid: 0,
      illiquid: Math.max(0, state.illiquid - sold),
      withdrawn: state.withdrawn + owed,
      demanded,
      suspended,
    };
  }
  // Insolvent: the queue shares what is left, the bank closes.
  const paid = state.liquid + saleValue;
  return {
    ...state,
    waiting: state.waiting - units,
    liquid: 0,
    illiquid: 0,
    withdrawn: state.withdrawn + paid,
    demanded,
    suspended,
    failed: true,
    insurerPaid: bank.insured ? state.insurerPaid + (owed - paid) + (state.waiting - units) * bank.earlyPayout : state.insurerPaid,
  };
}

/** Maturity: the illiquid asset pays R, those still waiting share everything, the bank reopens. */
function maturity(bank: Bank, state: BankState): BankState {
  if (state.failed) return state;
  const value = state.liquid + state.illiquid * bank.maturityReturn;
  const latePayout = state.waiting > 0 ? value / state.waiting : null;
  return freshBank(bank, latePayout);
}

/** Writes each failed borrower's claims off its lenders' liquid assets (contagion). */
function writeOffClaims(parameters: BankRunParameters, before: readonly BankState[], after: BankState[]): BankState[] {
  const index = new Map(parameters.banks.map((bank, i) => [bank.name, i]));
  const result = [...after];
  for (const exposure of parameters.exposures) {
    const borrower = index.get(exposure.borrower) as number;
    const lender = index.get(exposure.lender) as number;
    const justFailed = (after[borrower] as BankState).failed && !(before[borrower] as BankState).failed;
    if (!justFailed) continue;
    const state = result[lender] as BankState;
    if (state.failed) continue;
    result[lender] = { ...state, liquid: Math.max(0, state.liquid - exposure.amount) };
  }
  return result;
}

/**
 * The `bank-run` model: Diamond–Dybvig banks, one tick a day (docs/engine.md, "Bank run").
 * Period 0 is the day a cycle opens (day 0), period 1 the next `periodDays` days, in which
 * depositors may withdraw c1, and period 2 the day after, when the illiquid asset pays R and
 * the depositors still waiting share what is left (c2); the bank then reopens with its initial
 * balance sheet. A failed bank stays closed.
 *
 * @example
 * const state = bankRunModel.step(parameters, bankRunModel.initialState(parameters), { tick: 1, alarm: [0] }, openStream(1, 'domain'));
 */
export const bankRunModel: DomainModel<BankRunParameters, BankRunState, BankRunView> = {
  id: 'bank-run',
  parametersSchema: BankRunParametersSchema,
  internalStateSchema: BankRunStateSchema,
  stateSchema: BankRunViewSchema,
  sites: (parameters) => parameters.banks.map((bank) => bank.site),
  // Per bank about forty agent-ticks, plus its exposures to other banks (measured).
  workPerTick: (parameters) => 40 * parameters.banks.length + 4 * parameters.exposures.length,
  initialState: (parameters) => ({ day: 0, cycle: 1, banks: parameters.banks.map((bank) => freshBank(bank, null)) }),
  step(parameters: BankRunParameters, state: BankRunState, coupling: DomainCoupling, draw: RandomStream): BankRunState {
    const day = state.day + 1;
    // Every bank draws its day's noise every day, failed or not, so that two branches that
    // differ only in a failure keep drawing the same numbers for every other bank.
    const noises = parameters.banks.map(() => standardNormal(draw));
    if (day > parameters.periodDays) {
      return { day: 0, cycle: state.cycle + 1, banks: parameters.banks.map((bank, i) => maturity(bank, state.banks[i] as BankState)) };
    }
    const after = parameters.banks.map((bank, i) => withdrawalDay(parameters, bank, state.banks[i] as BankState, coupling.alarm[i] ?? 0, noises[i] as number));
    return { day, cycle: state.cycle, banks: writeOffClaims(parameters, state.banks, after) };
  },
  pressure(parameters: BankRunParameters, state: BankRunState, site: number): SitePressure {
    const bank = parameters.banks[site] as Bank;
    const current = state.banks[site] as BankState;
    // Capacity: everything period 1 could pay, what was paid plus what the rest would fetch now.
    const capacity = Math.max(MIN_CAPACITY, current.withdrawn + current.liquid + current.illiquid * bank.liquidationValue);
    if (current.failed) return { load: FAILED_OVERLOAD * capacity, capacity };
    return { load: current.demanded, capacity };
  },
  observe(parameters: BankRunParameters, state: BankRunState): BankRunView {
    return {
      day: state.day,
      cycle: state.cycle,
      banks: parameters.banks.map((bank, i) => {
        const current = state.banks[i] as BankState;
        return {
          name: bank.name,
          deposits: current.waiting,
          liquid: current.liquid,
          illiquid: current.illiquid,
          withdrawn: current.withdrawn,
          failed: current.failed,
          suspended: current.suspended,
          insured: bank.insured,
          latePayout: current.latePayout,
          insurerPaid: current.insurerPaid,
        };
      }),
    };
  },
};
