/**
 * An independent reference for the epidemic adapter's outcomes: the SEIR equations with
 * hospital admissions and mixing between regions as stated in
 * docs/engine.md, "Epidemic: SEIR per region (seir)", written here from the equations (not from
 * the engine's code) and integrated by RK4 on plain numbers with a fine fixed step.
 */
export interface ReferenceRegion {
  population: number;
  /** Infectious contacts per person per day, β. */
  beta: number;
  beds: number;
  initialInfectious: number;
}

export interface ReferenceDisease {
  latentDays: number;
  infectiousDays: number;
  hospitalizationRate: number;
  hospitalStayDays: number;
  /** Share of contacts made with the whole country, μ. */
  away: number;
}

/** People per compartment, per region: [S, E, I, H, R]. */
export type ReferenceState = number[][];

function rates(regions: readonly ReferenceRegion[], d: ReferenceDisease, y: ReferenceState): ReferenceState {
  const total = regions.reduce((sum, region) => sum + region.population, 0);
  const pool = y.reduce((sum, c) => sum + (c[2] as number), 0) / total;
  return y.map(([s = 0, e = 0, i = 0, h = 0], r) => {
    const region = regions[r] as ReferenceRegion;
    const infections = region.beta * s * ((1 - d.away) * (i / region.population) + d.away * pool);
    const onset = e / d.latentDays;
    const ended = i / d.infectiousDays;
    const discharged = h / d.hospitalStayDays;
    return [-infections, infections - onset, onset - ended, d.hospitalizationRate * ended - discharged, (1 - d.hospitalizationRate) * ended + discharged];
  });
}

const plus = (y: ReferenceState, k: ReferenceState, a: number): ReferenceState => y.map((c, r) => c.map((v, j) => v + a * ((k[r] as number[])[j] as number)));

/** The state at the end of each day 1..days, integrated with `perDay` RK4 steps a day. */
export function referenceRun(regions: readonly ReferenceRegion[], d: ReferenceDisease, days: number, perDay = 200): ReferenceState[] {
  const dt = 1 / perDay;
  let y: ReferenceState = regions.map((region) => [region.population - region.initialInfectious, 0, region.initialInfectious, 0, 0]);
  const out: ReferenceState[] = [];
  for (let day = 1; day <= days; day++) {
    for (let k = 0; k < perDay; k++) {
      const k1 = rates(regions, d, y);
      const k2 = rates(regions, d, plus(y, k1, dt / 2));
      const k3 = rates(regions, d, plus(y, k2, dt / 2));
      const k4 = rates(regions, d, plus(y, k3, dt));
      y = y.map((c, r) => c.map((v, j) => v + (dt / 6) * (k1[r]![j]! + 2 * k2[r]![j]! + 2 * k3[r]![j]! + k4[r]![j]!)));
    }
    out.push(y);
  }
  return out;
}

/** The largest value of a daily series and its day (1-based). */
export function peakOf(series: readonly number[]): { day: number; size: number } {
  let best = 0;
  series.forEach((value, index) => {
    if (value > (series[best] as number)) best = index;
  });
  return { day: best + 1, size: series[best] as number };
}

/**
 * The day a region's hospitals count as overwhelmed under the adapter's rule: the first day on
 * which the overload Σ (H/beds − 1), summed over the days of an overload, reaches `overloadDays`
 * (ignoring recovery between overloads, which a single wave does not have). null if never.
 */
export function overwhelmedDay(hospitalized: readonly number[], beds: number, overloadDays: number): number | null {
  let overload = 0;
  for (let day = 0; day < hospitalized.length; day++) {
    const h = hospitalized[day] as number;
    if (h > beds) {
      overload += h / beds - 1;
      if (overload >= overloadDays) return day + 1;
    }
  }
  return null;
}
