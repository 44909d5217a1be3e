import type { RandomStream } from '../rng/random-stream.js';
import type { DomainBlock } from './domain-block.js';
import type { DomainRuntime, DomainWorld } from './domain-runtime.js';
import { domainModel } from './registry.js';

/**
 * Starts a scenario's domain model: finds it, fills in its parameters' defaults and sets up its
 * tick-0 state. The scenario's checks have already parsed the block, so a failure here is a bug.
 */
export function openDomain(block: DomainBlock, stream: RandomStream): DomainRuntime {
  const model = domainModel(block.model);
  if (model === undefined) throw new Error(`unknown domain model "${block.model}"`);
  const parameters = model.parametersSchema.parse(block.parameters);
  return { model, parameters, state: model.initialState(parameters), stream, sites: [...model.sites(parameters)] };
}

/**
 * Sets each site's basin load and capacity from the domain's current state. A lost basin keeps
 * load 0 and the capacity it was lost at, as every lost basin does.
 */
export function sitePressures(world: DomainWorld): void {
  const domain = world.domain;
  if (domain === null) return;
  domain.sites.forEach((id, site) => {
    const a = world.attractorIds.indexOf(id);
    if (a < 0 || world.lost[a] === 1) return;
    const pressure = domain.model.pressure(domain.parameters, domain.state, site);
    world.load[a] = pressure.load;
    world.capacity[a] = pressure.capacity;
  });
}
