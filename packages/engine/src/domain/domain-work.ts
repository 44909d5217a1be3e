import type { DomainBlock } from './domain-block.js';
import { domainModel } from './registry.js';

/**
 * What the domain model of a scenario (or a snapshot) costs per tick, in agent-ticks (0 without
 * one, or when its block does not parse): a service adds it to the agents when it weighs a
 * request (docs/engine.md, "Domain models (1.4.0)").
 *
 * @example
 * const perTick = scenario.agents.length + domainWorkPerTick(scenario.domain);
 */
export function domainWorkPerTick(block: (Pick<DomainBlock, 'model'> & { parameters?: unknown }) | undefined): number {
  if (block === undefined) return 0;
  const model = domainModel(block.model);
  const parameters = model?.parametersSchema.safeParse(block.parameters ?? {});
  if (model === undefined || parameters === undefined || !parameters.success) return 0;
  return Math.ceil(model.workPerTick(parameters.data));
}
