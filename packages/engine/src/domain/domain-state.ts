import { z } from 'zod';
import type { DomainWorld } from './domain-runtime.js';
import type { DomainBlock } from './domain-block.js';
import { domainModel, domainModels } from './registry.js';

/** One model's visible state, tagged with the model's id. */
function taggedState(id: string, stateSchema: z.ZodType): z.ZodType {
  const tag = { model: z.literal(id) };
  return stateSchema instanceof z.ZodObject ? stateSchema.extend(tag) : z.object(tag).and(stateSchema);
}

const tagged = domainModels().map((model) => taggedState(model.id, model.stateSchema));

/**
 * The schema of `state.domain` for one built-in model (tagged with its id); undefined for an
 * id this build has no model of.
 *
 * @example
 * const schema = domainStateSchemaOf('seir'); // feeds GET /v1/domains/{id} `stateSchema`
 */
export function domainStateSchemaOf(id: string): z.ZodType | undefined {
  const index = domainModels().findIndex((model) => model.id === id);
  return index < 0 ? undefined : tagged[index];
}

/**
 * `state.domain`: the domain model's visible state in the domain's own units (engine 1.4.0 on,
 * for a world with a domain model), tagged with the model's id. One schema per model.
 *
 * @example
 * const domain = sim.state().domain;
 * if (domain?.model === 'seir') console.log(domain);
 */
export const DomainStateSchema: z.ZodType<{ model: string } & Record<string, unknown>> = (
  tagged.length === 0
    ? z.object({ model: z.string() }).catchall(z.unknown())
    : tagged.length === 1
      ? (tagged[0] as z.ZodType)
      : z.union(tagged as [z.ZodType, z.ZodType, ...z.ZodType[]])
).describe("The domain model's state in the domain's own units, tagged with the model's id (engine 1.4.0 on)") as z.ZodType<
  { model: string } & Record<string, unknown>
>;
/**
 * `state.domain`.
 *
 * @example
 * const domain: DomainState | undefined = sim.state().domain;
 */
export type DomainState = z.output<typeof DomainStateSchema>;

/**
 * The world's domain state as `state.domain` shows it; undefined without a domain model.
 *
 * @example
 * const domain = observeDomain(world);
 */
export function observeDomain(world: Pick<DomainWorld, 'domain'>): DomainState | undefined {
  const domain = world.domain;
  if (domain === null) return undefined;
  const visible = domain.model.observe(domain.parameters, domain.state) as Record<string, unknown>;
  return { model: domain.model.id, ...visible };
}

/**
 * `state.domain` at tick 0 of a scenario with this domain block, worked out from the block alone
 * (no world is built); undefined when the block names no known model or its parameters do not
 * parse. Lets a caller check a path into the domain state before any run.
 *
 * @example
 * domainStateAtStart({ model: 'seir', parameters })?.regions;
 */
export function domainStateAtStart(block: DomainBlock): DomainState | undefined {
  const model = domainModel(block.model);
  const parameters = model?.parametersSchema.safeParse(block.parameters);
  if (model === undefined || parameters === undefined || !parameters.success) return undefined;
  const visible = model.observe(parameters.data, model.initialState(parameters.data)) as Record<string, unknown>;
  return { model: model.id, ...visible };
}
