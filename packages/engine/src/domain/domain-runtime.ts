import type { RandomStream } from '../rng/random-stream.js';
import type { DomainModel } from './domain-model.js';

/**
 * A world's domain model as it runs: the model, its parsed parameters, its current state and
 * its own random stream. The site list is worked out once, from the parameters.
 */
export interface DomainRuntime {
  readonly model: DomainModel;
  readonly parameters: unknown;
  /** Replaced (never changed in place) every tick, so a prophecy branch may share it. */
  state: unknown;
  readonly stream: RandomStream;
  /** The attractor id of each site, in site order. */
  readonly sites: readonly string[];
}

/**
 * What the domain's code reads and writes of a world: its domain and its basins' columns. The
 * world satisfies it; naming it here rather than World keeps domain/ free of an import of
 * model/world.ts, which imports domain/ (no circle; .dependency-cruiser.js).
 */
export interface DomainWorld {
  readonly domain: DomainRuntime | null;
  readonly attractorIds: readonly string[];
  readonly lost: Uint8Array;
  readonly load: Float64Array;
  readonly capacity: Float64Array;
}

/**
 * The domain of a prophecy branch: the same model, parameters and state (states are never
 * changed in place), and the branch's own stream.
 *
 * @example
 * const branchDomain = forkDomain(world.domain, openStream(world.seed, 'prophecy/3/0/domain'));
 */
export function forkDomain(domain: DomainRuntime, stream: RandomStream): DomainRuntime {
  return { ...domain, stream };
}
