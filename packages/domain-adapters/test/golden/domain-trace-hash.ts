import { ENGINE_VERSIONS, Simulation, versionFeatures, type EngineVersion, type Scenario } from '@sim/engine';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DomainAdapter } from '../../src/domain-adapter.js';
import { listAdapters } from '../../src/registry.js';
import { translate } from '../../src/translate.js';

/**
 * Golden traces of the domain models: the engine's own golden traces (packages/engine/test/golden)
 * run scenarios/, none of which has a domain block, so they never hash `state.domain`. These run
 * each adapter's example, as POST /v1/simulations/from-domain translates it, under every engine
 * version that serves domain models, and pin the trace the same way.
 */

/** Ticks hashed for an adapter that the golden file does not pin yet: enough for every model to move, few enough for a quick test. */
export const DEFAULT_DOMAIN_GOLDEN_TICKS = 40;

/** One adapter's pinned traces. */
export interface DomainGoldenEntry {
  ticks: number;
  /** SHA-256 of the translated scenario, to tell "the adapter changed" from "the engine changed". */
  scenarioSha256: string;
  /** Engine version → SHA-256 of the trace as NDJSON (every TraceStep, `state.domain` included). */
  hashes: Record<string, string>;
  /** Engine version → SHA-256 of `state.domain` alone, one JSON line per tick: says whether a changed trace changed the model's state. */
  domainHashes: Record<string, string>;
}

export interface DomainGoldenFile {
  description: string;
  adapters: Record<string, DomainGoldenEntry>;
}

/** The one command that pins these hashes, typed from the repository root; every message asking for new hashes names it. */
export const DOMAIN_GOLDEN_UPDATE_COMMAND = 'npx -y pnpm@10.34.9 --filter @sim/domain-adapters golden:update';

export const DOMAIN_GOLDEN_DESCRIPTION =
  'SHA-256 of the NDJSON trace (JSON.stringify of each TraceStep, one per line, each ending in "\\n") of each domain adapter\'s example, ' +
  'translated as POST /v1/simulations/from-domain does, for `ticks` ticks, per engine version that serves domain models; `domainHashes` the same ' +
  `of state.domain alone. Written by \`${DOMAIN_GOLDEN_UPDATE_COMMAND}\`; checked by test/golden-domains.test.ts.`;

export const DOMAIN_GOLDEN_PATH = fileURLToPath(new URL('./domain-golden-hashes.json', import.meta.url));

/** The pinned hashes, or none at all when the file does not exist yet. */
export function readPinnedDomains(): DomainGoldenFile | null {
  return existsSync(DOMAIN_GOLDEN_PATH) ? (JSON.parse(readFileSync(DOMAIN_GOLDEN_PATH, 'utf8')) as DomainGoldenFile) : null;
}

/** The engine versions with domain models: the only ones that run an adapter's scenario with its model. */
export function domainVersions(): EngineVersion[] {
  return ENGINE_VERSIONS.filter((version) => versionFeatures(version)?.domainModels === true);
}

/** The adapter's example as the service translates it (defaults filled in, checked by the engine's schema). */
export function exampleScenario(adapter: DomainAdapter): Scenario {
  const result = translate(adapter.id, adapter.example);
  if (!result.ok) throw new Error(`the example of ${adapter.id} does not translate: ${JSON.stringify(result)}`);
  return result.scenario;
}

/** Digest of the translated scenario: everything its trace depends on besides the engine. */
export function scenarioDigest(scenario: Scenario): string {
  return createHash('sha256').update(JSON.stringify(scenario)).digest('hex');
}

/** What one run hashed. */
export interface DomainTraceHashes {
  trace: string;
  domain: string;
  /** `state.domain.model` of each step ('none' where a step has no domain), so a test can see what was hashed. */
  models: string[];
  /** Whether `state.domain` after the last tick differs from that after the first: a model standing still would pin little. */
  moved: boolean;
}

/** Hashes `ticks` ticks of `scenario` under `engineVersion`: the whole trace, and its domain states alone. */
export function hashDomainTrace(scenario: Scenario, engineVersion: EngineVersion, ticks: number): DomainTraceHashes {
  const trace = createHash('sha256');
  const domain = createHash('sha256');
  const models: string[] = [];
  let first: string | undefined;
  let last: string | undefined;
  Simulation.create(scenario, { engineVersion }).step(ticks, {
    onStep: (step) => {
      const line = JSON.stringify(step.state.domain ?? null);
      trace.update(`${JSON.stringify(step)}\n`);
      domain.update(`${line}\n`);
      models.push(step.state.domain?.model ?? 'none');
      first ??= line;
      last = line;
    },
  });
  return { trace: trace.digest('hex'), domain: domain.digest('hex'), models, moved: first !== last };
}

/** Every adapter's hashes under every domain version, each for the ticks the golden file pins (or the default). */
export function computeDomainHashes(pinned: DomainGoldenFile | null): DomainGoldenFile {
  const result: DomainGoldenFile = { description: DOMAIN_GOLDEN_DESCRIPTION, adapters: {} };
  for (const adapter of listAdapters()) {
    const scenario = exampleScenario(adapter);
    const ticks = pinned?.adapters[adapter.id]?.ticks ?? DEFAULT_DOMAIN_GOLDEN_TICKS;
    const entry: DomainGoldenEntry = { ticks, scenarioSha256: scenarioDigest(scenario), hashes: {}, domainHashes: {} };
    for (const version of domainVersions()) {
      const hashes = hashDomainTrace(scenario, version, ticks);
      entry.hashes[version] = hashes.trace;
      entry.domainHashes[version] = hashes.domain;
    }
    result.adapters[adapter.id] = entry;
  }
  return result;
}
