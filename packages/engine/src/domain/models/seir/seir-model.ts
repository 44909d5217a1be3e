import type { DomainModel } from '../../domain-model.js';
import { rk4 } from './rk4.js';
import { derivative, pack, seirRates, substepsPerDay, unpack } from './seir-equations.js';
import { SeirParametersSchema, type SeirParameters } from './seir-parameters.js';
import { SeirStateSchema, SeirViewSchema, type SeirState, type SeirView } from './seir-state.js';

/**
 * Epidemic = SEIR per region (docs/engine.md, "Epidemic: SEIR per region (seir)"). One tick
 * is one day, integrated by RK4 in `substepsPerDay` steps. Regions mix through the share of
 * contacts made away from home; cases end in hospital with probability h and occupy a bed for
 * 1/δ days; the site's pressure is hospitalized against beds; the alarm at a site makes its
 * people drop `reactionStrength · alarm` of their contacts. Deterministic: draws nothing.
 *
 * @example
 * const next = seirModel.step(parameters, seirModel.initialState(parameters), { tick: 1, alarm: [0] }, draw);
 */
export const seirModel: DomainModel<SeirParameters, SeirState, SeirView> = {
  id: 'seir',
  parametersSchema: SeirParametersSchema,
  internalStateSchema: SeirStateSchema,
  stateSchema: SeirViewSchema,
  sites: (p) => p.regions.map((region) => region.site),
  // Per region, four RK4 stages per substep, each worth about five agent-ticks (measured).
  workPerTick: (p) => 20 * p.regions.length * substepsPerDay(p),
  initialState: (p) => ({
    regions: p.regions.map((region) => ({ s: region.population - region.initialInfectious, e: 0, i: region.initialInfectious, h: 0, r: 0 })),
  }),
  step(p, state, coupling) {
    const rates = seirRates(p, coupling.alarm);
    const steps = substepsPerDay(p);
    const y = rk4((at, out) => derivative(rates, at, out), pack(state.regions), 1 / steps, steps);
    return { regions: unpack(y, state.regions.length) };
  },
  pressure: (p, state, site) => ({ load: state.regions[site]?.h ?? 0, capacity: p.regions[site]?.beds ?? 0 }),
  observe: (p, state) => ({
    regions: state.regions.map((c, r) => ({
      name: p.regions[r]?.name ?? '',
      susceptible: c.s,
      exposed: c.e,
      infectious: c.i,
      recovered: c.r,
      hospitalized: c.h,
      beds: p.regions[r]?.beds ?? 0,
    })),
  }),
};
