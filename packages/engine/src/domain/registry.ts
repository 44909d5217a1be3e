import type { DomainModel } from './domain-model.js';
import { bankRunModel } from './models/bank-run/bank-run.js';
import { grazingModel } from './models/grazing/grazing.js';
import { seirModel } from './models/seir/seir-model.js';
import { stockFlowModel } from './models/stock-flow/index.js';

/**
 * Every domain model this build serves, by id. A model's behaviour is frozen once an engine
 * version serves it, like the tick kernel's: a change of dynamics is a new model id or a flag of
 * a new engine version, never an edit that would change an old trace.
 */
const BUILT_IN: readonly DomainModel[] = [seirModel, stockFlowModel, grazingModel, bankRunModel];

const MODELS: DomainModel[] = [...BUILT_IN];

/**
 * The ids a scenario's `domain.model` may name.
 *
 * @example
 * DOMAIN_MODEL_IDS.includes('seir'); // true
 */
export const DOMAIN_MODEL_IDS: readonly string[] = BUILT_IN.map((model) => model.id);

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
 * Every built-in model, in a fixed order: the ones `state.domain`'s schema describes.
 *
 * @example
 * for (const model of domainModels()) console.log(model.id);
 */
export function domainModels(): readonly DomainModel[] {
  return BUILT_IN;
}

/**
 * Adds a model beside the built-in ones, for this process only. Not part of the package's
 * exports: the engine's own tests use it to drive the tick loop with a model made for the test,
 * and a scenario naming such a model cannot be restored where it is not registered.
 *
 * @example
 * registerDomainModel(testReservoir);
 */
export function registerDomainModel(model: DomainModel): void {
  if (MODELS.some((known) => known.id === model.id)) throw new Error(`domain model "${model.id}" is registered already`);
  MODELS.push(model);
}
