import { V1_0_0, V1_1_0, V1_2_0, V1_3_0, V1_4_0, type VersionFeatures } from './version-features.js';

const VERSIONS: ReadonlyMap<string, VersionFeatures> = new Map([
  [V1_0_0.version, V1_0_0],
  [V1_1_0.version, V1_1_0],
  [V1_2_0.version, V1_2_0],
  [V1_3_0.version, V1_3_0],
  [V1_4_0.version, V1_4_0],
]);

/**
 * Every engine version served, oldest first.
 *
 * @example
 * for (const engineVersion of ENGINE_VERSIONS) Simulation.create(scenario, { engineVersion });
 */
export const ENGINE_VERSIONS = ['1.0.0', '1.1.0', '1.2.0', '1.3.0', '1.4.0'] as const;
/**
 * A version this build serves.
 *
 * @example
 * const pinned: EngineVersion = '1.0.0';
 */
export type EngineVersion = (typeof ENGINE_VERSIONS)[number];

/**
 * The version used when a caller pins none: the newest.
 *
 * @example
 * Simulation.create(scenario).engineVersion === DEFAULT_ENGINE_VERSION; // true
 */
export const DEFAULT_ENGINE_VERSION: EngineVersion = '1.4.0';

/**
 * True when `version` names an engine version this build serves.
 *
 * @example
 * if (!isEngineVersion(requested)) return { error: `unknown engine version ${requested}` };
 */
export function isEngineVersion(version: string): version is EngineVersion {
  return VERSIONS.has(version);
}

/**
 * The frozen features of a version; undefined for an unknown version.
 *
 * @example
 * versionFeatures('1.1.0')?.prophecySchema; // 'prophecy/2'
 */
export function versionFeatures(version: string): VersionFeatures | undefined {
  return VERSIONS.get(version);
}
