import { z } from 'zod';
import { domainModel, DOMAIN_MODEL_IDS } from './registry.js';

/**
 * A scenario's domain block (engine 1.4.0 on): which domain model runs beside the agents, and
 * its parameters. The parameters are checked against the model's own schema by
 * `checkDomainBlock`, so each problem is reported at its path under `domain.parameters`.
 *
 * @example
 * const block: DomainBlock = { model: 'seir', parameters: { regions: [...] } };
 */
export const DomainBlockSchema = z
  .object({
    model: z
      .string()
      .min(1)
      .max(100)
      .describe(`The domain model that runs beside the agents every tick (engine 1.4.0 on): ${DOMAIN_MODEL_IDS.join(', ') || 'none in this build'}`),
    parameters: z
      .record(z.string(), z.unknown())
      .default({})
      .describe('The model\'s parameters, checked against the model\'s own schema; a domain adapter writes them (docs/engine.md, "Domain models (1.4.0)")'),
  })
  .strict();
/**
 * A scenario's domain block.
 *
 * @example
 * const block: DomainBlock = { model: 'grazing', parameters: {} };
 */
export type DomainBlock = z.output<typeof DomainBlockSchema>;

/**
 * The checks of a domain block that need the model and the scenario's attractors: the model
 * exists, its parameters parse, and every site names an attractor of the scenario, once.
 *
 * @example
 * checkDomainBlock(scenario.domain, new Set(attractors.map((a) => a.id)), ctx);
 */
export function checkDomainBlock(block: DomainBlock, attractorIds: ReadonlySet<string>, ctx: z.RefinementCtx): void {
  const model = domainModel(block.model);
  if (model === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['domain', 'model'],
      message: `unknown domain model "${block.model}"; known: ${DOMAIN_MODEL_IDS.join(', ') || 'none'}`,
    });
    return;
  }
  const parsed = model.parametersSchema.safeParse(block.parameters);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      ctx.addIssue({
        code: 'custom',
        path: ['domain', 'parameters', ...issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key))],
        message: issue.message,
      });
    }
    return;
  }
  const seen = new Set<string>();
  model.sites(parsed.data).forEach((id, site) => {
    if (!attractorIds.has(id))
      ctx.addIssue({ code: 'custom', path: ['domain', 'parameters'], message: `site ${site} names attractor "${id}", which the scenario does not have` });
    else if (seen.has(id)) ctx.addIssue({ code: 'custom', path: ['domain', 'parameters'], message: `two sites name attractor "${id}"` });
    seen.add(id);
  });
}
