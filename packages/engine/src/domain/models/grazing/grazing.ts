import type { DomainCoupling, DomainModel, SitePressure } from '../../domain-model.js';
import type { RandomStream } from '../../../rng/random-stream.js';
import {
  GrazingParametersSchema,
  GrazingStateSchema,
  GrazingViewSchema,
  type GrazingParameters,
  type GrazingState,
  type GrazingView,
  type Pasture,
} from './grazing-schemas.js';

/** Integration steps per week (one a day): RK4 at this step is far within the tests' 15 %. */
const STEPS_PER_WEEK = 7;
/**
 * Load over capacity of a collapsed pasture's basin: with the adapter's erosion rate 1 the basin
 * loses twice its initial depth in the week of the collapse (docs/engine.md, "Grazing").
 */
const COLLAPSED_OVERLOAD = 3;
/** Smallest capacity reported, so that load / capacity stays finite. */
const MIN_CAPACITY = 1e-9;

/** dV/dt of the Noy-Meir model: logistic regrowth minus the herd's saturating intake. */
function growth(pasture: Pasture, regrowth: number, herd: number, biomass: number): number {
  const v = Math.max(0, biomass);
  return regrowth * v * (1 - v / pasture.capacity) - (herd * pasture.intake * v) / (v + pasture.halfSaturation);
}

/** One week of forage, by classical fourth-order Runge–Kutta at a daily step. */
function integrateWeek(pasture: Pasture, regrowth: number, herd: number, biomass: number): number {
  const h = 1 / STEPS_PER_WEEK;
  let v = biomass;
  for (let i = 0; i < STEPS_PER_WEEK; i++) {
    const k1 = growth(pasture, regrowth, herd, v);
    const k2 = growth(pasture, regrowth, herd, v + (h / 2) * k1);
    const k3 = growth(pasture, regrowth, herd, v + (h / 2) * k2);
    const k4 = growth(pasture, regrowth, herd, v + h * k3);
    v = Math.max(0, v + (h / 6) * (k1 + 2 * k2 + 2 * k3 + k4));
  }
  return v;
}

/** The product of (1 − severity) of every scheduled drought touching `name` in `week`. */
function scheduledDroughtFactor(parameters: GrazingParameters, name: string, week: number): number {
  let factor = 1;
  for (const drought of parameters.droughts) {
    if (week >= drought.startWeek && week < drought.startWeek + drought.weeks && drought.pastures.includes(name)) factor *= 1 - drought.severity;
  }
  return factor;
}

/**
 * The `grazing` model: per pasture, forage V regrows logistically and a herd H eats it with a
 * saturating (Holling type II) intake, `dV/dt = r·V·(1 − V/K) − H·c·V/(V + V½)` (Noy-Meir
 * 1975), one tick a week (docs/engine.md, "Grazing"). Droughts cut r at the pastures they name
 * for their weeks; the alarm makes herders sell off `destockingStrength × alarm` of the herd
 * each week. A pasture whose forage falls below `collapseShare · K` has collapsed, for good.
 *
 * @example
 * const next = grazingModel.step(parameters, grazingModel.initialState(parameters), { tick: 1, alarm: [0] }, openStream(1, 'domain'));
 */
export const grazingModel: DomainModel<GrazingParameters, GrazingState, GrazingView> = {
  id: 'grazing',
  parametersSchema: GrazingParametersSchema,
  internalStateSchema: GrazingStateSchema,
  stateSchema: GrazingViewSchema,
  sites: (parameters) => parameters.pastures.map((pasture) => pasture.site),
  // Per pasture seven daily RK4 steps a week, about ten agent-ticks in all (measured).
  workPerTick: (parameters) => 10 * parameters.pastures.length,
  initialState: (parameters) => ({
    week: 0,
    pastures: parameters.pastures.map((pasture) => ({
      biomass: pasture.biomass ?? pasture.capacity,
      herd: pasture.herd,
      droughtWeeksLeft: 0,
      drought: false,
      collapsed: (pasture.biomass ?? pasture.capacity) < parameters.collapseShare * pasture.capacity,
    })),
  }),
  step(parameters: GrazingParameters, state: GrazingState, coupling: DomainCoupling, draw: RandomStream): GrazingState {
    const week = state.week + 1;
    const chance = parameters.randomDroughts.perYear / 52;
    return {
      week,
      pastures: parameters.pastures.map((pasture, i) => {
        const current = state.pastures[i] as GrazingState['pastures'][number];
        // One draw per pasture per week whatever happens, so that branches stay paired.
        const startsDrought = draw() < chance && current.droughtWeeksLeft === 0;
        const droughtWeeksLeft = startsDrought ? parameters.randomDroughts.weeks : current.droughtWeeksLeft;
        const randomFactor = droughtWeeksLeft > 0 ? 1 - parameters.randomDroughts.severity : 1;
        const scheduled = scheduledDroughtFactor(parameters, pasture.name, week);
        const herd = current.herd * (1 - parameters.destockingStrength * Math.min(1, Math.max(0, coupling.alarm[i] ?? 0)));
        const biomass = integrateWeek(pasture, pasture.regrowth * randomFactor * scheduled, herd, current.biomass);
        return {
          biomass,
          herd,
          droughtWeeksLeft: Math.max(0, droughtWeeksLeft - 1),
          drought: randomFactor < 1 || scheduled < 1,
          collapsed: current.collapsed || biomass < parameters.collapseShare * pasture.capacity,
        };
      }),
    };
  },
  pressure(parameters: GrazingParameters, state: GrazingState, site: number): SitePressure {
    const pasture = parameters.pastures[site] as Pasture;
    const current = state.pastures[site] as GrazingState['pastures'][number];
    const capacity = Math.max(MIN_CAPACITY, current.biomass);
    if (current.collapsed) return { load: COLLAPSED_OVERLOAD * capacity, capacity };
    // Load: the collapse line, at most the standing forage while the pasture stands.
    return { load: Math.min(capacity, parameters.collapseShare * pasture.capacity), capacity };
  },
  observe(parameters: GrazingParameters, state: GrazingState): GrazingView {
    return {
      week: state.week,
      pastures: parameters.pastures.map((pasture, i) => {
        const current = state.pastures[i] as GrazingState['pastures'][number];
        return { name: pasture.name, biomass: current.biomass, herd: current.herd, drought: current.drought, collapsed: current.collapsed };
      }),
    };
  },
};
