import { z } from 'zod';
import type { DomainModel } from '../../src/domain/domain-model.js';

/**
 * A domain model made for the tests of the tick loop: each site is a reservoir whose level
 * rises by its inflow every tick, less the share its people cut when alarmed, plus a draw from
 * the domain stream. Simple enough that every tick can be worked out by hand.
 */
const ParametersSchema = z
  .object({
    sites: z.array(z.object({ attractor: z.string(), level: z.number().default(0), inflow: z.number(), capacity: z.number().positive() }).strict()).min(1),
    /** Share of the inflow cut at alarm 1. */
    cut: z.number().min(0).max(1).default(0),
    /** Amplitude of the random part of the inflow, drawn once per site per tick. */
    jitter: z.number().min(0).default(0),
  })
  .strict();
type Parameters = z.output<typeof ParametersSchema>;

const StateSchema = z.object({ levels: z.array(z.number()), alarms: z.array(z.number()) }).strict();
type State = z.output<typeof StateSchema>;

const VisibleSchema = z.object({ sites: z.array(z.object({ attractor: z.string(), level: z.number(), alarm: z.number() }).strict()) }).strict();

export const reservoirModel: DomainModel<Parameters, State, z.output<typeof VisibleSchema>> = {
  id: 'test-reservoir',
  parametersSchema: ParametersSchema,
  internalStateSchema: StateSchema,
  stateSchema: VisibleSchema,
  sites: (parameters) => parameters.sites.map((site) => site.attractor),
  workPerTick: (parameters) => parameters.sites.length,
  initialState: (parameters) => ({ levels: parameters.sites.map((site) => site.level), alarms: parameters.sites.map(() => 0) }),
  step(parameters, state, coupling, draw) {
    const alarms = parameters.sites.map((_, s) => coupling.alarm[s] as number);
    const levels = parameters.sites.map((site, s) => {
      const noise = parameters.jitter * (draw() - 0.5);
      return (state.levels[s] as number) + site.inflow * (1 - parameters.cut * (alarms[s] as number)) + noise;
    });
    return { levels, alarms };
  },
  pressure: (parameters, state, site) => ({ load: state.levels[site] as number, capacity: (parameters.sites[site] as { capacity: number }).capacity }),
  observe: (parameters, state) => ({
    sites: parameters.sites.map((site, s) => ({ attractor: site.attractor, level: state.levels[s] as number, alarm: state.alarms[s] as number })),
  }),
};
