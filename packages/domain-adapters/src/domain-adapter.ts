import type { ScenarioInput } from '@sim/engine';
import type { z } from 'zod';

/**
 * Translates the input of one domain (an epidemic, a supply chain, …) into the engine's native
 * scenario. An adapter is pure: `toScenario` reads no clock, does no I/O and draws no random
 * numbers, so the same input always gives the same scenario (its seed comes from the input).
 *
 * @example
 * const adapter = getAdapter('epidemic');
 * const input = adapter.inputSchema.parse(adapter.example);
 * const scenario = adapter.toScenario(input); // ready for Simulation.create(scenario)
 */
export interface DomainAdapter<I extends z.ZodType = z.ZodType> {
  /** Kebab-case identifier, the `domain` of POST /v1/simulations/from-domain. */
  id: string;
  /** Human-readable name. */
  label: string;
  /** What the domain is and how it maps onto agents, basins, policies and rules. */
  description: string;
  /** Zod schema of the domain input; defaults fill in what a caller leaves out. */
  inputSchema: I;
  /** A worked example, valid against `inputSchema`. */
  example: z.input<I>;
  /**
   * The engine's domain model that the scenario's `domain` block names (engine 1.4.0 on), whose
   * state every trace step shows as `state.domain`; absent for an adapter without one.
   */
  domainModel?: string;
  /** Builds the scenario from a parsed input. Pure and deterministic. */
  toScenario(input: z.output<I>): ScenarioInput;
}

/**
 * Identity helper that keeps an adapter's precise input type while checking it against the
 * contract.
 *
 * @example
 * export const myAdapter = defineAdapter({ id: 'my-domain', label: 'My domain', ... });
 */
export function defineAdapter<I extends z.ZodType>(adapter: DomainAdapter<I>): DomainAdapter<I> {
  return adapter;
}
