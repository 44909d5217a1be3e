import type { z } from 'zod';
import type { RandomStream } from '../rng/random-stream.js';

/**
 * What the engine hands a domain model each tick, besides its own state: the tick being
 * computed and, per site, how alarmed that site's people are by the standing prophecy.
 *
 * @example
 * const contacts = parameters.contactsPerDay * (1 - parameters.reaction * coupling.alarm[site]!);
 */
export interface DomainCoupling {
  /** The tick being computed (the first tick is 1). */
  readonly tick: number;
  /**
   * Per site (in the order of `sites`), 0 to 1: the standing prophecy's urge at the site's
   * basin (2 · reflexivity · loss probability, faded over the horizon) times the mean belief of
   * the agents in that basin, capped at 1. 0 with no prophecy, in a branch that does not react,
   * and once the basin is lost. The domain decides what its people do with it (distance,
   * over-order, destock, withdraw).
   */
  readonly alarm: ArrayLike<number>;
}

/**
 * What the domain says of one site this tick, in the domain's own units: the basin erodes while
 * `load` exceeds `capacity` (docs/engine.md, "Domain models (1.4.0)").
 *
 * @example
 * const pressure: SitePressure = { load: hospitalized, capacity: beds };
 */
export interface SitePressure {
  readonly load: number;
  readonly capacity: number;
}

/**
 * A deterministic model of a domain that the engine advances every tick, beside the agents
 * (docs/engine.md, "Domain models (1.4.0)"). Everything is plain data: `parameters` come from
 * the scenario's `domain` block, `state` is kept in snapshots and checkpoints, and `observe`
 * gives what `state.domain` shows. The model draws random numbers only from the stream it is
 * given (its own named stream, `domain`, and `prophecy/{seq}/{b}/domain` in a branch), never
 * reads a clock and does no I/O, and `step` returns a new state without changing the old one
 * (a prophecy branch shares the state it starts from).
 *
 * Each site is bound to one attractor (its basin): the site's pressure sets that basin's load
 * and capacity, and the alarm of that basin's agents reaches the site.
 *
 * @example
 * const world = Simulation.create({ ...scenario, domain: { model: 'seir', parameters } });
 * world.state().domain; // { model: 'seir', regions: [...] }
 */
export interface DomainModel<P = unknown, S = unknown, V = unknown> {
  /** The `domain.model` of a scenario, kebab-case: `seir`, `stock-flow`, `grazing`, `bank-run`. */
  readonly id: string;
  /** Parameters as a scenario writes them; defaults filled in. */
  readonly parametersSchema: z.ZodType<P>;
  /** What `observe` returns: the domain's part of every state, trace step and tick event. */
  readonly stateSchema: z.ZodType<V>;
  /** The attractor id of each site, in site order. Each must name an attractor of the scenario. */
  sites(parameters: P): readonly string[];
  /** The state at tick 0. */
  initialState(parameters: P): S;
  /** The state one tick later. Pure: draws only from `draw`, leaves `state` unchanged. */
  step(parameters: P, state: S, coupling: DomainCoupling, draw: RandomStream): S;
  /** Load and capacity of site `site` in `state`. */
  pressure(parameters: P, state: S, site: number): SitePressure;
  /** The visible state, in domain units. */
  observe(parameters: P, state: S): V;
  /**
   * What one step costs, in agent-ticks: the work of that many agents for one tick, so that a
   * service weighs a world with this model as a world with that many more agents (docs/engine.md,
   * "Domain models (1.4.0)"). Worked out from the parameters alone; each model's figure is
   * measured against the agents' tick by `packages/domain-adapters/bench/domains.bench.ts`.
   */
  workPerTick(parameters: P): number;
  /** Checks that the stored state parses (snapshots are restored from JSON). */
  readonly internalStateSchema: z.ZodType<S>;
}
