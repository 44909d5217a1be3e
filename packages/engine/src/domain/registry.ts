import type { DomainModel } from './domain-model.js';
import { bankRunModel } from './models/bank-run/bank-run.js';
import { grazingModel } from './models/grazing/grazing.js';

/**
 * Every domain model this build serves, by id. A model's behaviour is frozen once an engine
 * version serves it, like the tick kernel's: a change of dynamics is a new model id or a flag of
 * a new engine version, never an edit that would change an old trace.
 */
const MODELS: readonly DomainModel[] = [grazingModel, bankRunModel];

/**
 * The ids a scenario's `domain.model` may name.
 *
 * @example
 * DOMAIN_MODEL_IDS.includes('seir'); // true
 */
export const DOMAIN_MODEL_IDS: readonly string[] = MODELS.map((model) => model.id);

/**
 * The model of `id`, or undefined when this build has none of that name.
 *
 * @example
 * const model = domainModel('seir');
 * if (model) console.log(model.stateSchema);
 */
export function domainModel(id: string): DomainModel | undefined {
  return MODELS.find((model) => model.id === id);
}

/**
 * Every model served, in a fixed order.
 *
 * @example
 * for (const model of domainModels()) console.log(model.id);
 */
export function domainModels(): readonly DomainModel[] {
  return MODELS;
}
