import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENGINE_VERSIONS, Simulation, versionFeatures, type ScenarioFile } from '../../src/index.js';
import { listScenarioFiles, parseScenarioFile, runnable } from '../scenario-files.js';

/** Ticks hashed for a scenario that the golden file does not pin yet. */
export const DEFAULT_GOLDEN_TICKS = 300;
/** Fewer ticks where a full run would make the test slow; the value is stored with the hashes. */
export const GOLDEN_TICKS_OVERRIDES: Readonly<Record<string, number>> = { 'crowded-large': 60 };

/** One scenario's pinned traces. */
export interface GoldenEntry {
  ticks: number;
  /** SHA-256 of the scenario's runnable part, to tell "the scenario changed" from "the engine changed". */
  scenarioSha256: string;
  /** Engine version → SHA-256 of the trace as NDJSON. */
  hashes: Record<string, string>;
}

export interface GoldenFile {
  description: string;
  scenarios: Record<string, GoldenEntry>;
}

/**
 * The one command that pins golden hashes, as typed from the repository root on a machine with
 * only Node and npm. Every message that asks for new hashes names it, and so do the docs.
 */
export const GOLDEN_UPDATE_COMMAND = 'npx -y pnpm@10.34.9 --filter @sim/engine golden:update';

export const GOLDEN_DESCRIPTION =
  'SHA-256 of the NDJSON trace (JSON.stringify of each TraceStep, one per line, each ending in "\\n") of every scenario in ' +
  `scenarios/ for \`ticks\` ticks, per engine version. Written by \`${GOLDEN_UPDATE_COMMAND}\`; checked by test/golden.test.ts.`;

/**
 * The pinned hashes: test/golden/golden-hashes.json, unless `SIM_TEST_GOLDEN_FILE` names another
 * file (with SIM_TEST_SCENARIOS_DIR, it lets a test pin a scenario the repository does not have
 * without touching the repository's pins).
 */
export const GOLDEN_PATH = process.env.SIM_TEST_GOLDEN_FILE
  ? resolve(process.env.SIM_TEST_GOLDEN_FILE)
  : fileURLToPath(new URL('./golden-hashes.json', import.meta.url));

/** The pinned hashes, or none at all when the file does not exist yet. */
export function readPinned(): GoldenFile | null {
  return existsSync(GOLDEN_PATH) ? (JSON.parse(readFileSync(GOLDEN_PATH, 'utf8')) as GoldenFile) : null;
}

/** Hashes the trace of `ticks` ticks: one JSON line per TraceStep, streamed into the hash. */
export function traceHash(file: ScenarioFile, engineVersion: string, ticks: number): string {
  const hash = createHash('sha256');
  const simulation = Simulation.create(runnable(file), { engineVersion });
  simulation.step(ticks, { onStep: (step) => hash.update(`${JSON.stringify(step)}\n`) });
  return hash.digest('hex');
}

/** The engine versions that run a scenario: a domain model needs 1.4.0 or later. */
export function versionsRunning(file: ScenarioFile): string[] {
  return ENGINE_VERSIONS.filter((version) => file.domain === undefined || versionFeatures(version)?.domainModels === true);
}

/** Digest of what a trace depends on in the scenario file (not its id, label, tags or note). */
export function scenarioDigest(file: ScenarioFile): string {
  return createHash('sha256')
    .update(JSON.stringify(runnable(file)))
    .digest('hex');
}

/** Every scenario on disk, validated, by id. */
export function loadScenarios(): Map<string, ScenarioFile> {
  const scenarios = new Map<string, ScenarioFile>();
  for (const entry of listScenarioFiles()) {
    const file = parseScenarioFile(entry);
    scenarios.set(file.id, file);
  }
  return scenarios;
}

/**
 * Computes the hashes of every scenario for every served engine version, each for the ticks
 * the golden file pins (or the default for a scenario it does not know yet).
 */
export function computeHashes(scenarios: ReadonlyMap<string, ScenarioFile>, pinned: GoldenFile | null): GoldenFile {
  const result: GoldenFile = { description: GOLDEN_DESCRIPTION, scenarios: {} };
  for (const [id, file] of scenarios) {
    const ticks = pinned?.scenarios[id]?.ticks ?? GOLDEN_TICKS_OVERRIDES[id] ?? DEFAULT_GOLDEN_TICKS;
    const hashes: Record<string, string> = {};
    for (const version of versionsRunning(file)) hashes[version] = traceHash(file, version, ticks);
    result.scenarios[id] = { ticks, scenarioSha256: scenarioDigest(file), hashes };
  }
  return result;
}
