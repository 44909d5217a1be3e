import type { SeirParameters } from './seir-parameters.js';
import type { SeirCompartments } from './seir-state.js';

/**
 * The rates of the `seir` equations for one day: everything but the compartments, worked out
 * once per tick (docs/engine.md, "Epidemic: SEIR per region (seir)").
 */
export interface SeirRates {
  /** Per region: infectious contacts per person per day, β_i = c_i·(1 − d)·(1 − a·alarm_i)·p·(1 − k/2)·(1 − t/2), k the masks. */
  readonly beta: Float64Array;
  /** Per region: residents, N_i. */
  readonly population: Float64Array;
  /** Share of contacts made away from home, with the whole country: μ = mobility·(1 − travelRestrictions). */
  readonly away: number;
  /** 1 / latentDays. */
  readonly sigma: number;
  /** 1 / infectiousDays. */
  readonly gamma: number;
  /** Share of cases admitted when their infectious period ends. */
  readonly admitted: number;
  /** 1 / hospitalStayDays. */
  readonly discharge: number;
}

/** Infectious contacts per person per day in region `r` before the reaction: c·(1 − d)·p·(1 − k/2)·(1 − t/2), k the masks. */
export function baseBeta(p: SeirParameters, r: number): number {
  const region = p.regions[r];
  if (region === undefined) return 0;
  return region.contactsPerDay * (1 - p.distancing) * p.transmissionProbability * (1 - 0.5 * p.masks) * (1 - 0.5 * p.testingAndTracing);
}

/** The day's rates, with each region's voluntary distancing `reactionStrength · alarm` applied. */
export function seirRates(p: SeirParameters, alarm: ArrayLike<number>): SeirRates {
  const n = p.regions.length;
  const beta = new Float64Array(n);
  const population = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    const fear = Math.min(1, Math.max(0, alarm[r] ?? 0));
    beta[r] = baseBeta(p, r) * (1 - p.reactionStrength * fear);
    population[r] = (p.regions[r] as { population: number }).population;
  }
  return {
    beta,
    population,
    away: p.mobility * (1 - p.travelRestrictions),
    sigma: 1 / p.latentDays,
    gamma: 1 / p.infectiousDays,
    admitted: p.hospitalizationRate,
    discharge: 1 / p.hospitalStayDays,
  };
}

/**
 * Substeps per day of the RK4 integration: enough that the fastest rate times the step is at
 * most 0.25 (RK4's error is then far below the 1 % the validation asks for, and it cannot
 * overshoot into negative compartments), at least 4, at most 1 000. Depends on the parameters
 * only, so every tick of a run integrates alike.
 */
export function substepsPerDay(p: SeirParameters): number {
  let fastest = Math.max(1 / p.latentDays, 1 / p.infectiousDays, 1 / p.hospitalStayDays);
  for (let r = 0; r < p.regions.length; r++) fastest = Math.max(fastest, baseBeta(p, r));
  return Math.min(1000, Math.max(4, Math.ceil(4 * fastest)));
}

/** Offsets of the five compartments of a region in the flat vector the integrator works on. */
const S = 0;
const E = 1;
const I = 2;
const H = 3;
const R = 4;
/** Compartments per region. */
export const STRIDE = 5;

/**
 * The derivative of every compartment, written into `out` (flat: S, E, I, H, R per region):
 *
 *     λ_i = β_i · ((1 − μ)·I_i/N_i + μ·ΣI/ΣN)
 *     S' = −λS   E' = λS − σE   I' = σE − γI   H' = hγI − δH   R' = (1 − h)γI + δH
 */
export function derivative(rates: SeirRates, y: Float64Array, out: Float64Array): void {
  const n = rates.population.length;
  let infectious = 0;
  let people = 0;
  for (let r = 0; r < n; r++) {
    infectious += y[r * STRIDE + I] as number;
    people += rates.population[r] as number;
  }
  const pool = people > 0 ? infectious / people : 0;
  const { away, sigma, gamma, admitted, discharge } = rates;
  for (let r = 0; r < n; r++) {
    const o = r * STRIDE;
    const s = y[o + S] as number;
    const e = y[o + E] as number;
    const i = y[o + I] as number;
    const h = y[o + H] as number;
    const home = (1 - away) * (i / (rates.population[r] as number)) + away * pool;
    const infections = (rates.beta[r] as number) * s * home;
    const onset = sigma * e;
    const ended = gamma * i;
    const discharged = discharge * h;
    out[o + S] = -infections;
    out[o + E] = infections - onset;
    out[o + I] = onset - ended;
    out[o + H] = admitted * ended - discharged;
    out[o + R] = (1 - admitted) * ended + discharged;
  }
}

/** Packs regions into the flat vector. */
export function pack(regions: readonly SeirCompartments[]): Float64Array {
  const y = new Float64Array(regions.length * STRIDE);
  regions.forEach((c, r) => {
    y.set([c.s, c.e, c.i, c.h, c.r], r * STRIDE);
  });
  return y;
}

/** Unpacks the flat vector; a compartment an integration step took a hair below 0 reads 0. */
export function unpack(y: Float64Array, regions: number): SeirCompartments[] {
  const out: SeirCompartments[] = [];
  for (let r = 0; r < regions; r++) {
    const o = r * STRIDE;
    const at = (k: number) => Math.max(0, y[o + k] as number);
    out.push({ s: at(S), e: at(E), i: at(I), h: at(H), r: at(R) });
  }
  return out;
}
