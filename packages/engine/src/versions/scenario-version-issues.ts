import type { ValidationIssue } from '../scenario-error.js';
import { DEFAULT_ENGINE_VERSION, versionFeatures } from './registry.js';

/**
 * What keeps a scenario that passes its schema from running at an engine version: a domain
 * model needs 1.4.0 or later (older versions keep their bytes, and know no domain). A check on
 * the schema's output alone, so that a service can refuse such a request before any engine
 * work, with the message `Simulation.create` throws. An unknown version is not judged here.
 *
 * @example
 * scenarioVersionIssues({ domain: { model: 'seir' } }, '1.3.0'); // [{ path: 'domain', message: 'domain models need engine 1.4.0 …' }]
 * scenarioVersionIssues({}, '1.0.0'); // []
 */
export function scenarioVersionIssues(scenario: { readonly domain?: unknown }, engineVersion: string = DEFAULT_ENGINE_VERSION): ValidationIssue[] {
  const features = versionFeatures(engineVersion);
  if (features === undefined || scenario.domain === undefined || features.domainModels) return [];
  return [{ path: 'domain', message: `domain models need engine 1.4.0 or later; this simulation pins ${features.version}` }];
}
